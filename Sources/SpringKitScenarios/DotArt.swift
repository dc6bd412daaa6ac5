/// The dot-art shuffle: a canvas of dots (items 0…n−1) in a grid. A snapshot is the
/// order of identifiers by position. A dot's colour belongs to its identifier, as in the
/// seed, where a cell's colour is looked up by its identifier.
///
/// **Change** shuffles the order (seeded) and recolours: the dot now at position p takes
/// image[p], so the new image assembles as the dots fly in. **Explode** shuffles and
/// **regenerate** sorts back to the order of the last change, both without recolouring:
/// every dot keeps its colour, so the picture scatters on explode and reassembles on
/// regenerate. Applying a snapshot computes the difference from the old order
/// (`CollectionDifference` with moves, see `PermutationDifference`); every dot whose slot
/// changed flies to it on its spring (optionally staggered by position, optionally with a
///
/// Costs: a snapshot change is O(dots log dots) (the move count, see `PermutationDifference`);
/// a frame steps every dot's spring, and a report frame draws every dot.
/// seeded particle burst).
public final class DotArt: Scenario {
    public struct Configuration: Sendable {
        public var columns = 32
        public var rows = 32
        public var dotSize = 8.0
        public var spacing = 0.0
        public var damping = 0.7
        public var frequency = 2.0
        /// Seconds between the starts of consecutive positions (0: all at once).
        public var stagger = 0.0
        /// Speed of the burst on explode, points/s (0: none): each moving dot recoils away from
        /// its new slot at a seeded random fraction (½…1) of this speed, then flies home.
        public var burst = 0.0
        public var world = WorldConfiguration()
        /// The display frame the animator ticks the world with.
        public var animator = AnimatorConfiguration()
        /// Trace every `recordEvery`-th dot (by identifier) each frame; 0 records none.
        public var recordEvery = 64
        /// Report every `reportEvery`-th frame; 0 records no report.
        public var reportEvery = 2
        public init() {}
    }

    /// What one snapshot change did.
    public struct Change: Sendable {
        /// The difference's moves (removals associated with an insertion).
        public var moves: Int
        /// Dots whose slot changed (moves plus the dots the layout shifted).
        public var relocated: Int
    }

    public let configuration: Configuration
    public let layout: GridLayout
    /// Ticks the world once per frame.
    public let animator: DynamicAnimator
    public let world: World
    /// Identifiers by position.
    public private(set) var order: [Int]
    /// Positions by identifier.
    public private(set) var positionOf: [Int]
    /// Colours by identifier: set by `change`, kept by `explode`, `regenerate` and `apply`.
    public private(set) var colorOf: [UInt32]
    /// The order of the last change (identity before the first): `regenerate` returns to it,
    /// which puts every dot back on the slot whose colour it took.
    public private(set) var homeOrder: [Int]
    /// Plays the frames (the one frame loop) over a scroll view that never moves; the staggered
    /// starts and the recording are its `frameEnded` hook.
    private let player: GesturePlayer
    public var frame: Int { player.frame }
    public var time: Double { animator.time }
    /// Receives every frame and gesture mark (nil: nothing is recorded).
    public let observer: ScenarioObserver?
    public let recordingDescription: ScenarioDescription
    private var shown = ScenarioFrame()
    /// How many finished images `recordImage` has handed to the observer.
    public private(set) var imageCount = 0

    private var items: [ItemID] = []
    private var springs: [SpringID] = []
    private var random: SeededGenerator
    /// Staggered starts still to come: (time, identifier), in time order.
    private var pending: [(time: Double, id: Int)] = []

    public var count: Int { configuration.columns * configuration.rows }

