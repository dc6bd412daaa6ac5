import SpringKitSupport

/// Identifies one of a world's attachments (`World.addJoint`); never reused.
public struct JointID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: JointID, b: JointID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "joint \(rawValue)" }
}

/// UIKit's iOS 9 attachment factories and the Box2D joint each makes (charon
/// `UIDynamicAnimator.md` §6.4): made from the bodies as they are when added.
public enum JointKind: Equatable, Sendable {
    /// `fixedAttachment`: a weld at `anchor` (the relative angle kept).
    case fixed(anchor: SIMD2<Double>)
    /// `pinAttachment`: a revolute joint at `anchor`.
    case pin(anchor: SIMD2<Double>)
    /// `slidingAttachment`: a prismatic joint through `anchor` along `axis` (world axes when made).
    case sliding(anchor: SIMD2<Double>, axis: SIMD2<Double>)
    /// `limitAttachment`: a rope between the two items' anchors, at most as long as they are
    /// apart when made. UIKit places the anchors at center − offset (the offsets negated, in the
    /// world's axes: a host quirk kept).
    case limit(offsetA: SIMD2<Double>, offsetB: SIMD2<Double>)
}

/// A joint as the world keeps it: the items it joins and its constraint (impulses included).
struct JointRecord {
    let id: JointID
    let itemA: ItemID
    /// nil: a fixed point (the world).
    let itemB: ItemID?
    let kind: JointKind
    var model: JointModel

    /// The items at the constraint's ends A and B as the solver takes them (nil: the world):
    /// a sliding joint to a fixed point has the world as end A, as UIKit builds it.
    var solverEnds: (ItemID?, ItemID?) {
        if case .sliding = kind, itemB == nil { return (nil, itemA) }
        return (itemA, itemB)
    }
}

extension World {
    // MARK: Springs with offsets

    /// Hangs `item` on a spring to `anchor` whose end on the item sits at `offset` from its
    /// center, in the item's own axes (it turns with the item, so a pull off the center turns
    /// it): `UIAttachmentBehavior(item:offsetFromCenter:attachedToAnchor:)`. A rigid spring
    /// of no length whose anchor is within 1 pt of that end pins the item there (a revolute
    /// joint: `decideSpringForm`).
    @discardableResult
    public func attach(_ item: ItemID, offset: SIMD2<Double>, to anchor: SIMD2<Double>, _ parameters: SpringParameters) throws -> SpringID {
        try requireFinite(offset, "offset")
        guard configuration.solver == .uikit || offset == .zero else {
            throw DynamicsError.unsupportedByExactSolver("a spring with an offset is not a zero-length spring to an anchor")
        }
        let s = try attach(item, to: anchor, parameters)
        if offset != .zero {
            springOffsets[s.rawValue] = (offset, .zero); needsClassification = true
            try decideSpringForm(s)   // again, now from the end at the offset
        }
        return s
    }

    /// Joins two items with a spring whose ends sit at `offsetA` and `offsetB` from their centers
    /// (`UIAttachmentBehavior(item:offsetFromCenter:attachedTo:offsetFromCenter:)`).
    @discardableResult
    public func connect(_ a: ItemID, offset offsetA: SIMD2<Double>, _ b: ItemID, offset offsetB: SIMD2<Double>,
                        _ parameters: SpringParameters) throws -> SpringID {
        try requireFinite(offsetA, "offset_a"); try requireFinite(offsetB, "offset_b")
        let s = try connect(a, b, parameters)
        if offsetA != .zero || offsetB != .zero { springOffsets[s.rawValue] = (offsetA, offsetB); needsClassification = true }
        return s
    }

    /// A spring's offsets on item A and item B (zero for a spring at the centers).
    public func offsets(_ id: SpringID) throws -> (a: SIMD2<Double>, b: SIMD2<Double>) {
        guard contains(id) else { throw DynamicsError.unknownSpring(id) }
        return springOffsets[id.rawValue] ?? (.zero, .zero)
    }

    // MARK: Joints

