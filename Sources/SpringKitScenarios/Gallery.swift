import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion

/// The photo gallery: a grid of image cells in a scroll view. Tapping selects and enlarges a
/// cell (tapping it again deselects); after a selection the view scrolls so the cell's
/// vertical centre sits at the viewport centre, clamped to the content. Dragging reorders:
/// the cell follows the finger, the others make room, and the selection stays on its item.
///
/// Costs: every gesture re-lays out every cell, O(cells); a recorded frame sorts the cells,
/// O(cells log cells); a drag does both each frame.
/// Every cell moves to its new frame on a spring.
public final class Gallery: Scenario {
    public struct Configuration: Sendable {
        public var count = 24
        public var columns = 3
        public var viewport = SIMD2<Double>(320, 568)
        public var spacing = 10.0
        public var inset = 10.0
        /// The selected cell's size relative to a cell (capped at the content width).
        public var selectedScale = 2.0
        public var damping = 0.8
        public var frequency = 2.5
        /// Cells carry resistance 4 (`UIDynamicItemBehavior.resistance`): anchors move while
        /// cells are in flight, and without it a cell would keep orbiting its new anchor.
        public var world: WorldConfiguration = { var c = WorldConfiguration(); c.resistance = 4; return c }()
        /// The display frame and screen scale the animator ticks the world with.
        public var animator = AnimatorConfiguration()
        public var record = true
        public init() {}
    }

    public let configuration: Configuration
    public let layout: GalleryLayout
    /// Ticks the world once per frame.
    public let animator: DynamicAnimator
    public let world: World
    public let scrollView: ScrollView
    public private(set) var selection: GallerySelection
    /// Frames by display index in the current (or, while dragging, the interim) layout.
    public private(set) var frames: [Rect] = []
    /// Plays the frames (the one frame loop); the recording is its `frameEnded` hook.
    private let player: GesturePlayer
    public var frame: Int { player.frame }
    public var time: Double { animator.time }
    /// Receives every frame and gesture mark (nil: nothing is recorded).
    public let observer: ScenarioObserver?
    public let recordingDescription: ScenarioDescription
    private var shown = ScenarioFrame()

    private var springs: [SpringID] = []
    /// Display order and selection shown now (differs from `selection` during a drag).
    private var shownOrder: [Int]
    /// The finger in viewport coordinates while it is down, for the report (a tap shows it
    /// for `tapFrames` frames).
    private var finger: SIMD2<Double>?
    private var tapFramesLeft = 0
    private static let tapFrames = 6
    private var shownSelected: Int?

    /// - Parameters:
    ///   - budget: what the world's work and the recording are charged to (see `World.budget`).
    ///   - observer: receives the frames and marks (see `ScenarioRecorder`).
    /// - Complexity: O(cells).
    public init(configuration: Configuration = Configuration(), budget: ResourceBudget? = nil, observer: ScenarioObserver? = nil) throws {
        self.configuration = configuration
        guard configuration.count >= 0, configuration.count <= 100_000 else {
            throw ScenarioError.invalidParameter("count must be 0…100000")
        }
        layout = try GalleryLayout(width: configuration.viewport.x, columns: configuration.columns, spacing: configuration.spacing,
                                   inset: configuration.inset, selectedScale: configuration.selectedScale)
        animator = try DynamicAnimator(configuration: configuration.animator, world: configuration.world, budget: budget)
        world = animator.world
        var scroll = ScrollView.Configuration()
        scroll.viewport = configuration.viewport
        scroll.screenScale = configuration.animator.screenScale
        scrollView = try ScrollView(configuration: scroll)
        player = GesturePlayer(scrollView: scrollView, animator: animator)
        selection = GallerySelection(count: configuration.count)
        shownOrder = selection.items
        recordingDescription = ScenarioDescription(title: "Gallery", viewport: configuration.viewport,
                                                   columns: ["x", "y", "width", "height", "selected", "offset"],
                                                   plots: [.init(name: "scroll offset", unit: "pt")])
        self.observer = observer
        if configuration.record { observer?.scenarioDidStart(recordingDescription) }
        let parameters = SpringParameters(length: 0, damping: configuration.damping, frequency: configuration.frequency)
        let initial = layout.frames(count: configuration.count, selected: nil)
        for id in 0..<configuration.count {
            let center = initial.frames[id].center
            let item = try world.addItem(center: center, size: layout.itemSize)
            precondition(item.rawValue == Int32(id))
            springs.append(try world.attach(item, to: center, parameters))
        }
        try relayout()
        try record()
        player.frameEnded = { [weak self] in try self?.record() }
    }