    /// - Parameters:
    ///   - budget: what the world's work and the recording are charged to (see `World.budget`).
    ///   - observer: receives the frames and marks (see `ScenarioRecorder`).
    /// - Complexity: O(dots) (one item and spring per dot).
    public init(configuration: Configuration = Configuration(), seed: UInt64, budget: ResourceBudget? = nil,
                observer: ScenarioObserver? = nil) throws {
        self.configuration = configuration
        let (dots, overflow) = configuration.columns.multipliedReportingOverflow(by: configuration.rows)
        guard configuration.columns > 0, configuration.rows > 0, !overflow, dots <= DotImage.largestDotCount else {
            throw ScenarioError.invalidParameter("columns and rows must be > 0, at most \(DotImage.largestDotCount) dots")
        }
        for (name, value) in [("stagger", configuration.stagger), ("burst", configuration.burst)] where !(value.isFinite && value >= 0) {
            throw ScenarioError.invalidParameter("\(name) must be a finite number ≥ 0")
        }
        try SpringParameters(length: 0, damping: configuration.damping, frequency: configuration.frequency).validate()
        guard configuration.frequency > 0 else { throw ScenarioError.invalidParameter("frequency must be > 0") }
        layout = try GridLayout(columns: configuration.columns, itemSize: SIMD2(repeating: configuration.dotSize), spacing: configuration.spacing)
        animator = try DynamicAnimator(configuration: configuration.animator, world: configuration.world, budget: budget)
        world = animator.world
        // Nothing scrolls: the scroll view stays idle, so a frame is the animator's tick and the hook.
        player = GesturePlayer(scrollView: try ScrollView(), animator: animator)
        random = SeededGenerator(seed: seed ^ 0xD07A_27)
        let n = configuration.columns * configuration.rows
        order = Array(0..<n)
        positionOf = Array(0..<n)
        homeOrder = order
        colorOf = try DotImage.blank(width: configuration.columns, height: configuration.rows).colors(columns: configuration.columns, rows: configuration.rows)
        world.reserveCapacity(items: n, springs: n)
        let parameters = SpringParameters(length: 0, damping: configuration.damping, frequency: configuration.frequency)
        for p in 0..<n {
            let center = layout.center(p)
            let item = try world.addItem(center: center, size: layout.itemSize)
            items.append(item)
            springs.append(try world.attach(item, to: center, parameters))
        }
        let size = layout.contentSize(count: n)
        recordingDescription = ScenarioDescription(title: "Dot art", viewport: size, columns: ["x", "y", "color"],
                                                   plots: [.init(name: "dots away from their slot (> 1 pt)", unit: "")])
        self.observer = observer
        observer?.scenarioDidStart(recordingDescription)
        try record()
        player.frameEnded = { [weak self] in try self?.frameEnded() }
    }

    // MARK: Snapshots

    /// Shuffles the order and recolours with `image`: the dot now at position p takes image[p]
    /// (the seed reloads every item). That order becomes the one `regenerate` returns to.
    /// - Complexity: O(dots log dots), as `apply(order:burst:)`.
    @discardableResult
    public func change(to image: DotImage) throws -> Change {
        let imageColors = try image.colors(columns: configuration.columns, rows: configuration.rows)
        observer?.scenario(didMark: "change")
        let result = try apply(order: shuffled(order), burst: false)
        for (p, id) in order.enumerated() { colorOf[id] = imageColors[p] }
        homeOrder = order
        return result
    }

    /// Shuffles the order without recolouring: every dot keeps its colour and flies to a
    /// random slot, so the picture scatters.
    /// - Complexity: O(dots log dots), as `apply(order:burst:)`.
    @discardableResult
    public func explode() throws -> Change {
        observer?.scenario(didMark: "explode")
        return try apply(order: shuffled(order), burst: configuration.burst > 0)
    }

    /// Sorts the dots back to the slots of the last change (by the position each took its
    /// colour at) without recolouring: the picture reassembles. Before any change that is
    /// the identity.
    /// - Complexity: O(dots log dots), as `apply(order:burst:)`.
    @discardableResult
    public func regenerate() throws -> Change {
        observer?.scenario(didMark: "regenerate")
        return try apply(order: homeOrder, burst: false)
    }

    /// Applies a snapshot (identifiers by position) without recolouring: every relocated dot
    /// flies to its new slot with its colour.
    /// - Complexity: O(dots log dots): the move count (`PermutationDifference.moveCount`) and
    ///   the sort of the staggered starts.
    @discardableResult
    public func apply(order newOrder: [Int], burst: Bool = false) throws -> Change {
        var listed = [Bool](repeating: false, count: count)
        for id in newOrder where (0..<count).contains(id) { listed[id] = true }
        guard newOrder.count == count, !listed.contains(false) else {
            throw ScenarioError.invalidSnapshot(count: count)
        }
        let moves = PermutationDifference.moveCount(from: order, to: newOrder)
        var relocated: [Int] = []
        for (p, id) in newOrder.enumerated() where positionOf[id] != p {
            positionOf[id] = p
            relocated.append(id)
        }
        order = newOrder
        pending.removeAll()
        let now = time
        for id in relocated {
            let p = positionOf[id]
            if configuration.stagger > 0 {
                pending.append((now + configuration.stagger * Double(p), id))
            } else {
                try launch(id)
            }
            if burst {
                // A recoil away from the new slot, along the line to it: the soft joint damps
                // only along its axis, so a kick with a sideways part would leave the dot
                // orbiting its slot for ever (angular momentum about the anchor is conserved).
                let away = try world.position(items[id]) - layout.center(p)
                let length = (away * away).sum().squareRoot()
                let direction = length > 0 ? away / length : SIMD2(1, 0)
                let speed = configuration.burst * (0.5 + 0.5 * random.nextUnit())
                try world.setVelocity(items[id], direction * speed)
            }
        }
        pending.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        return Change(moves: moves, relocated: relocated.count)
    }

    /// The colour identifier `id` shows (it travels with the dot).
    public func color(of id: Int) -> UInt32 { colorOf[id] }

    /// The picture the slots show once every dot has arrived: colours by position.
    /// - Complexity: O(dots).
    public var colorsByPosition: [UInt32] { order.map { colorOf[$0] } }

