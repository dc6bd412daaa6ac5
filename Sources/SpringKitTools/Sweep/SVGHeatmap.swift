import SpringKitSupport
import SpringKitMotion
import SpringKitReport

/// An SVG heatmap of a metric over a one- or two-parameter grid (lower values darker).
package enum SVGHeatmap {
    package static func render(xName: String, xValues: [Double], yName: String?, yValues: [Double],
                              metricName: String, value: (Int, Int) -> Double?) -> String {
        let cell = 36.0, left = 90.0, top = 40.0
        let columns = xValues.count, rows = max(yValues.count, 1)
        var finite: [Double] = []
        for r in 0..<rows { for c in 0..<columns { if let v = value(c, r), v.isFinite { finite.append(v) } } }
        let low = finite.min() ?? 0, high = finite.max() ?? 1
        let width = left + Double(columns) * cell + 20, height = top + Double(rows) * cell + 60
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(NumberFormat.shortest(width))\" height=\"\(NumberFormat.shortest(height))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        svg += "<text x=\"\(NumberFormat.shortest(left))\" y=\"16\" font-size=\"13\">\(JUnitReport.escape(metricName)) (\(NumberFormat.human(low)) … \(NumberFormat.human(high)); grey: no value)</text>\n"
        for r in 0..<rows {
            for c in 0..<columns {
                let x = left + Double(c) * cell, y = top + Double(r) * cell
                var fill = "#cccccc", ink = "#fff", label = ""
                if let v = value(c, r), v.isFinite {
                    let t = high > low ? (v - low) / (high - low) : 0
                    fill = color(t)
                    ink = labelColor(t)
                    label = NumberFormat.human(v, decimals: 2)
                }
                svg += "<rect x=\"\(NumberFormat.shortest(x))\" y=\"\(NumberFormat.shortest(y))\" width=\"\(NumberFormat.shortest(cell))\" height=\"\(NumberFormat.shortest(cell))\" fill=\"\(fill)\"/>\n"
                svg += "<text x=\"\(NumberFormat.shortest(x + 3))\" y=\"\(NumberFormat.shortest(y + cell / 2 + 3))\" fill=\"\(ink)\" font-size=\"8\">\(label)</text>\n"
            }
            if let yName, r < yValues.count {
                svg += "<text x=\"4\" y=\"\(NumberFormat.shortest(top + Double(r) * cell + cell / 2 + 3))\">\(JUnitReport.escape(yName))=\(NumberFormat.human(yValues[r]))</text>\n"
            }
        }
        for c in 0..<columns {
            svg += "<text x=\"\(NumberFormat.shortest(left + Double(c) * cell + 2))\" y=\"\(NumberFormat.shortest(top + Double(rows) * cell + 14))\">\(NumberFormat.human(xValues[c]))</text>\n"
        }
        svg += "<text x=\"\(NumberFormat.shortest(left))\" y=\"\(NumberFormat.shortest(top + Double(rows) * cell + 32))\">\(JUnitReport.escape(xName))</text>\n"
        return svg + "</svg>\n"
    }

    /// Dark blue (0) to yellow (1).
    static func color(_ t: Double) -> String {
        let (r, g, b) = rgb(t)
        func hex(_ v: Int) -> String { String(v, radix: 16).leftPadded(to: 2) }
        return "#" + hex(r) + hex(g) + hex(b)
    }

    /// A label readable on `color(t)`: dark on the light end of the scale, white elsewhere
    /// (by the fill's relative luminance, sRGB weights on the gamma-encoded channels).
    static func labelColor(_ t: Double) -> String {
        let (r, g, b) = rgb(t)
        return 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) > 140 ? "#222" : "#fff"
    }

    private static func rgb(_ t: Double) -> (Int, Int, Int) {
        let stops: [(Double, Double, Double)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
        let x = (t.isFinite ? min(max(t, 0), 1) : 0) * Double(stops.count - 1)
        let i = min(Int(x), stops.count - 2), f = x - Double(i)
        let a = stops[i], b = stops[i + 1]
        func mix(_ p: Double, _ q: Double) -> Int { Int((p + (q - p) * f).rounded()) }
        return (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }
}
