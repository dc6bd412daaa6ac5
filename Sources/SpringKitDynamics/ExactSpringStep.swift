import SpringKitMath

/// The exact step of a linear spring x'' + 2ζωx' + ω²x = 0 (the `exact` solver): with
/// A = [[0, 1], [−ω², −2ζω]], [x, v] advances by Φ = exp(A h) in all three regimes.
/// For a zero-length anchored spring both axes are such springs, with x = p − anchor.
public struct ExactStepMatrix: Equatable, Sendable {
    public var m00, m01, m10, m11: Double

    public init(damping zeta: Double, frequency: Double, step h: Double) {
        self.init(SpringSoftness(frequency: frequency, dampingRatio: zeta, step: h))
    }

    /// Φ(h) for the spring's ω, ζ and step h.
    package init(_ softness: SpringSoftness) {
        let omega = softness.angularFrequency, zeta = softness.dampingRatio, h = softness.step
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let c = DMath.cos(wd * h), s = DMath.sin(wd * h), e = DMath.exp(-zeta * omega * h)
            m00 = e * (c + zeta * omega / wd * s)
            m01 = e * s / wd
            m10 = -e * omega * omega / wd * s
            m11 = e * (c - zeta * omega / wd * s)
        } else if zeta == 1 {
            let e = DMath.exp(-omega * h)
            m00 = e * (1 + omega * h)
            m01 = e * h
            m10 = -e * omega * omega * h
            m11 = e * (1 - omega * h)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let e1 = DMath.exp(r1 * h), e2 = DMath.exp(r2 * h)
            let scale = 1 / (r1 - r2)
            m00 = scale * (r1 * e2 - r2 * e1)
            m01 = scale * (e1 - e2)
            m10 = scale * r1 * r2 * (e2 - e1)
            m11 = scale * (r1 * e1 - r2 * e2)
        }
    }

    /// The closed-form solution at time t from x0, v0 (the reference the tests use).
    public static func solution(x0: Double, v0: Double, damping: Double, frequency: Double, time t: Double) -> (x: Double, v: Double) {
        let m = ExactStepMatrix(damping: damping, frequency: frequency, step: t)
        return (m.m00 * x0 + m.m01 * v0, m.m10 * x0 + m.m11 * v0)
    }
}

enum ExactSpringStep {
    /// Advances every awake anchored item (`anchoredRest ≥ 0`) by `steps` exact steps;
    /// the matrices are per item (dense index). Returns how many are still awake.
    /// - Complexity: O(items × steps).
    static func advance(_ items: inout ItemStore, matrices: [ExactStepMatrix], steps: Int,
                        restSpeed: Double, restStepsToSleep: Double) -> Int {
        let restSpeedSquared = restSpeed * restSpeed
        var awake = 0
        for i in 0..<items.count where items.anchoredRest[i] >= 0 {
            let m = matrices[i]
            let ax = items.anchorX[i], ay = items.anchorY[i]
            var x = items.px[i] - ax, y = items.py[i] - ay
            var u = items.vx[i], v = items.vy[i]
            var rest = items.anchoredRest[i]
            for _ in 0..<steps {
                (x, u) = (m.m00 * x + m.m01 * u, m.m10 * x + m.m11 * u)
                (y, v) = (m.m00 * y + m.m01 * v, m.m10 * y + m.m11 * v)
                rest = u * u + v * v <= restSpeedSquared ? rest + 1 : 0
                if rest >= restStepsToSleep {
                    u = 0; v = 0
                    rest = -1
                    break
                }
            }
            items.px[i] = x + ax; items.py[i] = y + ay
            items.vx[i] = u; items.vy[i] = v
            items.anchoredRest[i] = rest
            if rest >= 0 { awake += 1 }
        }
        return awake
    }
}
