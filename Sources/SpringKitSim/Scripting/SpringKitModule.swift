import CLua

/// Builds the `springkit` module table that `require "springkit"` returns.
enum SpringKitModule {
    static func install(in lua: LuaState, session: ScriptSession) {
        lua.preload("springkit") { call in
            let module = ModuleBuilder(lua: call.lua, session: session)
            lua_createtable(call.L, 0, 32)
            module.addCore()
            module.addConversions()
            module.addTraces()
            module.addDynamics()
            module.addScenarios()
            module.addScroll()
            module.addLayouts()
            return 1
        }
    }
}

/// Adds functions to the module table on top of the stack.
struct ModuleBuilder {
    let lua: LuaState
    let session: ScriptSession

    /// `springkit.NAME = function`; errors name it `springkit.NAME`.
    func function(_ name: String, _ body: @escaping LuaFunction.Body) {
        lua.pushFunction("springkit.\(name)", body)
        lua.setField(-2, name)
    }

    func constant(_ name: String, _ value: String) {
        lua.push(value)
        lua.setField(-2, name)
    }
}
