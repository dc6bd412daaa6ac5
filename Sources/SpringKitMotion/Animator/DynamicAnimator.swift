import SpringKitDynamics
import SpringKitSupport

/// How a `DynamicAnimator` ticks its world: the display frame and the screen its centers
/// are written back to. Defaults follow UIKit (see docs/physics.md, "Stepping").
public struct AnimatorConfiguration: Equatable, Sendable {
    /// A display frame, seconds (60 Hz).
    public var frameDuration: Double = 1.0 / 60
    /// Frames longer than this are taken as `frameDuration` (UIKit: 0.5 s).
    public var maximumFrameDuration: Double = 0.5
    /// Screen scale for centers written back to layouts (2 or 3 on devices).
    public var screenScale: Double = 2

    public init() {}

    /// Throws when a value is out of its domain.
    public func validate() throws {
        func require(_ ok: Bool, _ text: String) throws { if !ok { throw MotionError.invalidParameter(text) } }
        try require(frameDuration.isFinite && frameDuration > 0, "frame must be a positive number of seconds, got \(NumberFormat.shortest(frameDuration))")
        try require(maximumFrameDuration.isFinite && maximumFrameDuration > 0, "maximum frame duration must be positive")
        try require(screenScale.isFinite && screenScale > 0, "screen scale must be positive, got \(NumberFormat.shortest(screenScale))")
    }
}

/// Drives a `World` once per display frame, as `UIDynamicAnimator` drives its physics world:
/// each frame's duration feeds an accumulator, the world takes the fixed steps it holds
/// (`World.advance(steps:)`), and the leftover carries to the next frame (no interpolation).
/// A frame longer than `maximumFrameDuration` counts as one configured frame. The animator
/// keeps the display clock (frames fed, time in seconds) and writes centers back rounded to
/// the pixel grid (`layoutPosition`); the world keeps only its step count.
///
/// `time` counts configured frames rather than summing them, so after n of them it is
/// exactly n × `frameDuration` (traces show `t = 3` at frame 180).
public final class DynamicAnimator: FrameClock {
    /// The physics world this animator ticks.
    public let world: World
    public let configuration: AnimatorConfiguration

    /// Simulated seconds (the sum of frame durations fed in). Configured frames are
    /// counted rather than summed, so `time` after n of them is exactly n × frame.
    public var time: Double { Double(configuredFrames) * configuration.frameDuration + otherFrameTime }
    private var configuredFrames = 0
    private var otherFrameTime = 0.0
    /// Time fed in but not yet stepped (less than one step after every frame).
    private var accumulator = 0.0
    /// Frames fed in so far.
    public private(set) var frameCount = 0

    /// Work units a frame costs, charged to the world's budget (a unit weighs about one Lua
    /// VM instruction; a frame's bookkeeping takes as long as some 16 of them).
    public static let unitsPerFrame = 16

    /// An animator for `world` (which it ticks from now on; nothing else should feed it frames).
    public init(world: World, configuration: AnimatorConfiguration = AnimatorConfiguration()) throws {
        try configuration.validate()
        self.world = world
        self.configuration = configuration
    }

    /// An animator over a new, empty world.
    /// - Parameter budget: what the world's work and memory, and the animator's frames, are charged to.
    public convenience init(configuration: AnimatorConfiguration = AnimatorConfiguration(),
                            world worldConfiguration: WorldConfiguration = WorldConfiguration(),
                            budget: ResourceBudget? = nil) throws {
        try self.init(world: World(configuration: worldConfiguration, budget: budget), configuration: configuration)
    }

    /// True while nothing moves (`World.isPaused`): `UIDynamicAnimator.isRunning` is false.
    public var isPaused: Bool { world.isPaused }

    // MARK: Behaviours

