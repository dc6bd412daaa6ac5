/// Rounds a coordinate to the screen's pixel grid as UIKit does when a dynamic
/// item's center is written back: `floor(x) + round(frac(x) · scale) / scale`
/// (`DynamicAnimator.layoutPosition`).
public enum PixelGrid {
    public static func round(_ x: Double, scale: Double) -> Double {
        let whole = x.rounded(.down)
        return whole + ((x - whole) * scale).rounded() / scale
    }

    public static func round(_ p: SIMD2<Double>, scale: Double) -> SIMD2<Double> {
        SIMD2(round(p.x, scale: scale), round(p.y, scale: scale))
    }
}
