import SpringKitDynamics
import SpringKitMotion

/// What a scenario shows and how it is laid out for recording: the trace's own columns and
/// the report's title, viewport and plots. Given once, before the first frame.
public struct ScenarioDescription: Sendable, Equatable {
    /// A time series the report plots under its player, one value per report frame.
    public struct Plot: Sendable, Equatable {
        public var name: String
        public var unit: String
        public init(name: String, unit: String) { self.name = name; self.unit = unit }
    }

    public var title: String
    /// The visible area, points.
    public var viewport: SIMD2<Double>
    /// The cap of a rubber cell's top-edge curve, for drawing (0 when cells are plain).
    public var edgeInset: Double
    /// The trace's columns after `frame, t, id`.
    public var columns: [String]
    public var plots: [Plot]

    public init(title: String, viewport: SIMD2<Double>, edgeInset: Double = 0, columns: [String], plots: [Plot]) {
        self.title = title
        self.viewport = viewport
        self.edgeInset = edgeInset
        self.columns = columns
        self.plots = plots
    }
}

/// What a scenario shows at the end of one frame: its trace rows and, on report frames, the
/// cells drawn, the scroll offset, the finger and one value per plot. Scenarios fill one
/// and hand it to their `ScenarioObserver`; they never build traces or reports themselves.
public struct ScenarioFrame {
    public private(set) var frame = 0
    public private(set) var time = 0.0
    /// Row-major trace rows, each `frame, t, id` and then the description's columns.
    public private(set) var rows: [Double] = []
    /// Whether this frame goes into the report too (then the fields below count).
    public var isReportFrame = false
    /// Top-left of the visible viewport in content coordinates.
    public var offset = SIMD2<Double>(0, 0)
    /// Where the finger is, in viewport coordinates, while it is down.
    public var touch: SIMD2<Double>?
    /// Cells in drawing order (the last on top).
    public var cells: [DrawnCell] = []
    /// One value per `ScenarioDescription.plots`.
    public var plotValues: [Double] = []

    public init() {}

    /// Empties the frame for `frame` at `time`, keeping its storage.
    public mutating func reset(frame: Int, time: Double) {
        self.frame = frame
        self.time = time
        rows.removeAll(keepingCapacity: true)
        isReportFrame = false
        offset = SIMD2(0, 0)
        touch = nil
        cells.removeAll(keepingCapacity: true)
        plotValues.removeAll(keepingCapacity: true)
    }

    /// Adds the trace row of item `id` (its values in the description's column order).
    /// - Complexity: amortized O(values).
    public mutating func addRow(id: Int, _ values: Double...) {
        rows.append(Double(frame))
        rows.append(time)
        rows.append(Double(id))
        rows.append(contentsOf: values)
    }
}

/// A finished picture a scenario shows, such as a dot-art image once every dot is home:
/// colours (`0xRRGGBB`) by position on a grid of square dots, row by row. A renderer (an SVG,
/// say) draws it without knowing which scenario made it.
public struct ScenarioImage: Sendable, Equatable {
    public var title: String
    /// Dots per row.
    public var columns: Int
    /// A dot's side, points.
    public var dotSize: Double
    /// The colours by position, row-major.
    public var colors: [UInt32]

    public init(title: String, columns: Int, dotSize: Double, colors: [UInt32]) {
        self.title = title
        self.columns = columns
        self.dotSize = dotSize
        self.colors = colors
    }
}

/// Receives a scenario's frames and gesture marks: SpringKitReport's `ScenarioRecorder`
/// turns them into a trace and a report. A scenario without an observer records nothing.
public protocol ScenarioObserver: AnyObject {
    /// The scenario's layout, once, before its first frame.
    func scenarioDidStart(_ description: ScenarioDescription)
    /// One finished frame.
    func scenario(didShow frame: ScenarioFrame)
    /// A gesture step or other named moment, at the latest frame shown.
    func scenario(didMark label: String)
    /// Whether frames carry what a report draws (`ScenarioFrame.cells`, `offset`, `touch`,
    /// `plotValues`, `isReportFrame`); false: only trace rows, and a scenario skips building
    /// its cells. The default is true.
    var wantsReportFrames: Bool { get }
    /// A finished picture (see `ScenarioImage`); the default keeps none.
    func scenario(didFinish image: ScenarioImage)
}

extension ScenarioObserver {
    public var wantsReportFrames: Bool { true }
    public func scenario(didFinish image: ScenarioImage) {}
}

/// A scenario: a simulation played in display frames (`FrameClock` gives waiting and rest)
/// that shows what it does to an observer, frame by frame.
public protocol Scenario: FrameClock {
    /// Frames played so far.
    var frame: Int { get }
    var recordingDescription: ScenarioDescription { get }
    var observer: ScenarioObserver? { get }
}

extension World {
    /// Charges a scenario's recording of one frame to the world's budget: `rows` trace rows
    /// of `values` numbers (plus the frame's id, t and frame columns), and as many report
    /// cells unless `reportCells` is false. Throws, recording nothing, when the budget or
    /// memory cap cannot take it.
    func chargeRecording(rows: Int, values: Int, reportCells: Bool = true) throws {
        let numbers = values == 0 ? 0 : values + 3
        try charge(rows, unitsEach: numbers + (reportCells ? 1 : 0))
        try reserve(rows, bytesEach: numbers * MemoryLayout<Double>.stride + (reportCells ? MemoryLayout<DrawnCell>.stride : 0))
    }
}