    // MARK: Gestures

    /// Taps the cell at display `index`: selects it (and scrolls it to the centre), or
    /// deselects it when it is the selected one.
    /// - Complexity: O(cells) (every cell's frame is recomputed).
    public func tap(_ index: Int) throws {
        try selection.tap(index)
        mark("tap \(index + 1)")
        finger = frames.indices.contains(index) ? frames[index].center - scrollView.offset : nil
        tapFramesLeft = Self.tapFrames
        shownOrder = selection.items
        shownSelected = selection.selected
        try relayout()
        if let selected = selection.selected {
            try scrollView.animate(to: frames[selected].center.y - configuration.viewport.y / 2)
        }
    }

    /// Moves the item at `source` to `destination` at once (no finger).
    /// - Complexity: O(cells).
    public func move(from source: Int, to destination: Int) throws {
        try selection.move(from: source, to: destination)
        shownOrder = selection.items
        shownSelected = selection.selected
        try relayout()
    }

    /// Drags the cell at `source` to where the cell at `destination` is, over `seconds`:
    /// the cell follows the finger frame by frame and the others make room for it at the
    /// index under the finger; on release the move is committed as the seed commits it —
    /// remove at `source`, insert at `destination`, the selection by the four-case rule —
    /// and the cell settles into its frame. The drop lands at `destination` whatever the
    /// interim layout put under the finger (with a cell enlarged, the rearranged layout can
    /// put a neighbour of `destination` there).
    /// - Complexity: O(seconds / frame duration × cells log cells): each frame lays out every
    ///   cell, finds the one under the finger and plays a recorded frame.
    public func drag(from source: Int, to destination: Int, seconds: Double) throws {
        let count = selection.items.count
        guard (0..<count).contains(source), (0..<count).contains(destination) else {
            throw ScenarioError.dragOutOfRange(source: source, destination: destination, count: count)
        }
        guard seconds.isFinite, seconds >= 0 else { throw ScenarioError.invalidParameter("seconds must be finite and ≥ 0") }
        let dragged = selection.items[source]
        let start = frames[source].center, end = frames[destination].center
        let steps = try animator.frames(in: seconds)
        var target = source
        mark("drag \(source + 1) → \(destination + 1)")
        defer { self.finger = nil }
        for k in 1...steps {
            let finger = start + (end - start) * (Double(k) / Double(steps))
            self.finger = finger - scrollView.offset
            tapFramesLeft = 0
            // The index under the finger in the interim layout; the others make room. On the
            // last frame the finger is over the destination: room is made there.
            if k == steps {
                target = destination
            } else if let under = GalleryLayout.index(at: finger, in: frames) {
                target = under
            }
            var order = selection.items
            order.remove(at: source)
            order.insert(dragged, at: target)
            shownOrder = order
            shownSelected = selection.selected.map { GallerySelection.selectionAfterMove(selected: $0, source: source, destination: target) }
            try relayout(except: dragged)
            try world.setAnchor(springs[dragged], finger)
            try world.setPosition(ItemID(rawValue: Int32(dragged)), finger)
            try advanceFrame()
        }
        try selection.move(from: source, to: destination)
        shownOrder = selection.items
        shownSelected = selection.selected
        try relayout()
    }

    /// A drag played frame by frame (a recorded gesture, the studio's pointer): the cell at
    /// display `source` is lifted by `beginDrag`, follows the finger with `dragFrame` (one
    /// display frame each; the others make room at the index under the finger, as in `drag`),
    /// and `endDrag` commits the move to the last index under the finger.
    public private(set) var fingerDrag: (source: Int, dragged: Int, target: Int)?

    public func beginDrag(at source: Int) throws {
        guard selection.items.indices.contains(source) else {
            throw ScenarioError.dragOutOfRange(source: source, destination: source, count: selection.items.count)
        }
        fingerDrag = (source, selection.items[source], source)
        mark("drag \(source + 1)")
    }

    /// One display frame with the dragged cell under `point` (viewport coordinates).
    public func dragFrame(finger point: SIMD2<Double>) throws {
        guard var drag = fingerDrag else { return try advanceFrame() }
        let finger = point + scrollView.offset
        self.finger = point
        tapFramesLeft = 0
        if let under = GalleryLayout.index(at: finger, in: frames) { drag.target = under }
        fingerDrag = drag
        var order = selection.items
        order.remove(at: drag.source)
        order.insert(drag.dragged, at: drag.target)
        shownOrder = order
        shownSelected = selection.selected.map { GallerySelection.selectionAfterMove(selected: $0, source: drag.source, destination: drag.target) }
        try relayout(except: drag.dragged)
        try world.setAnchor(springs[drag.dragged], finger)
        try world.setPosition(ItemID(rawValue: Int32(drag.dragged)), finger)
        try advanceFrame()
    }

