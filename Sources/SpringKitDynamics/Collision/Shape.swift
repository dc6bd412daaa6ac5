/// One collision shape in its body's local points.
enum Shape: Equatable {
    case polygon(PolygonShape)
    case circle(CircleShape)
    case edge(EdgeShape)

    var radius: Double {
        switch self {
        case .polygon(let p): return p.radius
        case .circle(let c): return c.radius
        case .edge: return 0
        }
    }

    func aabb(_ xf: Transform) -> AABB {
        switch self {
        case .polygon(let p): return p.aabb(xf)
        case .circle(let c): return c.aabb(xf)
        case .edge(let e): return e.aabb()   // boundaries sit at the origin
        }
    }

    /// The largest distance of a point of the shape from its body's origin (for bounding the
    /// motion of a turning body).
    var extent: Double {
        switch self {
        case .polygon(let p):
            var largest = Vec2.length(p.vertices[0])
            for v in p.vertices.dropFirst() { largest = max(largest, Vec2.length(v)) }
            return largest + p.radius
        case .circle(let c): return Vec2.length(c.center) + c.radius
        case .edge(let e): return max(Vec2.length(e.v1), Vec2.length(e.v2))
        }
    }

    /// The distance from the body's origin to the nearest side of the shape (0 for an edge, or
    /// when the origin lies outside): how far the body may move in a step without its origin
    /// crossing a surface it touches.
    var innerRadius: Double {
        switch self {
        case .polygon(let p):
            var least = Vec2.dot(p.normals[0], p.vertices[0])
            for k in p.vertices.indices.dropFirst() { least = min(least, Vec2.dot(p.normals[k], p.vertices[k])) }
            return max(0, least + p.radius)
        case .circle(let c): return max(0, c.radius - Vec2.length(c.center))
        case .edge: return 0
        }
    }

    /// The shape's outline in world points with its radius: the vertices of a polygon, the two
    /// ends of an edge, the center of a circle (for the distance used by the time of impact).
    func outline(_ xf: Transform) -> (points: [SIMD2<Double>], radius: Double) {
        switch self {
        case .polygon(let p): return (p.vertices.map(xf.apply), p.radius)
        case .circle(let c): return ([xf.apply(c.center)], c.radius)
        case .edge(let e): return ([e.v1, e.v2], 0)
        }
    }
}
