import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import CLua

/// `UICollisionBehavior` and the items' collision bounds on a Lua world (docs/lua-api.md,
/// "Collisions"): `w:collision{}` returns a handle with `:add_boundary{}`, `:remove_boundary(id)`,
/// `:remove_all_boundaries()`, `:boundary(id)`, the behaviour handles' `:add_item`,
/// `:remove_item`, `:remove()`, and the fields `mode`, `reference_bounds`, `insets`,
/// `on_contact`, `action`; `w:set_bounds(id, bounds)`, `w:bounds(id)` and
/// `w:set_reference_bounds(rect)` on the world.
extension ModuleBuilder {
    static let collisionClass = LuaObjectClass(name: "springkit.Collision")
    static let collisionKeys: Set<String> = ["items", "mode", "reference_bounds", "insets", "boundaries", "on_contact", "action"]
    static let boundaryKeys: Set<String> = ["id", "from", "to", "path"]

    func addCollisions() {
        let hooks = session.hookCall
        func collision(_ call: LuaCall) throws -> CollisionBehavior { try call.object(1, CollisionBehavior.self, Self.collisionClass) }
        Self.collisionClass.define(in: lua, methods: Self.listMethods(Self.collisionClass) + [
            ("add_boundary", { call in
                let c = try collision(call)
                try Self.addBoundary(c, try call.table(2)!)
                return 0
            }),
            ("remove_boundary", { call in
                let c = try collision(call)
                let id = try call.string(2)
                try call.checked(2) { try c.removeBoundary(id) }
                return 0
            }),
            ("remove_all_boundaries", { call in
                let c = try collision(call)
                try call.checked(1) { try c.removeAllBoundaries() }
                return 0
            }),
            ("boundary", { call in
                let c = try collision(call)
                let id: String? = call.isNil(2) ? nil : try call.string(2)
                guard let world = c.animator?.world,
                      let body = id.map({ c.boundaryBody($0) }) ?? c.implicitBoundary?.body else { call.pushNil(); return 1 }
                let chain = try call.checked(2) { try world.boundaryPoints(body) }
                try call.reserveResult(chain.points.count, bytesEach: 64)
                Self.pushPoints(call, chain.points)
                return 1
            }),
        ], properties: Self.commonGetters.merging([
            "mode": { call, o in call.push((o as! CollisionBehavior).mode.rawValue); return 1 },
            "reference_bounds": { call, o in call.push((o as! CollisionBehavior).translatesReferenceBoundsIntoBoundary); return 1 },
            "insets": { call, o in
                let i = (o as! CollisionBehavior).insets
                call.pushRecord(["top": i.top, "left": i.left, "bottom": i.bottom, "right": i.right])
                return 1
            },
            "boundaries": { call, o in
                let ids = (o as! CollisionBehavior).boundaryIdentifiers
                lua_createtable(call.L, Int32(ids.count), 0)
                for (k, id) in ids.enumerated() { call.push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
                return 1
            },
        ]) { a, _ in a }, setters: Self.actionSetter(hooks).merging([
            "mode": { call, o in try call.checked(3) { try (o as! CollisionBehavior).setMode(try Self.mode(call, try call.string(3))) } },
            "reference_bounds": { call, o in
                let c = o as! CollisionBehavior
                if skl_istable(call.L, 3) != 0 {
                    let rect = try Self.rect(call, try call.table(3)!, "reference_bounds")
                    c.animator?.referenceBounds = rect
                    try call.checked(3) { try c.setTranslatesReferenceBoundsIntoBoundary(true) }
                } else {
                    guard !call.isNil(3) else { throw call.argumentError(3, "boolean or {x, y, w, h} expected, got no value") }
                    let on = try call.boolean(3, default: false)
                    try call.checked(3) { try c.setTranslatesReferenceBoundsIntoBoundary(on) }
                }
            },
            "insets": { call, o in
                let insets = try Self.insets(call, try call.table(3)!)
                try call.checked(3) { try (o as! CollisionBehavior).setTranslatesReferenceBoundsIntoBoundary(insets: insets) }
            },
            "on_contact": { call, o in
                (o as! CollisionBehavior).onContact = try LuaCallback.argument(call, 3).map { Self.contactHook($0, hooks) }
            },
        ]) { a, _ in a })
    }

    // MARK: World methods

    var collisionWorldMethods: [(String, LuaFunction.Body)] {
        let hooks = session.hookCall
        func animator(_ call: LuaCall) throws -> DynamicAnimator { try call.object(1, DynamicAnimator.self, LuaClasses.world) }
        return [
            ("collision", { call in
                let w = try animator(call)
                let spec = try call.table(2, optional: true)
                try spec?.rejectUnknownKeys(Self.collisionKeys)
                let modeName = try spec?.string("mode") ?? CollisionBehavior.Mode.everything.rawValue
                let c = CollisionBehavior(items: try Self.items(spec), mode: try Self.mode(call, modeName, field: spec))
                if let spec, let f = try LuaCallback.field(spec, "on_contact") { c.onContact = Self.contactHook(f, hooks) }
                // Added first, so its boundaries are charged to the world's budget as they are made;
                // taken out again when a later field is refused.
                _ = try Self.add(c, Self.collisionClass, spec, w, hooks, call)
                do {
                    if let spec { try Self.configure(c, spec, w) }
                } catch {
                    try? w.removeBehavior(c)
                    throw error
                }
                return 1
            }),
            ("set_bounds", { call in
                let w = try animator(call)
                let id = try Self.itemArgument(call, 2)
                let bounds = try Self.itemBounds(call, 3)
                try call.checked(2) { try w.world.setCollisionBounds(id, try CollisionPath.collisionBounds(bounds, item: id, world: w.world)) }
                return 0
            }),
            ("bounds", { call in
                let w = try animator(call)
                let id = try Self.itemArgument(call, 2)
                let bounds = try call.checked(2) { try w.world.collisionBounds(id) } ?? .rectangle
                switch bounds {
                case .rectangle: call.push("rectangle")
                case .ellipse: call.push("ellipse")
                case .path(let points):
                    try call.reserveResult(points.count, bytesEach: 64)
                    Self.pushPoints(call, points)
                }
                return 1
            }),
            ("set_reference_bounds", { call in
                let w = try animator(call)
                w.referenceBounds = call.isNil(2) ? nil : try Self.rect(call, try call.table(2)!, nil)
                return 0
            }),
        ]
    }

    /// The reference bounds, insets and boundaries of a `w:collision{}` table, on a behaviour in `w`.
    private static func configure(_ c: CollisionBehavior, _ spec: LuaTableArgument, _ w: DynamicAnimator) throws {
        let call = spec.call
        var insets: CollisionBehavior.Insets?
        if let t = try spec.withTable("insets", { try $0.map { try Self.insets(call, $0, field: "insets") } }) { insets = t }
        var on = insets != nil
        try spec.withField("reference_bounds") {
            if skl_istable(call.L, -1) != 0 {
                let t = LuaTableArgument(call: call, index: lua_absindex(call.L, -1), position: spec.position)
                w.referenceBounds = try Self.rect(call, t, "reference_bounds")
                on = true
            } else if !call.isNil(-1) {
                guard lua_type(call.L, -1) == LUA_TBOOLEAN else {
                    throw call.argumentError(spec.position, "field 'reference_bounds': boolean or {x, y, w, h} expected, got \(call.typeName(-1))")
                }
                on = on || lua_toboolean(call.L, -1) != 0
            }
        }
        try call.checked(2) {
            if let insets { try c.setTranslatesReferenceBoundsIntoBoundary(insets: insets) } else if on { try c.setTranslatesReferenceBoundsIntoBoundary(true) }
        }
        try spec.withTable("boundaries") { t in
            guard let t else { return }
            for k in 1...max(1, Int(lua_rawlen(call.L, t.index))) where lua_rawlen(call.L, t.index) > 0 {
                lua_rawgeti(call.L, t.index, lua_Integer(k))
                defer { skl_pop(call.L, 1) }
                guard skl_istable(call.L, -1) != 0 else {
                    throw call.argumentError(spec.position, "field 'boundaries': element [\(k)]: table expected, got \(call.typeName(-1))")
                }
                try Self.addBoundary(c, LuaTableArgument(call: call, index: lua_absindex(call.L, -1), position: spec.position))
            }
        }
    }

    /// The item bounds at stack index `index`: `"rectangle"`, `"ellipse"` or a path table.
    static func itemBounds(_ call: LuaCall, _ index: Int32) throws -> CollisionPath.ItemBounds {
        if skl_istable(call.L, index) != 0 {
            return .path(try ReportShapeReader.path(try call.table(index)!, points: true))
        }
        switch try call.string(index) {
        case "rectangle": return .rectangle
        case "ellipse": return .ellipse
        case let other: throw call.argumentError(index, "expected 'rectangle', 'ellipse' or a path table, got '\(VisibleText.escaped(other))'")
        }
    }

    /// Sets `item`'s bounds from the field `bounds` of a table argument (absent: nothing).
    static func setItemBounds(_ spec: LuaTableArgument, _ item: ItemID, _ world: World) throws {
        let call = spec.call
        guard spec.has("bounds") else { return }
        let bounds: CollisionPath.ItemBounds = try spec.withField("bounds") {
            do { return try itemBounds(call, -1) } catch let error as LuaArgumentError {
                throw call.argumentError(spec.position, "field 'bounds': " + error.detail)
            }
        }
        try call.checked(spec.position) { try world.setCollisionBounds(item, try CollisionPath.collisionBounds(bounds, item: item, world: world)) }
    }

    // MARK: Reading

    private static func mode(_ call: LuaCall, _ name: String, field spec: LuaTableArgument? = nil) throws -> CollisionBehavior.Mode {
        guard let mode = CollisionBehavior.Mode(rawValue: name) else {
            let detail = "expected 'items', 'boundaries' or 'everything', got '\(VisibleText.escaped(name))'"
            throw spec.map { call.argumentError($0.position, "field 'mode': " + detail) } ?? call.argumentError(3, detail)
        }
        return mode
    }

    /// `{id =, from = {x, y}, to = {x, y}}` (a line) or `{id =, path = {...}}` (a path).
    private static func addBoundary(_ c: CollisionBehavior, _ t: LuaTableArgument) throws {
        let call = t.call
        try t.rejectUnknownKeys(boundaryKeys)
        guard let id = try t.string("id") else { throw call.argumentError(t.position, "field 'id': a boundary needs an identifier (a string)") }
        if let from = try t.point("from") {
            guard let to = try t.point("to") else { throw call.argumentError(t.position, "field 'to': a line boundary needs from = {x, y} and to = {x, y}") }
            guard !t.has("path") else { throw call.argumentError(t.position, "a boundary is a line (from, to) or a path, not both") }
            try call.checked(t.position) { try c.addBoundary(id, from: from, to: to) }
        } else if let path = try t.withTable("path", { try $0.map { try ReportShapeReader.path($0, points: true) } }) {
            guard !t.has("to") else { throw call.argumentError(t.position, "a boundary is a line (from, to) or a path, not both") }
            try call.checked(t.position) { try c.addBoundary(id, path: path) }
        } else {
            throw call.argumentError(t.position, "boundary '\(VisibleText.escaped(id))': from = {x, y} and to = {x, y}, or path = {...}, expected")
        }
    }

    /// `{x, y, w, h}` (or `{x =, y =, width =, height =}`), finite, within the coordinate limit, sizes ≥ 0.
    private static func rect(_ call: LuaCall, _ t: LuaTableArgument, _ field: String?) throws -> Rect {
        let prefix = field.map { "field '\($0)': " } ?? ""
        let v = [try t.number("x") ?? t.element(1), try t.number("y") ?? t.element(2),
                 try t.number("width") ?? t.element(3), try t.number("height") ?? t.element(4)]
        let limit = CollisionPath.coordinateLimit
        guard let x = v[0], let y = v[1], let w = v[2], let h = v[3],
              v.allSatisfy({ $0!.isFinite && abs($0!) <= limit }), w >= 0, h >= 0 else {
            throw call.argumentError(t.position, prefix + "{x, y, w, h} of finite numbers within ±\(NumberFormat.shortest(limit)) expected, sizes ≥ 0")
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// `{top, left, bottom, right}` or `{top =, left =, bottom =, right =}` (missing ones 0).
    private static func insets(_ call: LuaCall, _ t: LuaTableArgument, field: String? = nil) throws -> CollisionBehavior.Insets {
        var values: [Double] = []
        for (k, name) in ["top", "left", "bottom", "right"].enumerated() {
            let v = try t.number(name) ?? t.element(k + 1) ?? 0
            guard v.isFinite else {
                throw call.argumentError(t.position, (field.map { "field '\($0)': " } ?? "") + "\(name) must be finite, got \(NumberFormat.shortest(v))")
            }
            values.append(v)
        }
        return CollisionBehavior.Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    /// An array of `{x, y}` points.
    private static func pushPoints(_ call: LuaCall, _ points: [SIMD2<Double>]) {
        lua_createtable(call.L, Int32(points.count), 0)
        for (k, p) in points.enumerated() {
            call.pushArray([p.x, p.y])
            lua_rawseti(call.L, -2, lua_Integer(k + 1))
        }
    }

    /// The delegate as a Lua function of one event table:
    /// `{began =, a = item, b = item or nil, boundary = "id" or nil, point = {x, y}}`.
    private static func contactHook(_ callback: LuaCallback, _ hooks: LuaHookCall) -> (CollisionBehavior.Contact) throws -> Void {
        { contact in
            try hooks.invoke(callback) { call in
                lua_createtable(call.L, 0, 5)
                call.push(contact.began); call.lua.setField(-2, "began")
                call.push(Int(contact.item.rawValue)); call.lua.setField(-2, "a")
                switch contact.other {
                case .item(let b): call.push(Int(b.rawValue)); call.lua.setField(-2, "b")
                case .boundary(let id?): call.push(id); call.lua.setField(-2, "boundary")
                case .boundary(nil): break
                }
                call.pushArray([contact.point.x, contact.point.y]); call.lua.setField(-2, "point")
                return 1
            }
        }
    }
}
