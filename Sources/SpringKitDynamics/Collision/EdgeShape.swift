/// A segment v1–v2 of a static boundary, radius 0: Box2D 2.4.1's `b2EdgeShape`. A chain's
/// segment is one-sided and knows its neighbours (ghost vertices v0 before v1 and v3 after v2)
/// so that a body sliding along the chain does not catch on the joints; its normal points to
/// the right of v1 → v2. UIKit's boundaries (Box2D 2.2.1 chains) are two-sided, so each chain
/// segment is kept twice, once in each direction: a body meets the copy facing the side its
/// centroid is on. A lone edge is two-sided (`oneSided` false) and has no neighbours.
struct EdgeShape: Equatable {
    var v0: SIMD2<Double>, v1: SIMD2<Double>, v2: SIMD2<Double>, v3: SIMD2<Double>
    var oneSided: Bool
    var radius: Double { 0 }

    func aabb() -> AABB {
        AABB(lower: SIMD2(min(v1.x, v2.x), min(v1.y, v2.y)), upper: SIMD2(max(v1.x, v2.x), max(v1.y, v2.y)))
    }

    /// The segments of a boundary through `points`: one two-sided edge for two points that do
    /// not form a loop, else both directions of every chain segment (`loop` closes the chain;
    /// an open chain's ends get ghost vertices continuing its end segments).
    /// - Complexity: O(points).
    static func segments(_ points: [SIMD2<Double>], loop: Bool) -> [EdgeShape] {
        let n = points.count
        if n == 2 && !loop {
            return [EdgeShape(v0: points[0], v1: points[0], v2: points[1], v3: points[1], oneSided: false)]
        }
        func chain(_ ps: [SIMD2<Double>]) -> [EdgeShape] {
            let count = loop ? ps.count : ps.count - 1
            return (0..<count).map { i in
                let a = ps[i], b = ps[(i + 1) % ps.count]
                let before = loop ? ps[(i + ps.count - 1) % ps.count] : (i > 0 ? ps[i - 1] : 2 * a - b)
                let after = loop ? ps[(i + 2) % ps.count] : (i + 2 < ps.count ? ps[i + 2] : 2 * b - a)
                return EdgeShape(v0: before, v1: a, v2: b, v3: after, oneSided: true)
            }
        }
        return chain(points) + chain(points.reversed())
    }
}
