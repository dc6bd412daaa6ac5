import SpringKitMath

/// The formulas of `UIScrollView`'s motion (see docs/physics.md, "Scroll view").
public enum ScrollPhysics {
    /// `UIScrollView.DecelerationRate.normal` and `.fast`: velocity is multiplied by the
    /// rate once per millisecond.
    public static let normalDecelerationRate = 0.998
    public static let fastDecelerationRate = 0.99
    /// The rubber band's coefficient c.
    public static let rubberBandCoefficient = 0.55

    /// Offset shown for a raw overshoot `x ≥ 0` past an edge, with viewport extent `d`:
    /// `(1 − 1/(x·c/d + 1))·d`. Approaches `d` but never reaches it.
    public static func rubberBand(_ x: Double, extent d: Double, coefficient c: Double = rubberBandCoefficient) -> Double {
        (1 - 1 / (x * c / d + 1)) * d
    }

    /// The raw overshoot that `rubberBand` shows as `shown` (its inverse, for `0 ≤ shown < d`).
    public static func inverseRubberBand(_ shown: Double, extent d: Double, coefficient c: Double = rubberBandCoefficient) -> Double {
        d * (1 / (1 - shown / d) - 1) / c
    }

    /// Offset and velocity after decelerating for `t` seconds from `x0`, `v0`:
    /// `v(t) = v0·r^(1000t)`, `x(t) = x0 + v0·(r^(1000t) − 1)/(1000 ln r)`.
    public static func decelerate(x0: Double, v0: Double, rate r: Double, time t: Double) -> (x: Double, v: Double) {
        let factor = DMath.pow(r, 1000 * t)
        return (x0 + v0 * (factor - 1) / (1000 * DMath.log(r)), v0 * factor)
    }

    /// How far a fling at `v0` travels before stopping: `−v0 / (1000 ln r)`.
    public static func decelerationDistance(v0: Double, rate r: Double) -> Double {
        -v0 / (1000 * DMath.log(r))
    }

    /// Where a fling from `offset` at offset velocity `v` (points/s) comes to rest, as WWDC 2018
    /// "Designing Fluid Interfaces" projects it: `offset + (v / 1000) · r / (1 − r)`.
    public static func project(offset: Double, velocity v: Double, rate r: Double) -> Double {
        offset + (v / 1000) * r / (1 - r)
    }
}
