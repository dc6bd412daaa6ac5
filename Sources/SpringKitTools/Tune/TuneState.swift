import SpringKitTrace
import SpringKitSupport
import SpringKitMath
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport
import SpringKitScripting

/// What `simrun tune` shows and edits: the script's parameters and their current values,
/// the latest run (its watched series, readouts and report), the saved run for comparison,
/// and the playback position. Pure data; `TuneScreen` renders it, the command drives it.
package struct TuneState {
    /// One run at a set of values.
    package struct Run {
        package var values: [Double]
        /// Watchable series (a report's plots, else the trace's columns for its first item).
        package var series: [(name: String, values: [Double])]
        package var times: [Double]
        package var report: ReportData?
        package var metrics: [ScriptRun.Metric]

        package init(_ run: ScriptRun, values: [Double]) {
            self.values = values
            report = run.report
            metrics = run.metrics
            series = []
            times = []
            if let report, !report.plots.isEmpty {
                series = report.plots.map { ($0.unit.isEmpty ? $0.name : "\($0.name) (\($0.unit))", $0.values) }
                times = report.frames.map(\.t)
            } else if let trace = run.trace, trace.rowCount > 0 {
                let firstID = trace.value(row: 0, column: 2)
                for c in 3..<trace.columns.count {
                    series.append((trace.columns[c], (0..<trace.rowCount).filter { trace.value(row: $0, column: 2) == firstID }.map { trace.value(row: $0, column: c) }))
                }
                times = (0..<trace.rowCount).filter { trace.value(row: $0, column: 2) == firstID }.map { trace.value(row: $0, column: 1) }
            }
        }
    }

    /// Readouts of a series about its final (rest) value: the studio's definition, shared.
    package typealias Readouts = TraceMetrics.Readouts

    package var script: String
    package var declarations: [ParameterDeclaration]
    package var values: [Double]
    package var selected = 0
    package var run: Run
    package var saved: Run?
    package var comparing = false
    package var watched = 0
    package var showHelp = false
    package var playbackFrame = 0
    package var message = ""
    /// Where `s` writes the params file (`--save FILE`, default `out/NAME.params`).
    package var savePath: String
    /// Where `e` writes the spring snippet (`out/NAME-spring.swift`).
    package var exportPath: String

    package init(script: String, declarations: [ParameterDeclaration], run: Run, savePath: String? = nil) {
        self.script = script
        self.savePath = savePath ?? SavedParameters.defaultPath(script: script)
        self.exportPath = OutputFiles.defaultPath(script: script, ending: "-spring.swift")
        self.declarations = declarations
        self.values = declarations.map(\.value)
        self.run = run
        // Start on a value the springs shape (a cell's displacement), when there is one.
        watched = run.series.firstIndex { $0.name.contains("displacement") } ?? 0
    }

    package var watchedSeries: (name: String, values: [Double])? {
        run.series.isEmpty ? nil : run.series[watched % run.series.count]
    }

    package var readouts: Readouts? {
        watchedSeries.map { Readouts(times: Array(run.times.prefix($0.values.count)), values: $0.values) }
    }

    /// Changes the selected parameter by `steps` of its step (default 1/20 of its range, or
    /// 10% of the value), clamped to its range. Returns whether the value changed.
    package mutating func nudge(_ steps: Double) -> Bool {
        guard declarations.indices.contains(selected) else { return false }
        let d = declarations[selected]
        let step = d.step ?? ((d.minimum != nil && d.maximum != nil) ? (d.maximum! - d.minimum!) / 20 : max(abs(values[selected]) * 0.1, 0.01))
        var value = values[selected] + steps * step
        value = (value / step).rounded() * step           // stay on the step grid
        value = (value * 1e9).rounded() / 1e9             // and print as typed
        if let minimum = d.minimum { value = max(value, minimum) }
        if let maximum = d.maximum { value = min(value, maximum) }
        guard value != values[selected] else { return false }
        values[selected] = value
        return true
    }

    /// The saved-parameters file (`--params FILE` reads it).
    package var paramsFileText: String {
        SavedParameters.text(tool: "tune", script: script, values: zip(declarations, values).map { ($0.name, $1) })
    }

    /// A Swift snippet for `UIAttachmentBehavior`, and the spring in other conventions;
    /// nil when the script has no `damping` and `frequency` parameters.
    package var exportText: String? {
        func value(_ name: String) -> Double? { declarations.firstIndex { $0.name == name }.map { values[$0] } }
        guard let damping = value("damping"), let frequency = value("frequency"), frequency > 0 else { return nil }
        let length = value("length") ?? 0
        var text = """
        // Exported by simrun tune from \(script)
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
        spring.length = \(NumberFormat.shortest(length))
        spring.damping = \(NumberFormat.shortest(damping))
        spring.frequency = \(NumberFormat.shortest(frequency))

        // The same spring in other conventions:

        """
        if let model = try? SpringConvention.uikit.model(["frequency": frequency, "damping": damping]) {
            for convention in SpringConvention.allCases where convention != .uikit {
                guard let converted = convention.values(model) else { continue }
                text += "// \(convention.rawValue): " + convention.keys.map { "\($0) \(NumberFormat.human(converted[$0]!))" }.joined(separator: ", ") + "\n"
            }
        }
        return text
    }
}
