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
        let methodsKey = self.methodsKey
        lua.pushFunction("\(shortName).__index") { call in
            let key = try call.string(2)
            lua_getfield(call.L, skl_registryindex(), methodsKey)
            call.push(key)
            lua_rawget(call.L, -2)
            skl_remove(call.L, -2)
            if !call.isNil(-1) { return 1 }
            skl_pop(call.L, 1)
            guard let getter = properties[key], let object = call.lua.retained(at: 1, metatable: name) else {
                call.pushNil()
                return 1
            }
            return try getter(call, object)
        }
        lua.setField(-2, "__index")
        skl_pop(L, 1)
    }
}