    public func endDrag() throws {
        guard let drag = fingerDrag else { return }
        fingerDrag = nil
        finger = nil
        try selection.move(from: drag.source, to: drag.target)
        mark("drop \(drag.target + 1)")
        shownOrder = selection.items
        shownSelected = selection.selected
        try relayout()
    }

    // MARK: Frames

    public var isAtRest: Bool { world.isPaused && !scrollView.isMoving }

    /// One display frame, played by the gesture player: the scroll view's deceleration or
    /// bounce, the animator's tick, the recording.
    /// - Complexity: O(cells) for the world's step while it moves, O(cells log cells) when recorded.
    public func advanceFrame() throws { try player.advanceIdleFrame() }

    /// One display frame (`FrameClock`: `wait`, `waitUntilRest`).
    public func advanceIdleFrame() throws { try advanceFrame() }

    /// Where each item's cell is now (content coordinates), by identifier.
    /// - Complexity: O(cells) (the item's display index is searched).
    public func cellFrame(of id: Int) throws -> Rect {
        try cellFrame(of: id, selected: shownOrder.firstIndex(of: id)! == shownSelected)
    }

    /// The cell's frame when it is known whether it is the selected one. - Complexity: O(1).
    private func cellFrame(of id: Int, selected: Bool) throws -> Rect {
        let size = selected ? layout.selectedSize : layout.itemSize
        let center = try animator.layoutPosition(ItemID(rawValue: Int32(id)))
        return Rect(x: center.x - size.x / 2, y: center.y - size.y / 2, width: size.x, height: size.y)
    }

    // MARK: Internals

    /// Anchors every cell (but `except`) at its frame in the shown order.
    private func relayout(except: Int? = nil) throws {
        let result = layout.frames(count: shownOrder.count, selected: shownSelected)
        frames = result.frames
        try scrollView.setContentSize(SIMD2(configuration.viewport.x, result.height))
        for (index, id) in shownOrder.enumerated() where id != except {
            let center = frames[index].center
            if try world.anchor(springs[id]) != center { try world.setAnchor(springs[id], center) }
        }
    }

    private func record() throws {
        guard configuration.record, let observer else { return }
        let drawn = observer.wantsReportFrames
        try world.chargeRecording(rows: shownOrder.count, values: 9, reportCells: drawn)
        shown.reset(frame: frame, time: time)
        var cells: [DrawnCell] = []
        // One pass: looking each cell's position up (cellFrame(of:)) made a frame O(n²).
        for id in 0..<shownOrder.count {
            let selected = shownSelected.map { shownOrder[$0] == id } ?? false
            let f = try cellFrame(of: id, selected: selected)
            shown.addRow(id: id, f.center.x, f.center.y, f.width, f.height, selected ? 1 : 0, scrollView.offset.y)
            if drawn { cells.append(DrawnCell(id: id, x: f.x, y: f.y, width: f.width, height: f.height, stretch: 0, color: Self.color(id))) }
        }
        // A tap's finger shows for `tapFrames` frames, this one included.
        let touch = finger
        if tapFramesLeft > 0 {
            tapFramesLeft -= 1
            if tapFramesLeft == 0 { finger = nil }
        }
        guard drawn else {
            observer.scenario(didShow: shown)
            return
        }
        // Draw the selected cell last (on top).
        cells.sort { a, b in
            let sa = shownSelected.map { shownOrder[$0] == a.id } ?? false, sb = shownSelected.map { shownOrder[$0] == b.id } ?? false
            return sa == sb ? a.id < b.id : sb
        }
        shown.isReportFrame = true
        shown.offset = scrollView.offset
        shown.touch = touch
        shown.cells = cells
        shown.plotValues = [scrollView.offset.y]
        observer.scenario(didShow: shown)
    }

    private func mark(_ label: String) {
        if configuration.record { observer?.scenario(didMark: label) }
    }

    /// A fixed colour per image.
    static func color(_ id: Int) -> UInt32 {
        let hue = Double(id) * 0.618_033_988_75
        let h = (hue - hue.rounded(.down)) * 6
        let c = 0.55, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = 0.3
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        func byte(_ v: Double) -> UInt32 { UInt32(((v + m) * 255).rounded()) }
        return byte(r) << 16 | byte(g) << 8 | byte(b)
    }
}
