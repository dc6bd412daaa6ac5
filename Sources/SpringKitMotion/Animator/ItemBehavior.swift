import SpringKitDynamics
import SpringKitSupport

/// `UIDynamicItemBehavior`: material, damping and rotation of its items' bodies, and velocity
/// changes. As measured (charon `UIDynamicAnimator.md` §2.5, §2.7, §2.10):
///
/// - a property set to a new value is *flagged*; only flagged properties reach the bodies,
///   at once when the behaviour is added or given an item, and at the start of the next tick
///   from every item behaviour in the animator's order: for each property **the last
///   behaviour that flags it wins**;
/// - removing an item behaviour resets its items to the defaults (all but `charge` and
///   `isAnchored`, which stay); the others apply again at the next tick;
/// - `addLinearVelocity` adds at once to a body in the animator, or is kept and given when the
///   behaviour is added.
///
/// UIKit leaves the values unclamped (elasticity 5, friction −2 and resistance −1 reach the
/// body); the world refuses only what would break its step (a non-finite value, a density
/// ≤ 0, a damping at or below −1/h).
public final class ItemBehavior: ItemListBehavior {
    public enum Property: Int, CaseIterable, Sendable {
        case elasticity, friction, density, resistance, angularResistance, allowsRotation, charge, anchored
    }

    /// The values this behaviour holds (UIKit's defaults until set).
    public private(set) var values = World.BodyProperties(resistance: 0.1, angularResistance: 0.1, elasticity: 0.2, friction: 0.2,
                                                          density: 1, charge: 0, allowsRotation: true, isAnchored: false)
    private var flagged = [Bool](repeating: false, count: Property.allCases.count)
    private var pendingLinear: [ItemID: SIMD2<Double>] = [:], pendingAngular: [ItemID: Double] = [:]

    public override init(items: [ItemID] = []) { super.init(items: items) }

    /// Whether `property` was set on this behaviour (only those reach its items).
    public func isSet(_ property: Property) -> Bool { flagged[property.rawValue] }

    /// Sets `values` (each property whose value changes is flagged and applied at the next tick).
    public func setValues(_ new: World.BodyProperties) throws {
        try validate(new)
        let old = values
        let changes: [(Property, Bool)] = [
            (.elasticity, new.elasticity != old.elasticity), (.friction, new.friction != old.friction),
            (.density, new.density != old.density), (.resistance, new.resistance != old.resistance),
            (.angularResistance, new.angularResistance != old.angularResistance),
            (.allowsRotation, new.allowsRotation != old.allowsRotation), (.charge, new.charge != old.charge),
            (.anchored, new.isAnchored != old.isAnchored)]
        values = new
        for (property, changed) in changes where changed { flagged[property.rawValue] = true }
        if changes.contains(where: { $0.1 }) { animator?.needsItemBehaviorEvaluation = true }
    }

    /// Adds to the item's velocity (pt/s): at once when the behaviour is in an animator and
    /// holds the item; kept and given when it is added otherwise; nothing for an item it does not hold.
    public func addLinearVelocity(_ velocity: SIMD2<Double>, for item: ItemID) throws {
        guard velocity.x.isFinite, velocity.y.isFinite else { throw MotionError.invalidParameter("velocity must be finite") }
        guard velocity != .zero, items.contains(item) else { return }
        if let animator {
            try animator.world.setVelocity(item, try animator.world.velocity(item) + velocity)
        } else {
            pendingLinear[item, default: .zero] += velocity
        }
    }

    public func addAngularVelocity(_ velocity: Double, for item: ItemID) throws {
        guard velocity.isFinite else { throw MotionError.invalidParameter("angular velocity must be finite") }
        guard velocity != 0, items.contains(item) else { return }
        if let animator {
            try animator.world.setAngularVelocity(item, try animator.world.angularVelocity(item) + velocity)
        } else {
            pendingAngular[item, default: 0] += velocity
        }
    }

    /// The item's velocity while the behaviour is in an animator and holds it, else zero.
    public func linearVelocity(for item: ItemID) throws -> SIMD2<Double> {
        guard let animator, items.contains(item) else { return .zero }
        return try animator.world.velocity(item)
    }

    public func angularVelocity(for item: ItemID) throws -> Double {
        guard let animator, items.contains(item) else { return 0 }
        return try animator.world.angularVelocity(item)
    }

    /// Pushes the flagged values to `item`'s body.
    func apply(to item: ItemID, _ world: World) throws {
        guard flagged.contains(true) else { return }
        var p = try world.bodyProperties(item)
        let v = values
        if isSet(.elasticity) { p.elasticity = v.elasticity }
        if isSet(.friction) { p.friction = v.friction }
        if isSet(.density) { p.density = v.density }
        if isSet(.resistance) { p.resistance = v.resistance }
        if isSet(.angularResistance) { p.angularResistance = v.angularResistance }
        if isSet(.allowsRotation) { p.allowsRotation = v.allowsRotation }
        if isSet(.charge) { p.charge = v.charge }
        if isSet(.anchored) { p.isAnchored = v.isAnchored }
        if p != (try world.bodyProperties(item)) { try world.setBodyProperties(item, p) }
    }

    override func itemAdded(_ item: ItemID, _ animator: DynamicAnimator) throws {
        try apply(to: item, animator.world)
        if let v = pendingLinear.removeValue(forKey: item) { try addLinearVelocity(v, for: item) }
        if let w = pendingAngular.removeValue(forKey: item) { try addAngularVelocity(w, for: item) }
    }

    override func itemRemoved(_ item: ItemID, _ animator: DynamicAnimator) throws {
        var p = try animator.world.bodyProperties(item)
        let defaults = animator.world.defaultBodyProperties(item)
        p.elasticity = defaults.elasticity; p.friction = defaults.friction; p.density = defaults.density
        p.resistance = defaults.resistance; p.angularResistance = defaults.angularResistance
        p.allowsRotation = defaults.allowsRotation
        try animator.world.setBodyProperties(item, p)
        animator.needsItemBehaviorEvaluation = true
    }

    private func validate(_ p: World.BodyProperties) throws {
        let numbers = [("elasticity", p.elasticity), ("friction", p.friction), ("density", p.density),
                       ("resistance", p.resistance), ("angular_resistance", p.angularResistance), ("charge", p.charge)]
        for (name, value) in numbers where !value.isFinite {
            throw MotionError.invalidParameter("\(name) must be finite, got \(NumberFormat.shortest(value))")
        }
        guard p.density > 0 else { throw MotionError.invalidParameter("density must be a positive number, got \(NumberFormat.shortest(p.density))") }
    }
}
