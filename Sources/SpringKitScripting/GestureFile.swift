import SpringKitSupport
import CLua

/// A recorded gesture as a Lua file (docs/cli.md, "Gesture files"): a table whose `steps` list
/// the finger frame by frame, one step a line, so a diff shows what changed:
///
///     return {
///       gesture = 1,
///       script = "rubbermenu.lua",
///       steps = {
///         {"wait", 12},             -- 12 display frames with no finger down
///         {"down", 160, 300},       -- a finger goes down at (160, 300), viewport points
///         {"move", 160, 296.5},     -- one display frame with the finger here
///         {"up"},                   -- it lifts: the velocity of its last 0.1 s ({"up", vx, vy}: that one)
///         {"wait", 240},
///       },
///     }
///
/// It is read in the scripts' sandbox (no `springkit`, no `io`), with the run's limits.
public enum GestureFile {
    public static let version = 1
    /// At most this many steps (a day of frames at 60 Hz is 5,184,000).
    public static let maximumSteps = 10_000_000

    /// The steps of the file at `path`. Throws `ScriptError` (`FILE: reason`).
    public static func read(_ path: String, limits: ScriptLimits = ScriptLimits()) throws -> [GestureDrive.Step] {
        let source = try ScriptRunner.readScript(path)
        var sandbox = limits
        sandbox.allowIO = false
        let lua = try LuaState(limits: sandbox)
        defer { lua.close() }
        let index = try lua.run(source: source, chunkName: "@" + path, results: 1)
        let L = lua.L
        func fail(_ reason: String) -> ScriptError { ScriptError(.runtime, "\(path): \(reason)") }
        guard skl_istable(L, index) != 0 else { throw fail("a gesture file returns a table {gesture = 1, steps = {...}}") }
        lua.push("gesture")
        lua_rawget(L, index)
        let format = lua_tonumberx(L, -1, nil)
        skl_pop(L, 1)
        guard format == Double(version) else { throw fail("'gesture = \(version)' expected (the format's version)") }
        lua.push("steps")
        lua_rawget(L, index)
        guard skl_istable(L, -1) != 0 else { throw fail("field 'steps' (a list of steps) is missing") }
        let list = lua_absindex(L, -1)
        let count = Int(lua_rawlen(L, list))
        guard count <= maximumSteps else { throw fail("\(count) steps; at most \(maximumSteps)") }
        var steps: [GestureDrive.Step] = []
        steps.reserveCapacity(count)
        for k in 1...max(1, count) where count > 0 {
            lua_rawgeti(L, list, lua_Integer(k))
            defer { skl_pop(L, 1) }
            guard skl_istable(L, -1) != 0 else { throw fail("step \(k): a table {\"down\", x, y} expected") }
            steps.append(try readStep(lua, at: lua_absindex(L, -1), number: k, fail: fail))
        }
        return steps
    }

    /// Step `k` of the list, the table at `step`: `{"down", x, y}`, `{"move", x, y}`, `{"up"[, vx, vy]}`
    /// or `{"wait", frames}`.
    private static func readStep(_ lua: LuaState, at step: Int32, number k: Int, fail: (String) -> ScriptError) throws -> GestureDrive.Step {
        let L = lua.L
        let length = Int(lua_rawlen(L, step))
        lua_rawgeti(L, step, 1)
        let kind = lua.string(at: -1) ?? ""
        skl_pop(L, 1)
        var numbers: [Double] = []
        for j in stride(from: 2, through: length, by: 1) {
            lua_rawgeti(L, step, lua_Integer(j))
            var isNumber: Int32 = 0
            let value = lua_tonumberx(L, -1, &isNumber)
            skl_pop(L, 1)
            guard isNumber != 0, value.isFinite else { throw fail("step \(k) (\(kind)): value \(j - 1) is not a finite number") }
            numbers.append(value)
        }
        func expect(_ counts: Set<Int>, _ form: String) throws {
            guard counts.contains(numbers.count) else { throw fail("step \(k): \(form) expected") }
        }
        switch kind {
        case "down":
            try expect([2], "{\"down\", x, y}")
            return .down(SIMD2(numbers[0], numbers[1]))
        case "move":
            try expect([2], "{\"move\", x, y}")
            return .move(SIMD2(numbers[0], numbers[1]))
        case "up":
            try expect([0, 2], "{\"up\"} or {\"up\", vx, vy}")
            return .up(velocity: numbers.isEmpty ? nil : SIMD2(numbers[0], numbers[1]))
        case "wait":
            try expect([1], "{\"wait\", frames}")
            guard numbers[0] >= 0, numbers[0] <= 5_184_000, numbers[0] == numbers[0].rounded() else {
                throw fail("step \(k): wait takes a whole number of frames, 0…5184000")
            }
            return .wait(frames: Int(numbers[0]))
        default:
            throw fail("step \(k): unknown step '\(VisibleText.escaped(kind))' (down, move, up, wait)")
        }
    }

    /// The file's text for `steps`, recorded for `script` (its file name) with `params` (the
    /// `NAME=VALUE …` line the trace header has), and how to replay it.
    public static func text(steps: [GestureDrive.Step], script: String, scriptPath: String, gesturePath: String, params: String) -> String {
        func n(_ value: Double) -> String { NumberFormat.shortest(value) }
        var out = "-- A gesture recorded in simrun studio (docs/cli.md, \"Gesture files\"). Replay it:\n"
        out += "--   simrun \(scriptPath) --gesture \(gesturePath)\n"
        out += "-- simrun check runs it beside its script and compares the golden __traces__/\(GestureFile.stem(gesturePath)).csv.\n"
        out += "-- Steps: {\"down\", x, y} a finger goes down (viewport points); {\"move\", x, y} one display frame with the\n"
        out += "-- finger there; {\"up\"} it lifts with the velocity of its last 0.1 s ({\"up\", vx, vy}: that velocity, points/s);\n"
        out += "-- {\"wait\", n} n display frames with no finger down.\n"
        out += "return {\n  gesture = \(version),\n  script = \(luaQuoted(script)),\n  params = \(luaQuoted(params)),\n  steps = {\n"
        for step in steps {
            switch step {
            case .down(let p): out += "    {\"down\", \(n(p.x)), \(n(p.y))},\n"
            case .move(let p): out += "    {\"move\", \(n(p.x)), \(n(p.y))},\n"
            case .wait(let frames): out += "    {\"wait\", \(frames)},\n"
            case .up(let v):
                if let v { out += "    {\"up\", \(n(v.x)), \(n(v.y))},\n" } else { out += "    {\"up\"},\n" }
            }
        }
        return out + "  },\n}\n"
    }

    /// The file name without folders and without `.lua` (the golden's name).
    public static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
    }

    /// A Lua string literal (printable ASCII kept, the rest escaped as `\ddd`).
    static func luaQuoted(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += "\\" + String(UnicodeScalar(byte))
            case 0x20..<0x7F: out += String(UnicodeScalar(byte))
            default: let d = String(byte); out += "\\" + String(repeating: "0", count: 3 - d.count) + d
            }
        }
        return out + "\""
    }
}
