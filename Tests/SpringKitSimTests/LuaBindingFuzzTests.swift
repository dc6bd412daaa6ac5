@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitScripting

/// A seeded fuzz test of the Lua bindings: every `springkit` function and method is called
/// with random bad arguments (wrong types, NaN, ±inf, 1e308, 2^63, negative and fractional
/// counts, tables with bad fields). Each case must end as a success or a `ScriptError` /
/// `ParameterError` with a one-line reason naming the script's `file:line` — never a trap,
/// a hang or a reason without a place. A sample of the cases also runs through the built
/// `simrun`, which must exit 0 or 2 with one `simrun: …` line first on stderr.
final class LuaBindingFuzzTests: XCTestCase {
    /// Fixed, so every run tries the same cases; `LUA_FUZZ_SEED` and `LUA_FUZZ_CASES` override.
    static let seed: UInt64 = UInt64(ProcessInfo.processInfo.environment["LUA_FUZZ_SEED"] ?? "") ?? 20_261_201
    static let caseCount = Int(ProcessInfo.processInfo.environment["LUA_FUZZ_CASES"] ?? "") ?? 2000
    /// Every how many cases one also runs through the `simrun` binary.
    static let processSampleEvery = 30

    /// The receivers a case may call methods on, built before the call.
    static let prelude = """
    local sk = require "springkit"
    local w = sk.world()
    local a = w:add_item{x = 10, y = 0}
    local b = w:add_item{x = 20, y = 0}
    local s = w:attach(a, {anchor = {0, 0}, damping = 0.5, frequency = 1})
    local tr = sk.trace{"x"}
    tr:add(0, 0, 0, 1)
    tr:add(1, 0.5, 0, 0.25)
    local m = sk.rubber_menu{items = 12}
    local art = sk.dot_art{columns = 6, rows = 6}
    local g = sk.gallery{count = 6}
    local img = sk.blank_image(6, 6)
    local empty = sk.trace{"y"}
    local sv = sk.scroll_view{width = 320, height = 568, content_height = 2000}
    local an = sk.animator{scroll_view = sv, world = w}
    local vt = sk.velocity_tracker()
    local fl = sk.flow_layout{items = 20, item_height = 40}
    local gl = sk.grid_layout{items = 20, columns = 4, item_width = 10, item_height = 10}
    local cu = sk.culler{world = w, layout = fl, damping = 0.5, frequency = 1}
    local cs = sk.cell_shape{width = 100, height = 50, style = "rubber"}
    local rep = sk.report{viewport = {320, 568}, plots = {{name = "p"}}}
    """

