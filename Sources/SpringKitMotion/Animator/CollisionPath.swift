import SpringKitDynamics
import SpringKitMath
import SpringKitSupport

/// One element of a path (`UIBezierPath`'s elements), in points: a cell's mask path, a
/// collision boundary, an item's bounding path.
public enum PathElement: Equatable, Sendable {
    case move(SIMD2<Double>)
    case line(SIMD2<Double>)
    /// A cubic bezier to `to` with two control points.
    case curve(to: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>)
    case close
}

/// How UIKit turns a path into the points of a boundary or of an item's bounding polygon
/// (charon `UIDynamicAnimator.md` §7.4 and M2, `UIFieldBehavior.md` §13 and M6), and the checks
/// on both.
public enum CollisionPath {
    /// The largest coordinate, in points, a collision path may have: beyond 1e7 pt (100 km)
    /// Box2D's float metres are coarser than a point.
    public static let coordinateLimit = 1e7
    /// Squared distance in points² under which a point repeats the previous one (Box2D's
    /// 1.42108547e-14 m² at 100 pt/m).
    public static let duplicateDistanceSquared = 1.42108547e-14 * 1e4
    /// Most vertices of an item's bounding polygon (the host's fork has no 8-vertex limit: a
    /// curved path such as a circle flattens to dozens, its largest measured ellipse has 244;
    /// this bounds the work a shape costs). The engine takes as many.
    public static let maximumPolygonVertices = 256
    /// Work units charged per flattened point, before it is made (a point of a curve costs
    /// about as much as 16 Lua VM instructions).
    static let unitsPerPoint = 16
    /// Bytes reserved per flattened point.
    static let bytesPerPoint = 16

    /// The points of the first subpath, curves flattened as UIKit's path applier does
    /// (M6: a curve's length L is estimated over a 10-piece polyline whose every sample
    /// starts from the previous sample, then it makes `max(Int(L / 10), 1)` segments; in
    /// float), and whether the subpath was closed. A second `move` ends the subpath.
    /// Coordinates must be finite and within ±`coordinateLimit`. The points made are charged
    /// to `world`'s budget (work and memory) before they are made.
    public static func flatten(_ elements: [PathElement], world: World?) throws -> (points: [SIMD2<Double>], closed: Bool) {
        for element in elements { try check(element) }
        var points: [SIMD2<Double>] = []
        var closed = false
        loop: for element in elements {
            switch element {
            case .move(let p):
                if !points.isEmpty { break loop }
                points.append(p)
            case .line(let p):
                points.append(p)
            case .curve(let p, let c1, let c2):
                try appendCurve(points.last ?? .zero, c1, c2, p, to: &points, world: world)
            case .close:
                if let first = points.first { points.append(first) }
                closed = true
                break loop
            }
        }
        if let world { try world.charge(elements.count, unitsEach: unitsPerPoint) }
        return (points, closed)
    }

    private static func check(_ element: PathElement) throws {
        let ps: [SIMD2<Double>]
        switch element {
        case .move(let p), .line(let p): ps = [p]
        case .curve(let p, let c1, let c2): ps = [p, c1, c2]
        case .close: ps = []
        }
        for p in ps {
            guard p.x.isFinite, p.y.isFinite, abs(p.x) <= coordinateLimit, abs(p.y) <= coordinateLimit else {
                throw MotionError.invalidParameter("path points must be finite and within ±\(NumberFormat.shortest(coordinateLimit)) pt, got (\(NumberFormat.shortest(p.x)), \(NumberFormat.shortest(p.y)))")
            }
        }
    }

    /// M6's cubic: the length estimate with its chained start, then the samples, in float.
    private static func appendCurve(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>,
                                    to points: inout [SIMD2<Double>], world: World?) throws {
        let p0 = SIMD2<Float>(a), p1 = SIMD2<Float>(b), p2 = SIMD2<Float>(c), p3 = SIMD2<Float>(d)
        var length: Float = 0
        var previous = p0
        for i in 0...10 {
            let q = bezier(previous, p1, p2, p3, Float(i) / 10)
            let dx = q.x - previous.x, dy = q.y - previous.y
            // The host fuses dx² into dy² + ·; unfused here (no fused multiply-add in the
            // simulation, PlatformMathAuditTests): the sum may differ in its last bit, which moves
            // the segment count only for a length within an ulp of a multiple of 10 pt.
            length += (dy * dy + dx * dx).squareRoot()
            previous = q
        }
        let estimate = (length / 10).rounded(.towardZero)
        guard estimate.isFinite, estimate < 1e15 else { throw MotionError.invalidParameter("a path curve is too long to flatten") }
        let count = max(Int(estimate), 1)
        if let world {
            try world.charge(count, unitsEach: unitsPerPoint)
            try world.reserve(count, bytesEach: bytesPerPoint)
        }
        points.reserveCapacity(points.count + count)
        for i in 1...count { points.append(SIMD2<Double>(bezier(p0, p1, p2, p3, Float(Double(i) / Double(count))))) }
    }

    /// The host's cubic, in float without fused operations.
    private static func bezier(_ p0: SIMD2<Float>, _ p1: SIMD2<Float>, _ p2: SIMD2<Float>, _ p3: SIMD2<Float>, _ t: Float) -> SIMD2<Float> {
        let t = min(max(t, 0), 1), u = 1 - t
        let a = p0 * u * (u * u), b = p1 * t * (u * (u * 3))
        let c = p2 * t * (t * (u * 3)), d = p3 * t * (t * t)
        return ((a + b) + c) + d
    }

