import SpringKitTrace
import SpringKitSupport
import SpringKitReport
import Foundation

/// What one run of a script produced.
public struct ScriptRun {
    /// The script's path as given.
    public var scriptPath: String
    public var parameters: ScriptParameters
    public var seed: UInt64
    /// The trace the script returned (`return tr` or `return {trace = tr}`), with its header filled in.
    public var trace: Trace?
    /// The report the script returned (`return {report = rep}`), ready to render.
    public var report: ReportData?
    /// SVG images the script returned (`return {images = {...}}`).
    public var images: [String]
    /// Values reported with `springkit.metric(name, value, unit)`, in order.
    public var metrics: [Metric]
    /// Golden-check tolerances declared with `springkit.tolerance{...}`.
    public var tolerances: ToleranceSpec
    /// The Lua allocator's peak, in bytes.
    public var peakLuaMemory: Int
    /// The script line of each `springkit.param` declaration, by parameter name.
    package var parameterLines: [String: Int] = [:]
    /// Expectations declared with `springkit.expect{...}`, in order; `simrun check` tests them.
    public var expectations: [TraceExpectation] = []

    public struct Metric: Equatable, Sendable {
        public var name: String
        public var value: Double
        public var unit: String
    }

    /// The last value reported for metric `name` (nil when none was).
    /// - Complexity: O(metrics).
    public func metric(_ name: String) -> Double? { metrics.last { $0.name == name }?.value }
}

/// Options for running a script.
public struct ScriptOptions {
    public var parameters = ScriptParameters()
    public var seed: UInt64 = 1
    public var limits = ScriptLimits()
    /// Receives the script's `print` output, one line per call; nil (the default): discarded.
    /// The library never writes to the process's output itself: a tool that shows it passes
    /// a handler that prints (`simrun` does, unless `--quiet`).
    public var output: ((String) -> Void)?
    /// false: scenarios record no trace or report unless the script asks (`record = true`,
    /// `record_every`, `report_every`), and the run returns none — for callers that keep only
    /// metrics (sweeps). A script that reads such an unmade recording makes the run throw
    /// `ScriptRunner.RecordingNeeded`; run it again with recording.
    public var recordsOutputs = true
    /// false: no report is made — scenarios record their trace without report frames
    /// (`ScenarioObserver.wantsReportFrames`) and a script's own `springkit.report` reads no
    /// shapes — and the run returns none: for callers that keep only the trace (`simrun check`).
    /// A script that reads such an unmade report makes the run throw
    /// `ScriptRunner.RecordingNeeded`, as above.
    public var recordsReports = true
    /// Called from another thread, with the reason, when a run is still going one second
    /// past `limits.timeout`: the script is stuck where no check reaches (C code such as
    /// pattern matching). The run cannot be stopped from outside, so a command line tool
    /// reports the reason and exits; nil: the run is left to go on.
    public var onHardTimeout: (@Sendable (String) -> Void)?
    /// A gesture that replaces the script's own from its first gesture call on (`GestureDrive`);
    /// `gestureName` goes into the trace header as `# gesture: NAME` (the file's path).
    public var gesture: GestureDrive?
    public var gestureName: String?
    /// Raised from another thread, stops the run (`ScriptCancellation`).
    public var cancellation: ScriptCancellation?
    /// Called on the run's thread with each report frame as it is made: the frames of the
    /// report that made the run's first frame (a scenario's or the script's `springkit.report`),
    /// in order, while the script runs — for a caller that shows a run before it ends (the
    /// studio streams them). Frames of any other report are not passed.
    public var reportFrameMade: ((ReportData.Frame) -> Void)?
    public init() {}
}

/// Loads and runs one scenario script.
public enum ScriptRunner {
    /// A run without recording read a recording it did not make (see `ScriptOptions.recordsOutputs`).
    package struct RecordingNeeded: Error {}

