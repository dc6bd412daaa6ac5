import SpringKitSupport
import SpringKitScenarios
import SpringKitMotion

/// An SVG of a dot canvas: one square per dot.
public enum SVGImage {
    /// - Complexity: O(dots).
    public static func render(colors: [UInt32], columns: Int, dotSize: Double, title: String) -> String {
        let rows = (colors.count + columns - 1) / columns
        let w = Double(columns) * dotSize, h = Double(rows) * dotSize
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(NumberFormat.shortest(w))\" height=\"\(NumberFormat.shortest(h))\" viewBox=\"0 0 \(NumberFormat.shortest(w)) \(NumberFormat.shortest(h))\" shape-rendering=\"crispEdges\">\n"
        svg += "<title>\(XMLText.escape(title))</title>\n"
        for (p, color) in colors.enumerated() {
            let x = Double(p % columns) * dotSize, y = Double(p / columns) * dotSize
            svg += "<rect x=\"\(NumberFormat.shortest(x))\" y=\"\(NumberFormat.shortest(y))\" width=\"\(NumberFormat.shortest(dotSize))\" height=\"\(NumberFormat.shortest(dotSize))\" fill=\"#\(String(color, radix: 16).leftPadded(to: 6))\"/>\n"
        }
        return svg + "</svg>\n"
    }
}

extension DotArt {
    /// Finished image `index` (see `recordImage`) as an SVG of its dots.
    /// - Complexity: O(dots).
    public func svg(_ index: Int) -> String {
        SVGImage.render(colors: images[index].colors, columns: configuration.columns, dotSize: configuration.dotSize, title: images[index].title)
    }
}
