import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import CLua

/// An iOS 9 attachment as Lua holds it: its world, its joint and the properties UIKit exposes.
final class AttachmentHandle {
    let animator: DynamicAnimator
    let id: JointID
    let kindName: String
    var range: ClosedRange<Double>?
    var frictionTorque = 0.0
    init(animator: DynamicAnimator, id: JointID, kindName: String) {
        self.animator = animator; self.id = id; self.kindName = kindName
    }
}

/// UIKit's iOS 9 attachment factories and `UISnapBehavior` on a Lua world (docs/lua-api.md,
/// "Attachments"): `w:fixed_attachment{}`, `w:pin_attachment{}`, `w:sliding_attachment{}`,
/// `w:limit_attachment{}` and `w:snap{}`, each returning a handle with `:remove()`.
extension ModuleBuilder {
    static let attachmentClass = LuaObjectClass(name: "springkit.Attachment")
    static let snapClass = LuaObjectClass(name: "springkit.Snap")
    /// UIKit's `frictionTorque` is in newton-metres; the world's torques are 10⁸ times that.
    static let torqueUnitsPerNewtonMetre = World.forceUnitsPerNewton * 100

    func addAttachments() {
        Self.attachmentClass.define(in: lua, methods: [
            ("remove", { call in
                let h = try call.object(1, AttachmentHandle.self, Self.attachmentClass)
                try call.checked(1) { if h.animator.world.jointIDs.contains(h.id) { try h.animator.world.removeJoint(h.id) } }
                return 0
            }),
        ], properties: [
            "kind": { call, o in call.push((o as! AttachmentHandle).kindName); return 1 },
            "friction_torque": { call, o in call.push((o as! AttachmentHandle).frictionTorque); return 1 },
            "range": { call, o in
                guard let r = (o as! AttachmentHandle).range else { call.pushNil(); return 1 }
                call.pushArray([r.lowerBound, r.upperBound])
                return 1
            },
        ], setters: [
            "friction_torque": { call, o in
                let h = o as! AttachmentHandle
                let torque = try call.finiteNumber(3)
                guard torque >= 0 else { throw call.argumentError(3, "friction torque must be ≥ 0 N·m, got \(NumberFormat.shortest(torque))") }
                try call.checked(3) { try h.animator.world.setJointFrictionTorque(h.id, torque * Self.torqueUnitsPerNewtonMetre) }
                h.frictionTorque = torque
            },
            "range": { call, o in
                let h = o as! AttachmentHandle
                let range = try Self.range(call, 3)
                try call.checked(3) { try h.animator.world.setJointRange(h.id, range) }
                h.range = range
            },
        ])
        Self.snapClass.define(in: lua, methods: [
            ("remove", { call in
                let s = try call.object(1, SnapBehavior.self, Self.snapClass)
                try call.checked(1) { try s.animator?.removeBehavior(s) }
                return 0
            }),
        ], properties: [
            "point": { call, o in let p = (o as! SnapBehavior).point; call.pushArray([p.x, p.y]); return 1 },
            "damping": { call, o in call.push((o as! SnapBehavior).damping); return 1 },
            "item": { call, o in call.push(Int((o as! SnapBehavior).item.rawValue)); return 1 },
        ], setters: [
            "point": { call, o in
                guard let t = try call.table(3), let x = try t.element(1), let y = try t.element(2) else { throw call.argumentError(3, "{x, y} expected") }
                try call.checked(3) { try (o as! SnapBehavior).setPoint(SIMD2(x, y)) }
            },
            // UIKit: a live snap keeps its damping; the value is stored.
            "damping": { call, o in (o as! SnapBehavior).damping = try call.finiteNumber(3) },
        ])
    }

