import SpringKitTrace
import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport
import CLua

/// The Swift side of one script run: parameters, seed, metrics and the returned outputs.
/// Bindings capture it; it holds no reference to the Lua state.
final class ScriptSession {
    let scriptPath: String
    var parameters: ScriptParameters
    let seed: UInt64
    var random: SeededGenerator
    var metrics: [ScriptRun.Metric] = []
    var tolerances = ToleranceSpec()
    var expectations: [TraceExpectation] = []
    var trace: Trace?
    var report: ReportData?
    var images: [String] = []
    /// Set when `springkit.param` or `springkit.preset` refused a declaration, so the run
    /// fails as a parameter error (even when the script caught the Lua error).
    var parameterError: ParameterError?
    /// Whether scenarios record their trace and report unless the script says otherwise
    /// (`ScriptOptions.recordsOutputs`).
    let recordsOutputs: Bool
    /// Whether scenarios make their report unless the script says otherwise (`ScriptOptions.recordsReports`).
    let recordsReports: Bool
    /// Shared by the recordings a scenario did not make; set when the script reads one.
    let unrecordedRead = UnrecordedRead()
    /// The call Lua hooks run under while Swift steps a world (behaviour actions, callbacks).
    let hookCall = LuaHookCall()

    /// What the engine's loops and allocations charge: the script's own limits.
    let budget: ResourceBudget?
    /// Whether `load_trace`/`load_dot_image` may read outside the script's folder tree.
    let allowIO: Bool
    /// A gesture played from outside the script (`ScriptOptions.gesture`), and the first trace
    /// and report the script made (a driven `sk.animator` run's result).
    var drive: GestureDrive?
    /// The gesture's name in the trace header (`# gesture: FILE`).
    var gestureName: String?
    var drivenTarget: DrivenTarget?
    /// Passes the report frames made while the script runs on (`ScriptOptions.reportFrameMade`).
    let reportFrames = ReportFrameRelay()
    var firstTrace: TraceBox?
    var firstReport: ReportBox?

    init(scriptPath: String, parameters: ScriptParameters, seed: UInt64, recordsOutputs: Bool = true,
         recordsReports: Bool = true, budget: ResourceBudget? = nil, allowIO: Bool = false) {
        self.scriptPath = scriptPath
        self.parameters = parameters
        self.seed = seed
        self.random = SeededGenerator(seed: seed)
        self.recordsOutputs = recordsOutputs
        self.recordsReports = recordsReports
        self.budget = budget
        self.allowIO = allowIO
    }

    /// The recorder a scenario the script makes records into: report frames as the run
    /// records reports, each passed on as it is made (`reportFrames`).
    func makeRecorder() -> ScenarioRecorder {
        let recorder = ScenarioRecorder(reportFrames: recordsReports)
        if reportFrames.handler != nil {
            let relay = reportFrames
            recorder.frameMade = { [unowned recorder] frame in relay.made(frame, by: recorder) }
        }
        return recorder
    }

    /// A scenario's `record` setting: the script's own when it gives one, else the run's.
    func recording(_ given: Bool?) -> Bool { given ?? recordsOutputs }

    /// The flag for a scenario's trace or report box: nil when the scenario recorded, the
    /// run's flag when it did not record only because the run records nothing.
    func unrecordedFlag(recorded: Bool) -> UnrecordedRead? { recorded || recordsOutputs ? nil : unrecordedRead }

    /// The flag for a scenario's report box whose making `recordsReports` also governs.
    func unrecordedReportFlag(recorded: Bool) -> UnrecordedRead? {
        recorded || (recordsOutputs && recordsReports) ? nil : unrecordedRead
    }

    /// Reads the script's return value: a trace, or a table with `trace` and `report`.
    func collectResult(lua: LuaState, index: Int32) throws {
        let L = lua.L
        // A recording that was not made is not returned (and returning it is no read).
        if let box = lua.retained(at: index, metatable: LuaClasses.trace.name) as? TraceBox {
            trace = box.returned
        } else if skl_istable(L, index) != 0 {
            if let box = try retainedField(lua, table: index, "trace", LuaClasses.trace, expected: "a trace") as? TraceBox {
                trace = box.returned
            }
            if let box = try retainedField(lua, table: index, "report", LuaClasses.report, expected: "a report") as? ReportBox {
                report = box.returned
            }
            lua.push("images")
            lua_rawget(L, index)
            if skl_istable(L, -1) != 0 {
                let count = lua_rawlen(L, -1)
                for k in 0..<Int(count) {
                    lua_rawgeti(L, -1, lua_Integer(k + 1))
                    guard let svg = lua.string(at: -1) else {
                        throw ScriptError(.runtime, "\(scriptPath): the returned table's 'images' must be an array of SVG strings")
                    }
                    images.append(svg)
                    skl_pop(L, 1)
                }
            } else if skl_isnoneornil(L, -1) == 0 {
                throw ScriptError(.runtime, "\(scriptPath): the returned table's 'images' must be an array of SVG strings")
            }
            skl_pop(L, 1)
        } else if skl_isnoneornil(L, index) == 0 {
            throw ScriptError(.runtime, "\(scriptPath): a script returns nothing, a trace, or a table {trace = ..., report = ...}")
        }
    }

