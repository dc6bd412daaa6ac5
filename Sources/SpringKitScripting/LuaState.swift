import SpringKitSupport
import SpringKitMath
import SpringKitMotion
import CLua
import Foundation

/// Limits a script runs under.
public struct ScriptLimits: Sendable, Equatable {
    /// VM instructions before the script is stopped (0: unlimited).
    public var maxInstructions: Int64 = 250_000_000
    /// Bytes Lua may allocate (0: unlimited). Allocations made by Swift code are not counted against it.
    public var maxMemory: Int = 512 << 20
    /// Opens the `io` library and `loadfile`/`dofile` (text chunks only), and lets
    /// `springkit.load_trace`/`load_dot_image` read files outside the script's folder tree.
    public var allowIO = false
    /// Wall-clock seconds before the script is stopped (0: no limit). Checked by the
    /// instruction hook and the engine's work charges; see `ScriptOptions.onHardTimeout`
    /// for code (such as C pattern matching) that reaches neither.
    public var timeout: Double = 0

    /// The most `maxMemory` may be: 2^43 bytes (8 TiB).
    public static let memoryCeiling = 1 << 43

    public init(maxInstructions: Int64 = 250_000_000, maxMemory: Int = 512 << 20, allowIO: Bool = false,
                timeout: Double = 0) {
        self.maxInstructions = maxInstructions
        self.maxMemory = maxMemory
        self.allowIO = allowIO
        self.timeout = timeout
    }
}

/// A failure while loading or running a script. `message` starts with `file:line:` when
/// the error has a source position; `traceback` holds Lua's stack traceback when known.
public struct ScriptError: SpringKitError, Equatable {
    public enum Kind: String, Sendable { case syntax, runtime, budget, memory, timeout, file }
    public var kind: Kind
    public var message: String
    public var traceback: String

    public init(_ kind: Kind, _ message: String, traceback: String = "") {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    public var description: String { message }
    /// A script's failure carries its own position and message; nothing to blame on an argument.
    public var blamesArguments: Bool { false }
}

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

    // MARK: Sandbox

    /// `math.exp`, `math.log`, `math.sin` and `math.cos` computed by `DMath`, so a script that
    /// uses them gives the same bits on every platform (Lua's own call the platform's libm).
    /// `^`, `math.tan`, `math.asin`, `math.acos` and `math.atan` stay Lua's.
    private func replaceMathWithDeterministicFunctions() {
        lua_getglobal(L, "math")
        // As Lua's own: a number, or a string that converts to one.
        func argument(_ call: LuaCall, _ index: Int32) throws -> Double {
            var isNumber: Int32 = 0
            let value = skl_tonumber(call.L, index, &isNumber)
            guard isNumber != 0 else { return try call.number(index) }
            return value
        }
        let unary: [(String, (Double) -> Double)] = [("exp", DMath.exp), ("sin", DMath.sin), ("cos", DMath.cos)]
        for (name, function) in unary {
            pushFunction("math." + name) { call in
                call.push(function(try argument(call, 1)))
                return 1
            }
            lua_setfield(L, -2, name)
        }
        pushFunction("math.log") { call in
            let x = try argument(call, 1)
            if call.isNil(2) {
                call.push(DMath.log(x))
            } else {
                call.push(DMath.log(x) / DMath.log(try argument(call, 2)))
            }
            return 1
        }
        lua_setfield(L, -2, "log")
        skl_pop(L, 1)
    }

