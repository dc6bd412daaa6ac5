import SpringKitSupport
import SpringKitMath
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport
import SpringKitScripting

/// Renders `TuneState` as the tuner's screen: a pure function from state and terminal size
/// to lines of text (no terminal I/O). Lines are exactly `columns` wide.
package enum TuneScreen {
    package static let keys = "↑↓ select  ←→ change  r replay  c compare  s save  e export  w watch  ? help  q quit"

    package static func render(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        let columns = max(columns, 40), rows = max(rows, 16)
        var lines: [String] = []
        lines.append("simrun tune \(state.script)  —  \(keys)")
        if state.showHelp { return fit(lines + help, columns, rows) }

        let paramRows = state.declarations.count + 1
        let readoutRows = 3
        let graphRows = max(4, rows - 1 - paramRows - readoutRows - 1)
        let previewWidth = max(10, min(columns / 3, 40))
        let plotWidth = max(10, columns - previewWidth - 3)
        let preview = previewLines(state, columns: previewWidth, rows: graphRows)
        let plot = plotLines(state, columns: plotWidth, rows: graphRows)
        for k in 0..<graphRows {
            lines.append(pad(preview[k], previewWidth) + " │ " + plot[k])
        }
        lines.append("parameters:")
        for (k, d) in state.declarations.enumerated() {
            let marker = k == state.selected ? ">" : " "
            let changed = state.saved.map { $0.values[k] != state.values[k] } ?? false
            var range = ""
            if d.minimum != nil || d.maximum != nil {
                range = "[\(d.minimum.map { NumberFormat.human($0) } ?? "…") … \(d.maximum.map { NumberFormat.human($0) } ?? "…")]"
            }
            let value = NumberFormat.human(state.values[k], decimals: 6)
            lines.append("\(marker) \(pad(d.name, 14)) \(pad(value, 10)) \(pad(range, 20)) \(changed ? "*" : " ") \(d.doc)")
        }
        if let readouts = state.readouts, let watched = state.watchedSeries {
            let settle = readouts.settleTime.map { NumberFormat.fixed($0, 3) + " s" } ?? "not settled"
            lines.append("watch: \(watched.name)")
            lines.append("settle \(settle)   overshoot \(NumberFormat.fixed(readouts.overshootPercent, 1)) %   peak \(NumberFormat.fixed(readouts.peak, 2))   oscillations \(NumberFormat.human(readouts.oscillations))")
        } else {
            lines.append("watch: (the script records nothing to watch)")
            lines.append("")
        }
        lines.append(state.run.metrics.map { "\($0.name) \(NumberFormat.human($0.value))\($0.unit.isEmpty ? "" : " " + $0.unit)" }.joined(separator: "  ·  "))
        lines.append(TextLines.singleLine(state.message))
        return fit(lines, columns, rows)
    }

    static let help = [
        "",
        "  ↑ ↓ or k j     select a parameter",
        "  ← → or h l     change it by its step (- + too); the scenario re-runs at once",
        "  r              replay the preview from the start",
        "  c              compare: draw the last saved run as a ghost curve",
        "  s              save the parameters to out/NAME.params (use with --params FILE)",
        "  e              export a UIAttachmentBehavior snippet and other conventions to out/NAME-spring.swift",
        "  w              watch the next series (stretch, a cell's displacement, …)",
        "  ?              this help (any key closes it)",
        "  q, Ctrl-C      quit (the terminal is restored)",
    ]

    /// The report's frame at the playback position: cells with their curved top edges, then its shapes.
    static func previewLines(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        guard let report = state.run.report, !report.frames.isEmpty else {
            return ["(no preview: the script returns no report)"] + Array(repeating: "", count: rows - 1)
        }
        let frame = report.frames[min(state.playbackFrame, report.frames.count - 1)]
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        let scale = min(Double(canvas.width) / report.viewport.x, Double(canvas.height) / report.viewport.y)
        // A cell is drawn as the path of its mask (the rubber cell's curved top edge), like any shape.
        for cell in frame.cells {
            let mask = RubberCellShape.maskPath(width: cell.width, height: cell.height, edgeInset: report.edgeInset, stretch: cell.stretch)
            draw(ReportData.Shape(.path(mask, origin: SIMD2(cell.x, cell.y)), filled: false), on: &canvas, scale: scale, offset: frame.offset)
        }
        for shape in frame.shapes { draw(shape, on: &canvas, scale: scale, offset: shape.fixed ? .zero : frame.offset) }
        return canvas.rows
    }

    /// A report shape's outline in braille (fills, ghosts and labels are drawn as outlines or not at all).
    static func draw(_ shape: ReportData.Shape, on canvas: inout BrailleCanvas, scale: Double, offset: SIMD2<Double>) {
        func p(_ q: SIMD2<Double>) -> SIMD2<Double> { (q - offset) * scale }
        func segment(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            let u = p(a), v = p(b)
            canvas.line(u.x, u.y, v.x, v.y)
        }
        switch shape.geometry {
        case .rect(let r, _):
            let corners = [SIMD2(r.minX, r.minY), SIMD2(r.maxX, r.minY), SIMD2(r.maxX, r.maxY), SIMD2(r.minX, r.maxY)]
            for k in 0..<4 { segment(corners[k], corners[(k + 1) % 4]) }
        case .circle(let center, let radius):
            let n = 16
            for k in 0..<n {
                let a = 2 * Double.pi * Double(k) / Double(n), b = 2 * Double.pi * Double(k + 1) / Double(n)
                segment(center + radius * SIMD2(DMath.cos(a), DMath.sin(a)), center + radius * SIMD2(DMath.cos(b), DMath.sin(b)))
            }
        case .line(let from, let to):
            segment(from, to)
        case .path(let elements, let origin):
            var start = origin, current = origin
            for element in elements {
                switch element {
                case .move(let q): start = origin + q; current = start
                case .line(let q): segment(current, origin + q); current = origin + q
                case .curve(let q, let c1, let c2):
                    canvas.curve(p(current), p(origin + c1), p(origin + c2), p(origin + q)); current = origin + q
                case .close: segment(current, start); current = start
                }
            }
        case .label:
            break
        }
    }

    /// The watched series over time, the saved run as a ghost, a cursor at the playback time.
    static func plotLines(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        guard let watched = state.watchedSeries, !watched.values.isEmpty else { return Array(repeating: "", count: rows) }
        let ghost = state.comparing ? state.saved.flatMap { saved in saved.series.first { $0.name == watched.name }?.values } : nil
        // The range of the finite values: NaN and infinities are left out of the curve.
        let finite = (watched.values + (ghost ?? [])).filter(\.isFinite)
        var low = finite.min() ?? -1, high = finite.max() ?? 1
        if !(high - low >= 1e-9) { low -= max(1, abs(low) * 1e-9); high += max(1, abs(high) * 1e-9) }
        // Halved when the span itself overflows (values near ±1.8e308).
        let halve = !(high - low).isFinite
        let plotRows = rows - 1
        var main = BrailleCanvas(columns: columns, rows: plotRows), shadow = BrailleCanvas(columns: columns, rows: plotRows)
        let count = max(watched.values.count, ghost?.count ?? 0)
        func x(_ k: Int) -> Double { Double(k) * Double(main.width - 1) / Double(max(count - 1, 1)) }
        func y(_ v: Double) -> Double {
            let fraction = halve ? (v / 2 - low / 2) / (high / 2 - low / 2) : (v - low) / (high - low)
            return Double(main.height - 1) * (1 - fraction)
        }
        func pixel(_ v: Double) -> Int? { v.isFinite && abs(v) < 1e9 ? Int(v.rounded()) : nil }
        for k in 1..<max(watched.values.count, 1) { main.line(x(k - 1), y(watched.values[k - 1]), x(k), y(watched.values[k])) }
        if let ghost {
            for k in stride(from: 1, to: ghost.count, by: 2) {
                if let px = pixel(x(k)), let py = pixel(y(ghost[k])) { shadow.set(px, py) }
            }
        }
        let cursor = pixel(x(min(max(state.playbackFrame, 0), count - 1))) ?? 0
        for py in stride(from: 0, to: main.height, by: 3) { main.set(cursor, py) }
        let mainRows = main.rows, shadowRows = shadow.rows
        var lines: [String] = []
        for r in 0..<plotRows {
            // Where only the ghost has dots, show them.
            let combined = zip(mainRows[r].unicodeScalars, shadowRows[r].unicodeScalars).map { m, g -> Unicode.Scalar in
                m.value == 0x2800 ? g : m
            }
            lines.append(String(String.UnicodeScalarView(combined)))
        }
        let legend = "\(NumberFormat.human(low, decimals: 2)) … \(NumberFormat.human(high, decimals: 2))" + (ghost != nil ? "   dotted: saved run" : "")
        return lines + [legend]
    }

    static func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - count)
    }

    static func fit(_ lines: [String], _ columns: Int, _ rows: Int) -> [String] {
        var result = lines.prefix(rows).map { pad($0, columns) }
        while result.count < rows { result.append(String(repeating: " ", count: columns)) }
        return result
    }
}