    // MARK: Frames

    /// How close to its slot a dot counts as home, points: 1. A zero-length spring applies
    /// nothing within Box2D's linear slop (0.5 pt, in metres), so a dot comes to rest anywhere
    /// in that dead zone, or a hair past its edge where it turned; 1 pt takes in both.
    public static let homeTolerance = 1.0

    /// True when every dot is within `tolerance` of its slot and none waits to start.
    /// - Complexity: O(dots).
    public func isWhole(tolerance: Double = DotArt.homeTolerance) throws -> Bool {
        if !pending.isEmpty { return false }
        return try awayFromSlot(tolerance: tolerance) == 0
    }

    /// How many dots are farther than `tolerance` from their slots.
    /// - Complexity: O(dots).
    public func awayFromSlot(tolerance: Double = DotArt.homeTolerance) throws -> Int {
        try world.withPositionReader { reader in
            var away = 0
            for id in 0..<count {
                let d = try reader.position(items[id]) - layout.center(positionOf[id])
                if (d * d).sum() > tolerance * tolerance { away += 1 }
            }
            return away
        }
    }

    /// True when nothing moves and no staggered start is still to come.
    public var isAtRest: Bool { world.isPaused && pending.isEmpty }

    /// One display frame (`FrameClock`: `wait`, `waitUntilRest`).
    public func advanceIdleFrame() throws { try advanceFrame() }

    /// One display frame: the animator's tick, the staggered starts now due, the recording.
    /// - Complexity: O(dots) for the world's step while it moves (`World.advance(steps:)`), plus
    ///   O(staggered starts pending) for each start launched this frame, plus the recording:
    ///   O(dots / recordEvery) trace rows, O(dots) on a report frame.
    public func advanceFrame() throws { try player.advanceIdleFrame() }

    /// The end of a frame: the staggered starts now due, then the recording.
    private func frameEnded() throws {
        while let next = pending.first, next.time <= time + 1e-12 {
            pending.removeFirst()
            try launch(next.id)
        }
        try record()
    }

    /// Runs frames until the image is whole and the world rests, or `limit` seconds pass.
    /// - Complexity: O(frames played × dots).
    @discardableResult
    public func waitUntilWhole(limit: Double) throws -> Bool {
        guard limit.isFinite, limit >= 0 else { throw ScenarioError.invalidParameter("limit must be finite and ≥ 0") }
        let end = time + limit - 1e-12
        while time < end {
            if world.isPaused, try isWhole() { return true }
            try advanceFrame()
        }
        return try world.isPaused && isWhole()
    }

    /// Hands the current colours by position (`colorsByPosition`) to the observer as a finished
    /// image (`ScenarioObserver.scenario(didFinish:)`; `ScenarioRecorder` keeps it for SVG output).
    /// - Complexity: O(dots).
    public func recordImage(title: String) throws {
        observer?.scenario(didMark: "whole: \(title)")
        let colors = colorsByPosition
        try world.reserve(colors.count, bytesEach: MemoryLayout<UInt32>.stride)
        imageCount += 1
        observer?.scenario(didFinish: ScenarioImage(title: title, columns: configuration.columns,
                                                    dotSize: configuration.dotSize, colors: colors))
    }

    // MARK: Internals

    private func launch(_ id: Int) throws {
        try world.setAnchor(springs[id], layout.center(positionOf[id]))
    }

    /// Fisher-Yates with the scenario's own generator (stable across toolchains).
    private func shuffled(_ values: [Int]) -> [Int] {
        var result = values
        var i = result.count - 1
        while i > 0 {
            let j = Int(random.next() % UInt64(i + 1))
            result.swapAt(i, j)
            i -= 1
        }
        return result
    }

    private func record() throws {
        guard let observer else { return }
        shown.reset(frame: frame, time: time)
        let every = configuration.recordEvery
        if every > 0 {
            try world.chargeRecording(rows: (count + every - 1) / every, values: 6, reportCells: false)
            for id in stride(from: 0, to: count, by: every) {
                let p = try world.position(items[id])
                shown.addRow(id: id, p.x, p.y, Double(color(of: id)))
            }
        }
        let reportEvery = configuration.reportEvery
        if reportEvery > 0 && frame % reportEvery == 0 && observer.wantsReportFrames {
            try world.chargeRecording(rows: count, values: 0)
            shown.cells.reserveCapacity(count)
            try world.withPositionReader { reader in
                for id in 0..<count {
                    let p = try reader.position(items[id])
                    let s = configuration.dotSize
                    shown.cells.append(DrawnCell(id: id, x: p.x - s / 2, y: p.y - s / 2, width: s, height: s, stretch: 0, color: color(of: id)))
                }
            }
            shown.isReportFrame = true
            shown.plotValues = [Double(try awayFromSlot())]
        }
        observer.scenario(didShow: shown)
    }
}

import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import Foundation
