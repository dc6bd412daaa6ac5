import SpringKitDynamics
import SpringKitMath

/// `UIDynamicBehavior`: what an animator holds and runs each tick. A behaviour acts on its
/// animator's world while it is added (`DynamicAnimator.addBehavior`), and its `action` runs
/// after every tick, after the world's step and the write-back (charon §1.5).
///
/// UIKit keeps behaviours in a hash set, so on a device `step` and the actions run in an
/// order no effect may rely on; here they run in the order the behaviours were added.
public class DynamicBehavior {
    /// Called after every animator tick while the behaviour is added (UIKit's `action`).
    public var action: (() throws -> Void)?
    /// The animator the behaviour is added to (UIKit's `dynamicAnimator`).
    public internal(set) weak var animator: DynamicAnimator?

    init() {}

    /// Takes effect in `animator`'s world (UIKit's association).
    func associate(with animator: DynamicAnimator) throws {}
    /// Undoes what the behaviour did to the world (UIKit's dissociation).
    func dissociate(from animator: DynamicAnimator) throws {}
    /// Before the world steps, every tick (only the push behaviour has one in UIKit).
    func step(_ animator: DynamicAnimator) throws {}
}

/// A behaviour acting on a list of items, each at most once, kept in the order added.
public class ItemListBehavior: DynamicBehavior {
    public private(set) var items: [ItemID] = []

    init(items: [ItemID]) {
        super.init()
        for item in items where !self.items.contains(item) { self.items.append(item) }
    }

    /// Adds `item` (nothing if it is held already); it takes effect at once when added to an animator.
    /// - Complexity: O(items).
    public func addItem(_ item: ItemID) throws {
        guard !items.contains(item) else { return }
        if let animator { _ = try animator.world.position(item) }   // an unknown item is refused here
        items.append(item)
        if let animator { try itemAdded(item, animator) }
    }

    /// Removes `item` (nothing if it is not held), undoing what the behaviour did to it.
    /// - Complexity: O(items).
    public func removeItem(_ item: ItemID) throws {
        guard let k = items.firstIndex(of: item) else { return }
        items.remove(at: k)
        if let animator, animator.world.contains(item) { try itemRemoved(item, animator) }
    }

    override func associate(with animator: DynamicAnimator) throws {
        for item in items { _ = try animator.world.position(item) }
        for item in items { try itemAdded(item, animator) }
    }

    override func dissociate(from animator: DynamicAnimator) throws {
        for item in items where animator.world.contains(item) { try itemRemoved(item, animator) }
    }

    func itemAdded(_ item: ItemID, _ animator: DynamicAnimator) throws {}
    func itemRemoved(_ item: ItemID, _ animator: DynamicAnimator) throws {}
}

/// A vector given either as itself or as (angle, magnitude), as UIKit's gravity and push
/// behaviours keep theirs: the angle is the vector's direction from the x axis (radians,
/// clockwise on screen), computed with deterministic maths.
public struct BehaviorVector: Equatable, Sendable {
    public private(set) var vector: SIMD2<Double>
    public private(set) var angle: Double

    public init(vector: SIMD2<Double>) throws {
        guard vector.x.isFinite, vector.y.isFinite else { throw MotionError.invalidParameter("direction must be finite") }
        self.vector = vector
        angle = vector == .zero ? 0 : DMath.atan2(vector.y, vector.x)
    }

    public init(angle: Double, magnitude: Double) throws {
        guard angle.isFinite, magnitude.isFinite else { throw MotionError.invalidParameter("angle and magnitude must be finite") }
        self.angle = angle
        vector = SIMD2(DMath.cos(angle), DMath.sin(angle)) * magnitude
    }

    public var magnitude: Double { (vector * vector).sum().squareRoot() }
}
