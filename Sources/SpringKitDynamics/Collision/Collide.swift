/// The narrow phase's dispatch, one function per shape pair (Box2D's contact registry): the
/// shape that is A in each pair function comes first (an edge before a polygon or a circle, a
/// polygon before a circle). `ContactManager` orders every pair this way.
enum Collide {
    /// Rank of a shape as end A: edges, then polygons, then circles.
    static func rank(_ s: Shape) -> Int {
        switch s {
        case .edge: return 0
        case .polygon: return 1
        case .circle: return 2
        }
    }

    /// The manifold of `a` at `xfA` against `b` at `xfB` (`rank(a) <= rank(b)`; two edges never meet).
    static func manifold(_ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform, linearSlop: Double) -> Manifold {
        switch (a, b) {
        case (.polygon(let p), .polygon(let q)): return collidePolygons(p, xfA, q, xfB, linearSlop: linearSlop)
        case (.polygon(let p), .circle(let c)): return collidePolygonAndCircle(p, xfA, c, xfB)
        case (.circle(let c), .circle(let d)): return collideCircles(c, xfA, d, xfB)
        case (.edge(let e), .polygon(let p)): return collideEdgeAndPolygon(e, xfA, p, xfB)
        case (.edge(let e), .circle(let c)): return collideEdgeAndCircle(e, xfA, c, xfB)
        default: return Manifold()
        }
    }
}
