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
    package static let javaScript = #"""
    const SpringKitShapes = (() => {
      const el = document.getElementById("shapes");
      const data = el ? JSON.parse(el.textContent) : {shapes: [], markers: []};
      const hex = c => "#" + c.toString(16).padStart(6, "0");
      let drawn = 0;
      function draw(g, k, ox, oy, scale) { drawList(g, data.shapes[k] || [], ox, oy, scale); }
      // Draws one frame's shapes (the studio passes each run's own lists).
      function drawList(g, list, ox, oy, scale) {
        drawn = list.length;
        for (const s of list) {
          const [kind, color, alpha, filled, lineWidth, ghost, fixed] = s;
          g.save();
          g.setTransform(scale, 0, 0, scale, 0, 0);
          if (!fixed) g.translate(-ox, -oy);
          g.globalAlpha = ghost ? alpha * 0.35 : alpha;
          g.fillStyle = hex(color); g.strokeStyle = hex(color); g.lineWidth = lineWidth;
          if (ghost) g.setLineDash([4, 3]);
          g.beginPath();
          if (kind === "r") {
            const [x, y, w, h, r, turn] = s.slice(7);
            if (turn) { g.translate(x + w / 2, y + h / 2); g.rotate(turn); g.translate(-x - w / 2, -y - h / 2); }
            if (r > 0 && g.roundRect) g.roundRect(x, y, w, h, r); else g.rect(x, y, w, h);
          } else if (kind === "c") {
            const [x, y, r] = s.slice(7); g.arc(x, y, r, 0, 2 * Math.PI);
          } else if (kind === "l") {
            const [x0, y0, x1, y1] = s.slice(7); g.moveTo(x0, y0); g.lineTo(x1, y1);
          } else if (kind === "p") {
            const [x, y, ops] = s.slice(7);
            for (const [op, ...v] of ops) {
              if (op === "m") g.moveTo(x + v[0], y + v[1]);
              else if (op === "l") g.lineTo(x + v[0], y + v[1]);
              else if (op === "c") g.bezierCurveTo(x + v[0], y + v[1], x + v[2], y + v[3], x + v[4], y + v[5]);
              else g.closePath();
            }
          } else if (kind === "t") {
            const [x, y, size, text, centered] = s.slice(7);
            g.font = size + "px sans-serif";
            if (centered) { g.textAlign = "center"; g.textBaseline = "middle"; }
            g.fillText(text, x, y); g.restore(); continue;
          }
          if (filled && kind !== "l" && !ghost) g.fill(); else g.stroke();
          g.restore();
        }
      }
      // ?shapes[&at=X,Y]: what frame k drew (shape count, markers, the pixel at viewport point X,Y), for tests.
      function probe(canvas, k, scale, query) {
        if (query.get("shapes") === null) return;
        const out = document.createElement("pre"), at = (query.get("at") || "0,0").split(",").map(Number);
        const p = canvas.getContext("2d").getImageData(Math.round(at[0] * scale), Math.round(at[1] * scale), 1, 1).data;
        out.id = "shapes-drawn";
        out.textContent = JSON.stringify({frame: k, drawn, markers: data.markers.length, pixel: [p[0], p[1], p[2]]});
        document.body.appendChild(out);
      }
      return {draw, drawList, probe, markers: data.markers};
    })();
    """#
}
