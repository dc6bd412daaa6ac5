import SpringKitDynamics

/// `UIGravityBehavior`: its items fall with the world's gravity; magnitude 1 is 1000 pt/s².
///
/// UIKit's mechanism, copied as measured (charon `UIDynamicAnimator.md` §3): the world has one
/// gravity vector. Adding a gravity behaviour, or setting one's direction while it is added,
/// sets the world's vector for every affected item (the last writer wins); **removing any
/// gravity behaviour sets the world's gravity to zero**, even with another still added. Only
/// the behaviour's items fall; an item that leaves keeps its velocity.
public final class GravityBehavior: ItemListBehavior {
    /// Points per second² of magnitude 1 (UIKit: 1 = 10 m/s² at 100 pt/m).
    public static let pointsPerSecondSquared = 1000.0

    /// The direction, in units of 1000 pt/s² (default (0, 1): down at 1000 pt/s²).
    public private(set) var gravity = try! BehaviorVector(vector: SIMD2(0, 1))

    public override init(items: [ItemID] = []) { super.init(items: items) }

    /// UIKit's `gravityDirection`: kept as given (a non-unit vector sets the magnitude).
    public func setDirection(_ direction: SIMD2<Double>) throws {
        try set(BehaviorVector(vector: direction))
    }

    /// UIKit's `setAngle:magnitude:`. Magnitude 0 gives the zero vector and angle 0; an angle
    /// set on the zero vector keeps it zero (measured).
    public func setAngle(_ angle: Double, magnitude: Double) throws {
        if magnitude == 0 { return try set(BehaviorVector(vector: .zero)) }
        try set(BehaviorVector(angle: angle, magnitude: magnitude))
    }

    public func setAngle(_ angle: Double) throws {
        guard gravity.vector != .zero else { return }
        try setAngle(angle, magnitude: gravity.magnitude)
    }

    public func setMagnitude(_ magnitude: Double) throws { try setAngle(gravity.angle, magnitude: magnitude) }

    private func set(_ value: BehaviorVector) throws {
        guard value != gravity else { return }
        gravity = value
        if let animator { animator.world.gravity = value.vector * Self.pointsPerSecondSquared }
    }

    override func associate(with animator: DynamicAnimator) throws {
        animator.world.gravity = gravity.vector * Self.pointsPerSecondSquared
        try super.associate(with: animator)
    }

    override func dissociate(from animator: DynamicAnimator) throws {
        try super.dissociate(from: animator)
        animator.world.gravity = .zero
    }

    override func itemAdded(_ item: ItemID, _ animator: DynamicAnimator) throws {
        try animator.world.setAffectedByGravity(item, true)
    }

    override func itemRemoved(_ item: ItemID, _ animator: DynamicAnimator) throws {
        try animator.world.setAffectedByGravity(item, false)
    }
}
