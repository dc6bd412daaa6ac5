import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import CLua

/// UIKit's behaviours on a Lua world (docs/lua-api.md, "Behaviours"): `w:gravity{}`,
/// `w:push{}`, `w:item_behavior{}`, `w:field{}`, each returning a handle whose fields are the
/// behaviour's properties (read and write, as in UIKit) with `:remove()`, `:add_item(id)`,
/// `:remove_item(id)`.
extension ModuleBuilder {
    static let gravityClass = LuaObjectClass(name: "springkit.Gravity")
    static let pushClass = LuaObjectClass(name: "springkit.Push")
    static let itemBehaviorClass = LuaObjectClass(name: "springkit.ItemBehavior")
    static let fieldClass = LuaObjectClass(name: "springkit.Field")

    func addBehaviors() {
        let hooks = session.hookCall
        Self.gravityClass.define(in: lua, methods: Self.listMethods(Self.gravityClass), properties: Self.commonGetters.merging([
            "angle": { call, o in call.push((o as! GravityBehavior).gravity.angle); return 1 },
            "magnitude": { call, o in call.push((o as! GravityBehavior).gravity.magnitude); return 1 },
            "direction": { call, o in call.pushArray(Self.pair((o as! GravityBehavior).gravity.vector)); return 1 },
        ]) { a, _ in a }, setters: Self.actionSetter(hooks).merging([
            "angle": { call, o in try call.checked(3) { try (o as! GravityBehavior).setAngle(try call.finiteNumber(3)) } },
            "magnitude": { call, o in try call.checked(3) { try (o as! GravityBehavior).setMagnitude(try call.finiteNumber(3)) } },
            "direction": { call, o in try call.checked(3) { try (o as! GravityBehavior).setDirection(try Self.vector(call, 3)) } },
        ]) { a, _ in a })
        Self.pushClass.define(in: lua, methods: Self.listMethods(Self.pushClass) + Self.pushMethods, properties: Self.commonGetters.merging([
            "angle": { call, o in call.push((o as! PushBehavior).push.angle); return 1 },
            "magnitude": { call, o in call.push((o as! PushBehavior).push.magnitude); return 1 },
            "direction": { call, o in call.pushArray(Self.pair((o as! PushBehavior).push.vector)); return 1 },
            "mode": { call, o in call.push((o as! PushBehavior).mode.rawValue); return 1 },
            "active": { call, o in call.push((o as! PushBehavior).active); return 1 },
        ]) { a, _ in a }, setters: Self.actionSetter(hooks).merging([
            "angle": { call, o in try call.checked(3) { try (o as! PushBehavior).setAngle(try call.finiteNumber(3)) } },
            "magnitude": { call, o in try call.checked(3) { try (o as! PushBehavior).setMagnitude(try call.finiteNumber(3)) } },
            "direction": { call, o in try call.checked(3) { try (o as! PushBehavior).setDirection(try Self.vector(call, 3)) } },
            "active": { call, o in (o as! PushBehavior).active = try call.boolean(3, default: false) },
        ]) { a, _ in a })
        Self.itemBehaviorClass.define(in: lua, methods: Self.listMethods(Self.itemBehaviorClass) + Self.itemBehaviorMethods,
                                      properties: Self.commonGetters.merging(Self.itemPropertyGetters) { a, _ in a },
                                      setters: Self.actionSetter(hooks).merging(Self.itemPropertySetters) { a, _ in a })
        Self.fieldClass.define(in: lua, methods: Self.listMethods(Self.fieldClass), properties: Self.commonGetters.merging(Self.fieldGetters) { a, _ in a },
                               setters: Self.actionSetter(hooks).merging(Self.fieldSetters) { a, _ in a })
    }

    // MARK: World methods

