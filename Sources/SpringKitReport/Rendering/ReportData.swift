import SpringKitMotion
import SpringKitScenarios
/// What a visual report shows: per frame, the visible cells (frame in content
/// coordinates, stretch of the curved top edge, colour) and the scroll offset; and
/// time series to plot under the player. Renderers (HTML, terminal) read only this.
public struct ReportData: Sendable {
    /// A drawn cell (see `DrawnCell`).
    public typealias Cell = DrawnCell

    public struct Frame: Sendable {
        public var t: Double
        /// Top-left of the visible viewport in content coordinates.
        public var offset: SIMD2<Double>
        public var cells: [Cell]
        /// Generic shapes drawn after the cells (see `ReportShapes.swift`).
        public var shapes: [Shape]
        /// The engine's frame number (the trace's `frame`); nil: the frame's index in the report.
        public var frame: Int?
        /// Where the finger is, in viewport coordinates, while it is down; nil when no finger.
        public var touch: SIMD2<Double>?
        public init(t: Double, offset: SIMD2<Double>, cells: [Cell], shapes: [Shape] = [], frame: Int? = nil, touch: SIMD2<Double>? = nil) {
            self.t = t; self.offset = offset; self.cells = cells; self.shapes = shapes; self.frame = frame; self.touch = touch
        }
    }

    public struct Plot: Sendable {
        public var name: String
        public var unit: String
        public var values: [Double]
        public init(name: String, unit: String, values: [Double]) {
            self.name = name; self.unit = unit; self.values = values
        }
    }

    public var title: String
    public var viewport: SIMD2<Double>
    /// The cap of the top-edge curve, for drawing (the rubber menu's max stretch).
    public var edgeInset: Double
    public var frames: [Frame] = []
    public var plots: [Plot] = []
    /// Gesture steps, in the order they were marked.
    public var markers: [Marker] = []

    public init(title: String, viewport: SIMD2<Double>, edgeInset: Double) {
        self.title = title
        self.viewport = viewport
        self.edgeInset = edgeInset
    }
}