    /// The behaviours added, in the order added (UIKit's `behaviors`).
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Set when an item behaviour's flagged properties must reach the bodies at the next tick.
    var needsItemBehaviorEvaluation = false
    /// Additions and removals asked for during a tick's actions, done after them (UIKit queues them).
    private var queued: [(add: Bool, behavior: DynamicBehavior)] = []
    private var inActions = false
    /// Whether the last tick left the world moving (for the pause and resume callbacks).
    private var wasRunning = false
    /// UIKit's collision group counter (charon §7.1): +1 when a collision behaviour is added, −1
    /// when one is removed.
    package internal(set) var collisionGroupCounter = 0
    /// The collision masks of each item a collision behaviour touched (UIKit keeps them in the
    /// item's body object; the world holds a copy).
    private var collisionFilters: [ItemID: (category: UInt32, collision: UInt32)] = [:]
    /// The reference system's bounds (UIKit's reference view or layout), nil for none: a
    /// collision behaviour's implicit boundary needs them. A change is taken before the next
    /// step, when every collision behaviour rebuilds its implicit boundary (charon §1.5).
    public var referenceBounds: Rect? {
        didSet { if referenceBounds != oldValue { referenceBoundsChanged = true } }
    }
    private var referenceBoundsChanged = false
    /// `dynamicAnimatorDidPause`: after a tick that leaves nothing moving.
    public var onPause: (() throws -> Void)?
    /// `dynamicAnimatorWillResume`: before the first tick that finds something moving again.
    public var onResume: (() throws -> Void)?

    /// Adds `behavior`: it takes effect in the world at once (during a tick's actions: after them).
    /// Throws when it is added to an animator already (UIKit: "Adding the same behavior twice
    /// to the same animator is not supported").
    /// - Complexity: O(behaviours + the behaviour's items).
    public func addBehavior(_ behavior: DynamicBehavior) throws {
        if inActions { return queued.append((true, behavior)) }
        guard behavior.animator == nil else {
            throw MotionError.invalidParameter("the behaviour is added to an animator already (UIKit does not support adding it twice)")
        }
        behavior.animator = self
        do { try behavior.associate(with: self) } catch { behavior.animator = nil; throw error }
        behaviors.append(behavior)
        if behavior is ItemBehavior { needsItemBehaviorEvaluation = true }
    }

