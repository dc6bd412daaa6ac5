import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios

/// Generic drawing for reports of any scenario: shapes per frame (rects, rounded rects,
/// paths, circles, labels; filled or outlined, ghosts, in content or viewport coordinates)
/// and markers for the gesture steps. `springkit.report{...}` builds them from Lua.
extension ReportData {
    /// One thing drawn in a frame.
    public struct Shape: Sendable, Equatable {
        public enum Geometry: Sendable, Equatable {
            /// A rectangle; `cornerRadius` > 0 rounds it.
            case rect(Rect, cornerRadius: Double)
            case circle(center: SIMD2<Double>, radius: Double)
            /// A path in its own coordinates, drawn with its origin at `origin`.
            case path([PathElement], origin: SIMD2<Double>)
            /// Text `size` points high with its baseline's left end at `at`, or centred on `at` when `centered`.
            case label(String, at: SIMD2<Double>, size: Double, centered: Bool)
            case line(from: SIMD2<Double>, to: SIMD2<Double>)
        }

        public var geometry: Geometry
        /// `0xRRGGBB`.
        public var color: UInt32
        /// 0 (invisible) … 1 (opaque).
        public var alpha: Double
        /// False: outlined with `lineWidth` instead of filled.
        public var filled: Bool
        public var lineWidth: Double
        /// A ghost: where something would be (drawn dashed and faint).
        public var ghost: Bool
        /// True: in viewport coordinates (does not scroll), such as a touch.
        public var fixed: Bool
        /// A rectangle's turn about its center, radians (clockwise on screen, as an item's angle).
        public var rotation: Double = 0

        public init(_ geometry: Geometry, color: UInt32 = 0x888888, alpha: Double = 1, filled: Bool = true,
                    lineWidth: Double = 1, ghost: Bool = false, fixed: Bool = false, rotation: Double = 0) {
            self.rotation = rotation
            self.geometry = geometry
            self.color = color
            self.alpha = alpha
            self.filled = filled
            self.lineWidth = lineWidth
            self.ghost = ghost
            self.fixed = fixed
        }
    }

    /// A named moment of the run (a gesture step), at a frame.
    public struct Marker: Sendable, Equatable {
        public var frame: Int
        public var label: String
        public init(frame: Int, label: String) {
            self.frame = frame
            self.label = label
        }
    }
}

/// The JSON of a report's shapes and markers, and the player code that draws them. Kept
/// apart from the cells' encoding: `{"shapes":[[shape…] per frame],"markers":[[frame,label]…]}`,
/// each shape `[kind, color, alpha, filled, lineWidth, ghost, fixed, geometry…]` with kind
/// `r` (x, y, w, h, radius [, rotation: only when not 0]), `c` (x, y, r), `p` (x, y, [op, numbers…]…), `t` (x, y, size, text, centred), `l` (x0, y0, x1, y1).
package enum ReportShapesEncoding {
    /// True when the report has anything for this encoding to carry.
    package static func isNeeded(_ report: ReportData) -> Bool {
        !report.markers.isEmpty || report.frames.contains { !$0.shapes.isEmpty }
    }

    /// - Complexity: O(total shapes).
    package static func json(_ report: ReportData) -> String {
        guard isNeeded(report) else { return "{\"shapes\":[],\"markers\":[]}" }
        var out = "{\"shapes\":["
        for (k, frame) in report.frames.enumerated() {
            if k > 0 { out += "," }
            out += "[" + frame.shapes.map(encode).joined(separator: ",") + "]"
        }
        out += "],\"markers\":["
        out += report.markers.map { "[\($0.frame),\(JSONText.quoted($0.label))]" }.joined(separator: ",")
        return out + "]}"
    }

    /// One frame's shapes as the JSON list `drawList` takes (the studio's live frames).
    package static func json(shapes: [ReportData.Shape]) -> String { "[" + shapes.map(encode).joined(separator: ",") + "]" }

    private static func n(_ value: Double) -> String { value.isFinite ? NumberFormat.shortest(value) : "0" }

    private static func encode(_ shape: ReportData.Shape) -> String {
        let head = "\(shape.color),\(n(shape.alpha)),\(shape.filled ? 1 : 0),\(n(shape.lineWidth)),\(shape.ghost ? 1 : 0),\(shape.fixed ? 1 : 0)"
        switch shape.geometry {
        case .rect(let r, let radius):
            let turn = shape.rotation == 0 ? "" : ",\(n(shape.rotation))"
            return "[\"r\",\(head),\(n(r.x)),\(n(r.y)),\(n(r.width)),\(n(r.height)),\(n(radius))\(turn)]"
        case .circle(let c, let radius):
            return "[\"c\",\(head),\(n(c.x)),\(n(c.y)),\(n(radius))]"
        case .label(let text, let at, let size, let centered):
            return "[\"t\",\(head),\(n(at.x)),\(n(at.y)),\(n(size)),\(JSONText.quoted(text)),\(centered ? 1 : 0)]"
        case .line(let from, let to):
            return "[\"l\",\(head),\(n(from.x)),\(n(from.y)),\(n(to.x)),\(n(to.y))]"
        case .path(let elements, let origin):
            let parts = elements.map { element -> String in
                switch element {
                case .move(let p): return "[\"m\",\(n(p.x)),\(n(p.y))]"
                case .line(let p): return "[\"l\",\(n(p.x)),\(n(p.y))]"
                case .curve(let p, let c1, let c2): return "[\"c\",\(n(c1.x)),\(n(c1.y)),\(n(c2.x)),\(n(c2.y)),\(n(p.x)),\(n(p.y))]"
                case .close: return "[\"z\"]"
                }
            }
            return "[\"p\",\(head),\(n(origin.x)),\(n(origin.y)),[\(parts.joined(separator: ","))]]"
        }
    }

    /// Player code: `SpringKitShapes.draw(g, k, ox, oy, scale)` draws frame k's shapes
    /// (content ones scrolled by the offset), `SpringKitShapes.drawList(g, list, ox, oy, scale)`
    /// draws a given list, `SpringKitShapes.markers` lists the markers.
    package static var javaScript: String { PageAssets.shapesPlayerJS }   // Resources/shapes-player.js
}
