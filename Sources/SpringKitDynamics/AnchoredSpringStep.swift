import SpringKitMath
import CSpringKernel
import Dispatch
import Foundation

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
    /// Per-spring coefficients: `D − 1`, `h ω² D` and `h ω² D · length`, from the spring's
    /// softness (`SpringSoftness.anchoredTerms`).
    struct Coefficients: Equatable {
        var dampingMinusOne: Double
        var stiffness: Double
        var stiffnessLength: Double

        init(_ softness: SpringSoftness, length: Double) {
            (dampingMinusOne, stiffness) = softness.anchoredTerms
            stiffnessLength = stiffness * length
        }
    }

    /// Fewest items a thread is given by default (`WorldConfiguration.minimumItemsPerThread`).
    /// Below twice this the step stays on the caller's thread. `simrun bench suite` (scene
    /// `threads-crossover`) times 1 against 2 threads from 65,536 to 1,048,576 items on the
    /// machine it runs on: on the 2-core reference machine, shared with other work, two
    /// threads lost up to 262,144 items and won from 524,288 (see docs/physics.md). A frame
    /// of fewer items is too short for a second thread's wake-up and a second core that may
    /// be busy; a wrong guess here costs time, never results.
    static let defaultItemsPerThread = 131_072

    /// Active processors, read once (on Linux the query reads files).
    static let processors = ProcessInfo.processInfo.activeProcessorCount

    /// Advances every awake anchored item (`anchoredRest ≥ 0`) by `steps` fixed steps,
    /// with rest detection after each step; returns how many are still awake.
    /// `zeroLength` promises that every such spring has length 0 (no square root).
    ///
    /// The loop itself is `skk_advance_anchored` (CSpringKernel): branch-free, walking
    /// items in L1-sized blocks, compiled for AVX-512, AVX2 and the baseline; `kernel`
    /// names the variant (`SpringKernelVariant`, chosen once per process by default; it
    /// must be supported). All variants round identically. Large worlds are cut into contiguous
    /// ranges, one per thread (`threadCount`); every item is computed by the same code
    /// whichever range holds it.
    /// - Complexity: O(items × steps), spread over the threads used.
    static func advance(_ items: inout ItemStore, steps: Int, h: Double, slop: Double, resistance: Double,
                        maximumTranslation: Double = .infinity, restSpeed: Double, restStepsToSleep: Double, zeroLength: Bool, threads: Int,
                        minimumPerThread: Int = defaultItemsPerThread,
                        kernel: SpringKernelVariant = SpringKernelVariant.selection.variant) -> Int {
        let constants = skk_StepConstants(step: h, slopSquared: slop * slop, restSpeedSquared: restSpeed * restSpeed,
                                          restStepsToSleep: restStepsToSleep, velocityKeep: 1 / (1 + h * resistance),
                                          maximumTranslation: maximumTranslation,
                                          zeroLength: zeroLength ? 1 : 0)
        let n = items.count
        let used = threadCount(count: n, threads: threads, minimumPerThread: minimumPerThread)
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
            /// Steps items [start, end): every array offset by `start`.
            func advanceRange(_ range: Range<Int>) -> Int {
                let o = range.lowerBound
                var arrays = skk_AnchoredItems(px: px.baseAddress! + o, py: py.baseAddress! + o,
                                               vx: vx.baseAddress! + o, vy: vy.baseAddress! + o,
                                               rest: rest.baseAddress! + o, anchorX: ax.baseAddress! + o,
                                               anchorY: ay.baseAddress! + o, dampingMinusOne: dm.baseAddress! + o,
                                               stiffness: kd.baseAddress! + o, stiffnessLength: kl.baseAddress! + o)
                var c = constants
                let awake = skk_advance_anchored(kernel.rawValue, &arrays, range.count, steps, &c)
                precondition(awake >= 0, "kernel \(kernel.name) does not run here (WorldConfiguration.validate refuses it)")
                return Int(awake)
            }
            if used == 1 { return advanceRange(0..<n) }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: used) { awake in
                DispatchQueue.concurrentPerform(iterations: used) { k in
                    awake[k] = advanceRange(threadRange(k, of: used, count: n))
                }
                return awake.reduce(0, +)
            }
        }}}}}}}}}}
    }

    /// Whether the kernel's vector loop marks the lanes over the maximum translation for these
    /// rules and finishes them after the call (else it steps every lane one at a time):
    /// `marking_is_exact` in spring_kernel.c.
    static func marksFastLanes(h: Double, restSpeed: Double, restStepsToSleep: Double, maximumTranslation: Double) -> Bool {
        var c = skk_StepConstants(step: h, slopSquared: 0, restSpeedSquared: restSpeed * restSpeed, restStepsToSleep: restStepsToSleep,
                                  velocityKeep: 1, maximumTranslation: maximumTranslation, zeroLength: 1)
        return skk_marks_fast_lanes(&c) != 0
    }

    /// Threads used for `count` items when `threads` are allowed (0: one per active
    /// processor): each gets at least `minimumPerThread` items.
    static func threadCount(count: Int, threads: Int, minimumPerThread: Int = defaultItemsPerThread) -> Int {
        max(1, min(threads == 0 ? processors : threads, count / minimumPerThread))
    }

    /// The items of thread `k` of `used`: contiguous ranges that cover 0..<count, start on
    /// multiples of 256 (so each stays cache-line aligned and walks the kernel's 128-item blocks as
    /// a single-threaded run would) and differ in size by at most one block.
    static func threadRange(_ k: Int, of used: Int, count: Int) -> Range<Int> {
        let blocks = (count + 255) / 256
        return min(count, blocks * k / used * 256)..<min(count, blocks * (k + 1) / used * 256)
    }

    /// The instruction set the kernel runs with by default ("avx512", "avx2" or "baseline").
    static var kernelName: String { SpringKernelVariant.selection.variant.name }
}