    /// Every binding: the call's text before the arguments, and how many arguments it takes.
    static let bindings: [(call: String, arity: Int)] = [
        ("sk.param", 3), ("sk.metric", 3), ("sk.tolerance", 1), ("sk.seed", 1), ("sk.random", 2),
        ("sk.convert", 2), ("sk.trace", 1), ("sk.load_trace", 1), ("sk.world", 1), ("sk.rubber_menu", 1),
        ("sk.resisted_shift", 1), ("sk.mask_path", 1), ("sk.dot_art", 1), ("sk.load_dot_image", 1),
        ("sk.blank_image", 2), ("sk.gallery", 1),
        ("w:add_item", 1), ("w:remove_item", 1), ("w:attach", 2), ("w:connect", 3), ("w:remove_spring", 1),
        ("w:set_anchor", 3), ("w:anchor", 1), ("w:set_spring", 2), ("w:spring", 1), ("w:position", 1),
        ("w:layout_position", 1), ("w:velocity", 1), ("w:set_position", 3), ("w:set_velocity", 3),
        ("w:resting", 1), ("w:step", 1), ("w:step_frames", 1), ("w:step_seconds", 1), ("w:step_until_rest", 1),
        ("tr:add", 5), ("tr:columns", 1), ("tr:column", 1), ("tr:rows", 1), ("tr:value", 2), ("tr:metadata", 1),
        ("tr:settle_time", 1), ("tr:overshoot", 1), ("tr:peak", 1), ("tr:oscillations", 1),
        ("empty:value", 2), ("empty:column", 1), ("empty:settle_time", 1), ("empty:peak", 1), ("empty:overshoot", 1),
        ("m:touch_down", 2), ("m:drag", 3), ("m:release", 2), ("m:wait", 1), ("m:wait_until_rest", 1),
        ("m:cells", 1), ("m:trace", 1), ("m:report", 1),
        ("art:change", 1), ("art:explode", 1), ("art:regenerate", 1), ("art:wait_until_whole", 1),
        ("art:order", 1), ("art:color", 1), ("art:record_image", 1), ("art:images", 1), ("art:trace", 1),
        ("art:report", 1), ("art:wait", 1), ("art:wait_until_rest", 1),
        ("g:tap", 1), ("g:move", 2), ("g:drag", 3), ("g:wait", 1), ("g:wait_until_rest", 1), ("g:order", 1),
        ("g:trace", 1), ("g:report", 1),
        ("sk.scroll_view", 1), ("sk.animator", 1), ("sk.velocity_tracker", 1), ("sk.project_fling", 3),
        ("sk.flow_layout", 1), ("sk.grid_layout", 1), ("sk.culler", 1), ("sk.cell_shape", 1), ("sk.report", 1),
        ("sk.preset", 3),
        ("sv:touch_down", 2), ("sv:move_touch", 2), ("sv:release", 2), ("sv:advance", 1), ("sv:set_offset", 1),
        ("sv:animate_to", 2), ("sv:set_content_size", 2), ("sv:set_content_inset", 1), ("sv:on_bounds_change", 1),
        ("sv:touch_location", 1), ("sv:finger", 1), ("sv:bounds", 1), ("sv:projected_offset", 1),
        ("an:touch_down", 2), ("an:drag", 3), ("an:move_to", 2), ("an:release", 2), ("an:step", 1), ("an:wait", 1),
        ("an:wait_until_rest", 1), ("an:drag_velocity", 1),
        ("vt:add", 3), ("vt:velocity", 1), ("vt:reset", 1),
        ("fl:frame", 1), ("fl:center", 1), ("fl:content_size", 1), ("fl:visible", 2), ("fl:nearest", 2),
        ("gl:frame", 1), ("gl:visible", 2), ("gl:nearest", 2),
        ("cu:update", 1), ("cu:shift", 1), ("cu:entries", 1), ("cu:item", 1), ("cu:spring", 1), ("cu:on_pre_offset", 1),
        ("cu:set_spring", 1), ("cu:remove_all", 1), ("cu:run_actions", 1),
        ("cs:path", 1), ("rep:frame", 1), ("rep:marker", 1),
        ("w:item_ids", 1), ("w:spring_ids", 1), ("w:springs_of", 1), ("w:spring_items", 1), ("w:set_enabled", 2),
        ("w:enabled", 1),
        ("sk.expect", 1), ("gl:center", 1), ("gl:content_size", 1), ("sv:center_at", 1), ("sv:offset_centering", 1),
        ("w:add_items", 1), ("w:attach_all", 1), ("w:displacement", 1),
    ]

    /// Bad (and a few good) scalar values, as Lua expressions.
    static let scalars = [
        "nil", "true", "false", "0/0", "-(0/0)", "math.huge", "-math.huge", "1e308", "-1e308", "2^63", "-2^63",
        "math.maxinteger", "math.mininteger", "2^53", "2^53 + 2", "1e19", "1e15", "1e9", "-1", "-0.5", "0.5",
        "0", "-0.0", "1", "2", "3", "7", "1.5", "\"x\"", "\"\"", "\"1\"", "string.rep(\"y\", 300)",
        "\"a,b\\n\"", "\"y\"", "print", "coroutine.create(print)", "w", "tr", "m", "art", "g", "img", "a", "s", "empty", "sv", "an", "vt", "fl", "gl", "cu", "cs", "rep",
    ]

