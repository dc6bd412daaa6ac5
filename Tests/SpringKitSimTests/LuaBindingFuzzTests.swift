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

    /// The receivers a case may call methods on, built before the call: these, and one per
    /// scenario (`scenarioReceivers`).
    static let prelude = basePrelude + scenarioReceivers.map { "\nlocal \($0.name) = \($0.example)" }.joined()

    static let basePrelude = """
    local sk = require "springkit"
    local w = sk.world()
    local a = w:add_item{x = 10, y = 0}
    local b = w:add_item{x = 20, y = 0}
    local s = w:attach(a, {anchor = {0, 0}, damping = 0.5, frequency = 1})
    local tr = sk.trace{"x"}
    tr:add(0, 0, 0, 1)
    tr:add(1, 0.5, 0, 0.25)
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
    local gr = w:gravity{items = {a}}
    local pu = w:push{items = {a}, mode = "continuous", magnitude = 1}
    local ib = w:item_behavior{items = {b}, elasticity = 0.5}
    local fi = w:field{kind = "drag", items = {a}}
    local at = w:pin_attachment{item = a, anchor = {0, 0}}
    local sn = w:snap{item = b, point = {5, 5}}
    local co = w:collision{items = {a, b}, reference_bounds = {0, 0, 320, 480}, boundaries = {{id = "f", from = {0, 50}, to = {100, 50}}}}
    """

    /// Every Swift scenario's receiver, built with its `luaExample` (`local rubberMenu =
    /// sk.rubber_menu{items = 12}`): a new scenario is fuzzed with no edit here.
    static let scenarioReceivers: [(className: String, name: String, example: String)] = ModuleBuilder.luaScenarioTypes.map { type in
        let className = String(type.luaClass.name.dropFirst("springkit.".count))
        return (className, className.prefix(1).lowercased() + className.dropFirst(), type.luaExample)
    }

    /// How many arguments a call takes, where it is known; any other binding is called with up
    /// to `defaultArity + 1` arguments. Hints only: the calls fuzzed are every live binding
    /// (`bindings()`), so a new function or method is fuzzed from the moment it exists.
    static let defaultArity = 3
    static let arityHints: [(call: String, arity: Int)] = [
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
        ("rubberMenu:touch_down", 2), ("rubberMenu:drag", 3), ("rubberMenu:release", 2), ("rubberMenu:wait", 1), ("rubberMenu:wait_until_rest", 1),
        ("rubberMenu:cells", 1), ("rubberMenu:trace", 1), ("rubberMenu:report", 1),
        ("dotArt:change", 1), ("dotArt:explode", 1), ("dotArt:regenerate", 1), ("dotArt:wait_until_whole", 1),
        ("dotArt:order", 1), ("dotArt:color", 1), ("dotArt:record_image", 1), ("dotArt:images", 1), ("dotArt:trace", 1),
        ("dotArt:report", 1), ("dotArt:wait", 1), ("dotArt:wait_until_rest", 1),
        ("gallery:tap", 1), ("gallery:move", 2), ("gallery:drag", 3), ("gallery:wait", 1), ("gallery:wait_until_rest", 1), ("gallery:order", 1),
        ("gallery:trace", 1), ("gallery:report", 1),
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
        ("w:angle", 1), ("w:angular_velocity", 1), ("w:set_angle", 2), ("w:set_angular_velocity", 2), ("w:gravity", 1),
        ("w:push", 1), ("w:item_behavior", 1), ("w:field", 1), ("w:on_pause", 1), ("w:on_resume", 1),
        ("pu:set_offset", 3), ("pu:offset", 1), ("ib:add_linear_velocity", 3), ("ib:add_angular_velocity", 2),
        ("w:collision", 1), ("w:set_bounds", 2), ("w:bounds", 1), ("w:set_reference_bounds", 1),
        ("co:add_boundary", 1), ("co:remove_boundary", 1), ("co:remove_all_boundaries", 1), ("co:boundary", 1),
    ]

    /// Every live binding (`BindingCoverageTests.bindings`) as the call's text before its
    /// arguments, with its arity (a hint, or `defaultArity`), plus the `empty:` calls on an
    /// empty trace; methods are called on the prelude's receiver of their class.
    static func bindings() throws -> [(call: String, arity: Int)] {
        let live = try BindingCoverageTests.bindings()
        let hints = Dictionary(arityHints.map { ($0.call, $0.arity) }, uniquingKeysWith: { a, _ in a })
        var calls = live.functions.map { "sk." + $0 }
        calls += live.methods.compactMap { c, m in receivers[c].map { "\($0):\(m)" } }
        calls += arityHints.map(\.call).filter { $0.hasPrefix("empty:") }
        return calls.map { ($0, hints[$0] ?? defaultArity) }
    }

    /// Bad (and a few good) scalar values, as Lua expressions.
    static let scalars = [
        "nil", "true", "false", "0/0", "-(0/0)", "math.huge", "-math.huge", "1e308", "-1e308", "2^63", "-2^63",
        "math.maxinteger", "math.mininteger", "2^53", "2^53 + 2", "1e19", "1e15", "1e9", "-1", "-0.5", "0.5",
        "0", "-0.0", "1", "2", "3", "7", "1.5", "\"x\"", "\"\"", "\"1\"", "string.rep(\"y\", 300)",
        "\"a,b\\n\"", "\"y\"", "print", "coroutine.create(print)", "w", "tr", "img", "a", "s", "empty", "sv", "an", "vt", "fl", "gl", "cu", "cs", "rep",
        "gr", "pu", "ib", "fi", "{0, 1}", "{1e308, 0}", "{0/0, 1}", "\"continuous\"", "\"instantaneous\"", "\"drag\"", "\"custom\"",
        "co", "\"items\"", "\"boundaries\"", "\"everything\"", "\"ellipse\"", "\"f\"", "{{0, 0}, {1, 0}, {0, 1}}", "{{1e9, 0}, {0, 0}}",
    ] + scenarioReceivers.map(\.name)

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
        "angle", "angular_velocity", "magnitude", "direction", "mode", "active", "action", "elasticity",
        "angular_resistance", "allows_rotation", "anchored", "charge", "kind", "position", "strength", "falloff",
        "minimum_radius", "smoothness", "animation_speed", "region", "seed", "force", "item", "item_b", "axis",
        "range", "friction_torque", "offset_a", "offset_b", "point",
        "boundaries", "on_contact", "reference_bounds", "bounds", "path", "op", "c1", "c2",
    ]

    /// The receiver the prelude builds for each class's methods.
    static let receivers = Dictionary(uniqueKeysWithValues: scenarioReceivers.map { ($0.className, $0.name) }).merging([
        "World": "w", "Trace": "tr", "DotImage": "img",
        "ScrollView": "sv", "Animator": "an", "VelocityTracker": "vt", "FlowLayout": "fl", "GridLayout": "gl",
        "Culler": "cu", "CellShape": "cs", "Report": "rep", "Gravity": "gr", "Push": "pu", "ItemBehavior": "ib", "Field": "fi",
        "Attachment": "at", "Snap": "sn", "Collision": "co",
    ]) { scenario, _ in scenario }

    /// Every class with methods has a receiver in the prelude (else its methods could not be
    /// fuzzed), and every arity hint names a live binding.
    func testEveryLiveBindingIsFuzzed() throws {
        let live = try BindingCoverageTests.bindings()
        let withoutReceiver = Set(live.methods.map(\.0)).filter { Self.receivers[$0] == nil }.sorted()
        XCTAssertEqual(withoutReceiver, [], "classes whose methods the fuzzer cannot call (add a receiver to the prelude)")
        let fuzzed = Set(try Self.bindings().map(\.call))
        XCTAssertEqual(Set(Self.arityHints.map(\.call)).subtracting(fuzzed), [], "arity hints for calls that are no binding")
        XCTAssertGreaterThan(fuzzed.count, 150)
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
        let bindings = try Self.bindings()
        for index in 0..<Self.caseCount {
            let binding = bindings[index % bindings.count]
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
