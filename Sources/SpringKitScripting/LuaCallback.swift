import CLua

/// A Lua function kept for Swift to call later (a bounds-change, layout or frame hook).
/// It is held in the Lua registry; the reference lives as long as the Lua state.
///
/// Calls run protected: an error inside the hook comes back as a thrown `ScriptError`,
/// which the binding rethrows and the trampoline raises after the Swift frame returns, so
/// no Lua error ever longjmps through Swift.
final class LuaCallback {
    private let reference: Int32

    /// Keeps the function at `index` of `call`'s stack (argument or table field on top).
    init(_ call: LuaCall, functionAt index: Int32) {
        lua_pushvalue(call.L, index)
        reference = luaL_ref(call.L, skl_registryindex())
    }

    /// Reads an optional function field of a table argument; anything else but nil is an error.
    static func field(_ table: LuaTableArgument, _ key: String) throws -> LuaCallback? {
        let call = table.call
        call.lua.push(key)
        lua_rawget(call.L, table.index)
        defer { skl_pop(call.L, 1) }
        if call.isNil(-1) { return nil }
        guard skl_isfunction(call.L, -1) != 0 else {
            throw call.argumentError(table.position, "field '\(key)': function expected, got \(call.typeName(-1))")
        }
        return LuaCallback(call, functionAt: -1)
    }

    /// Reads an optional function argument.
    static func argument(_ call: LuaCall, _ index: Int32) throws -> LuaCallback? {
        if call.isNil(index) { return nil }
        guard skl_isfunction(call.L, index) != 0 else {
            throw call.argumentError(index, "function expected, got \(call.typeName(index))")
        }
        return LuaCallback(call, functionAt: index)
    }

    /// Calls the function with the arguments `pushArguments` pushes (it returns their count);
    /// `readResults` sees the `results` values at stack indices -results…-1.
    func invoke(_ call: LuaCall, results: Int32 = 0, _ pushArguments: (LuaCall) -> Int32,
                readResults: ((LuaCall) throws -> Void)? = nil) throws {
        let L = call.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        skl_pushtraceback(L)
        lua_rawgeti(L, skl_registryindex(), lua_Integer(reference))
        let count = pushArguments(call)
        try call.lua.protectedCall(arguments: count, results: results, handlerIndex: base + 1)
        try readResults?(call)
    }
}
