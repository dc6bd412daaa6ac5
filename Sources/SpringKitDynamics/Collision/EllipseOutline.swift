/// The polygon the host builds for an `.ellipse` item that is not square (charon
/// `UIFieldBehavior.md` M6, which reproduces all 182 measured vertex lists): the ellipse as four
/// cubic Béziers (κ = 0.55228474983) from (w/2, 0), each flattened in `Float` into
/// max(⌊L / 10⌋, 1) segments, where L is the length of a 10-sample estimate whose samples start
/// from the previous sample (the host's quirk); then in metres, points within
/// 1.42108547e-14 m² of the last kept are dropped, trailing points equal to the first too; the
/// result is wound counter-clockwise. The host's fork has no 8-vertex limit (up to 244 measured).
enum EllipseOutline {
    static func vertices(width w: Double, height h: Double) -> [SIMD2<Double>] {
        let rx = Float(w / 2), ry = Float(h / 2), k: Float = 0.55228474983
        let start = SIMD2<Float>(rx, 0)
        let curves: [(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)] = [
            (SIMD2(rx, k * ry), SIMD2(k * rx, ry), SIMD2(0, ry)),
            (SIMD2(-k * rx, ry), SIMD2(-rx, k * ry), SIMD2(-rx, 0)),
            (SIMD2(-rx, -k * ry), SIMD2(-k * rx, -ry), SIMD2(0, -ry)),
            (SIMD2(k * rx, -ry), SIMD2(rx, -k * ry), SIMD2(rx, 0)),
        ]
        func bezier(_ p0: SIMD2<Float>, _ p1: SIMD2<Float>, _ p2: SIMD2<Float>, _ p3: SIMD2<Float>, _ t0: Float) -> SIMD2<Float> {
            let t = min(max(t0, 0), 1), u = 1 - t
            let a = p0 * u * (u * u), b = p1 * t * (u * (u * 3)), c = p2 * t * (t * (u * 3)), d = p3 * t * (t * t)
            return ((a + b) + c) + d
        }
        var pushed: [SIMD2<Float>] = [start]
        for (p1, p2, p3) in curves {
            let p0 = pushed[pushed.count - 1]
            var length: Float = 0, previous = p0
            for i in 0...10 {
                let q = bezier(previous, p1, p2, p3, Float(i) / 10)
                let d = q - previous
                length += (d.x * d.x + d.y * d.y).squareRoot()
                previous = q
            }
            let count = max(Int(length / 10), 1)
            for i in 0...count { pushed.append(bezier(p0, p1, p2, p3, Float(Double(i) / Double(count)))) }
        }
        // To metres, dropping points too close to the last kept one.
        var metres: [SIMD2<Float>] = []
        for p in pushed {
            let m = p * 0.01
            if let last = metres.last {
                let d = m - last
                if d.x * d.x + d.y * d.y <= 1.42108547e-14 { continue }
            }
            metres.append(m)
        }
        while metres.count > 3, let last = metres.last, last == metres[0] { metres.removeLast() }
        var points = metres.map { SIMD2(Double($0.x) * 100, Double($0.y) * 100) }
        if points.count >= 3 && Vec2.cross(points[1] - points[0], points[2] - points[1]) < 0 { points.reverse() }
        return points
    }
}