    /// Adds an attachment between `a` and `b` (nil: a fixed point) made from the bodies as they
    /// are now, and wakes both.
    /// - Complexity: amortized O(1); the next step re-classifies the world.
    @discardableResult
    public func addJoint(_ kind: JointKind, _ a: ItemID, _ b: ItemID?) throws -> JointID {
        let i = try index(a), j = try b.map(index)
        if let b, b == a { throw DynamicsError.invalidParameter("a joint needs two different items") }
        let A = try frame(i), B = try j.map(frame) ?? (c: SIMD2<Double>.zero, angle: 0.0)
        let model: JointModel
        switch kind {
        case .fixed(let p):
            try requireFinite(p, "anchor")
            model = .weld(WeldJoint(a: 0, b: 0, localAnchorA: local(p, A), localAnchorB: j == nil ? p : local(p, B),
                                    referenceAngle: B.angle - A.angle))
        case .pin(let p):
            try requireFinite(p, "anchor")
            model = .revolute(RevoluteJoint(a: 0, b: 0, localAnchorA: local(p, A), localAnchorB: j == nil ? p : local(p, B),
                                            referenceAngle: B.angle - A.angle))
        case .sliding(let p, let axis):
            try requireFinite(p, "anchor"); try requireFinite(axis, "axis")
            let length = Vec2.length(axis)
            guard length > 0 else { throw DynamicsError.invalidParameter("axis must not be (0, 0)") }
            let unit = axis / length
            // UIKit's sliding to an anchor: the anchor (the world) is body A, the item body B.
            if j == nil {
                model = .prismatic(PrismaticJoint(a: 0, b: 0, localAnchorA: p, localAnchorB: local(p, A), localAxisA: unit,
                                                  referenceAngle: A.angle))
            } else {
                model = .prismatic(PrismaticJoint(a: 0, b: 0, localAnchorA: local(p, A), localAnchorB: local(p, B),
                                                  localAxisA: Vec2.rotate(Vec2.rotation(-A.angle), unit), referenceAngle: B.angle - A.angle))
            }
        case .limit(let offsetA, let offsetB):
            try requireFinite(offsetA, "offset_a"); try requireFinite(offsetB, "offset_b")
            guard j != nil else { throw DynamicsError.invalidParameter("a limit attachment joins two items") }
            let pA = A.c - offsetA, pB = B.c - offsetB
            model = .rope(RopeJoint(a: 0, b: 0, localAnchorA: local(pA, A), localAnchorB: local(pB, B),
                                    maximumLength: Vec2.length(pB - pA)))
        }
        try charge(World.unitsPerStep)
        let id = JointID(rawValue: nextJointID)
        nextJointID += 1
        jointRecords.append(JointRecord(id: id, itemA: a, itemB: b, kind: kind, model: model))
        needsClassification = true
        return id
    }

    /// Removes an attachment and wakes its items.
    public func removeJoint(_ id: JointID) throws {
        guard let k = jointRecords.firstIndex(where: { $0.id == id }) else { throw DynamicsError.invalidParameter("no \(id) in this world") }
        syncJointModels()
        jointRecords.remove(at: k)
        needsClassification = true
    }

    /// Every attachment, in the order made.
    public var jointIDs: [JointID] { jointRecords.map(\.id) }

    /// What an attachment was made as, and its items.
    public func joint(_ id: JointID) throws -> (kind: JointKind, a: ItemID, b: ItemID?) {
        guard let r = jointRecords.first(where: { $0.id == id }) else { throw DynamicsError.invalidParameter("no \(id) in this world") }
        return (r.kind, r.itemA, r.itemB)
    }

    /// UIKit's `attachmentRange`: a pin's angle range (radians), a sliding joint's translation
    /// range (points); nil for none (UIKit's infinite range). Ignored by the other kinds.
    public func setJointRange(_ id: JointID, _ range: ClosedRange<Double>?) throws {
        if let range, !(range.lowerBound.isFinite && range.upperBound.isFinite) {
            throw DynamicsError.invalidParameter("a range must be finite (nil for none)")
        }
        try updateJoint(id) { model in
            switch model {
            case .revolute(var j): j.limit = range; model = .revolute(j)
            case .prismatic(var j): j.limit = range; model = .prismatic(j)
            default: break
            }
        }
    }

    /// UIKit's `frictionTorque` of a pin (world torque units: newton-metres × 10⁸); ignored by the
    /// other kinds.
    public func setJointFrictionTorque(_ id: JointID, _ torque: Double) throws {
        guard torque.isFinite, torque >= 0 else {
            throw DynamicsError.invalidParameter("friction torque must be a finite number ≥ 0, got \(NumberFormat.shortest(torque))")
        }
        try updateJoint(id) { model in
            if case .revolute(var j) = model { j.frictionTorque = torque; model = .revolute(j) }
        }
    }

    private func updateJoint(_ id: JointID, _ change: (inout JointModel) -> Void) throws {
        guard let k = jointRecords.firstIndex(where: { $0.id == id }) else { throw DynamicsError.invalidParameter("no \(id) in this world") }
        syncJointModels()
        change(&jointRecords[k].model)
        needsClassification = true
    }