    /// The Swift object held by `table[name]` (a raw read) when it is of `objectClass`, nil
    /// when the field is nil; anything else is an error. Leaves the stack as it found it.
    private func retainedField(_ lua: LuaState, table index: Int32, _ name: String, _ objectClass: LuaObjectClass,
                               expected: String) throws -> AnyObject? {
        lua.push(name)
        lua_rawget(lua.L, index)
        defer { skl_pop(lua.L, 1) }
        if let object = lua.retained(at: -1, metatable: objectClass.name) { return object }
        guard skl_isnoneornil(lua.L, -1) != 0 else {
            throw ScriptError(.runtime, "\(scriptPath): the returned table's '\(name)' is not \(expected)")
        }
        return nil
    }

    /// The run's result when the drive ended the script: the driven scenario's trace and report;
    /// the expectations (about the scripted gesture) are not tested on it.
    func collectDrivenResult() {
        guard let target = drivenTarget else { return }
        let result = target.result()
        trace = result.trace
        report = recordsReports ? result.report : nil
        expectations = []
    }

    func finish(peakLuaMemory: Int) -> ScriptRun {
        if var trace {
            trace.setMetadata("script", scriptPath)
            trace.setMetadata("params", parameters.headerText)
            trace.setMetadata("seed", String(seed))
            if let gestureName { trace.setMetadata("gesture", gestureName) }
            self.trace = trace
        }
        return ScriptRun(scriptPath: scriptPath, parameters: parameters, seed: seed, trace: trace,
                         report: report, images: images, metrics: metrics, tolerances: tolerances, peakLuaMemory: peakLuaMemory,
                         parameterLines: parameters.parameterPlaces.filter { $0.value.file == scriptPath }.mapValues(\.line),
                         expectations: expectations)
    }
}

/// Lua classes of the `springkit` module (a scenario's is its `LuaScenario.luaClass`).
enum LuaClasses {
    static let trace = LuaObjectClass(name: "springkit.Trace")
    static let report = LuaObjectClass(name: "springkit.Report")
    static let world = LuaObjectClass(name: "springkit.World")
    static let scrollView = LuaObjectClass(name: "springkit.ScrollView")
    static let animator = LuaObjectClass(name: "springkit.Animator")
    static let velocityTracker = LuaObjectClass(name: "springkit.VelocityTracker")
    static let flowLayout = LuaObjectClass(name: "springkit.FlowLayout")
    static let gridLayout = LuaObjectClass(name: "springkit.GridLayout")
    static let culler = LuaObjectClass(name: "springkit.Culler")
    static let cellShape = LuaObjectClass(name: "springkit.CellShape")
}

/// Set when a script reads a scenario's trace or report that was not recorded because the
/// run records nothing (a sweep point): the run's metrics may then depend on it, so the
/// caller runs it again with recording (`ScriptRunner.RecordingNeeded`).
final class UnrecordedRead {
    var happened = false
}

/// A recording (trace or report) owned by Lua. What a script adds to it is charged to its
/// budget through `reservation`.
final class RecordingBox<Value> {
    private var storage: Value
    /// Non-nil for a scenario's recording that was not made (`ScriptOptions.recordsOutputs`).
    let unrecorded: UnrecordedRead?
    let reservation: BudgetReservation
    init(_ value: Value, unrecorded: UnrecordedRead? = nil, budget: ResourceBudget? = nil) {
        storage = value
        self.unrecorded = unrecorded
        reservation = BudgetReservation(budget)
    }

    /// The recording, for the script's own use: reading one that was not made sets the flag.
    var value: Value {
        get { unrecorded?.happened = true; return storage }
        _modify { unrecorded?.happened = true; yield &storage }
    }

    /// The recording for a binding's own bookkeeping (adding a frame, checking its order):
    /// writing is no read of an unmade recording, so the flag is left as it is.
    var unflagged: Value {
        get { storage }
        _modify { yield &storage }
    }

    /// The recording as the script's result: none when it was not made.
    var returned: Value? { unrecorded == nil ? storage : nil }
}

/// A trace owned by Lua; rows a script adds with `tr:add` are charged to its budget.
typealias TraceBox = RecordingBox<Trace>
/// A report owned by Lua; frames and markers a script adds are charged to its budget.
typealias ReportBox = RecordingBox<ReportData>

extension RecordingBox where Value == Trace {
    var trace: Trace {
        get { value }
        _modify { yield &value }
    }

    /// `body` on the trace in place, in one access (`tr:add` runs once per row).
    func modifyTrace<R>(_ body: (inout Trace) throws -> R) rethrows -> R {
        unrecorded?.happened = true
        return try body(&storage)
    }
}

extension RecordingBox where Value == ReportData {
    var report: ReportData {
        get { value }
        _modify { yield &value }
    }
}

/// Passes on, while a script runs, the frames of the first report that makes one
/// (`ScriptOptions.reportFrameMade`); every other report's frames are not passed.
final class ReportFrameRelay {
    var handler: ((ReportData.Frame) -> Void)?
    private var source: ObjectIdentifier?

    /// `frame` was made by `report` (a recorder or a script's report box).
    func made(_ frame: ReportData.Frame, by report: AnyObject) {
        guard let handler else { return }
        let id = ObjectIdentifier(report)
        if source == nil { source = id }
        if source == id { handler(frame) }
    }
}
