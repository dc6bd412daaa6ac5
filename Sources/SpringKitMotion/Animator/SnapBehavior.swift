import SpringKitDynamics

/// `UISnapBehavior`: the item settles on `point` at angle 0, built as UIKit builds it (charon
/// `UIDynamicAnimator.md` §5, measured): four springs at 4 Hz from the item's corners to points
/// 50 pt beyond them around the snap point — (−w/2, −h/2) to (−w/2 − 50, −h/2) and to
/// (−w/2, −h/2 − 50), (w/2, h/2) to (w/2 + 50, h/2) and to (w/2, h/2 + 50), relative to the
/// point — each of rest length 50 and the behaviour's damping (0.5 by default), so the item
/// neither orbits nor stays turned.
///
/// UIKit first makes the springs as long as the item is from those points and sets their
/// length to 50 on the next turn of the main queue (stepping before it moves nothing); here
/// the length is 50 from the start, as an app that lets its run loop turn sees it. `damping`
/// set on a snap already in an animator only stores the value (UIKit's live snap keeps its
/// damping); a new `point` moves the anchors and wakes the item.
public final class SnapBehavior: DynamicBehavior {
    public static let distance = 50.0, frequency = 4.0
    public let item: ItemID
    public private(set) var point: SIMD2<Double>
    public var damping: Double
    private var springs: [SpringID] = []
    private var corners: [(offset: SIMD2<Double>, anchor: SIMD2<Double>)] = []

    public init(item: ItemID, point: SIMD2<Double>, damping: Double = 0.5) throws {
        guard point.x.isFinite, point.y.isFinite, damping.isFinite, damping >= 0 else {
            throw MotionError.invalidParameter("snap point must be finite and damping a finite number ≥ 0")
        }
        self.item = item
        self.point = point
        self.damping = damping
    }

    /// UIKit's `snapPoint` (iOS 9): moves the anchors; the springs and their lengths stay.
    public func setPoint(_ new: SIMD2<Double>) throws {
        guard new.x.isFinite, new.y.isFinite else { throw MotionError.invalidParameter("snap point must be finite") }
        point = new
        guard let animator else { return }
        for (spring, corner) in zip(springs, corners) { try animator.world.setAnchor(spring, new + corner.anchor) }
    }

    override func associate(with animator: DynamicAnimator) throws {
        let size = try animator.world.size(item)
        let hw = size.x / 2, hh = size.y / 2, d = Self.distance
        corners = [(SIMD2(-hw, -hh), SIMD2(-hw - d, -hh)), (SIMD2(-hw, -hh), SIMD2(-hw, -hh - d)),
                   (SIMD2(hw, hh), SIMD2(hw + d, hh)), (SIMD2(hw, hh), SIMD2(hw, hh + d))]
        let parameters = SpringParameters(length: d, damping: damping, frequency: Self.frequency)
        springs = try corners.map { try animator.world.attach(item, offset: $0.offset, to: point + $0.anchor, parameters) }
    }

    override func dissociate(from animator: DynamicAnimator) throws {
        for spring in springs where animator.world.contains(spring) { try animator.world.removeSpring(spring) }
        springs = []
    }
}