    /// Removes `behavior` (nothing if it is not in this animator), undoing what it did.
    /// - Complexity: O(behaviours + the behaviour's items).
    public func removeBehavior(_ behavior: DynamicBehavior) throws {
        if inActions { return queued.append((false, behavior)) }
        guard let k = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: k)
        defer { behavior.animator = nil }
        try behavior.dissociate(from: self)
    }

    /// Before the world steps: item behaviours' flagged properties (in order: the last wins),
    /// then each behaviour's step (the push behaviour's forces).
    private func beforeStep() throws {
        if needsItemBehaviorEvaluation {
            needsItemBehaviorEvaluation = false
            for case let b as ItemBehavior in behaviors {
                for item in b.items where world.contains(item) { try b.apply(to: item, world) }
            }
        }
        if referenceBoundsChanged {
            referenceBoundsChanged = false
            for case let b as CollisionBehavior in behaviors { try b.rebuildImplicitBoundary(self) }
        }
        for b in behaviors { try b.step(self) }
        if !wasRunning && !world.isPaused { try onResume?() }
    }

    /// After the world's step: the contacts (every collision behaviour hears all began ones,
    /// then all ended ones), every action, then queued additions and removals, then the pause
    /// callback (charon §1.5, §7.5).
    private func afterStep() throws {
        inActions = true
        defer { inActions = false }
        let events = world.takeContactEvents()
        for began in [true, false] where !events.isEmpty {
            for case let b as CollisionBehavior in behaviors {
                guard let hear = b.onContact else { continue }
                for contact in b.contacts(in: events, began: began) { try hear(contact) }
            }
        }
        for b in behaviors { try b.action?() }
        inActions = false
        let pending = queued
        queued = []
        for (add, behavior) in pending { if add { try addBehavior(behavior) } else { try removeBehavior(behavior) } }
        let running = !world.isPaused
        if wasRunning && !running { try onPause?() }
        wasRunning = running
    }

    /// The collision masks UIKit keeps for `item` (charon §7.2): its category and its
    /// collision mask, which is also its contact-test mask; 0 and 0 until a collision behaviour holds it.
    public func collisionFilter(_ item: ItemID) -> (category: UInt32, collision: UInt32) {
        collisionFilters[item] ?? (0, 0)
    }

    func setCollisionFilter(_ item: ItemID, _ filter: (category: UInt32, collision: UInt32)) throws {
        try world.setCollisionFilter(item, category: filter.category, mask: filter.collision)
        collisionFilters[item] = filter
    }

    /// Feeds one display frame of `duration` seconds (default: the configured frame) and
    /// steps the world by the fixed steps the accumulator then holds.
    /// Frames longer than `maximumFrameDuration` count as one configured frame.
    /// - Complexity: O(steps) for the accumulator, plus the world's `advance(steps:)`.
    public func advanceFrame(duration: Double? = nil) throws {
        var dt = duration ?? configuration.frameDuration
        guard dt.isFinite, dt >= 0 else {
            throw MotionError.invalidParameter("frame duration must be a finite number ≥ 0, got \(dt)")
        }
        if dt > configuration.maximumFrameDuration { dt = configuration.frameDuration }
        if dt == configuration.frameDuration { configuredFrames += 1 } else { otherFrameTime += dt }
        try world.charge(DynamicAnimator.unitsPerFrame)
        frameCount += 1
        accumulator += dt
        let step = world.configuration.stepDuration
        var steps = 0
        while accumulator >= step {
            let left = accumulator - step
            // A step too small to change the accumulator would never end the loop.
            guard left < accumulator else {
                throw MotionError.invalidParameter("the step (\(NumberFormat.shortest(step)) s) is too small for a frame of \(NumberFormat.shortest(dt)) s")
            }
            accumulator = left
            steps += 1
            if steps & 4095 == 0 { try world.charge(4096, unitsEach: World.unitsPerStep) }
        }
        try beforeStep()
        try world.advance(steps: steps)
        try afterStep()
    }

    /// Feeds `count` configured frames.
    /// - Complexity: O(count) frames.
    public func advanceFrames(_ count: Int) throws {
        for _ in 0..<max(count, 0) { try advanceFrame() }
    }

    /// `FrameClock`: at rest while the world is paused.
    public var isAtRest: Bool { isPaused }

    /// `FrameClock`: one configured frame.
    public func advanceIdleFrame() throws { try advanceFrame() }

    /// Configured frames a gesture of `seconds` takes (at least 1); throws when they would
    /// not fit a whole number (the work itself is bounded by the budget).
    package func frames(in seconds: Double) throws -> Int {
        let frames = (seconds / configuration.frameDuration).rounded()
        guard frames.isFinite, frames < 9e15 else { throw MotionError.tooManyFrames(seconds: seconds) }
        return max(1, Int(frames))
    }

    /// The center as UIKit writes it back to the item: rounded to the pixel grid of the
    /// configured screen scale. The world's state stays unrounded.
    public func layoutPosition(_ id: ItemID) throws -> SIMD2<Double> {
        PixelGrid.round(try world.position(id), scale: configuration.screenScale)
    }

    /// `updateItemUsingCurrentState(_:)` after the item's center was set to `center`: UIKit
    /// moves the body there only when `center` differs from the body's position after both
    /// are rounded to the pixel grid (charon §2.9, measured); a smaller change is lost and
    /// the body keeps its unrounded position. Returns whether the body moved.
    /// - Complexity: O(1), or `World.setPosition`'s cost when it moves.
    @discardableResult
    public func updateItem(_ id: ItemID, center: SIMD2<Double>) throws -> Bool {
        let scale = configuration.screenScale
        guard PixelGrid.round(center, scale: scale) != PixelGrid.round(try world.position(id), scale: scale) else { return false }
        try world.setPosition(id, center)
        return true
    }
}
