import SpringKitSupport
import CLua

/// Current state's Swift object, from inside the dispatcher.
private func luaStateObject(_ L: OpaquePointer?) -> LuaState {
    let context = skl_runtime(L)!.pointee.context!
    return Unmanaged<LuaState>.fromOpaque(context).takeUnretainedValue()
}

/// The single C-callable entry for every Swift function: never raises; returns a status.
let luaDispatch: skl_Dispatch = { L in
    // While the state closes, finalizers may call functions whose Swift side is already gone.
    let runtime = skl_runtime(L)!.pointee
    if runtime.finalizersInSwift > 0 {
        _ = "springkit functions cannot be called from a finalizer that runs during another springkit call".withCString { lua_pushstring(L, $0) }
        return Int32(SKL_RAISE_WHERE)
    }
    guard runtime.closing == 0,
          let slot = lua_touserdata(L, skl_upvalueindex(1)),
          let pointer = slot.load(as: UnsafeMutableRawPointer?.self) else {
        _ = "springkit functions are unavailable while the script's state closes".withCString { lua_pushstring(L, $0) }
        return Int32(SKL_RAISE_WHERE)
    }
    let function = Unmanaged<LuaFunction>.fromOpaque(pointer).takeUnretainedValue()
    let lua = luaStateObject(L)
    // A function called from a coroutine reads its arguments from, and pushes its results to,
    // that coroutine's stack: Swift code works on the calling thread until the call returns.
    let callerThread = lua.L
    lua.L = L!
    defer { lua.L = callerThread }
    let call = LuaCall(lua: lua, functionName: function.name)
    do {
        return try function.body(call)
    } catch let error as LuaArgumentError {
        // One line, whatever the script passed in (a column name with a line break, say).
        lua.push(VisibleText.escaped(error.message(function: function.name)))
    } catch let error as ScriptLimitError {
        // The budget, deadline or memory cap: reported at the script's line that asked for the work.
        // A spent budget or passed deadline is raised again at every instruction, so no pcall swallows it.
        let rt = skl_runtime(L)!.pointee
        if rt.budgetExceeded != 0 || rt.timedOut != 0 { skl_stickhook(L) }
        lua.push(error.message)
    } catch let error as ScriptError {
        lua.push(error.message)
        return Int32(SKL_RAISE_RAW)
    } catch {
        lua.push(VisibleText.escaped("\(function.name): \(LuaWording.describe(error))"))
    }
    return Int32(SKL_RAISE_WHERE)
}

/// A Swift function exposed to Lua.
final class LuaFunction {
    typealias Body = (LuaCall) throws -> Int32
    static let metatableName = "springkit.function"
    let name: String
    let body: Body
    init(name: String, body: @escaping Body) {
        self.name = name
        self.body = body
    }
}

extension LuaState {
    /// Seeds `math.random` (Lua 5.4's xoshiro256**, integer arithmetic: the same stream on
    /// every platform) with `seed`, as `math.randomseed(seed)` would, its bits read as a Lua integer.
    func seedMathRandom(_ seed: UInt64) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        skl_pushtraceback(L)
        lua_getglobal(L, "math")
        lua_getfield(L, -1, "randomseed")
        lua_pushinteger(L, lua_Integer(Int64(bitPattern: seed)))
        try protectedCall(arguments: 1, results: 0, handlerIndex: top + 1)
    }

    /// Sets global `name` to a Swift function.
    func setGlobalFunction(_ name: String, _ body: @escaping LuaFunction.Body) {
        pushFunction(name, body)
        lua_setglobal(L, name)
    }

    /// Runs Lua source text (for embedding and tests); results are discarded.
    /// - Complexity: O(the source's length) to compile, plus the chunk's own work (bounded by
    ///   `ScriptLimits.maxInstructions`, which the engine's work is charged to as well).
    package func run(_ source: String, name: String = "=chunk") throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try run(source: Array(source.utf8), chunkName: name, results: 0)
    }
}
