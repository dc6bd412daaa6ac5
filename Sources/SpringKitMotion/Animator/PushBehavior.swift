import SpringKitDynamics
import SpringKitSupport

/// `UIPushBehavior`: a force on each of its items every sub-step (continuous), or one impulse
/// (instantaneous, after which it is inactive). Magnitude 1 is 1 N: a 100 × 100 pt item of
/// density 1 (1 kg) gains 100 pt/s² (continuous) or 100 pt/s (instantaneous).
///
/// As measured (charon `UIDynamicAnimator.md` §4): the force acts at the item's center, or at
/// its offset from the center in the world's axes (the offset does not turn with the item);
/// vector and (angle, magnitude) are kept apart: setting the vector derives both, setting
/// the angle or magnitude derives the vector, and magnitude 0 keeps the angle.
public final class PushBehavior: ItemListBehavior {
    public enum Mode: String, Sendable { case continuous, instantaneous }

    public let mode: Mode
    /// Whether it pushes (an instantaneous push turns itself off after its impulse).
    public var active = true
    /// The force in newtons (impulse in N·s when instantaneous).
    public private(set) var push = try! BehaviorVector(vector: .zero)
    private var offsets: [ItemID: SIMD2<Double>] = [:]

    public init(items: [ItemID] = [], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    public func setDirection(_ direction: SIMD2<Double>) throws { push = try Self.checked(BehaviorVector(vector: direction)) }

    /// A push the world can apply: its force in world units (× 10⁶) must stay finite.
    private static func checked(_ v: BehaviorVector) throws -> BehaviorVector {
        let force = v.vector * World.forceUnitsPerNewton
        guard force.x.isFinite, force.y.isFinite else {
            throw MotionError.invalidParameter("a push of \(NumberFormat.shortest(max(abs(v.vector.x), abs(v.vector.y)))) N along an axis is too large (at most about 1e302)")
        }
        return v
    }

    /// Magnitude 0 gives the zero vector and keeps the angle (measured).
    public func setAngle(_ angle: Double, magnitude: Double) throws {
        push = try Self.checked(BehaviorVector(angle: angle, magnitude: magnitude))
    }

    public func setAngle(_ angle: Double) throws { try setAngle(angle, magnitude: push.magnitude) }
    public func setMagnitude(_ magnitude: Double) throws { try setAngle(push.angle, magnitude: magnitude) }

    /// Where the force acts on `item`, points from its center in the world's axes.
    public func offset(for item: ItemID) -> SIMD2<Double> { offsets[item] ?? .zero }

    public func setOffset(_ offset: SIMD2<Double>, for item: ItemID) throws {
        guard offset.x.isFinite, offset.y.isFinite else { throw MotionError.invalidParameter("offset must be finite") }
        offsets[item] = offset
    }

    override func step(_ animator: DynamicAnimator) throws {
        guard active, push.vector != .zero else { return }
        let amount = push.vector * World.forceUnitsPerNewton
        for item in items where animator.world.contains(item) {
            switch mode {
            case .continuous: try animator.world.applyForce(item, amount, offset: offset(for: item))
            case .instantaneous: try animator.world.applyImpulse(item, amount, offset: offset(for: item))
            }
        }
        if mode == .instantaneous { active = false }
    }
}