    private func openSandbox(allowIO: Bool) throws {
        defineRetainedMetatable(LuaFunction.metatableName)
        skl_openbase(L)
        skl_openstring(L)
        skl_opentable(L)
        skl_openmath(L)
        replaceMathWithDeterministicFunctions()
        skl_openutf8(L)
        skl_opencoroutine(L)
        skl_openos(L)
        if allowIO { skl_openio(L) }
        pushFunction("print") { call in
            let count = call.argumentCount
            var parts: [String] = []
            for i in 1...max(count, 1) where count > 0 {
                parts.append(call.describe(i))
            }
            call.lua.printHandler(parts.joined(separator: "\t"))
            return 0
        }
        lua_setglobal(L, "print")
        let prelude = """
        local allow_io, rungc = ...
        local rawload, loadfile_, dofile_ = load, loadfile, dofile
        load = function(chunk, name, mode, env) return rawload(chunk, name, "t", env) end
        if allow_io then
          loadfile = function(name, mode, env) return loadfile_(name, "t", env) end
          dofile = function(name)
            local f, err = loadfile(name)
            if not f then error(err, 2) end
            return f()
          end
        else
          loadfile, dofile = nil, nil
        end
        local function unavailable(name, hint)
          return function()
            error(name .. " is unavailable: scripts run sandboxed" .. (hint or ""), 2)
          end
        end
        local function blocked_library(lib, hint)
          return setmetatable({}, { __index = function(_, key)
            error(lib .. "." .. tostring(key) .. " is unavailable: scripts run sandboxed" .. (hint or ""), 2)
          end })
        end
        local keep = { clock = true, time = true, date = true }
        for name in next, os do
          if not keep[name] then os[name] = unavailable("os." .. name) end
        end
        if io then
          io.popen = unavailable("io.popen", " (no processes, even with --allow-io)")
        else
          io = blocked_library("io", " (pass --allow-io to read and write files)")
        end
        debug = blocked_library("debug")
        package = { loadlib = unavailable("package.loadlib") }
        dofile = dofile or unavailable("dofile", " (pass --allow-io to load files)")
        loadfile = loadfile or unavailable("loadfile", " (pass --allow-io to load files)")
        -- math.random is seeded with the run's --seed (ScriptRunner calls math.randomseed);
        -- seeding from the clock (no argument) would make a run unrepeatable.
        local randomseed = math.randomseed
        math.randomseed = function(...)
          if select("#", ...) == 0 then
            error("math.randomseed needs a seed: scripts are deterministic (--seed N seeds math.random)", 2)
          end
          return randomseed(...)
        end
        -- Every finalizer runs through rungc (see shim.h): under the instruction budget and the
        -- memory cap, which Lua's own finalizer calls escape.
        local rawsetmetatable = setmetatable
        local guards = rawsetmetatable({}, { __mode = "k" })
        setmetatable = function(t, mt)
          if type(mt) == "table" then
            local gc = rawget(mt, "__gc")
            if type(gc) == "function" and not guards[gc] then
              local guard = function(o) return rungc(gc, o) end
              guards[guard] = true
              rawset(mt, "__gc", guard)
            end
          end
          return rawsetmetatable(t, mt)
        end
        math.randomseed(1)
        local loaded = { string = string, table = table, math = math, utf8 = utf8,
                         coroutine = coroutine, os = os, io = io }
        local preload = {}
        local match, gsub, format, byte, find, sub = string.match, string.gsub, string.format, string.byte, string.find, string.sub
        local loading = {}
        -- A module name as messages show it: control bytes (a NUL would end the message) escaped.
        local function shown(name)
          return (gsub(name, "%c", function(c) return format("\\\\x%02X", byte(c)) end))
        end
        local sandboxWhere = "^%[springkit sandbox%]:%d+: "
        function require(name)
          if type(name) ~= "string" then
            error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
          end
          local module = loaded[name]
          if module ~= nil then return module end
          local open = preload[name]
          if open == nil then
            local lib = match(name, "^lib%.(.+)$")
            if lib then
              error("module '" .. shown(name) .. "' not found: no lib/" .. shown(lib) .. ".lua beside the script (a library module is lib/NAME.lua, NAME of letters, digits and _)", 2)
            end
            error("module '" .. shown(name) .. "' not found (scripts may require 'springkit', the standard modules, and 'lib.NAME' for lib/NAME.lua beside the script)", 2)
          end
          if loading[name] then
            error("module '" .. shown(name) .. "' is required again while it loads (a require cycle)", 2)
          end
          loading[name] = true
          local ok, result = pcall(open, name)
          loading[name] = nil
          if not ok then
            -- A reason raised here (a file refused, say) is the require call's: name its line.
            -- A reason without a place (a file refused: raised from Swift, raw) or placed in this
            -- sandbox is the require call's: name the script's line.
            if type(result) == "string" then
              local bare = (gsub(result, sandboxWhere, ""))
              if bare ~= result or not find(result, "^[^\\n]-:%d+: ") then error(bare, 2) end
            end
            error(result, 0)
          end
          loaded[name] = result
          return result
        end
        return preload
        """
        let handler = lua_gettop(L) + 1
        skl_pushtraceback(L)
        let status = prelude.utf8CString.withUnsafeBufferPointer {
            skl_loadtext(L, $0.baseAddress, $0.count - 1, "=" + LuaState.sandboxChunk)
        }
        guard status == LUA_OK else { throw ScriptError(.syntax, popString()) }
        lua_pushboolean(L, allowIO ? 1 : 0)
        skl_pushrungc(L)
        try protectedCall(arguments: 2, results: 1, handlerIndex: handler)
        lua_setfield(L, skl_registryindex(), LuaState.preloadKey)
        lua_settop(L, 0)
    }

    static let preloadKey = "springkit.preload"

    /// The sandbox's chunk name: in brackets, as no script path a run is given can be
    /// (Lua writes a `=NAME` chunk's frames as `NAME:LINE:`).
    static let sandboxChunk = "[springkit sandbox]"