    /// `{lower, upper}` or nil (no range) at stack index `index`.
    private static func range(_ call: LuaCall, _ index: Int32) throws -> ClosedRange<Double>? {
        if call.isNil(index) { return nil }
        guard let t = try call.table(index), let lo = try t.element(1), let hi = try t.element(2), lo.isFinite, hi.isFinite, lo <= hi else {
            throw call.argumentError(index, "{lower, upper} of finite numbers with lower ≤ upper expected (nil: no range)")
        }
        return lo...hi
    }

    var attachmentWorldMethods: [(String, LuaFunction.Body)] {
        func animator(_ call: LuaCall) throws -> DynamicAnimator { try call.object(1, DynamicAnimator.self, LuaClasses.world) }
        /// Reads `item`, `item_b` and the kind's fields, adds the joint, pushes its handle.
        func attachment(_ name: String, keys: Set<String>, _ kind: @escaping (LuaTableArgument) throws -> JointKind) -> LuaFunction.Body {
            { call in
                let w = try animator(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(keys.union(["item", "item_b", "range", "friction_torque"]))
                guard let a = try spec.integer("item") else { throw call.argumentError(2, "field 'item' (an item id) is required") }
                let b = try spec.integer("item_b").map { ItemID(rawValue: Int32(clamping: $0)) }
                let k = try kind(spec)
                let id = try call.checked(2) { try w.world.addJoint(k, ItemID(rawValue: Int32(clamping: a)), b) }
                let handle = AttachmentHandle(animator: w, id: id, kindName: name)
                if spec.has("range") {
                    let range = try spec.withTable("range") { t -> ClosedRange<Double>? in
                        guard let t, let lo = try t.element(1), let hi = try t.element(2), lo.isFinite, hi.isFinite, lo <= hi else {
                            throw call.argumentError(2, "field 'range': {lower, upper} of finite numbers with lower ≤ upper expected")
                        }
                        return lo...hi
                    }
                    try call.checked(2) { try w.world.setJointRange(id, range) }
                    handle.range = range
                }
                if let torque = try spec.number("friction_torque") {
                    guard torque.isFinite, torque >= 0 else {
                        throw call.argumentError(2, "field 'friction_torque': a finite number ≥ 0 (N·m) expected, got \(NumberFormat.shortest(torque))")
                    }
                    try call.checked(2) { try w.world.setJointFrictionTorque(id, torque * Self.torqueUnitsPerNewtonMetre) }
                    handle.frictionTorque = torque
                }
                call.push(handle, as: Self.attachmentClass)
                return 1
            }
        }
        func required(_ spec: LuaTableArgument, _ key: String) throws -> SIMD2<Double> {
            guard let p = try spec.point(key) else { throw spec.call.argumentError(spec.position, "field '\(key)' ({x, y}) is required") }
            return p
        }
        return [
            ("fixed_attachment", attachment("fixed", keys: ["anchor"]) { .fixed(anchor: try required($0, "anchor")) }),
            ("pin_attachment", attachment("pin", keys: ["anchor"]) { .pin(anchor: try required($0, "anchor")) }),
            ("sliding_attachment", attachment("sliding", keys: ["anchor", "axis"]) {
                .sliding(anchor: try required($0, "anchor"), axis: try required($0, "axis"))
            }),
            ("limit_attachment", attachment("limit", keys: ["offset", "offset_b"]) {
                .limit(offsetA: try $0.point("offset") ?? .zero, offsetB: try $0.point("offset_b") ?? .zero)
            }),
            ("snap", { call in
                let w = try animator(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["item", "point", "damping"])
                guard let item = try spec.integer("item") else { throw call.argumentError(2, "field 'item' (an item id) is required") }
                let point = try required(spec, "point")
                let snap = try call.checked(2) {
                    try SnapBehavior(item: ItemID(rawValue: Int32(clamping: item)), point: point, damping: try spec.number("damping") ?? 0.5)
                }
                try call.checked(2) { try w.addBehavior(snap) }
                call.push(snap, as: Self.snapClass)
                return 1
            }),
        ]
    }
}
