/// Rounds a coordinate to the screen's pixel grid as UIKit does when a dynamic item's center
/// is written back (`DynamicAnimator.layoutPosition`): at scale 1 `round(x)` (halves away from
/// zero), at any other scale s `floor(x) + round(frac(x) · s) / s` (UIDynamicAnimator's
/// write-back, measured on the host).
public enum PixelGrid {
    public static func round(_ x: Double, scale: Double) -> Double {
        if scale == 1 { return x.rounded() }
        let whole = x.rounded(.down)
        return whole + ((x - whole) * scale).rounded() / scale
    }

    public static func round(_ p: SIMD2<Double>, scale: Double) -> SIMD2<Double> {
        SIMD2(round(p.x, scale: scale), round(p.y, scale: scale))
    }
}