    /// Copies the joints as the rigid solver last stepped them (impulses, for warm starting
    /// after the next classification) into `jointRecords`, if it has stepped since.
    /// - Complexity: O(joints) when stale, else O(1).
    func syncJointModels() {
        guard jointModelsStale else { return }
        for (k, model) in rigid.jointModels.enumerated() { jointRecords[k].model = model }
        jointModelsStale = false
    }

    /// `jointRecords` after `syncJointModels`.
    func syncedJointRecords() -> [JointRecord] {
        syncJointModels()
        return jointRecords
    }

    /// Whether springs, joints or collisions need the rigid solver: any joint, any spring with an
    /// offset, any spring pinned on its anchor, any collision shape or boundary.
    var usesRigidSolver: Bool { !jointRecords.isEmpty || !springOffsets.isEmpty || !pinnedSprings.isEmpty || !collision.isEmpty }

    // MARK: Rigid attachments on their anchor

    /// How far (points) an anchor may be from its item's end for UIKit to pin the item there:
    /// "an anchor end closer than 1 pt" (charon `UIDynamicAnimator.md` §6.2).
    static let pinningDistance = 1.0

    /// Decides what joint a spring from `attach` is, as UIKit's `_reevaluateJoint` does when it
    /// builds the joint (charon `UIDynamicAnimator.md` §6.2): rigid (frequency 0), no length
    /// set (length 0) and its anchor closer than `pinningDistance` to the item's end (center +
    /// offset turned by the item's angle, as they are now) makes a revolute joint at the anchor,
    /// made as Box2D's `b2RevoluteJoint::Initialize(item, anchor body, anchor)` makes it: local
    /// anchor A the anchor in the item's frame, reference angle 0 − the item's angle. Anything
    /// else is a distance joint. Called when the spring is made and when a length or frequency
    /// goes from or to 0 (UIKit rebuilds the joint then, §6.3); a change of form restarts its
    /// impulse. A spring between two items is never pinned.
    func decideSpringForm(_ id: SpringID) throws {
        guard let s = springs.table.denseIndex(id.rawValue) else { throw DynamicsError.unknownSpring(id) }
        let wasPinned = pinnedSprings[id.rawValue] != nil
        pinnedSprings[id.rawValue] = try pinJoint(spring: s, offset: springOffsets[id.rawValue]?.0 ?? .zero)
        if wasPinned != (pinnedSprings[id.rawValue] != nil) {
            springs.impulse[s] = 0
            needsClassification = true
        }
    }

    /// The revolute joint that pins spring `s` (a dense index) on its anchor, or nil when UIKit's
    /// rule makes it a distance joint (see `decideSpringForm`).
    private func pinJoint(spring s: Int, offset: SIMD2<Double>) throws -> RevoluteJoint? {
        guard springs.itemB[s] < 0, springs.frequency[s] == 0, springs.length[s] == 0 else { return nil }
        let item = try frame(Int(springs.itemA[s]))
        let anchor = SIMD2(springs.anchorX[s], springs.anchorY[s])
        let end = item.c + Vec2.rotate(Vec2.rotation(item.angle), offset)
        guard Vec2.length(anchor - end) < World.pinningDistance else { return nil }
        return RevoluteJoint(a: 0, b: -1, localAnchorA: local(anchor, item), localAnchorB: anchor, referenceAngle: 0 - item.angle)
    }

    /// The revolute joint a spring is solved as when UIKit's rule pins it on its anchor (nil: a
    /// distance joint), with its impulses as last solved.
    func pinnedJoint(_ id: SpringID) throws -> RevoluteJoint? {
        guard contains(id) else { throw DynamicsError.unknownSpring(id) }
        return pinnedSprings[id.rawValue]
    }

    /// Item `i`'s center and angle.
    private func frame(_ i: Int) throws -> (c: SIMD2<Double>, angle: Double) {
        (items.position(i), bodyOfItem[items.table.identifierAt[i]].map { bodies.angle[$0] } ?? 0)
    }

    /// World point `p` in the frame of a body at `f`.
    private func local(_ p: SIMD2<Double>, _ f: (c: SIMD2<Double>, angle: Double)) -> SIMD2<Double> {
        Vec2.rotate(Vec2.rotation(-f.angle), p - f.c)
    }

    private func requireFinite(_ v: SIMD2<Double>, _ name: String) throws {
        guard v.x.isFinite, v.y.isFinite else { throw DynamicsError.invalidParameter("\(name) must be finite") }
    }
}