    /// Runs the script at `path`. Throws `ScriptError` for unreadable files and script
    /// failures, `ParameterError` for invalid parameters.
    /// - Complexity: O(the script's length) to read and compile, plus its own work, bounded by
    ///   `options.limits` (the engine's work is charged to the same instruction budget).
    public static func run(path: String, options: ScriptOptions = ScriptOptions()) throws -> ScriptRun {
        let source = try readScript(path)
        let watchdog = options.onHardTimeout.flatMap { handler in
            HardTimeout(seconds: options.limits.timeout, reason: "\(path): timed out after \(NumberFormat.human(options.limits.timeout)) s of wall-clock time, stuck where no check reaches (C code such as a pattern match; raise it with --timeout)", handler: handler)
        }
        defer { watchdog?.cancel() }
        let lua = try LuaState(limits: options.limits)
        try lua.seedMathRandom(options.seed)
        if let cancellation = options.cancellation { lua.watch(cancellation) }
        // Finalizers run at close under the same limits, still watched by the watchdog.
        defer { lua.close() }
        let run = try runScript(source: source, path: path, lua: lua, options: options)
        try lua.closeReportingLimits(scriptPath: path)
        return run
    }

    private static func runScript(source: [UInt8], path: String, lua: LuaState, options: ScriptOptions) throws -> ScriptRun {
        let session = ScriptSession(scriptPath: path, parameters: options.parameters, seed: options.seed,
                                    recordsOutputs: options.recordsOutputs, recordsReports: options.recordsReports, budget: lua.budget, allowIO: options.limits.allowIO)
        session.drive = options.gesture
        session.reportFrames.handler = options.reportFrameMade
        session.gestureName = options.gesture == nil ? nil : options.gestureName
        lua.printHandler = options.output ?? { _ in }
        SpringKitModule.install(in: lua, session: session)
        let chunkName = "@" + path
        let first: Int32
        do {
            first = try lua.run(source: source, chunkName: chunkName, results: 1)
        } catch let error as ScriptError where session.drive?.finished == true && session.parameterError == nil {
            // The drive's steps ran out: the script ends there (GestureDrive).
            _ = error
            session.collectDrivenResult()
            if session.unrecordedRead.happened { throw RecordingNeeded() }
            try session.parameters.checkAllOverridesDeclared()
            return session.finish(peakLuaMemory: lua.peakMemory)
        } catch let error as ScriptError {
            // A parameter error raised from springkit.param or springkit.preset keeps its own meaning.
            if let parameterError = session.parameterError { throw parameterError }
            if session.unrecordedRead.happened { throw RecordingNeeded() }
            throw error
        }
        // A refused declaration fails the run even when the script caught its Lua error.
        if let parameterError = session.parameterError { throw parameterError }
        if let drive = session.drive, !drive.started {
            throw ScriptError(.runtime, "\(path): the gesture was not played: the script makes no gesture a recorded one can replace (the rubber menu's or sk.animator's touch_down/drag/release, the gallery's tap/drag)")
        }
        try session.collectResult(lua: lua, index: first)
        if session.unrecordedRead.happened { throw RecordingNeeded() }
        try session.parameters.checkAllOverridesDeclared()
        try session.parameters.checkPresets()
        return session.finish(peakLuaMemory: lua.peakMemory)
    }

    /// Calls `handler` with `reason` one second past `seconds` unless cancelled first.
    private final class HardTimeout: @unchecked Sendable {
        private let work: DispatchWorkItem

        init?(seconds: Double, reason: String, handler: @escaping @Sendable (String) -> Void) {
            guard seconds > 0, seconds.isFinite else { return nil }
            work = DispatchWorkItem { handler(reason) }
            DispatchQueue.global().asyncAfter(deadline: .now() + min(seconds + 1, 1e9), execute: work)
        }

        func cancel() { work.cancel() }
    }

    static func readScript(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScriptError(.file, "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ScriptError(.file, "\(path): is a directory, not a script") }
        let bytes: [UInt8]
        do {
            // A pipe is fine (`simrun <(…)`); a FIFO no one writes to reads as empty instead of blocking.
            bytes = try InputFile.bytes(path)
        } catch let error as InputFile.ReadError {
            throw ScriptError(.file, error.description)
        }
        return try checkedScriptText(bytes, path: path)
    }

    /// `bytes` when they are a text chunk: no binary chunk, no NUL byte.
    static func checkedScriptText(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        if bytes.first == 0x1B {
            throw ScriptError(.file, "\(path): binary chunks are not accepted (text scripts only)")
        }
        if bytes.contains(0) {
            throw ScriptError(.file, "\(path): not a text file (contains NUL bytes)")
        }
        return bytes
    }
}
