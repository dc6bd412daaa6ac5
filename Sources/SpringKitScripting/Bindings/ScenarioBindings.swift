import SpringKitDynamics
import SpringKitMotion
import SpringKitReport
import SpringKitScenarios

/// A scenario with a Lua class. Its binding lists only its own gestures, readings and
/// constructor; `ModuleBuilder.defineScenario` adds what every scenario shares (lua-api.md,
/// "Every scenario").
protocol LuaScenario: Scenario {
    /// Its Lua class (`springkit.RubberMenu`): the metatable and the `RubberMenu:` prefix of
    /// its methods' errors.
    static var luaClass: LuaObjectClass { get }
    /// Whether it was configured to record its trace / its report. Reading one it did not record
    /// only because the run records nothing (a sweep point) asks for a recorded rerun.
    var recordsTrace: Bool { get }
    var recordsReport: Bool { get }
}

extension ModuleBuilder {
    /// The scenario constructors (`springkit.rubber_menu`, ...), and the report class every
    /// scenario's `report()` returns. A new scenario adds its `add…` call here.
    func addScenarios() {
        LuaClasses.report.define(in: lua, methods: reportMethods, properties: reportProperties)
        addReportBuilder()
        addRubberMenu()
        addDotArt()
        addGallery()
    }

    /// A scenario method: the call, its receiver already checked (argument 1 is an `S`, else
    /// `calling 'Class:method' on bad self`), the number of results.
    typealias ScenarioMethod<S> = (LuaCall, S) throws -> Int32
    /// A scenario property: pushes the value of `obj.name` and returns 1.
    typealias ScenarioProperty<S> = (LuaCall, S) throws -> Int32

    /// Defines `S`'s Lua class: its own `methods` and `properties` and the ones every scenario
    /// has — `wait(seconds)`, `wait_until_rest([limit = 10])` → rested, seconds, `trace()`,
    /// `report([title])`, and `frame`, `time`, `at_rest`. A name in both is a programming error.
    func defineScenario<S: LuaScenario>(_ type: S.Type, methods: [(String, ScenarioMethod<S>)],
                                        properties: [String: ScenarioProperty<S>] = [:]) {
        let shared = Self.sharedScenarioMethods(S.self, session: session)
        let sharedNames = Set(shared.map(\.0))
        for (name, _) in methods { precondition(!sharedNames.contains(name), "\(S.luaClass.name): '\(name)' is a shared scenario method") }
        let allProperties = properties.merging(Self.sharedScenarioProperties(S.self)) { _, _ in
            preconditionFailure("\(S.luaClass.name): a property repeats a shared scenario property")
        }
        S.luaClass.define(in: lua, methods: (shared + methods).map { name, body in
            (name, { call in try body(call, try call.object(1, S.self, S.luaClass)) })
        }, properties: allProperties.mapValues { getter in { call, object in try getter(call, object as! S) } })
    }

    /// A scenario's `world` field: a world and animator configuration (`springkit.world`'s
    /// fields), `given` when the field is absent.
    static func worldField(_ spec: LuaTableArgument, _ call: LuaCall,
                           default given: (world: WorldConfiguration, animator: AnimatorConfiguration)) throws
        -> (world: WorldConfiguration, animator: AnimatorConfiguration) {
        try spec.withTable("world") { inner in try inner.map { try worldConfiguration($0, call) } ?? given }
    }

    /// `springkit.NAME(...)`: builds a scenario with `make` and returns it as an object of its class.
    func scenarioConstructor<S: LuaScenario>(_ name: String, _ make: @escaping (LuaCall) throws -> S) {
        function(name) { call in
            call.push(try make(call), as: S.luaClass)
            return 1
        }
    }

    /// Methods capture the session alone: capturing a `ModuleBuilder` would hold the Lua state
    /// from its own functions (a cycle).
    /// A wait with a goal: reads the limit (argument 2, seconds, default 10), plays until
    /// `wait` says the goal is reached or the limit passes, and returns to Lua whether it was
    /// reached and the seconds played (`wait_until_rest`, dot art's `wait_until_whole`).
    static func timedWait(_ call: LuaCall, _ clock: FrameClock, _ wait: (Double) throws -> Bool) throws -> Int32 {
        let limit = try call.number(2, default: 10)
        let start = clock.time
        let reached = try call.checked(2) { try wait(limit) }
        call.push(reached)
        call.push(clock.time - start)
        return 2
    }

    private static func sharedScenarioMethods<S: LuaScenario>(_ type: S.Type, session: ScriptSession) -> [(String, ScenarioMethod<S>)] {
        [
            ("wait", { call, s in
                let seconds = try call.number(2)
                try call.checked(2) { try s.wait(seconds: seconds) }
                return 0
            }),
            ("wait_until_rest", { call, s in try timedWait(call, s) { try s.waitUntilRest(limit: $0) } }),
            ("trace", { call, s in
                call.push(TraceBox(s.trace, unrecorded: session.unrecordedFlag(recorded: s.recordsTrace), budget: session.budget),
                          as: LuaClasses.trace)
                return 1
            }),
            ("report", { call, s in
                var report = s.report
                if !call.isNil(2) { report.title = try call.string(2) }
                call.push(ReportBox(report, unrecorded: session.unrecordedReportFlag(recorded: s.recordsReport)), as: LuaClasses.report)
                return 1
            }),
        ]
    }

    private static func sharedScenarioProperties<S: LuaScenario>(_ type: S.Type) -> [String: ScenarioProperty<S>] {
        [
            "frame": { call, s in call.push(s.frame); return 1 },
            "time": { call, s in call.push(s.time); return 1 },
            "at_rest": { call, s in call.push(s.isAtRest); return 1 },
        ]
    }
}
