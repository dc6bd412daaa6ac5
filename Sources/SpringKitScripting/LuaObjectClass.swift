import SpringKitMotion
import CLua

/// A Lua-visible class of Swift objects: a userdata holding a retained object, a
/// metatable named `name` whose `__gc` releases it, methods (`obj:method(...)`) and
/// read-only properties (`obj.property`).
struct LuaObjectClass {
    typealias Getter = (LuaCall, AnyObject) throws -> Int32

    /// The metatable name, also the type name shown in errors (`springkit.World`).
    let name: String

    /// Short name used in method names: `World` for `springkit.World`.
    var shortName: String { String(name.split(separator: ".").last ?? Substring(name)) }

    private var methodsKey: String { name + ".methods" }

    /// Defines the metatable. Methods are called as `Short:method` in error messages.
    func define(in lua: LuaState, methods: [(String, LuaFunction.Body)], properties: [String: Getter] = [:]) {
        let L = lua.L
        lua.defineRetainedMetatable(name)
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
}
