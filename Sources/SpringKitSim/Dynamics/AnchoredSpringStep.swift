import CSpringKernel

/// The step of a soft spring from one item to a fixed anchor, as UIKit Dynamics'
/// Box2D 2.3 distance joint computes it (the `uikit` solver's fast path).
///
/// With u = (p − a)/|p − a|, C = |p − a| − length, ω = 2πf, one step of h is exactly
/// implicit Euler along u — stiffness and damping scale with the effective mass, so the
/// motion does not depend on mass:
///
///     v·u ← (v·u − h ω² C) / (1 + 2ζωh + ω²h²)     (perpendicular velocity untouched)
///     p   ← p + h v
///
/// Within the linear slop of the anchor the joint applies nothing. A joint with one
/// anchored item converges in the first velocity iteration, so the 8 iterations of the
/// joint solver give this same value; the fast path computes it once.
///
/// Written with d = p − a and D = 1 / (1 + 2ζωh + ω²h²), the velocity change is
///
///     v ← v + [ (D − 1)(v·d)/|d|² − h ω² D + h ω² D · length / |d| ] d
///
/// so a zero-length spring needs one division and no square root. Before it, linear damping
/// (`UIDynamicItemBehavior.resistance`) scales the velocity by 1 / (1 + h · resistance).
enum AnchoredSpringStep {
    /// Per-spring coefficients: `D − 1`, `h ω² D` and `h ω² D · length`.
    struct Coefficients: Equatable {
        var dampingMinusOne: Double
        var stiffness: Double
        var stiffnessLength: Double

        init(damping: Double, frequency: Double, length: Double, step h: Double) {
            let omega = 2 * Double.pi * frequency
            let divisor = 1 / (1 + 2 * damping * omega * h + omega * omega * h * h)
            dampingMinusOne = divisor - 1
            stiffness = h * omega * omega * divisor
            stiffnessLength = stiffness * length
        }
    }

    /// Advances every awake anchored item (`anchoredRest ≥ 0`) by `steps` fixed steps,
    /// with rest detection after each step; returns how many are still awake.
    /// `zeroLength` promises that every such spring has length 0 (no square root).
    ///
    /// The loop itself is `skk_advance_anchored` (CSpringKernel): branch-free, walking
    /// items in L1-sized blocks, compiled for AVX-512, AVX2 and the baseline and chosen
    /// at run time. All variants round identically.
    static func advance(_ items: inout ItemStore, steps: Int, h: Double, slop: Double, resistance: Double,
                        restSpeed: Double, restStepsToSleep: Double, zeroLength: Bool) -> Int {
        var constants = skk_StepConstants(step: h, slopSquared: slop * slop, restSpeedSquared: restSpeed * restSpeed,
                                          restStepsToSleep: restStepsToSleep, velocityKeep: 1 / (1 + h * resistance),
                                          zeroLength: zeroLength ? 1 : 0)
        let n = items.count
        return items.px.withUnsafeMutableBufferPointer { px in
        items.py.withUnsafeMutableBufferPointer { py in
        items.vx.withUnsafeMutableBufferPointer { vx in
        items.vy.withUnsafeMutableBufferPointer { vy in
        items.anchoredRest.withUnsafeMutableBufferPointer { rest in
        items.anchorX.withUnsafeBufferPointer { ax in
        items.anchorY.withUnsafeBufferPointer { ay in
        items.dampingMinusOne.withUnsafeBufferPointer { dm in
        items.stiffness.withUnsafeBufferPointer { kd in
        items.stiffnessLength.withUnsafeBufferPointer { kl in
            var arrays = skk_AnchoredItems(px: px.baseAddress, py: py.baseAddress, vx: vx.baseAddress, vy: vy.baseAddress,
                                           rest: rest.baseAddress, anchorX: ax.baseAddress, anchorY: ay.baseAddress,
                                           dampingMinusOne: dm.baseAddress, stiffness: kd.baseAddress,
                                           stiffnessLength: kl.baseAddress)
            return Int(skk_advance_anchored(&arrays, n, steps, &constants))
        }}}}}}}}}}
    }

    /// The instruction set the kernel runs with on this CPU ("avx512", "avx2" or "baseline").
    static var kernelName: String { String(cString: skk_kernel_name()) }
}