    var behaviorWorldMethods: [(String, LuaFunction.Body)] {
        let hooks = session.hookCall, seed = session.seed
        func animator(_ call: LuaCall) throws -> DynamicAnimator { try call.object(1, DynamicAnimator.self, LuaClasses.world) }
        return [
            ("gravity", { call in
                let w = try animator(call)
                let spec = try call.table(2, optional: true)
                try spec?.rejectUnknownKeys(["items", "angle", "magnitude", "direction", "action"])
                let g = GravityBehavior(items: try Self.items(spec))
                try call.checked(2) {
                    if let d = try spec?.point("direction") { try g.setDirection(d) }
                    if let a = try spec?.number("angle") { try g.setAngle(a, magnitude: try spec?.number("magnitude") ?? g.gravity.magnitude) }
                    else if let m = try spec?.number("magnitude") { try g.setMagnitude(m) }
                }
                return try Self.add(g, Self.gravityClass, spec, w, hooks, call)
            }),
            ("push", { call in
                let w = try animator(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["items", "mode", "angle", "magnitude", "direction", "offset", "active", "action"])
                let modeName = try spec.string("mode") ?? "continuous"
                guard let mode = PushBehavior.Mode(rawValue: modeName) else {
                    throw call.argumentError(2, "field 'mode': expected 'continuous' or 'instantaneous', got '\(VisibleText.escaped(modeName))'")
                }
                let p = PushBehavior(items: try Self.items(spec), mode: mode)
                try call.checked(2) {
                    if let d = try spec.point("direction") { try p.setDirection(d) }
                    let angle = try spec.number("angle"), magnitude = try spec.number("magnitude")
                    if angle != nil || magnitude != nil { try p.setAngle(angle ?? p.push.angle, magnitude: magnitude ?? p.push.magnitude) }
                    if let offset = try spec.point("offset") { for item in p.items { try p.setOffset(offset, for: item) } }
                    p.active = try spec.boolean("active") ?? true
                }
                return try Self.add(p, Self.pushClass, spec, w, hooks, call)
            }),
            ("item_behavior", { call in
                let w = try animator(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(Set(Self.itemPropertyNames.map(\.0) + ["items", "action"]))
                let b = ItemBehavior(items: try Self.items(spec))
                var values = b.values
                for (name, keyPath) in Self.itemNumberProperties { if let v = try spec.number(name) { values[keyPath: keyPath] = v } }
                if let v = try spec.boolean("allows_rotation") { values.allowsRotation = v }
                if let v = try spec.boolean("anchored") { values.isAnchored = v }
                try call.checked(2) { try b.setValues(values) }
                return try Self.add(b, Self.itemBehaviorClass, spec, w, hooks, call)
            }),
            ("field", { call in
                let w = try animator(call)
                let spec = try call.table(2)!
                let field = try Self.field(spec, hooks: hooks, seed: seed)
                let f = try call.checked(2) { try FieldBehavior(field: field, items: try Self.items(spec)) }
                return try Self.add(f, Self.fieldClass, spec, w, hooks, call)
            }),
            ("on_pause", { call in
                let w = try animator(call)
                let callback = try LuaCallback.argument(call, 2)
                w.onPause = callback.map { cb in { try hooks.invoke(cb) } }
                return 0
            }),
            ("on_resume", { call in
                let w = try animator(call)
                let callback = try LuaCallback.argument(call, 2)
                w.onResume = callback.map { cb in { try hooks.invoke(cb) } }
                return 0
            }),
        ]
    }

    // MARK: Handles

    /// Adds a new behaviour to the animator, sets its action and pushes its handle.
    static func add(_ behavior: DynamicBehavior, _ luaClass: LuaObjectClass, _ spec: LuaTableArgument?,
                            _ animator: DynamicAnimator, _ hooks: LuaHookCall, _ call: LuaCall) throws -> Int32 {
        if let spec, let action = try LuaCallback.field(spec, "action") { behavior.action = { try hooks.invoke(action) } }
        try call.checked(2) { try animator.addBehavior(behavior) }
        call.push(behavior, as: luaClass)
        return 1
    }

    /// `items = {id, ...}` of a behaviour's table (none when absent).
    static func items(_ spec: LuaTableArgument?) throws -> [ItemID] {
        guard let spec else { return [] }
        return try spec.withTable("items") { table in
            try (table?.numbers() ?? []).enumerated().map { k, v in
                guard let whole = LuaNumberRule.whole(v, in: LuaNumberRule.wholeNumbers) else {
                    throw spec.call.argumentError(spec.position, "field 'items': element \(k + 1) is not an item id (\(NumberFormat.shortest(v)))")
                }
                return ItemID(rawValue: Int32(clamping: whole))
            }
        }
    }

    static func pair(_ v: SIMD2<Double>) -> [Double] { [v.x, v.y] }

    /// `{x, y}` at stack index `index`.
    private static func vector(_ call: LuaCall, _ index: Int32) throws -> SIMD2<Double> {
        guard let table = try call.table(index), let x = try table.element(1), let y = try table.element(2),
              x.isFinite, y.isFinite else { throw call.argumentError(index, "{x, y} of finite numbers expected") }
        return SIMD2(x, y)
    }

    static func itemArgument(_ call: LuaCall, _ index: Int32) throws -> ItemID {
        ItemID(rawValue: Int32(clamping: try call.integer(index)))
    }

    static var commonGetters: [String: LuaObjectClass.Getter] {
        ["items": { call, o in
            let ids = (o as! ItemListBehavior).items
            lua_createtable(call.L, Int32(ids.count), 0)
            for (k, id) in ids.enumerated() { call.push(Int(id.rawValue)); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return 1
        }]
    }

    static func actionSetter(_ hooks: LuaHookCall) -> [String: LuaObjectClass.Setter] {
        ["action": { call, o in
            let callback = try LuaCallback.argument(call, 3)
            (o as! DynamicBehavior).action = callback.map { cb in { try hooks.invoke(cb) } }
        }]
    }

    /// `:remove()`, `:add_item(id)`, `:remove_item(id)` of every behaviour handle.
    static func listMethods(_ luaClass: LuaObjectClass) -> [(String, LuaFunction.Body)] {
        func behavior(_ call: LuaCall) throws -> ItemListBehavior { try call.object(1, ItemListBehavior.self, luaClass) }
        let items = LuaIDMethods(receiver: behavior, id: itemArgument)
        return [
            ("remove", { call in
                let b = try behavior(call)
                try call.checked(1) { try b.animator?.removeBehavior(b) }
                return 0
            }),
            ("add_item", items.action { try $0.addItem($1) }),
            ("remove_item", items.action { try $0.removeItem($1) }),
        ]
    }

    private static var pushMethods: [(String, LuaFunction.Body)] {
        func push(_ call: LuaCall) throws -> PushBehavior { try call.object(1, PushBehavior.self, pushClass) }
        return [
            ("set_offset", LuaIDMethods(receiver: push, id: itemArgument).action({ SIMD2(try $0.finiteNumber(3), try $0.finiteNumber(4)) }) {
                try $0.setOffset($2, for: $1)
            }),
            ("offset", { call in
                let p = try push(call)
                let o = p.offset(for: try itemArgument(call, 2))
                call.push(o.x); call.push(o.y)
                return 2
            }),
        ]
    }
}