    /// Field names the bindings read from tables.
    static let fieldNames = [
        "x", "y", "vx", "vy", "width", "height", "density", "anchor", "length", "damping", "frequency",
        "columns", "rows", "dot", "spacing", "stagger", "burst", "count", "items", "step", "frame", "max_frame",
        "threads", "velocity_iterations", "position_iterations", "scale", "slop", "resistance", "rest_speed",
        "rest_time", "solver", "record_every", "report_every", "column", "id", "epsilon", "target", "abs", "rel",
        "min", "max", "doc", "delta", "touch_y", "anchor_y", "max_stretch", "watch", "cell_height", "overlap",
        "visible_inset", "stretch", "reset_stretch", "deceleration", "bounce_frequency", "selected_scale",
        "inset", "record", "world", "inset", "uikit", "response", "dampingFraction", "mass", "stiffness",
        "tension", "friction", "bounciness", "speed", "scroll_view", "on_bounds_change", "on_layout", "on_frame",
        "pre_offset", "content_width", "content_height", "axis", "rubber_band", "bounces", "min_speed", "window",
        "item_width", "item_height", "insets", "origin", "style", "radius", "viewport", "edge_inset", "plots", "t",
        "offset", "shapes", "values", "rect", "circle", "text", "line", "color", "top", "left", "bottom", "right",
        "max_shift", "resync", "layout", "name", "unit", "first", "anchor_x", "anchor_y", "settles_within",
        "overshoot_at_most", "oscillations_at_most", "at_rest", "within", "no_gap", "from", "to",
    ]

    /// The receiver the prelude builds for each class's methods.
    static let receivers = [
        "World": "w", "Trace": "tr", "RubberMenu": "m", "DotArt": "art", "Gallery": "g", "DotImage": "img",
        "ScrollView": "sv", "Animator": "an", "VelocityTracker": "vt", "FlowLayout": "fl", "GridLayout": "gl",
        "Culler": "cu", "CellShape": "cs", "Report": "rep",
    ]

    /// The list above holds every binding a live Lua state has (`BindingCoverageTests.bindings`):
    /// a new function or method fails here until it is fuzzed too.
    func testTheFuzzedCallsAreEveryBinding() throws {
        let fuzzed = Set(Self.bindings.map(\.call))
        let live = try BindingCoverageTests.bindings()
        var missing = live.functions.map { "sk." + $0 }.filter { !fuzzed.contains($0) }
        for (className, method) in live.methods {
            guard let receiver = Self.receivers[className] else {
                missing.append("\(className):\(method) (no receiver for class \(className) in the prelude)")
                continue
            }
            if !fuzzed.contains("\(receiver):\(method)") { missing.append("\(receiver):\(method)") }
        }
        XCTAssertEqual(missing, [], "bindings the fuzzer never calls")
        let known = Set(live.functions.map { "sk." + $0 } + live.methods.compactMap { c, m in Self.receivers[c].map { "\($0):\(m)" } })
        XCTAssertEqual(fuzzed.subtracting(known).subtracting(Self.bindings.filter { $0.call.hasPrefix("empty:") }.map(\.call)), [],
                       "fuzzed calls that are no binding")
    }

