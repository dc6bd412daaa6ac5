/// A circle at `center` in item-local points: Box2D's `b2CircleShape`. UIKit builds one for an
/// `.ellipse` item of equal sides, of radius w/2 (charon `UIFieldBehavior.md` §13).
struct CircleShape: Equatable {
    var center: SIMD2<Double>
    var radius: Double

    func aabb(_ xf: Transform) -> AABB {
        let p = xf.apply(center)
        return AABB(lower: p - SIMD2(repeating: radius), upper: p + SIMD2(repeating: radius))
    }
}
