import SpringKitMath
import CLua

/// The sandbox a script runs in: the standard libraries it may use, deterministic `math`, and the
/// prelude that blocks the rest and defines `require`.
extension LuaState {

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

    func openSandbox(allowIO: Bool) throws {
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
        let handler = lua_gettop(L) + 1
        skl_pushtraceback(L)
        let status = LuaState.sandboxPrelude.utf8CString.withUnsafeBufferPointer {
            skl_loadtext(L, $0.baseAddress, $0.count - 1, "=" + LuaState.sandboxChunk)
        }
        guard status == LUA_OK else { throw ScriptError(.syntax, popString()) }
        lua_pushboolean(L, allowIO ? 1 : 0)
        skl_pushrungc(L)
        try protectedCall(arguments: 2, results: 1, handlerIndex: handler)
        lua_setfield(L, skl_registryindex(), LuaState.preloadKey)
        lua_settop(L, 0)
    }

    /// The sandbox's prelude, run once as the chunk `sandboxChunk` with `allow_io` and `rungc`:
    /// it wraps `load`, blocks what scripts may not use, seeds `math.random`, guards finalizers
    /// and defines `require`; it returns the preload table.
    static let sandboxPrelude = """
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
}
