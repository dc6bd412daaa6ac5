import SpringKitSupport
import SpringKitMath
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport
import SpringKitScripting

/// Renders `TuneState` as the tuner's screen: a pure function from state and terminal size
/// to lines of text (no terminal I/O). It returns exactly `rows` lines, each exactly `columns`
/// wide, at any size: text that does not fit is wrapped or shortened with `…` on word
/// boundaries (`TerminalText`), never cut inside a word, and the header always shows `? help`
/// and `q quit`. The preview and plot take the height the text leaves.
package enum TuneScreen {
    /// The key hints in the header, most important first: as many as fit are shown, and
    /// always the first two (`?` lists every key).
    package static let keyHints = ["? help", "q quit", "←→ change", "↑↓ select", "s save", "e export", "w watch", "c compare", "r replay"]
    static let alwaysShownHints = 2
    /// The height the preview and plot get before the text around them gives up lines.
    static let comfortablePreviewRows = 6

    package static func render(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        let columns = max(columns, 1), rows = max(rows, 1)
        if state.showHelp {
            return fit(headerLines(state, columns: columns, maximum: 1) + helpLines(state, columns: columns, rows: rows - 1), columns, rows)
        }
        // Each step gives up a line of text for the preview, least useful first: the second
        // line of the metrics, of the message, of the header and of the readouts, the
        // `parameters:` label, then parameters far from the selected one.
        let parameters = parameterLines(state, columns: columns), readouts = readoutLines(state, columns: columns)
        let metrics = metricLines(state, columns: columns), message = TerminalText.wrapped(visible(state.message), to: columns)
        var budget = LineBudget(parameters: parameters.count)
        var sections: (top: [String], bottom: [String]) = ([], [])
        repeat {
            let shown = window(parameters.count, around: state.selected, count: budget.parameters)
            sections.top = headerLines(state, columns: columns, maximum: budget.header)
            sections.bottom = (budget.label ? ["parameters:"] : [])
                + shown.map { parameters[$0] }
                + TerminalText.limited(readouts, to: budget.readouts, width: columns)
                + TerminalText.limited(metrics, to: budget.metrics, width: columns)
                + TerminalText.limited(message, to: budget.message, width: columns)
        } while rows - sections.top.count - sections.bottom.count < comfortablePreviewRows && budget.giveUpALine()
        let graphRows = rows - sections.top.count - sections.bottom.count
        return fit(sections.top + (graphRows >= 2 ? graphLines(state, columns: columns, rows: graphRows) : []) + sections.bottom, columns, rows)
    }

    /// The most lines each part of the screen may take.
    struct LineBudget {
        var header = 2, readouts = 3, metrics = 2, message = 2
        var label = true
        var parameters: Int

        /// Takes one line from the least useful part that still has one to give; false when
        /// every part is down to its last line (one parameter, the one selected).
        mutating func giveUpALine() -> Bool {
            if metrics > 1 { metrics = 1 } else if message > 1 { message = 1 } else if header > 1 { header = 1 }
            else if readouts > 1 { readouts = 1 } else if label { label = false } else if parameters > 1 { parameters -= 1 }
            else { return false }
            return true
        }
    }

    /// `simrun tune SCRIPT │ ? help  q quit  …`: the title (shortened to leave room for the
    /// first hints), then the key hints in order of importance on up to `maximum` lines;
    /// hints that do not fit are left out.
    static func headerLines(_ state: TuneState, columns: Int, maximum: Int) -> [String] {
        let separator = "  ", divider = " │ "
        let always = keyHints.prefix(alwaysShownHints).joined(separator: separator)
        let script = visible(state.script)
        let fileName = script.split(separator: "/").last.map(String.init) ?? script
        let room = columns - always.count - divider.count
        let title = ["simrun tune \(script)", "tune \(script)", "tune \(fileName)", fileName].first { $0.count <= room }
            ?? (room > 1 ? TerminalText.ellipsis + String(fileName.suffix(room - 1)) : "")
        var lines = [(title.isEmpty ? "" : title + divider) + always]
        var rest = keyHints.dropFirst(alwaysShownHints)[...]
        while let hint = rest.first, lines.count <= maximum {
            let line = lines[lines.count - 1]
            if line.isEmpty || line.count + separator.count + hint.count <= columns {
                lines[lines.count - 1] = line.isEmpty ? hint : line + separator + hint
                rest = rest.dropFirst()
            } else {
                lines.append("")
            }
        }
        return Array(lines.prefix(maximum)).filter { !$0.isEmpty }.map { TerminalText.shortened($0, to: columns) }
    }

    /// One line per parameter: the marker of the selected one, name, value with its unit,
    /// `*` when it differs from the saved value, range, and the doc (shortened to fit).
    static func parameterLines(_ state: TuneState, columns: Int) -> [String] {
        let declarations = state.declarations
        func withUnit(_ value: Double, _ d: ParameterDeclaration) -> String {
            NumberFormat.human(value, decimals: 6) + (d.unit.isEmpty ? "" : " " + visible(d.unit))
        }
        func range(_ d: ParameterDeclaration) -> String {
            guard d.minimum != nil || d.maximum != nil else { return "" }
            return "[\(d.minimum.map { NumberFormat.human($0) } ?? "…") … \(d.maximum.map { NumberFormat.human($0) } ?? "…")]"
        }
        let nameWidth = declarations.map { visible($0.name).count }.max() ?? 0
        let valueWidth = max(8, zip(declarations, state.values).map { d, value in
            ([value] + [d.minimum, d.maximum].compactMap { $0 }).map { withUnit($0, d).count }.max()!
        }.max() ?? 0)
        let rangeWidth = declarations.map { range($0).count }.max() ?? 0
        return declarations.indices.map { k in
            let d = declarations[k]
            let changed = state.saved.map { $0.values[k] != state.values[k] } ?? false
            let head = (k == state.selected ? "> " : "  ") + pad(visible(d.name), nameWidth) + "  " + pad(withUnit(state.values[k], d), valueWidth)
                + (changed ? " * " : "   ") + pad(range(d), rangeWidth)
            let room = columns - head.count - 2
            guard !d.doc.isEmpty, room >= 8 else { return TerminalText.shortened(head, to: columns) }
            return head + "  " + TerminalText.shortened(visible(d.doc), to: room)
        }
    }

    /// The indices of at most `count` of `total` rows, a window that keeps `selected` in view.
    static func window(_ total: Int, around selected: Int, count: Int) -> Range<Int> {
        let count = min(max(count, 0), total)
        let first = min(max(selected - count / 2, 0), total - count)
        return first..<(first + count)
    }

    /// The watched value's name and readouts, packed into as few lines as fit.
    static func readoutLines(_ state: TuneState, columns: Int) -> [String] {
        guard let readouts = state.readouts, let watched = state.watchedSeries else {
            return TerminalText.wrapped("watch: (the script records nothing to watch)", to: columns)
        }
        let settle = readouts.settleTime.map { NumberFormat.fixed($0, 3) + " s" } ?? "not settled"
        return TerminalText.packed(["watch: \(visible(watched.name))", "settle \(settle)", "overshoot \(NumberFormat.fixed(readouts.overshootPercent, 1)) %",
                                    "peak \(NumberFormat.fixed(readouts.peak, 2))", "oscillations \(NumberFormat.human(readouts.oscillations))"],
                                   separator: "   ", width: columns)
    }

    /// The script's metrics (`springkit.metric`), packed into as few lines as fit.
    static func metricLines(_ state: TuneState, columns: Int) -> [String] {
        TerminalText.packed(state.run.metrics.map { visible("\($0.name) \(NumberFormat.human($0.value))\($0.unit.isEmpty ? "" : " " + $0.unit)") },
                            separator: "  ·  ", width: columns)
    }

    /// The preview (when the script returns a report) beside the plot, `rows` high. The
    /// preview is as wide as the scenario's viewport at that height (up to half the screen);
    /// the plot takes the rest.
    static func graphLines(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        guard let report = state.run.report, !report.frames.isEmpty, columns >= 24 else {
            return plotLines(state, columns: columns, rows: rows).map { pad($0, columns) }
        }
        let aspect = report.viewport.x / report.viewport.y
        // A braille character is 2 × 4 dots in a cell about twice as high as wide: dots are square.
        let fitting = aspect.isFinite && aspect > 0 ? min(Double(columns), (2 * Double(rows) * aspect).rounded(.up)) : Double(columns / 3)
        let previewWidth = min(max(Int(fitting), 6), columns / 2)
        let plotWidth = columns - previewWidth - 3
        let preview = previewLines(state, columns: previewWidth, rows: rows)
        let plot = plotLines(state, columns: plotWidth, rows: rows)
        return (0..<rows).map { pad(preview[$0], previewWidth) + " │ " + pad(plot[$0], plotWidth) }
    }

    /// The keys, each with what it does, wrapped under their column; then every parameter
    /// with its value, range, step, unit and whole doc. At most `rows` lines: a taller
    /// terminal shows what is left out.
    static func helpLines(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        let keys = [
            ("↑ ↓ or k j", "select a parameter"),
            ("← → or h l", "change it by its step (- + too); the scenario re-runs at once"),
            ("r", "replay the preview from the start"),
            ("c", "compare: draw the last saved run as a ghost curve"),
            ("s", "save the parameters to \(state.savePath) (read them back with --params \(state.savePath))"),
            ("e", "export a UIAttachmentBehavior snippet and other conventions to \(state.exportPath)"),
            ("w", "watch the next series (stretch, a cell's displacement, …)"),
            ("?", "this help (any key closes it)"),
            ("q, Ctrl-C", "quit (the terminal is restored)"),
        ]
        func entry(_ key: String, _ text: String, keyWidth: Int) -> [String] {
            let indent = String(repeating: " ", count: keyWidth + 3)
            guard columns - indent.count >= 20 else { return TerminalText.wrapped("  \(key): \(text)", to: columns, indent: "    ") }
            return TerminalText.wrapped(text, to: columns - indent.count, indent: "").enumerated().map { k, line in
                (k == 0 ? "  " + pad(key, keyWidth) + " " : indent) + line
            }
        }
        var lines = [""] + keys.flatMap { entry($0.0, $0.1, keyWidth: 14) }
        lines += ["", "parameters:"]
        for (d, value) in zip(state.declarations, state.values) {
            var facts = [NumberFormat.human(value, decimals: 6) + (d.unit.isEmpty ? "" : " " + visible(d.unit))]
            if d.minimum != nil || d.maximum != nil {
                facts.append("range \(d.minimum.map { NumberFormat.human($0) } ?? "…") … \(d.maximum.map { NumberFormat.human($0) } ?? "…")")
            }
            if let step = d.step { facts.append("step \(NumberFormat.human(step, decimals: 6))") }
            let doc = d.doc.isEmpty ? "" : " — " + visible(d.doc)
            lines += TerminalText.wrapped("\(visible(d.name)) = " + facts.joined(separator: ", ") + doc, to: columns - 2, indent: "    ").map { "  " + $0 }
        }
        return TerminalText.limited(lines, to: max(rows, 0), width: columns)
    }

    /// The report's frame at the playback position: cells with their curved top edges, then its shapes.
    static func previewLines(_ state: TuneState, columns: Int, rows: Int) -> [String] {
        guard let report = state.run.report, !report.frames.isEmpty else { return Array(repeating: "", count: rows) }
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
        return lines + [TerminalText.shortened(legend, to: columns)]
    }

    /// `text` from the script (a name, doc, unit, message) as it may be shown: on one line,
    /// control characters as visible escapes (an escape sequence in a doc never reaches the terminal).
    static func visible(_ text: String) -> String { VisibleText.escaped(TextLines.singleLine(text)) }

    /// `text` padded, or shortened on a word boundary, to `width` characters.
    static func pad(_ text: String, _ width: Int) -> String { TerminalText.padded(text, to: width) }

    static func fit(_ lines: [String], _ columns: Int, _ rows: Int) -> [String] {
        var result = lines.prefix(rows).map { pad($0, columns) }
        while result.count < rows { result.append(String(repeating: " ", count: columns)) }
        return result
    }
}
