import SpringKitDynamics
import SpringKitMotion
import CLua

/// World methods that list items and springs and switch springs off:
/// `w:item_ids()`, `w:spring_ids()`, `w:springs_of(id)`, `w:spring_items(s)`,
/// `w:displacement(s)`, `w:set_enabled(s, on)`, `w:enabled(s)`.
extension ModuleBuilder {
    var worldIterationMethods: [(String, LuaFunction.Body)] {
        func world(_ call: LuaCall) throws -> World { try call.object(1, DynamicAnimator.self, LuaClasses.world).world }
        func pushIDs(_ call: LuaCall, _ ids: [Int32]) {
            lua_createtable(call.L, Int32(ids.count), 0)
            for (k, id) in ids.enumerated() {
                call.push(Int(id))
                lua_rawseti(call.L, -2, lua_Integer(k + 1))
            }
        }
        func spring(_ call: LuaCall) throws -> SpringID { SpringID(rawValue: Int32(clamping: try call.integer(2))) }
        return [
            ("item_ids", { call in
                pushIDs(call, try world(call).itemIDs.map(\.rawValue))
                return 1
            }),
            ("spring_ids", { call in
                pushIDs(call, try world(call).springIDs.map(\.rawValue))
                return 1
            }),
            ("springs_of", { call in
                let w = try world(call)
                let id = ItemID(rawValue: Int32(clamping: try call.integer(2)))
                pushIDs(call, try call.checked(2) { try w.springs(of: id) }.map(\.rawValue))
                return 1
            }),
            ("spring_items", { call in
                let w = try world(call)
                let s = try spring(call)
                let (a, b) = try call.checked(2) { try w.items(of: s) }
                call.push(Int(a.rawValue))
                if let b { call.push(Int(b.rawValue)) } else { call.pushNil() }
                return 2
            }),
            ("displacement", { call in
                let w = try world(call)
                let s = try spring(call)
                let d = try call.checked(2) { try w.displacement(s) }
                call.push(d.x); call.push(d.y)
                return 2
            }),
            ("set_enabled", { call in
                let w = try world(call)
                let s = try spring(call)
                guard lua_type(call.L, 3) == LUA_TBOOLEAN else { throw call.argumentError(3, "boolean expected, got \(call.typeName(3))") }
                let on = lua_toboolean(call.L, 3) != 0
                try call.checked(2) { try w.setEnabled(s, on) }
                return 0
            }),
            ("enabled", { call in
                let w = try world(call)
                let s = try spring(call)
                call.push(try call.checked(2) { try w.isEnabled(s) })
                return 1
            }),
        ]
    }
}
