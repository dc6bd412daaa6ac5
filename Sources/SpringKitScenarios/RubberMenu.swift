import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion

/// The rubber menu scenario (VPRubberMenu): a scroll view over a `RubberMenuLayout`,
/// scripted by gestures, recorded per frame into a trace and a report.
///
/// One frame, in order: input (finger or deceleration/bounce) → bounds change
/// (resistance rule) → layout pass (culling, new springs) → one animator tick (the
///
/// Costs: a frame is linear in the attached (visible) cells: the layout pass finds them by
/// binary search, each cell that leaves costs a scan of the world's springs, the world steps
/// them, and the recording sorts them by zIndex.
/// world takes the frame's fixed steps) → cells (stretch) → recording.
public final class RubberMenu: Scenario {
    public typealias StretchMode = RubberStretchMode

    public struct Configuration: Sendable {
        public var itemCount = 40
        public var viewport = SIMD2<Double>(320, 568)
        public var constants = RubberMenuLayout.Constants()
        public var stretchMode = StretchMode.latestDelta
        /// Sets `latestDelta` to 0 on frames without a bounds change (the original keeps it).
        public var resetStretchWhenStill = false
        public var world = WorldConfiguration()
        /// The display frame and screen scale the animator ticks the world with.
        public var animator = AnimatorConfiguration()
        public var scroll = ScrollView.Configuration()
        /// Record a trace row per visible cell per frame, and report frames.
        public var record = true
        /// The cell whose displacement the report plots.
        public var watchedCell = 5
        public init() {}
    }

    public let configuration: Configuration
    public let scrollView: ScrollView
    public let layout: RubberMenuLayout
    /// Ticks the world once per frame (the layout's animator).
    public var animator: DynamicAnimator { layout.animator }
    public var world: World { layout.world }

    /// Plays the frames and gestures (the one frame loop): the layout's hooks run in it.
    private let player: GesturePlayer
    public var frame: Int { player.frame }
    public var time: Double { animator.time }
    /// Largest |stretch| any cell showed.
    public private(set) var peakStretch = 0.0
    /// Most springs alive at once.
    public private(set) var maxSprings = 0
    /// Seconds from the last release to rest (scroll idle and world paused), once reached.
    public var settleTime: Double? { player.settleTime }
    /// Receives every frame and gesture mark (nil: nothing is recorded).
    public let observer: ScenarioObserver?
    public let recordingDescription: ScenarioDescription
    private var shown = ScenarioFrame()
    /// Whether this frame's bounds change moved the offset along y (else `resetStretchWhenStill` applies).
    private var movedThisFrame = false
    /// Whether the rest since the last touch is marked.
    private var restMarked = false

    /// - Parameters:
    ///   - budget: what the world's work and the recording are charged to (see `World.budget`).
    ///   - observer: receives the frames and marks (see `ScenarioRecorder`).
    /// - Complexity: O(log items + visible) (the first layout pass).
    public init(configuration: Configuration = Configuration(), budget: ResourceBudget? = nil, observer: ScenarioObserver? = nil) throws {
        self.configuration = configuration
        var scroll = configuration.scroll
        scroll.viewport = configuration.viewport
        scroll.screenScale = configuration.animator.screenScale
        let animator = try DynamicAnimator(configuration: configuration.animator, world: configuration.world, budget: budget)
        layout = try RubberMenuLayout(constants: configuration.constants, itemCount: configuration.itemCount,
                                      width: configuration.viewport.x, animator: animator)
        scroll.contentSize = layout.flow.contentSize
        scrollView = try ScrollView(configuration: scroll)
        player = GesturePlayer(scrollView: scrollView, animator: animator)
        recordingDescription = ScenarioDescription(
            title: "Rubber menu", viewport: configuration.viewport, edgeInset: configuration.constants.maxStretch,
            columns: ["x", "y", "stretch"],
            plots: [.init(name: "stretch", unit: "pt"), .init(name: "cell \(configuration.watchedCell) displacement", unit: "pt"),
                    .init(name: "scroll offset", unit: "pt")])
        self.observer = observer
        if configuration.record { observer?.scenarioDidStart(recordingDescription) }
        try layout.layoutPass(bounds: bounds, touchY: nil)
        maxSprings = world.springCount
        try record()
        connectPlayer()
    }

    /// The viewport in content coordinates.
    public var bounds: Rect {
        Rect(x: scrollView.offset.x, y: scrollView.offset.y, width: configuration.viewport.x, height: configuration.viewport.y)
    }

    /// True when nothing moves: the scroll view is idle and the world paused.
    public var isAtRest: Bool { !scrollView.isMoving && world.isPaused }

    // MARK: Gestures (the gesture player's)

    /// A finger goes down at `point` (viewport coordinates). Takes no time.
    public func touchDown(at point: SIMD2<Double>) throws { try player.touchDown(at: point) }

    /// The finger moves by `distance` over `seconds`, in equal steps, one per frame.
    /// - Complexity: O(seconds / frame duration) frames, each as `advanceFrame(finger:)`.
    public func drag(by distance: SIMD2<Double>, seconds: Double) throws { try player.drag(by: distance, seconds: seconds) }

    /// The finger lifts with `velocity` (points/s; default: the last drag's velocity).
    public func release(velocity: SIMD2<Double>? = nil) throws { try player.release(velocity: velocity) }

    /// One display frame without a finger move (`FrameClock`: `wait`, `waitUntilRest`).
    public func advanceIdleFrame() throws { try player.advanceIdleFrame() }

