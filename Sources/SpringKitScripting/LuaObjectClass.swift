import SpringKitSupport
import SpringKitMotion
import CLua

/// A Lua-visible class of Swift objects: a userdata holding a retained object, a
/// metatable named `name` whose `__gc` releases it, methods (`obj:method(...)`) and
/// read-only properties (`obj.property`).
struct LuaObjectClass {
    typealias Getter = (LuaCall, AnyObject) throws -> Int32
    /// Sets a writable property from the value at stack index 3 (`obj.property = value`).
    typealias Setter = (LuaCall, AnyObject) throws -> Void

    /// The metatable name, also the type name shown in errors (`springkit.World`).
    let name: String

    /// Short name used in method names: `World` for `springkit.World`.
    var shortName: String { String(name.split(separator: ".").last ?? Substring(name)) }

    private var methodsKey: String { name + ".methods" }

    /// Defines the metatable. Methods are called as `Short:method` in error messages.
    func define(in lua: LuaState, methods: [(String, LuaFunction.Body)], properties: [String: Getter] = [:],
                setters: [String: Setter] = [:]) {
        let L = lua.L
        lua.defineRetainedMetatable(name)
        if !setters.isEmpty { defineSetters(in: lua, setters) }
        lua_createtable(L, 0, Int32(methods.count))
        let prefix = shortName + ":"   // once: every script run defines every class
        for (method, body) in methods {
            lua.pushFunction(prefix + method, body)
            lua.setField(-2, method)
        }
        lua_setfield(L, skl_registryindex(), methodsKey)

        skl_getmetatable(L, name)
        if properties.isEmpty {
            // No properties: `__index` is the method table itself (a plain table lookup; any
            // other key reads nil).
            lua_getfield(L, skl_registryindex(), methodsKey)
            lua.setField(-2, "__index")
            skl_pop(L, 1)
            return
        }
        // `__index` finds methods in C (skl_classindex); only other keys reach this function.
        let name = self.name
        lua.pushRetained(LuaFunction(name: "\(shortName).__index") { call in
            let key = try call.string(2)
            guard let getter = properties[key], let object = call.lua.retained(at: 1, metatable: name) else {
                call.pushNil()
                return 1
            }
            return try getter(call, object)
        }, metatable: LuaFunction.metatableName)
        lua_getfield(L, skl_registryindex(), methodsKey)
        skl_pushclassindex(L)
        lua.setField(-2, "__index")
        skl_pop(L, 1)
    }

    /// `__newindex`: a writable property's setter, or an error naming the writable ones.
    private func defineSetters(in lua: LuaState, _ setters: [String: Setter]) {
        let name = self.name, writable = setters.keys.sorted().joined(separator: ", ")
        skl_getmetatable(lua.L, name)
        lua.pushFunction(shortName) { call in
            let key = VisibleText.escaped(try call.string(2))
            guard let object = call.lua.retained(at: 1, metatable: name) else { return 0 }
            guard let setter = setters[key] else {
                throw LuaArgumentError(position: LuaArgumentError.assignment, detail: "\(key): no such writable field (writable: \(writable))", isMethod: false)
            }
            do { try setter(call, object) } catch let error as LuaArgumentError {
                throw LuaArgumentError(position: LuaArgumentError.assignment, detail: "\(key): \(error.detail)", isMethod: false)
            }
            return 0
        }
        lua.setField(-2, "__newindex")
        skl_pop(lua.L, 1)
    }
}
