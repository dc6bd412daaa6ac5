/// A body's placement as Box2D's `b2Transform`: the position of its origin (the item's center)
/// and its rotation as (cos, sin) of its angle. Shapes are kept in item-local points and placed
/// with one of these.
struct Transform {
    var p: SIMD2<Double>
    var q: SIMD2<Double>

    init(p: SIMD2<Double>, angle: Double) { self.p = p; q = Vec2.rotation(angle) }
    init(p: SIMD2<Double>, q: SIMD2<Double>) { self.p = p; self.q = q }

    /// `b2Mul(xf, v)`: a local point in world space.
    @inline(__always) func apply(_ v: SIMD2<Double>) -> SIMD2<Double> { Vec2.rotate(q, v) + p }
    /// `b2MulT(xf, v)`: a world point in local space.
    @inline(__always) func applyInverse(_ v: SIMD2<Double>) -> SIMD2<Double> { Transform.rotateInverse(q, v - p) }
    /// `b2Mul(xf.q, v)`: a local direction in world space.
    @inline(__always) func rotate(_ v: SIMD2<Double>) -> SIMD2<Double> { Vec2.rotate(q, v) }
    /// `b2MulT(xf.q, v)`: a world direction in local space.
    @inline(__always) func rotateInverse(_ v: SIMD2<Double>) -> SIMD2<Double> { Transform.rotateInverse(q, v) }

    @inline(__always) static func rotateInverse(_ q: SIMD2<Double>, _ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(q.x * v.x + q.y * v.y, -q.y * v.x + q.x * v.y)
    }

    /// `b2MulT(A, B)`: B expressed in A's frame.
    func relative(_ b: Transform) -> Transform {
        Transform(p: applyInverse(b.p),
                  q: SIMD2(q.x * b.q.x + q.y * b.q.y, q.x * b.q.y - q.y * b.q.x))
    }
}

/// An axis-aligned box, points.
struct AABB {
    var lower: SIMD2<Double>
    var upper: SIMD2<Double>

    @inline(__always) func overlaps(_ o: AABB) -> Bool {
        !(o.lower.x > upper.x || o.lower.y > upper.y || lower.x > o.upper.x || lower.y > o.upper.y)
    }
    func expanded(by margin: Double) -> AABB {
        AABB(lower: lower - SIMD2(repeating: margin), upper: upper + SIMD2(repeating: margin))
    }
    func union(_ o: AABB) -> AABB {
        AABB(lower: SIMD2(min(lower.x, o.lower.x), min(lower.y, o.lower.y)), upper: SIMD2(max(upper.x, o.upper.x), max(upper.y, o.upper.y)))
    }
}