    /// One display frame with the finger (down) moved to `point` (viewport coordinates): a
    /// finger played frame by frame (a recorded gesture, the studio's pointer).
    public func moveFinger(to point: SIMD2<Double>) throws { try player.advanceFrame(finger: point) }

    // MARK: Frames

    /// One display frame (see the type's documentation for the order), played by the gesture
    /// player with the hooks `connectPlayer` sets.
    /// - Complexity: O(log items + attached × log attached + removed × attached): the layout pass
    ///   (`RubberMenuLayout.layoutPass`), the world's step, and the cells sorted for recording.
    public func advanceFrame(finger: SIMD2<Double>?) throws { try player.advanceFrame(finger: finger) }

    /// The rubber menu's rules in the gesture player's frame: the resistance rule on a bounds
    /// change, the culling layout pass, the springs' count, the rest mark and the recording.
    private func connectPlayer() {
        player.gestureStarted = { [weak self] gesture in
            guard let self else { return }
            switch gesture {
            case .touchDown:
                restMarked = false
                mark("touch down")
            case .drag(let distance): mark("drag \(NumberFormat.human(distance.y, decimals: 1)) pt")
            case .release(let velocity): mark("release \(NumberFormat.human(velocity.y, decimals: 0)) pt/s")
            }
        }
        player.boundsChanged = { [weak self] delta, touch in
            // The scroll view moves along y only. UIKit's bounds change reads the finger with the
            // old offset (the player's `touch`), the layout pass with the new.
            guard let self, delta.y != 0 else { return }
            movedThisFrame = true
            try layout.boundsChanged(delta: delta.y, touchY: touch?.y)
        }
        player.layoutPass = { [weak self] bounds, touch in
            guard let self else { return }
            if !movedThisFrame && configuration.resetStretchWhenStill { layout.latestDelta = 0 }
            movedThisFrame = false
            try layout.layoutPass(bounds: bounds, touchY: touch?.y)
        }
        player.frameEnded = { [weak self] in
            guard let self else { return }
            maxSprings = max(maxSprings, world.springCount)
            if player.settleTime != nil && !restMarked {
                restMarked = true
                mark("rest")
            }
            try record()
        }
    }

    /// The stretch cell `index` shows now.
    public func stretch(of index: Int) throws -> Double {
        var displacement = 0.0
        if configuration.stretchMode == .displacement, let item = layout.item(at: index), let spring = layout.spring(at: index) {
            displacement = try world.position(item).y - world.anchor(spring).y
        }
        return RubberCellShape.stretch(latestDelta: layout.latestDelta, displacement: displacement,
                                       mode: configuration.stretchMode, maxStretch: configuration.constants.maxStretch)
    }

    /// Visible cells (attached items) in drawing order: by zIndex = center.y, then index.
    /// - Complexity: O(attached × log attached) (sorted).
    public func visibleCells() throws -> [(index: Int, center: SIMD2<Double>, stretch: Double)] {
        var cells: [(index: Int, center: SIMD2<Double>, stretch: Double)] = []
        for index in layout.attached {
            cells.append((index, try layout.center(of: index), try stretch(of: index)))
        }
        return cells.sorted { ($0.center.y, $0.index) < ($1.center.y, $1.index) }
    }

    private func record() throws {
        guard configuration.record, let observer else {
            // Only the peak is kept: no cell list to build and sort.
            for index in layout.attached { peakStretch = max(peakStretch, abs(try stretch(of: index))) }
            return
        }
        let cells = try visibleCells()
        for cell in cells { peakStretch = max(peakStretch, abs(cell.stretch)) }
        let drawn = observer.wantsReportFrames
        try world.chargeRecording(rows: cells.count, values: 6, reportCells: drawn)
        shown.reset(frame: frame, time: time)
        for cell in cells.sorted(by: { $0.index < $1.index }) {
            shown.addRow(id: cell.index, cell.center.x, cell.center.y, cell.stretch)
        }
        guard drawn else {
            observer.scenario(didShow: shown)
            return
        }
        let size = layout.flow.itemSize
        shown.isReportFrame = true
        shown.offset = scrollView.offset
        shown.touch = scrollView.phase == .tracking ? scrollView.fingerLocation : nil
        shown.cells = cells.map {
            DrawnCell(id: $0.index, x: $0.center.x - size.x / 2, y: $0.center.y - size.y / 2,
                      width: size.x, height: size.y, stretch: $0.stretch, color: Self.color($0.index))
        }
        let watched = configuration.watchedCell
        var displacement = 0.0
        if let item = layout.item(at: watched) {
            displacement = try world.position(item).y - layout.flow.frame(watched).center.y
        }
        shown.plotValues = [RubberCellShape.stretch(latestDelta: layout.latestDelta, displacement: 0, mode: .latestDelta,
                                                    maxStretch: configuration.constants.maxStretch),
                            displacement, scrollView.offset.y]
        observer.scenario(didShow: shown)
    }

    private func mark(_ label: String) {
        if configuration.record { observer?.scenario(didMark: label) }
    }

    /// A fixed palette, by index.
    static func color(_ index: Int) -> UInt32 {
        let palette: [UInt32] = [0xE8505B, 0xF9D56E, 0xF3ECC2, 0x14B1AB, 0x5C6E91, 0xF08A5D, 0xB83B5E, 0x6A2C70]
        return palette[index % palette.count]
    }
}
