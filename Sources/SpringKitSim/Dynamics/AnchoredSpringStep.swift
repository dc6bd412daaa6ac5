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
enum AnchoredSpringStep {
    /// The two per-spring coefficients: `h ω²` and `1 / (1 + 2ζωh + ω²h²)`.
    static func coefficients(damping: Double, frequency: Double, step h: Double) -> (stiffnessTerm: Double, dampingDivisor: Double) {
        let omega = 2 * Double.pi * frequency
        return (h * omega * omega, 1 / (1 + 2 * damping * omega * h + omega * omega * h * h))
    }

    /// Advances every awake item whose motion is `.anchored` by `steps` fixed steps,
    /// with rest detection after each step. Returns how many of them are still awake.
    static func advance(_ items: inout ItemStore, steps: Int, h: Double, slop: Double,
                        restSpeed: Double, restStepsToSleep: Int32) -> Int {
        let n = items.count
        let restSpeedSquared = restSpeed * restSpeed
        let anchoredMotion = ItemMotion.anchored.rawValue
        var awake = 0
        items.px.withUnsafeMutableBufferPointer { px in
        items.py.withUnsafeMutableBufferPointer { py in
        items.vx.withUnsafeMutableBufferPointer { vx in
        items.vy.withUnsafeMutableBufferPointer { vy in
        items.restSteps.withUnsafeMutableBufferPointer { rest in
        items.sleeping.withUnsafeMutableBufferPointer { sleeping in
        items.motion.withUnsafeBufferPointer { motion in
        items.anchorX.withUnsafeBufferPointer { ax in
        items.anchorY.withUnsafeBufferPointer { ay in
        items.restLength.withUnsafeBufferPointer { length in
        items.stiffnessTerm.withUnsafeBufferPointer { stiffness in
        items.dampingDivisor.withUnsafeBufferPointer { divisor in
            for i in 0..<n where motion[i] == anchoredMotion && sleeping[i] == 0 {
                var x = px[i], y = py[i], u = vx[i], v = vy[i]
                var restCount = rest[i]
                let k = stiffness[i], d = divisor[i], l = length[i], anchorX = ax[i], anchorY = ay[i]
                for _ in 0..<steps {
                    let dx = x - anchorX, dy = y - anchorY
                    let distance = (dx * dx + dy * dy).squareRoot()
                    if distance > slop {
                        let inverse = 1 / distance
                        let nx = dx * inverse, ny = dy * inverse
                        let normal = u * nx + v * ny
                        let change = (normal - k * (distance - l)) * d - normal
                        u += change * nx
                        v += change * ny
                    }
                    x += h * u
                    y += h * v
                    if u * u + v * v <= restSpeedSquared {
                        restCount += 1
                        if restCount >= restStepsToSleep {
                            u = 0
                            v = 0
                            sleeping[i] = 1
                            break
                        }
                    } else {
                        restCount = 0
                    }
                }
                px[i] = x; py[i] = y; vx[i] = u; vy[i] = v
                rest[i] = restCount
                if sleeping[i] == 0 { awake += 1 }
            }
        }}}}}}}}}}}}
        return awake
    }
}
