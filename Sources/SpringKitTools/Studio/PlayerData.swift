import SpringKitTrace
import SpringKitReport
import SpringKitScripting
import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios

/// One run as the player front-end (`PlayerPage`) reads it, as JSON: the parameters and presets, the
/// report's frames (cells, shapes, scroll offset, finger), gesture marks and plots, each traced item's
/// columns with their readouts (computed here, by `TraceMetrics.Readouts`), the script's
/// metrics and the export snippets. A script that returns only a trace is shown as dots at
/// its `x`, `y` columns. docs/studio.md describes the fields.
///
/// Positions are written to 0.01 pt and plotted values to 0.001 (the page draws, it does
/// not compute); times, parameters, metrics and readouts are exact.
package enum PlayerData {
    /// The band of the readouts (points for positions), as for `tr:settle_time`'s default.
    package static let readoutEpsilon = 0.5

    /// The JSON text for `run`.
    /// - Complexity: O(frames × cells + trace rows).
    package static func json(_ run: ScriptRun) -> String { encode(run, binaryCells: false).json }

    /// `run` for the studio: the JSON text without the cells (`frames.cells` empty,
    /// `cellsInBinary` true) and the cells as `CellTable.bytes` (docs/studio.md, "Run data").
    /// A 32×32 dot-art run's cells are 13 bytes each this way, against about 23 as JSON text,
    /// and the page reads them without parsing.
    /// - Complexity: O(frames × cells + trace rows).
    package static func binary(_ run: ScriptRun) -> (json: String, cells: [UInt8]) {
        let (json, cells) = encode(run, binaryCells: true)
        return (json, cells ?? CellTable().bytes)
    }

    private static func encode(_ run: ScriptRun, binaryCells: Bool) -> (json: String, cells: [UInt8]?) {
        var out = JSONWriter()
        let report = run.report ?? run.trace.flatMap(traceView)
        let name = run.scriptPath.split(separator: "/").last.map(String.init) ?? run.scriptPath
        out.raw("{\"version\":1,\"title\":"); out.string(report?.title ?? name)
        out.raw(",\"script\":"); out.string(run.scriptPath)
        out.raw(",\"seed\":\(run.seed),\"paramsText\":"); out.string(run.parameters.headerText)
        writeParameters(run, into: &out)
        out.raw(",\"metrics\":[")
        for (k, m) in run.metrics.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw("{\"name\":"); out.string(m.name)
            out.raw(",\"value\":"); out.exact(m.value)
            out.raw(",\"unit\":"); out.string(m.unit)
            out.raw("}")
        }
        out.raw("],\"exports\":[")
        let values = run.parameters.declarations.map { ($0.name, $0.value) }
        let context = exportContext(run)
        let full = SpringExport.snippets(script: run.scriptPath, values: values, context: context, fullPrecision: true)
        for (k, snippet) in SpringExport.snippets(script: run.scriptPath, values: values, context: context).enumerated() {
            if k > 0 { out.raw(",") }
            out.raw("{\"id\":"); out.string(snippet.id)
            out.raw(",\"title\":"); out.string(snippet.title)
            out.raw(",\"code\":"); out.string(snippet.code)
            out.raw(",\"full\":"); out.string(full[k].code)
            out.raw("}")
        }
        out.raw("],\"readoutEpsilon\":"); out.exact(readoutEpsilon)
        var cells: [UInt8]?
        if let report { cells = writeReport(report, binaryCells: binaryCells, into: &out) } else { out.raw(",\"viewport\":[0,0],\"edgeInset\":0,\"frames\":{\"t\":[],\"frame\":[],\"offset\":[],\"touch\":[],\"cells\":[]},\"styles\":[],\"marks\":[],\"drawing\":{\"shapes\":[],\"markers\":[]},\"plots\":[]") }
        if binaryCells { out.raw(",\"cellsInBinary\":true") }
        out.raw(",\"items\":")
        if let trace = run.trace { writeItems(trace, into: &out) } else { out.raw("[]") }
        out.raw("}")
        return (out.text, cells)
    }

    /// `params`, `presets` and `selectedPreset`: the declared parameters with their ranges, the presets.
    private static func writeParameters(_ run: ScriptRun, into out: inout JSONWriter) {
        out.raw(",\"params\":[")
        for (k, d) in run.parameters.declarations.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw("{\"name\":"); out.string(d.name)
            out.raw(",\"value\":"); out.exact(d.value)
            out.raw(",\"default\":"); out.exact(d.defaultValue)
            out.raw(",\"min\":"); out.optional(d.minimum)
            out.raw(",\"max\":"); out.optional(d.maximum)
            out.raw(",\"step\":"); out.optional(d.step)
            out.raw(",\"unit\":"); out.string(d.unit)
            out.raw(",\"doc\":"); out.string(d.doc)
            out.raw("}")
        }
        out.raw("],\"presets\":[")
        for (k, p) in run.parameters.presets.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw("{\"name\":"); out.string(p.name)
            out.raw(",\"doc\":"); out.string(p.doc)
            out.raw(",\"values\":[")
            for (j, v) in p.values.enumerated() {
                if j > 0 { out.raw(",") }
                out.raw("["); out.string(v.name); out.raw(","); out.exact(v.value); out.raw("]")
            }
            out.raw("]}")
        }
        out.raw("],\"selectedPreset\":")
        if let name = run.parameters.selectedPreset { out.string(name) } else { out.raw("null") }
    }

    private static func writeReport(_ report: ReportData, binaryCells: Bool, into out: inout JSONWriter) -> [UInt8]? {
        out.raw(",\"viewport\":["); out.exact(report.viewport.x); out.raw(","); out.exact(report.viewport.y)
        out.raw("],\"edgeInset\":"); out.exact(report.edgeInset)
        out.raw(",\"frames\":{\"t\":[")
        for (k, f) in report.frames.enumerated() { if k > 0 { out.raw(",") }; out.exact(f.t) }
        out.raw("],\"frame\":[")
        for (k, f) in report.frames.enumerated() { if k > 0 { out.raw(",") }; out.raw(String(f.frame ?? k)) }
        out.raw("],\"offset\":[")
        for (k, f) in report.frames.enumerated() {
            if k > 0 { out.raw(",") }
            out.compact(f.offset.x); out.raw(","); out.compact(f.offset.y)
        }
        out.raw("],\"touch\":[")
        for (k, f) in report.frames.enumerated() {
            if k > 0 { out.raw(",") }
            if let touch = f.touch { out.compact(touch.x); out.raw(","); out.compact(touch.y) } else { out.raw("null,null") }
        }
        // Cells as [id, x, y, style] per frame, or apart as bytes; styles (width, height,
        // stretch, colour) are shared.
        var table = CellTable()
        out.raw("],\"cells\":[")
        if binaryCells {
            for f in report.frames { table.append(f.cells) }
        } else {
            for (k, f) in report.frames.enumerated() {
                if k > 0 { out.raw(",") }
                out.raw("[")
                for (c, cell) in f.cells.enumerated() {
                    if c > 0 { out.raw(",") }
                    let index = table.styles.index(of: cell)
                    out.raw(String(cell.id)); out.raw(","); out.compact(cell.x); out.raw(","); out.compact(cell.y); out.raw(","); out.raw(String(index))
                }
                out.raw("]")
            }
        }
        out.raw("]},\"styles\":[")
        for (k, s) in table.styles.keys.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw("["); out.compact(Double(bitPattern: s.width)); out.raw(","); out.compact(Double(bitPattern: s.height))
            out.raw(","); out.compact(Double(bitPattern: s.stretch)); out.raw(",\(s.color)]")
        }
        out.raw("],\"marks\":[")
        for (k, m) in report.markers.enumerated() {
            if k > 0 { out.raw(",") }
            let t = report.frames.isEmpty ? 0 : report.frames[min(max(0, m.frame), report.frames.count - 1)].t
            out.raw("{\"t\":"); out.exact(t); out.raw(",\"label\":"); out.string(m.label); out.raw("}")
        }
        // Shapes (Lua-built reports), in ReportShapesEncoding's form: {"shapes": [[shape…] per frame], "markers": …}.
        out.raw("],\"drawing\":"); out.raw(ReportShapesEncoding.json(report))
        out.raw(",\"plots\":[")
        for (k, p) in report.plots.enumerated() {
            if k > 0 { out.raw(",") }
            out.raw("{\"name\":"); out.string(p.name); out.raw(",\"unit\":"); out.string(p.unit); out.raw(",\"values\":[")
            for (j, v) in p.values.enumerated() { if j > 0 { out.raw(",") }; out.plotted(v) }
            out.raw("]}")
        }
        out.raw("]")
        return binaryCells ? table.bytes : nil
    }

    /// Units of the trace columns the scenarios write (a trace names no units).
    static func unit(ofColumn name: String) -> String {
        switch name {
        case "x", "y", "width", "height", "stretch", "offset", "displacement": return "pt"
        case "vx", "vy": return "pt/s"
        default: return ""
        }
    }

    /// Each traced item (by `id`, ascending) with its times, frame numbers and columns.
    private static func writeItems(_ trace: Trace, into out: inout JSONWriter) {
        let width = trace.columns.count
        var rowsByItem: [Int: [Int]] = [:]
        for row in 0..<trace.rowCount { rowsByItem[Int(trace.value(row: row, column: 2)), default: []].append(row) }
        out.raw("[")
        for (k, id) in rowsByItem.keys.sorted().enumerated() {
            let rows = rowsByItem[id]!
            if k > 0 { out.raw(",") }
            out.raw("{\"id\":\(id),\"t\":[")
            let times = rows.map { trace.value(row: $0, column: 1) }
            for (j, t) in times.enumerated() { if j > 0 { out.raw(",") }; out.exact(t) }
            out.raw("],\"frame\":[")
            for (j, row) in rows.enumerated() { if j > 0 { out.raw(",") }; out.raw(NumberFormat.shortest(trace.value(row: row, column: 0))) }
            out.raw("],\"series\":[")
            for c in 3..<width {
                if c > 3 { out.raw(",") }
                let values = rows.map { trace.value(row: $0, column: c) }
                let readouts = TraceMetrics.Readouts(times: times, values: values, epsilon: readoutEpsilon)
                out.raw("{\"column\":"); out.string(trace.columns[c])
                out.raw(",\"unit\":"); out.string(unit(ofColumn: trace.columns[c]))
                out.raw(",\"readouts\":{\"settleTime\":"); out.optional(readouts.settleTime)
                out.raw(",\"overshootPercent\":"); out.exact(readouts.overshootPercent)
                out.raw(",\"peak\":"); out.exact(readouts.peak)
                out.raw(",\"oscillations\":"); out.exact(readouts.oscillations)
                out.raw("},\"values\":[")
                for (j, v) in values.enumerated() { if j > 0 { out.raw(",") }; out.plotted(v) }
                out.raw("]}")
            }
            out.raw("]}")
        }
        out.raw("]")
    }

    /// A report for a trace-only script: every item as a 10-pt dot at its `x`, `y`, in a
    /// viewport around everything the trace visits (and the origin, where anchors usually are).
    static func traceView(_ trace: Trace) -> ReportData? {
        guard let xc = trace.columnIndex("x"), let yc = trace.columnIndex("y"), trace.rowCount > 0 else { return nil }
        var low = SIMD2<Double>(0, 0), high = SIMD2<Double>(0, 0)
        for row in 0..<trace.rowCount {
            let p = SIMD2(trace.value(row: row, column: xc), trace.value(row: row, column: yc))
            guard p.x.isFinite, p.y.isFinite else { continue }
            low = pointwiseMin(low, p); high = pointwiseMax(high, p)
        }
        let margin = 40.0, dot = 10.0
        var report = ReportData(title: trace.metadataValue("script").map { "\($0) (trace)" } ?? "trace",
                                viewport: high - low + 2 * margin, edgeInset: 0)
        let offset = low - margin
        let palette: [UInt32] = [0x1565C0, 0xD32F2F, 0x2E7D32, 0xF9A825, 0x6A1B9A]
        var row = 0
        while row < trace.rowCount {
            let frame = trace.value(row: row, column: 0)
            var cells: [ReportData.Cell] = []
            let t = trace.value(row: row, column: 1)
            while row < trace.rowCount && trace.value(row: row, column: 0) == frame {
                let id = Int(trace.value(row: row, column: 2))
                cells.append(ReportData.Cell(id: id, x: trace.value(row: row, column: xc) - dot / 2, y: trace.value(row: row, column: yc) - dot / 2,
                                             width: dot, height: dot, stretch: 0, color: palette[abs(id) % palette.count]))
                row += 1
            }
            report.frames.append(ReportData.Frame(t: t, offset: offset, cells: cells, frame: Int(frame)))
        }
        return report
    }

    /// What a run's export says beyond its parameters: one spring on the scroll offset when the
    /// trace is one row per frame with an `offset` column (the cards, pull to refresh), else one
    /// spring per cell; the fling's initial velocity is the largest |velocity| a `velocity`
    /// column traced (the speed the finger left it with), when there is one.
    static func exportContext(_ run: ScriptRun) -> SpringExport.Context {
        guard let trace = run.trace, trace.columnIndex("offset") != nil else { return SpringExport.Context() }
        var ids = Set<Double>()
        for row in 0..<trace.rowCount { ids.insert(trace.value(row: row, column: 2)); if ids.count > 1 { break } }
        guard ids.count == 1 else { return SpringExport.Context() }
        var velocity: Double?
        if let column = trace.columnIndex("velocity") {
            for row in 0..<trace.rowCount {
                let v = trace.value(row: row, column: column)
                if v.isFinite, abs(v) > abs(velocity ?? 0) { velocity = v }
            }
        }
        return SpringExport.Context(effect: .offsetSpring, initialVelocity: velocity)
    }
}

/// Appends JSON text piece by piece.
struct JSONWriter {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }
    mutating func string(_ s: String) { text += JSONText.quoted(s) }
    /// Shortest round-trip form; non-finite numbers as null.
    mutating func exact(_ v: Double) { text += v.isFinite ? NumberFormat.shortest(v) : "null" }
    mutating func optional(_ v: Double?) { if let v { exact(v) } else { text += "null" } }
    /// To 0.01: positions for drawing.
    mutating func compact(_ v: Double) { exact((v * 100).rounded() / 100) }
    /// To 0.001: values for plotting.
    mutating func plotted(_ v: Double) { exact((v * 1000).rounded() / 1000) }
}