    /// `points` with every point within `duplicateDistanceSquared` of the last one kept dropped.
    public static func droppingNearDuplicates(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var kept: [SIMD2<Double>] = []
        kept.reserveCapacity(points.count)
        for p in points {
            if let last = kept.last {
                let d = p - last
                if d.x * d.x + d.y * d.y <= duplicateDistanceSquared { continue }
            }
            kept.append(p)
        }
        return kept
    }

    /// The reason UIKit gives for a boundary path it cannot use (M2).
    public static let invalidBoundaryReason = "invalid path for collision boundary"

    /// The loop of a path boundary, as the host's `addEdgeLoop` (M2): near-duplicates dropped,
    /// refused at one point or none, trailing points equal to the first dropped, refused below 2.
    /// Two points are kept as the host stores them: the chain v0 v1 v0 (`loop` false).
    public static func boundaryLoop(_ elements: [PathElement], world: World?) throws -> (points: [SIMD2<Double>], loop: Bool) {
        var points = droppingNearDuplicates(try flatten(elements, world: world).points)
        guard points.count >= 2 else { throw MotionError.invalidParameter(invalidBoundaryReason) }
        while points.count > 1, points.last == points.first { points.removeLast() }
        guard points.count >= 2 else { throw MotionError.invalidParameter(invalidBoundaryReason) }
        if points.count == 2 { return ([points[0], points[1], points[0]], false) }
        return (points, true)
    }

    /// An item's bounding path (UIKit's `collisionBoundingPath`, `UIFieldBehavior.md` §13 and
    /// Apple's documentation): the first subpath, curves flattened, as one convex polygon in
    /// item-local points, wound so its signed area (x right, y down) is positive, which is
    /// Box2D's counter-clockwise (either winding is accepted, as Apple's documentation says).
    /// Refused, with UIKit's reason, when it has fewer than 3 distinct points, is collinear,
    /// crosses itself, is concave (the host accepts a concave path with a rotational inertia
    /// of 0, a bug; Apple's documentation requires a convex one) or has more than
    /// `maximumPolygonVertices` vertices.
    public static func boundingPolygon(_ elements: [PathElement], item: ItemID, world: World?) throws -> [SIMD2<Double>] {
        func refuse(_ why: String) -> MotionError {
            .invalidParameter("UIDynamicItem (\(item)) provided an invalid bounding path (\(why))")
        }
        var points = droppingNearDuplicates(try flatten(elements, world: world).points)
        while points.count > 1, points.last == points.first { points.removeLast() }
        guard points.count >= 3 else { throw refuse("fewer than 3 distinct points") }
        guard points.count <= maximumPolygonVertices else { throw refuse("more than \(maximumPolygonVertices) vertices") }
        let n = points.count
        var area = 0.0
        for i in 0..<n { area += cross(points[i], points[(i + 1) % n]) }
        guard area != 0 else { throw refuse(selfIntersects(points) ? "it crosses itself" : "its points are collinear") }
        if area < 0 { points.reverse() }
        // Convex: every turn the same way (collinear points allowed), and once around.
        var turned = 0.0
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n], c = points[(i + 2) % n]
            let turn = cross(b - a, c - b)
            if turn < 0 { throw refuse(selfIntersects(points) ? "it crosses itself" : "it is concave") }
            let t = angle(b - a, c - b)
            if t >= Double.pi { throw refuse("it turns back on itself") }
            turned += t
        }
        // Every turn the same way: convex when it goes round once (2π), crossing itself when more.
        guard turned < 3 * Double.pi else { throw refuse("it crosses itself") }
        return points
    }

    private static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

    /// The signed turn from `u` to `v`, radians in (−π, π] (deterministic maths).
    private static func angle(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double { DMath.atan2(cross(u, v), (u * v).sum()) }

    /// Whether two edges of the closed polygon that share no vertex cross.
    private static func selfIntersects(_ p: [SIMD2<Double>]) -> Bool {
        let n = p.count
        for i in 0..<n {
            for j in (i + 2)..<max(i + 2, n) where !(i == 0 && j == n - 1) {
                let a = p[i], b = p[(i + 1) % n], c = p[j], d = p[(j + 1) % n]
                let d1 = cross(b - a, c - a), d2 = cross(b - a, d - a), d3 = cross(d - c, a - c), d4 = cross(d - c, b - c)
                if (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0 { return true }
            }
        }
        return false
    }
}

extension CollisionPath {
    /// An item's `collisionBoundsType` (with its `collisionBoundingPath`).
    public enum ItemBounds: Equatable, Sendable {
        case rectangle, ellipse
        case path([PathElement])
    }

    /// The world's shape for `bounds` on `item`: a path is checked and flattened by
    /// `boundingPolygon` (UIKit refuses it at `addBehavior`; here when it is set).
    public static func collisionBounds(_ bounds: ItemBounds, item: ItemID, world: World) throws -> CollisionBounds {
        switch bounds {
        case .rectangle: return .rectangle
        case .ellipse: return .ellipse
        case .path(let elements): return .path(try boundingPolygon(elements, item: item, world: world))
        }
    }
}
