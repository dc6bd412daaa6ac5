import SpringKitSupport
import SpringKitMath
import SpringKitMotion
import CLua
import Foundation

/// A sandboxed Lua 5.4 state: text chunks only, a restricted standard library,
/// an instruction budget and a memory cap.
///
/// Swift functions are exposed through a C trampoline (see `shim.h`): they report
///
/// Costs: running a chunk compiles it in time linear in its length and then runs for as
/// long as the instruction budget allows; closing frees every object the script left.
/// errors by throwing, and the Lua error is raised after the Swift frame returns.
package final class LuaState {
    /// The main thread: the state itself, closed with it.
    let mainThread: OpaquePointer
    /// The thread whose stack Swift code works on: the main thread, or the coroutine whose call
    /// into a Swift function is under way (set for the duration of each call by the dispatcher).
    var L: OpaquePointer
    private let runtime: UnsafeMutablePointer<skl_Runtime>
    private var isClosed = false
    private let resourceBudget: LuaResourceBudget
    /// What the engine charges while this state's script runs: the same instruction budget
    /// and memory cap as the Lua VM. It owns the runtime record, so engine objects that
    /// outlive the state can still give their memory back.
    var budget: ResourceBudget { resourceBudget }
    /// Receives the lines written by the script's `print`, in order. By default they are
    /// discarded: the library never writes to the process's output (a command line tool
    /// passes a handler that prints).
    package var printHandler: (String) -> Void = { _ in }

    package init(limits: ScriptLimits = ScriptLimits()) throws {
        runtime = .allocate(capacity: 1)
        runtime.initialize(to: skl_Runtime())
        resourceBudget = LuaResourceBudget(runtime)
        runtime.pointee.memoryLimit = max(0, min(limits.maxMemory, ScriptLimits.memoryCeiling))
        runtime.pointee.instructionLimit = max(0, limits.maxInstructions)
        if limits.timeout > 0 && limits.timeout.isFinite {
            runtime.pointee.timeoutSeconds = limits.timeout
            runtime.pointee.deadline = skl_now() + limits.timeout
        }
        runtime.pointee.hookInterval = 1000
        runtime.pointee.dispatch = luaDispatch
        runtime.pointee.release = { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        guard let state = skl_newstate(runtime) else {
            throw ScriptError(.memory, "cannot create a Lua state")
        }
        mainThread = state
        L = state
        runtime.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        resourceBudget.collectGarbage = { skl_fullgc(state) }
        try openSandbox(allowIO: limits.allowIO)
    }

    deinit { close() }

    /// Stops the run when `cancellation` is raised (from any thread): the VM's count hook and
    /// the engine's next charge fail the run with `SKL_CANCELLED_MESSAGE`, as a passed
    /// deadline fails it (the failure escapes every `pcall`). The state keeps `cancellation`.
    func watch(_ cancellation: ScriptCancellation) {
        watched = cancellation
        runtime.pointee.cancel = UnsafePointer(cancellation.flag)
    }
    private var watched: ScriptCancellation?

    /// Closes the state: pending finalizers (`__gc`) run under the same instruction budget,
    /// deadline and memory cap as the script, and Swift functions refuse to run from them.
    /// Idempotent; the state is unusable afterwards.
    /// - Complexity: O(objects the script left in the state), their finalizers included.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        runtime.pointee.closing = 1
        resourceBudget.collectGarbage = nil
        L = mainThread
        lua_close(mainThread)
        skl_freepools(runtime)
    }

    /// Closes the state and reports a limit its finalizers ran out of while it closed.
    func closeReportingLimits(scriptPath: String) throws {
        let before = runtime.pointee
        close()
        let after = runtime.pointee
        if after.timedOut != 0 && before.timedOut == 0 {
            throw ScriptError(.timeout, "\(scriptPath): a finalizer (__gc) ran past --timeout (\(NumberFormat.human(after.timeoutSeconds)) s) while the script's state closed")
        }
        if after.budgetExceeded != 0 && before.budgetExceeded == 0 {
            throw ScriptError(.budget, "\(scriptPath): a finalizer (__gc) spent the instruction budget (\(after.instructionLimit) instructions; raise it with --max-instructions) while the script's state closed")
        }
    }

    /// Bytes Lua has allocated at most so far.
    package var peakMemory: Int { runtime.pointee.memoryPeak }
    /// Bytes Lua has allocated now.
    package var memoryInUse: Int { runtime.pointee.memoryUsed }

    // MARK: Running chunks

    /// Loads a text chunk and calls it with no arguments, keeping `results` values on the stack.
    /// - Returns: the stack index of the first result.
    @discardableResult
    func run(source: [UInt8], chunkName: String, results: Int32 = 0) throws -> Int32 {
        if source.first == 0x1B {
            throw ScriptError(.syntax, "\(chunkName.dropFirst()): binary chunks are not accepted (text scripts only)")
        }
        let base = lua_gettop(L)
        skl_pushtraceback(L)
        let loadStatus = source.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                skl_loadtext(L, $0, buffer.count, chunkName)
            }
        }
        if loadStatus != LUA_OK {
            let message = popString()
            skl_pop(L, 1)
            throw ScriptError(.syntax, message)
        }
        do {
            try protectedCall(arguments: 0, results: results, handlerIndex: base + 1)
        } catch var error as ScriptError where error.kind == .memory && !error.message.hasPrefix(String(chunkName.dropFirst()) + ":") {
            // Lua's own memory errors carry no position: name the script at least.
            error.message = "\(chunkName.dropFirst()): " + error.message
            throw error
        }
        skl_remove(L, base + 1)
        return base + 1
    }

    /// Calls the function below `arguments` values with the traceback handler at `handlerIndex`.
    func protectedCall(arguments: Int32, results: Int32, handlerIndex: Int32) throws {
        let status = skl_pcall(L, arguments, results, handlerIndex)
        guard status != LUA_OK else { return }
        let full = popString()
        let rt = runtime.pointee
        let kind: ScriptError.Kind
        if rt.timedOut != 0 {
            kind = .timeout
        } else if rt.budgetExceeded != 0 {
            kind = .budget
        } else if status == LUA_ERRMEM || full.contains(LuaResourceBudget.memoryMessageMarker) {
            // Only this error's own status or text says "memory": a plain error raised after
            // a caught memory error is a plain error.
            kind = .memory
        } else {
            kind = .runtime
        }
        var message = full
        var traceback = ""
        if let range = full.range(of: "\nstack traceback:") {
            message = String(full[..<range.lowerBound])
            traceback = Self.scriptFrames(String(full[range.lowerBound...].dropFirst()))
        }
        if kind == .memory && !message.contains(LuaResourceBudget.memoryMessageMarker) {
            message = "\(LuaResourceBudget.memoryMessageMarker) (\(LuaResourceBudget.describeLimit(rt.memoryLimit)); raise it with --max-memory): \(message)"
        }
        if kind == .budget && !message.contains("instruction budget") {
            message += " (instruction budget exceeded)"
        }
        throw ScriptError(kind, message, traceback: traceback)
    }

    // MARK: Stack helpers

    /// Pops the top value and returns it as text (never raises).
    func popString() -> String {
        defer { skl_pop(L, 1) }
        return string(at: -1) ?? "(error object is a \(String(cString: skl_typename(L, -1))) value)"
    }

    /// The string at `index` when it is a string (numbers are not converted).
    func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
    }

    func push(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Pushes a Swift function callable from Lua; `name` is used in error messages.
    func pushFunction(_ name: String, _ body: @escaping LuaFunction.Body) {
        pushRetained(LuaFunction(name: name, body: body), metatable: LuaFunction.metatableName)
        skl_pushswiftfunction(L)
    }

    /// Pushes a userdata holding a retained Swift object, with the named metatable.
    func pushRetained(_ object: AnyObject, metatable: String) {
        let slot = skl_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer>.size)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
        metatable.withCString { luaL_setmetatable(L, $0) }
    }

    /// The metatable `retained` looked up last, by name, and its address (a table never moves).
    private var lastMetatable: (name: String, table: UnsafeRawPointer)?

    /// The Swift object held by the userdata at `index` when it carries `metatable`
    /// (`luaL_testudata`, with the registry's table for the name remembered between calls).
    func retained(at index: Int32, metatable: String) -> AnyObject? {
        guard let raw = lua_touserdata(L, index), lua_getmetatable(L, index) != 0 else { return nil }
        let found = lua_topointer(L, -1)
        skl_pop(L, 1)
        let expected: UnsafeRawPointer?
        if let last = lastMetatable, last.name == metatable {
            expected = last.table
        } else {
            _ = metatable.withCString { skl_getmetatable(L, $0) }
            expected = lua_topointer(L, -1)
            skl_pop(L, 1)
            if let expected { lastMetatable = (metatable, expected) }
        }
        guard let expected, found == expected else { return nil }
        guard let object = raw.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    }

    /// Creates (once) a metatable whose `__gc` releases the Swift object.
    func defineRetainedMetatable(_ name: String) {
        if luaL_newmetatable(L, name) != 0 {
            skl_pushgcswiftobject(L)
            lua_setfield(L, -2, "__gc")
        }
        skl_pop(L, 1)
    }

    /// Sets `table[key] = value on top` (raw) for the table at `table`.
    func setField(_ table: Int32, _ key: String) {
        let t = lua_absindex(L, table)
        push(key)
        skl_insert(L, -2)
        lua_rawset(L, t)
    }

    /// Makes `require(name)` return what `open` pushes on first use.
    func preload(_ name: String, _ open: @escaping LuaFunction.Body) {
        lua_getfield(L, skl_registryindex(), LuaState.preloadKey)
        pushFunction("require '\(name)'", open)
        setField(-2, name)
        skl_pop(L, 1)
    }
}
