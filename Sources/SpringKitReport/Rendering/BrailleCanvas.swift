/// A monochrome canvas drawn with Unicode braille: each character holds 2 × 4 dots, so a
/// terminal of w × h characters shows 2w × 4h pixels.
package struct BrailleCanvas: Sendable {
    package let width: Int
    package let height: Int
    private var bits: [UInt8]

    /// A canvas of `columns` × `rows` characters.
    package init(columns: Int, rows: Int) {
        width = max(columns, 1) * 2
        height = max(rows, 1) * 4
        bits = [UInt8](repeating: 0, count: max(columns, 1) * max(rows, 1))
    }

    private static let dotBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    package mutating func set(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        bits[(y / 4) * (width / 2) + x / 2] |= Self.dotBits[y % 4][x % 2]
    }

    package func isSet(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        return bits[(y / 4) * (width / 2) + x / 2] & Self.dotBits[y % 4][x % 2] != 0
    }

    /// A line between two points (pixel coordinates). The part outside the canvas is cut
    /// off first, so any finite coordinates are safe; a line with a NaN or infinite end is skipped.
    /// - Complexity: O(width + height).
    package mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard let (x0, y0, x1, y1) = clipped(x0, y0, x1, y1) else { return }
        let steps = max(1, Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)))
        for k in 0...steps {
            let t = Double(k) / Double(steps)
            set(Int((x0 + (x1 - x0) * t).rounded()), Int((y0 + (y1 - y0) * t).rounded()))
        }
    }

    /// The segment's part inside the canvas grown by a pixel (Liang–Barsky), or nil.
    private func clipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (Double, Double, Double, Double)? {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let dx = x1 - x0, dy = y1 - y0
        guard dx.isFinite, dy.isFinite else { return nil }
        var enter = 0.0, leave = 1.0
        let edges = [(-dx, x0 + 1), (dx, Double(width) - x0), (-dy, y0 + 1), (dy, Double(height) - y0)]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { enter = max(enter, r) } else { leave = min(leave, r) }
            if enter > leave { return nil }
        }
        return (x0 + enter * dx, y0 + enter * dy, x0 + leave * dx, y0 + leave * dy)
    }

    /// A cubic bezier, sampled.
    package mutating func curve(_ p0: SIMD2<Double>, _ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p1: SIMD2<Double>) {
        var previous = p0
        for k in 1...24 {
            let t = Double(k) / 24, u = 1 - t
            let p = u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p1
            line(previous.x, previous.y, p.x, p.y)
            previous = p
        }
    }

    /// The canvas as text rows.
    package var rows: [String] {
        let columns = width / 2
        return (0..<(height / 4)).map { row in
            String(String.UnicodeScalarView((0..<columns).map { Unicode.Scalar(0x2800 + UInt32(bits[row * columns + $0]))! }))
        }
    }
}
