/// A convex polygon in item-local points, counter-clockwise (in y-up axes: every cross product
/// of consecutive edges positive), with its outward unit edge normals and centroid: Box2D's
/// `b2PolygonShape`. Its radius ("skin") is 0, as the host builds an item's box (charon
/// `UIDynamicAnimator.md` §0, §2.3: full-size box, radius 0).
struct PolygonShape: Equatable {
    /// Box2D's `b2_maxPolygonVertices`: the most vertices a path may make.
    static let maximumVertices = 8
    /// The most vertices of a path an item collides as: the host's fork has no limit (a curved
    /// `collisionBoundingPath` such as a circle flattens to dozens; its largest measured ellipse
    /// has 244), so paths are not held to Box2D's 8; 256 bounds the work a shape costs.
    static let maximumPathVertices = 256

    private(set) var vertices: [SIMD2<Double>]
    private(set) var normals: [SIMD2<Double>]
    private(set) var centroid: SIMD2<Double>
    var radius = 0.0

    var count: Int { vertices.count }

    /// `b2PolygonShape::SetAsBox(hx, hy)`: the item's full-size box.
    static func box(halfWidth hx: Double, halfHeight hy: Double) -> PolygonShape {
        PolygonShape(vertices: [SIMD2(-hx, -hy), SIMD2(hx, -hy), SIMD2(hx, hy), SIMD2(-hx, hy)],
                     normals: [SIMD2(0, -1), SIMD2(1, 0), SIMD2(0, 1), SIMD2(-1, 0)], centroid: .zero)
    }

    /// A polygon of convex counter-clockwise `vertices` (no checks): normals and centroid computed.
    init(counterClockwise vertices: [SIMD2<Double>]) {
        self.vertices = vertices
        normals = vertices.indices.map { i in
            let edge = vertices[i + 1 < vertices.count ? i + 1 : 0] - vertices[i]
            let n = SIMD2(edge.y, -edge.x)
            return n / Vec2.length(n)
        }
        centroid = PolygonShape.centroid(vertices)
    }

    private init(vertices: [SIMD2<Double>], normals: [SIMD2<Double>], centroid: SIMD2<Double>) {
        self.vertices = vertices; self.normals = normals; self.centroid = centroid
    }

    /// The convex polygon of `points`, by `b2PolygonShape::Set`'s rules: points within
    /// `weldTolerance` of an earlier one are dropped, then the hull is wrapped (gift wrapping from
    /// the rightmost point). Unlike Box2D, which silently takes the hull, a point left off the hull
    /// (a concave or self-intersecting path, or a collinear middle point) is refused.
    /// - Returns: the polygon, or the one-line reason it cannot be one.
    /// - Complexity: O(n²) for n points.
    static func hull(of points: [SIMD2<Double>], weldTolerance: Double, maximumVertices: Int = PolygonShape.maximumVertices) -> Result<PolygonShape, HullError> {
        var ps: [SIMD2<Double>] = []
        for v in points {
            if !ps.contains(where: { p in let d = v - p; return Vec2.dot(d, d) < weldTolerance * weldTolerance }) { ps.append(v) }
        }
        guard ps.count >= 3 else { return .failure(.tooFewPoints(ps.count)) }
        // The rightmost point (lowest y on ties) is on the hull.
        var i0 = 0
        for i in 1..<ps.count where ps[i].x > ps[i0].x || (ps[i].x == ps[i0].x && ps[i].y < ps[i0].y) { i0 = i }
        var hull: [Int] = []
        var ih = i0
        while true {
            guard hull.count <= ps.count else { return .failure(.notConvex) }
            hull.append(ih)
            var ie = 0
            for j in 1..<ps.count {
                if ie == ih { ie = j; continue }
                let r = ps[ie] - ps[hull[hull.count - 1]], v = ps[j] - ps[hull[hull.count - 1]]
                let c = Vec2.cross(r, v)
                if c < 0 { ie = j }
                if c == 0 && Vec2.dot(v, v) > Vec2.dot(r, r) { ie = j }   // collinear: the farther
            }
            ih = ie
            if ie == i0 { break }
        }
        guard hull.count >= 3 else { return .failure(.collinear) }
        let vertices = hull.map { ps[$0] }
        // Every edge must be long enough to have a normal (b2PolygonShape::Set asserts it).
        for i in vertices.indices {
            let e = vertices[i + 1 < vertices.count ? i + 1 : 0] - vertices[i]
            guard Vec2.dot(e, e) > 1e-24 else { return .failure(.collinear) }
        }
        guard hull.count == ps.count else { return .failure(.notConvex) }
        guard hull.count <= maximumVertices else { return .failure(.tooManyVertices(hull.count, limit: maximumVertices)) }
        return .success(PolygonShape(counterClockwise: vertices))
    }

    enum HullError: Error, Equatable, CustomStringConvertible {
        case tooFewPoints(Int), collinear, notConvex, tooManyVertices(Int, limit: Int)
        var description: String {
            switch self {
            case .tooFewPoints(let n): return "needs at least 3 distinct points (0.25 pt apart), got \(n)"
            case .collinear: return "its points are collinear"
            case .notConvex: return "is not convex (a point lies inside the hull of the others or on one of its edges)"
            case .tooManyVertices(let n, let limit): return "has \(n) vertices, more than \(limit)"
            }
        }
    }

    /// `ComputeCentroid`: the area-weighted centroid of a convex polygon.
    private static func centroid(_ vs: [SIMD2<Double>]) -> SIMD2<Double> {
        var c = SIMD2<Double>.zero, area = 0.0
        let s = vs[0], third = 1.0 / 3
        for i in vs.indices {
            let e1 = vs[i] - s, e2 = vs[i + 1 < vs.count ? i + 1 : 0] - s
            let a = 0.5 * Vec2.cross(e1, e2)
            area += a
            c += a * third * (e1 + e2)
        }
        return area != 0 ? c / area + s : s
    }

    func aabb(_ xf: Transform) -> AABB {
        var lower = xf.apply(vertices[0]), upper = lower
        for v in vertices.dropFirst() {
            let w = xf.apply(v)
            lower = SIMD2(min(lower.x, w.x), min(lower.y, w.y)); upper = SIMD2(max(upper.x, w.x), max(upper.y, w.y))
        }
        return AABB(lower: lower, upper: upper).expanded(by: radius)
    }
}
