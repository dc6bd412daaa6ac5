import SpringKitSupport
import SpringKitScenarios

/// An SVG of a dot canvas: one square per dot.
public enum SVGImage {
    /// A scenario's finished image (`ScenarioImage`) as an SVG of its dots.
    /// - Complexity: O(dots).
    public static func render(_ image: ScenarioImage) -> String {
        render(colors: image.colors, columns: image.columns, dotSize: image.dotSize, title: image.title)
    }

    /// - Complexity: O(dots), streamed into one buffer.
    public static func render(colors: [UInt32], columns: Int, dotSize: Double, title: String) -> String {
        let rows = (colors.count + columns - 1) / columns
        let w = Double(columns) * dotSize, h = Double(rows) * dotSize
        var svg = ByteBuffer(capacity: 256 + colors.count * 80)
        svg.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(NumberFormat.shortest(w))\" height=\"\(NumberFormat.shortest(h))\" viewBox=\"0 0 \(NumberFormat.shortest(w)) \(NumberFormat.shortest(h))\" shape-rendering=\"crispEdges\">\n")
        svg.write("<title>\(XMLText.escape(title))</title>\n")
        let size = "\" width=\"\(NumberFormat.shortest(dotSize))\" height=\"\(NumberFormat.shortest(dotSize))\" fill=\"#"
        for (p, color) in colors.enumerated() {
            svg.append("<rect x=\"")
            svg.append(shortest: Double(p % columns) * dotSize)
            svg.append("\" y=\"")
            svg.append(shortest: Double(p / columns) * dotSize)
            svg.write(size)
            appendHex(color, digits: 6, to: &svg)
            svg.append("\"/>\n")
        }
        svg.append("</svg>\n")
        return String(decoding: svg.bytes, as: UTF8.self)
    }

    /// `String(value, radix: 16).leftPadded(to: digits)`: lowercase hex, zero-padded.
    private static func appendHex(_ value: UInt32, digits: Int, to out: inout ByteBuffer) {
        var count = 1
        while count < 8 && value >> (4 * UInt32(count)) != 0 { count += 1 }
        for _ in count..<max(count, digits) { out.append(UInt8(ascii: "0")) }
        for k in (0..<count).reversed() {
            let nibble = UInt8((value >> (4 * UInt32(k))) & 0xF)
            out.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