    /// A traceback without the sandbox's own frames: the prelude's functions (`require`, the
    /// blocked libraries) and the `error` call each of them raises through are not the script's.
    /// Empty when no frame is left.
    /// - Complexity: O(n) in the traceback's length.
    static func scriptFrames(_ traceback: String) -> String {
        let lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
        func isSandbox(_ line: Substring) -> Bool { line.drop { $0 == "\t" || $0 == " " }.hasPrefix(sandboxChunk + ":") }
        var kept: [Substring] = []
        for (k, line) in lines.enumerated() {
            if isSandbox(line) { continue }
            if line.drop(while: { $0 == "\t" || $0 == " " }) == "[C]: in function 'error'", k + 1 < lines.count, isSandbox(lines[k + 1]) { continue }
            kept.append(line)
        }
        return kept.count > 1 ? kept.joined(separator: "\n") : ""
    }

    /// Makes `require(name)` return what `open` pushes on first use.
    func preload(_ name: String, _ open: @escaping LuaFunction.Body) {
        lua_getfield(L, skl_registryindex(), LuaState.preloadKey)
        pushFunction("require '\(name)'", open)
        setField(-2, name)
        skl_pop(L, 1)
    }
}

/// Current state's Swift object, from inside the dispatcher.
private func luaStateObject(_ L: OpaquePointer?) -> LuaState {
    let context = skl_runtime(L)!.pointee.context!
    return Unmanaged<LuaState>.fromOpaque(context).takeUnretainedValue()
}

/// The single C-callable entry for every Swift function: never raises; returns a status.
private let luaDispatch: skl_Dispatch = { L in
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
        lua.push(VisibleText.escaped("\(function.name): \(error)"))
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

/// The instruction budget, deadline or memory cap ran out inside a Swift function.
struct ScriptLimitError: Error {
    var message: String
}

/// The engine's side of a script's limits: work is charged to the VM's instruction count
/// (so the script and the engine spend one budget) and memory is counted with Lua's own
/// allocations against one cap.
final class LuaResourceBudget: ResourceBudget {
    static let memoryMessageMarker = "memory limit exceeded"
    private let runtime: UnsafeMutablePointer<skl_Runtime>
    /// Units charged since the clock was last read: the deadline is checked once per
    /// `clockInterval` units (at once for a larger charge), as the count hook checks it once
    /// per so many VM instructions — reading the clock costs more than a small charge's work.
    private var unitsSinceClock = 0
    static let clockInterval = 4096

    /// Runs a full collection (set while the state is open): a reservation the cap refuses
    /// is tried again after it, as Lua itself collects before refusing an allocation.
    var collectGarbage: (() -> Void)?

    init(_ runtime: UnsafeMutablePointer<skl_Runtime>) { self.runtime = runtime }
    deinit { runtime.deallocate() }

    static func describeLimit(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    func charge(_ units: Int) throws {
        let rt = runtime
        let (used, overflow) = rt.pointee.instructionsUsed.addingReportingOverflow(Int64(clamping: units))
        rt.pointee.instructionsUsed = overflow ? Int64.max : used
        let limit = rt.pointee.instructionLimit
        unitsSinceClock = unitsSinceClock &+ max(1, min(units, Self.clockInterval))
        var overTime = rt.pointee.timedOut != 0
        if !overTime && rt.pointee.deadline != 0 && unitsSinceClock >= Self.clockInterval {
            unitsSinceClock = 0
            overTime = skl_now() > rt.pointee.deadline
        }
        if overTime {
            rt.pointee.timedOut = 1
            throw ScriptLimitError(message: "timed out after \(NumberFormat.human(rt.pointee.timeoutSeconds)) s of wall-clock time (raise it with --timeout)")
        }
        if limit != 0 && rt.pointee.instructionsUsed > limit {
            rt.pointee.budgetExceeded = 1
            throw ScriptLimitError(message: "instruction budget exceeded (\(limit) instructions; raise it with --max-instructions)")
        }
    }

    func reserve(bytes: Int) throws {
        let rt = runtime
        let limit = rt.pointee.memoryLimit
        func fits() -> Bool {
            let inUse = rt.pointee.memoryUsed + rt.pointee.engineBytes
            return limit == 0 || (bytes >= 0 && inUse <= limit && bytes <= limit - inUse)
        }
        if !fits(), bytes <= limit, let collectGarbage { collectGarbage() }
        if !fits() {
            throw ScriptLimitError(message: "\(Self.memoryMessageMarker) (\(Self.describeLimit(limit)); this call needs \(bytes == Int.max ? "more than that" : "\(bytes) bytes") more; raise it with --max-memory)")
        }
        rt.pointee.engineBytes += bytes
        rt.pointee.memoryPeak = max(rt.pointee.memoryPeak, rt.pointee.memoryUsed + rt.pointee.engineBytes)
    }

    var byteLimit: Int { runtime.pointee.memoryLimit == 0 ? Int.max : runtime.pointee.memoryLimit }

    func release(bytes: Int) {
        runtime.pointee.engineBytes -= min(bytes, runtime.pointee.engineBytes)
    }
}
