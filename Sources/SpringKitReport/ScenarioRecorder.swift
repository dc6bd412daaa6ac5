import SpringKitTrace
import SpringKitMotion
import SpringKitScenarios

/// Turns a scenario's frames into a trace (every row of every frame) and a report (the
/// report frames' cells, offset and finger, one plot value each, and the gesture marks).
/// Give one to a scenario's initializer as its observer and read `trace` and `report`.
///
///     let recorder = ScenarioRecorder()
///     let menu = try RubberMenu(observer: recorder)
///     try menu.touchDown(at: SIMD2(160, 300)); …
///     try TraceCSV.write(recorder.trace, to: url)
public final class ScenarioRecorder: ScenarioObserver {
    public private(set) var trace = Trace(columns: [])
    public private(set) var report = ReportData(title: "", viewport: SIMD2(0, 0), edgeInset: 0)
    /// false: the report gets no frames (only its layout, plots and marks): a caller that keeps
    /// only the trace (`simrun check`) spares the scenario building what a report draws.
    public let wantsReportFrames: Bool
    /// The finished images the scenario showed (`ScenarioImage`), in order.
    public private(set) var images: [ScenarioImage] = []

    /// Called with each report frame as it is recorded (a caller that shows the run before
    /// it ends); nil: none.
    public var frameMade: ((ReportData.Frame) -> Void)?

    public init(reportFrames: Bool = true) {
        wantsReportFrames = reportFrames
    }

    /// - Complexity: O(columns + plots).
    public func scenarioDidStart(_ description: ScenarioDescription) {
        trace = Trace(columns: description.columns)
        report = ReportData(title: description.title, viewport: description.viewport, edgeInset: description.edgeInset)
        report.plots = description.plots.map { ReportData.Plot(name: $0.name, unit: $0.unit, values: []) }
    }

    /// - Complexity: O(rows + cells) of the frame.
    public func scenario(didShow frame: ScenarioFrame) {
        trace.append(rows: frame.rows)
        guard wantsReportFrames, frame.isReportFrame else { return }
        report.frames.append(ReportData.Frame(t: frame.time, offset: frame.offset, cells: frame.cells, frame: frame.frame, touch: frame.touch))
        frameMade?(report.frames[report.frames.count - 1])
        for (plot, value) in zip(report.plots.indices, frame.plotValues) { report.plots[plot].values.append(value) }
    }

    /// - Complexity: O(1) (the colours are shared, not copied).
    public func scenario(didFinish image: ScenarioImage) {
        images.append(image)
    }

    /// Marks the latest report frame (the first before any).
    public func scenario(didMark label: String) {
        report.markers.append(ReportData.Marker(frame: max(0, report.frames.count - 1), label: label))
    }
}

extension Scenario {
    /// The scenario's observer when it is a `ScenarioRecorder`.
    public var recorder: ScenarioRecorder? { observer as? ScenarioRecorder }

    /// What its recorder recorded; empty (the scenario's columns, no rows) without one.
    public var trace: Trace { recorder?.trace ?? Trace(columns: recordingDescription.columns) }

    /// What its recorder recorded; no frames without one.
    public var report: ReportData {
        if let recorder { return recorder.report }
        let d = recordingDescription
        var report = ReportData(title: d.title, viewport: d.viewport, edgeInset: d.edgeInset)
        report.plots = d.plots.map { ReportData.Plot(name: $0.name, unit: $0.unit, values: []) }
        return report
    }
}