    func testEveryBindingSurvivesSeededBadArguments() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: HostileInputTests.batteryRoot.appendingPathComponent("fixtures/trace.csv"),
                                         to: directory.appendingPathComponent("trace.csv"))
        var random = SeededGenerator(seed: Self.seed)
        var failures: [String] = []
        var outcomes: [String: Int] = [:]
        var processRuns = 0
        for index in 0..<Self.caseCount {
            let binding = Self.bindings[index % Self.bindings.count]
            let arguments = (0..<Int.random(in: 0...(binding.arity + 1), using: &random)).map { _ in
                Self.argument(using: &random)
            }
            let call = "\(binding.call)(\(arguments.joined(separator: ", ")))"
            let path = directory.appendingPathComponent("case.lua").path
            try (Self.prelude + call + "\n").write(toFile: path, atomically: false, encoding: .utf8)
            let callLine = Self.prelude.split(separator: "\n", omittingEmptySubsequences: false).count
            if let problem = Self.runInProcess(path: path, callLine: callLine, outcomes: &outcomes) {
                failures.append("case \(index): \(call): \(problem)")
            }
            if index % Self.processSampleEvery == 0 {
                processRuns += 1
                let result = try Simrun.run(["case.lua", "--quiet", "--max-instructions", "2000000",
                                             "--max-memory", "64", "--timeout", "20"], in: directory, timeout: 60)
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                if result.signalled || ![0, 2].contains(result.status) {
                    failures.append("case \(index) (simrun): \(call): exit \(result.status)\(result.signalled ? " (signal)" : "")")
                } else if result.status == 2 && !(first.hasPrefix("simrun: ") && first.contains("case.lua")) {
                    failures.append("case \(index) (simrun): \(call): reason '\(first)'")
                }
            }
        }
        for failure in failures.prefix(50) { XCTFail(failure) }
        let summary = outcomes.keys.sorted().map { "\($0) \(outcomes[$0]!)" }.joined(separator: ", ")
        print("lua binding fuzz (seed \(Self.seed)): \(Self.caseCount) cases (\(processRuns) also through simrun), \(failures.count) failures; outcomes: \(summary)")
    }

    /// One argument: a scalar, or a table of random known fields holding random scalars.
    static func argument(using random: inout SeededGenerator) -> String {
        if Int.random(in: 0..<3, using: &random) > 0 { return scalars.randomElement(using: &random)! }
        let fields = (0..<Int.random(in: 0...3, using: &random)).map { _ -> String in
            let name = fieldNames.randomElement(using: &random)!
            let value = Int.random(in: 0..<4, using: &random) == 0 ? "{\(scalars.randomElement(using: &random)!), \(scalars.randomElement(using: &random)!)}"
                : scalars.randomElement(using: &random)!
            return "\(name) = \(value)"
        }
        let positional = Int.random(in: 0..<4, using: &random) == 0 ? "\(scalars.randomElement(using: &random)!), " : ""
        return "{" + positional + fields.joined(separator: ", ") + "}"
    }

    /// Runs the case in this process; returns what broke the contract, if anything.
    static func runInProcess(path: String, callLine: Int, outcomes: inout [String: Int]) -> String? {
        var options = ScriptOptions()
        options.output = nil
        options.limits = ScriptLimits(maxInstructions: 2_000_000, maxMemory: 64 << 20, allowIO: false, timeout: 20)
        do {
            _ = try ScriptRunner.run(path: path, options: options)
            outcomes["ok", default: 0] += 1
            return nil
        } catch let error as ScriptError {
            outcomes[error.kind.rawValue, default: 0] += 1
            if error.message.isEmpty || error.message.contains("\n") { return "reason not one line: '\(error.message)'" }
            // Lua shortens long paths to "...tail"; the place is the script's path (or its tail) and a line.
            guard let marker = error.message.range(of: "case.lua:"),
                  case let shown = error.message[..<marker.lowerBound],
                  path.hasPrefix(String(shown)) || (shown.hasPrefix("...") && path.contains(shown.dropFirst(3))) else {
                return "reason without the script's place: '\(error.message)'"
            }
            let line = error.message[marker.upperBound...].prefix { $0.isNumber }
            // Memory errors name the script only; everything else names the call's line.
            if error.kind != .memory && Int(line) != callLine && Int(line) != nil && Int(line)! > callLine {
                return "reason names line \(line), past the call on line \(callLine): '\(error.message)'"
            }
            return nil
        } catch let error as ParameterError {
            outcomes["parameter", default: 0] += 1
            // A refused declaration names the script's whole path and the call's line.
            if error.description.contains("\n") { return "parameter error not one line: '\(error.description)'" }
            guard error.description.hasPrefix("\(path):\(callLine): ") else {
                return "parameter error without the call's place: '\(error.description)'"
            }
            return nil
        } catch {
            return "unexpected error \(type(of: error)): \(error)"
        }
    }
}
