/// Continuous collision of a moving body against a static shape (Box2D's `b2TimeOfImpact`
/// role, by conservative advancement): over a step the body's pose is swept linearly from
/// (c0, a0) to (c1, a1); no point of its shape moves farther per unit of sweep time than
/// |c1 − c0| + |a1 − a0| × extent, so advancing the time by (distance − target) / that bound
/// never passes the target distance. Stops at the first time the shapes are within
/// `target + tolerance` (Box2D's target: the linear slop, tolerance a quarter of it).
enum TimeOfImpact {
    /// The first sweep time in (0, 1) at which `moving` comes within `target + tolerance` of
    /// `other` (static, at `otherTransform`), or within half its starting distance when it
    /// starts closer than the target; nil when it does not. When the two overlap at the start
    /// (the discrete solver holds them), a polygon's vertices on its centroid's side of a
    /// segment are swept one by one.
    /// - Complexity: O(iterations × n m) for shapes of n and m vertices; at most 64 iterations.
    static func compute(_ moving: Shape, from start: (c: SIMD2<Double>, angle: Double), to end: (c: SIMD2<Double>, angle: Double),
                        against other: Shape, _ otherTransform: Transform, target: Double, tolerance: Double) -> Double? {
        let bound = Vec2.length(end.c - start.c) + abs(end.angle - start.angle) * moving.extent
        guard bound > 0 else { return nil }
        let b = other.outline(otherTransform)
        func distance(_ t: Double) -> Double {
            let xf = Transform(p: start.c + t * (end.c - start.c), angle: start.angle + t * (end.angle - start.angle))
            return TimeOfImpact.distance(moving.outline(xf), b)
        }
        var t = 0.0
        var d = distance(0)
        // Overlapping at the start: the discrete contact has points and holds that part of the
        // body, but a polygon turning about it (a long box pivoting on one end) can swing its
        // other vertices through a segment: each vertex on the same side as the centroid is
        // swept as a point of its own.
        if d <= 0 {
            guard case .polygon(let p) = moving, b.points.count == 2 else { return nil }
            let xf0 = Transform(p: start.c, angle: start.angle)
            let e = b.points[1] - b.points[0]
            let side = Vec2.cross(e, xf0.apply(p.centroid) - b.points[0])
            var first: Double? = nil
            for v in p.vertices where Vec2.cross(e, xf0.apply(v) - b.points[0]) * side > 0 {
                if let t = compute(.circle(CircleShape(center: v, radius: 0)), from: start, to: end, against: other, otherTransform,
                                   target: target, tolerance: tolerance), t < (first ?? 1) { first = t }
            }
            return first
        }
        // Closer than the target already (left there by an earlier impact): aim at half the
        // distance, so a body sliding along a surface goes on and one approaching it is caught.
        let goal = min(target, 0.5 * d), slack = min(tolerance, 0.25 * goal)
        for _ in 0..<64 {
            t += (d - goal) / bound
            if t >= 1 { return nil }
            d = distance(t)
            if d < goal + slack { return t }
        }
        return t
    }

    /// The distance between two convex outlines (a polygon's vertices counter-clockwise, a
    /// segment's two ends or a circle's center) less their radii; 0 when they overlap.
    /// - Complexity: O(n m).
    static func distance(_ a: (points: [SIMD2<Double>], radius: Double), _ b: (points: [SIMD2<Double>], radius: Double)) -> Double {
        if overlaps(a.points, b.points) { return 0 }
        var best = Double.greatestFiniteMagnitude
        for p in a.points { best = min(best, pointDistance(p, b.points)) }
        for p in b.points { best = min(best, pointDistance(p, a.points)) }
        return max(0, best - a.radius - b.radius)
    }

    /// Distance from `p` to the outline's edges (or its point).
    private static func pointDistance(_ p: SIMD2<Double>, _ ps: [SIMD2<Double>]) -> Double {
        if ps.count == 1 { return Vec2.length(p - ps[0]) }
        var best = Double.greatestFiniteMagnitude
        let edges = ps.count == 2 ? 1 : ps.count
        for i in 0..<edges {
            let u = ps[i], v = ps[(i + 1) % ps.count], e = v - u
            let ee = Vec2.dot(e, e)
            let s = ee > 0 ? min(max(Vec2.dot(p - u, e) / ee, 0), 1) : 0
            best = min(best, Vec2.length(p - (u + s * e)))
        }
        return best
    }

    private static func inside(_ p: SIMD2<Double>, _ ps: [SIMD2<Double>]) -> Bool {
        guard ps.count >= 3 else { return false }
        for i in ps.indices where Vec2.cross(ps[(i + 1) % ps.count] - ps[i], p - ps[i]) < 0 { return false }
        return true
    }

    private static func overlaps(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Bool {
        if a.contains(where: { inside($0, b) }) || b.contains(where: { inside($0, a) }) { return true }
        guard a.count >= 2, b.count >= 2 else { return false }
        let ea = a.count == 2 ? 1 : a.count, eb = b.count == 2 ? 1 : b.count
        for i in 0..<ea {
            let p = a[i], p2 = a[(i + 1) % a.count]
            for j in 0..<eb {
                let q = b[j], q2 = b[(j + 1) % b.count]
                let d1 = Vec2.cross(p2 - p, q - p), d2 = Vec2.cross(p2 - p, q2 - p)
                let d3 = Vec2.cross(q2 - q, p - q), d4 = Vec2.cross(q2 - q, p2 - q)
                if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
            }
        }
        return false
    }
}
