import SpringKitTrace
import SpringKitSupport
import SpringKitMotion
import SpringKitReport
import SpringKitScripting
import Foundation

/// Golden-trace checks, as `simrun check` runs them: each script's trace is compared
/// with `DIR/__traces__/NAME.csv` next to the script `DIR/NAME.lua`.
package enum GoldenCheck {
    package struct Options {
        package var script = ScriptOptions()
        /// `--abs` / `--rel`: replace the scripts' global tolerances (per-column ones still apply).
        package var absolute: Double?
        package var relative: Double?
        /// Write goldens (`--update`, or `SPRINGKIT_UPDATE_GOLDENS=1` outside CI).
        package var update = false
        /// Runs per script; any byte difference between runs fails (`--repeat`).
        package var repeatCount = 1
        package init() {}
    }

    package enum Status: Equatable, Sendable {
        case passed
        case failed(String)
        /// No golden yet; nothing was written.
        case missingGolden
        /// `--update` wrote a new or changed golden.
        case recorded(created: Bool)
        /// The script returns no trace (only when found in a directory).
        case skipped
        /// Bad input: script error, unreadable or malformed golden, header mismatch.
        case error(String)
    }

    package struct Outcome: Sendable {
        package var script: String
        package var golden: String
        package var status: Status
        package var seconds: Double
        package var comparison: TraceComparison?
        /// The determinism hash of the trace this run wrote (nil when it wrote none).
        package var traceHash: UInt64?
        /// The tolerances the comparison used (the script's, with `--abs`/`--rel` applied).
        package var tolerances = ToleranceSpec()
        /// The script's `springkit.expect` declarations and what each found, in order.
        package var expectations: [ExpectationOutcome] = []
        /// The script line a CI annotation should point at: the `springkit.param` whose default
        /// changed, else 1.
        package var annotationLine = 1
        /// The new trace's CSV text, kept when the check failed (for the artefacts).
        package var newTrace: String?

        package init(script: String, golden: String, status: Status, seconds: Double, comparison: TraceComparison?) {
            self.script = script; self.golden = golden; self.status = status; self.seconds = seconds; self.comparison = comparison
        }
    }

    /// One `springkit.expect` declaration's result: its own test case.
    package struct ExpectationOutcome: Sendable {
        package var expectation: TraceExpectation
        package var result: TraceExpectation.Result
    }

    /// Where the golden of `script` lives.
    /// The path is built from `script` as given (relative stays relative).
    /// The script a gesture file belongs to: `DIR/NAME.lua` for `DIR/NAME.gesture….lua`, when it
    /// exists (docs/cli.md, "Gesture files"); nil for any other path.
    package static func gestureOwner(_ path: String) -> String? {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        guard name.hasSuffix(".lua"), let mark = name.range(of: ".gesture") else { return nil }
        let owner = String(path[..<slash]) + name[..<mark.lowerBound] + ".lua"
        return FileManager.default.fileExists(atPath: owner) ? owner : nil
    }

    package static func goldenPath(forScript script: String) -> String {
        let slash = script.lastIndex(of: "/")
        let directory = slash.map { String(script[...$0]) } ?? ""
        var name = slash.map { String(script[script.index(after: $0)...]) } ?? script
        if name.hasSuffix(".lua") { name.removeLast(4) }
        return directory + "__traces__/" + name + ".csv"
    }

    /// The folder holding `script` (`.` for a bare name): the root its golden must stay inside.
    package static func scriptFolder(_ script: String) -> String {
        guard let slash = script.lastIndex(of: "/") else { return "." }
        let folder = String(script[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The scripts named by `paths`: files as given, directories as their `*.lua` files,
    /// sorted by name. Throws for a path that does not exist.
    package static func scripts(in paths: [String]) throws -> [(path: String, fromDirectory: Bool)] {
        var result: [(String, Bool)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScriptError(.file, "\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".lua") }.sorted()
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                result += names.map { (base + "/" + $0, true) }
            } else {
                result.append((path, false))
            }
        }
        return result
    }

    /// Goldens in the `__traces__` folders of `directories` that no script in `scripts` owns.
    package static func obsoleteGoldens(directories: [String], scripts: [String]) -> [String] {
        let owned = Set(scripts.map(goldenPath(forScript:)))
        var obsolete: [String] = []
        for directory in directories {
            let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            let folder = base + "/__traces__"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".csv") && !owned.contains(folder + "/" + name) {
                obsolete.append(folder + "/" + name)
            }
        }
        return obsolete
    }

    /// Checks every script, up to `jobs` at a time (each has its own Lua state), and calls
    /// `each(k, outcome)` on the calling thread in script order, as soon as script k and
    /// every one before it are done. When `each` throws, no further script starts.
    package static func checkAll(_ scripts: [(path: String, fromDirectory: Bool)], options: Options, jobs: Int,
                                each: (Int, Outcome) throws -> Void) rethrows {
        try OrderedParallelMap.run(count: scripts.count, jobs: jobs, { k in
            check(script: scripts[k].path, fromDirectory: scripts[k].fromDirectory, options: options)
        }, deliver: each)
    }

    /// Runs one script (`repeatCount` times), compares its trace with the golden and
    /// evaluates the script's expectations on it.
    package static func check(script: String, fromDirectory: Bool, options: Options) -> Outcome {
        let golden = goldenPath(forScript: script)
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome = Outcome(script: script, golden: golden, status: .passed, seconds: 0, comparison: nil)
        outcome.status = status(script: script, golden: golden, fromDirectory: fromDirectory, options: options, outcome: &outcome)
        outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return outcome
    }

    private static func status(script: String, golden: String, fromDirectory: Bool, options: Options,
                               outcome: inout Outcome) -> Status {
        let run: ScriptRun
        let trace: Trace
        do {
            run = try runForTrace(script, options.script)
            guard let recorded = run.trace else {
                if !run.expectations.isEmpty {
                    return .error("\(script) declares expectations but returns no trace to test them on")
                }
                return fromDirectory ? .skipped : .error("\(script) returns no trace, so there is nothing to check")
            }
            trace = recorded
            outcome.expectations = run.expectations.map { ExpectationOutcome(expectation: $0, result: $0.evaluate(trace)) }
            if let failure = try repeatedRunFailure(script, trace, options, outcome: &outcome) { return failure }
        } catch let error as ScriptError {
            return .error(error.message)
        } catch let error as ParameterError {
            return .error(error.description)
        } catch {
            return .error("\(error)")
        }
        let exists = FileManager.default.fileExists(atPath: golden)
        if options.update { return update(golden, with: trace, script: script, exists: exists, outcome: &outcome) }
        guard exists else {
            let text = TraceCSV.text(trace)
            outcome.traceHash = DeterminismHash.of(csv: text.utf8)
            outcome.newTrace = text
            return .missingGolden
        }
        return compare(trace, with: golden, script: script, run: run, options: options, outcome: &outcome)
    }

    /// With `--repeat N`: runs the script N − 1 more times; a trace that differs from the first fails.
    private static func repeatedRunFailure(_ script: String, _ trace: Trace, _ options: Options,
                                           outcome: inout Outcome) throws -> Status? {
        guard options.repeatCount > 1 else { return nil }
        let text = TraceCSV.text(trace)
        outcome.traceHash = DeterminismHash.of(csv: text.utf8)
        for attempt in 1..<options.repeatCount {
            let again = try runForTrace(script, options.script)
            let other = again.trace.map(TraceCSV.text) ?? ""
            if other != text {
                let line = zip(text.split(separator: "\n"), other.split(separator: "\n")).enumerated()
                    .first { $0.element.0 != $0.element.1 }.map { $0.offset + 1 } ?? 0
                return .failed("not deterministic: run \(attempt + 1) differs from run 1 at trace line \(line)")
            }
        }
        return nil
    }

    /// `--update`: writes the golden (inside the script's folder) unless it holds these bytes already.
    private static func update(_ golden: String, with trace: Trace, script: String, exists: Bool,
                               outcome: inout Outcome) -> Status {
        let bytes = TraceCSV.bytes(trace)
        outcome.traceHash = DeterminismHash.of(csv: bytes)
        if exists, let old = FileManager.default.contents(atPath: golden), old.elementsEqual(bytes) { return .passed }
        do {
            // A golden is written on the repository's behalf: it stays inside the script's
            // folder (a link a pull request ships that leads out is refused, not written through).
            try AtomicFile.requireInside(golden, root: scriptFolder(script), what: "golden")
            try AtomicFile.write(bytes, to: golden)
        } catch {
            return .error("\(error)")
        }
        return .recorded(created: !exists)
    }

    /// Compares the new trace with the golden at `golden` under the run's tolerances (the options' first).
    private static func compare(_ trace: Trace, with golden: String, script: String, run: ScriptRun, options: Options,
                                outcome: inout Outcome) -> Status {
        // The new trace is formatted piece by piece as the comparison reads it, and hashed on
        // the way: a long trace's text is never held whole (only a failure keeps it, for the artefacts).
        let stream = TraceCSV.source(trace)
        defer { outcome.traceHash = stream.finishHash() }
        do {
            var tolerances = run.tolerances
            if let absolute = options.absolute { tolerances.absolute = absolute }
            if let relative = options.relative { tolerances.relative = relative }
            outcome.tolerances = tolerances
            let result = try TraceComparison.compare(goldenPath: golden, actual: stream,
                                                     actualName: "\(script) (new trace)", tolerances: tolerances)
            outcome.comparison = result
            if result.passed {
                if outcome.expectations.contains(where: { !$0.result.passed }) { outcome.newTrace = TraceCSV.text(trace) }
                return .passed
            }
            outcome.newTrace = TraceCSV.text(trace)
            outcome.annotationLine = annotationLine(result, run: run)
            return .failed(result.summary)
        } catch let error as TraceComparison.HeaderMismatch {
            return .error("\(golden): \(error)")
        } catch {
            return .error("\(error)")
        }
    }

    /// Runs the script for its trace: scenarios make no report (a check compares only the
    /// trace), unless the script reads one; then it runs again, making them.
    private static func runForTrace(_ script: String, _ given: ScriptOptions) throws -> ScriptRun {
        var options = given
        var script = script
        // A recorded gesture (`NAME.gesture….lua` beside `NAME.lua`) runs its script with it:
        // a fresh drive per run, the golden named after the gesture file.
        if let owner = gestureOwner(script) {
            let steps = try GestureFile.read(script, limits: options.limits)
            options.gestureName = GestureFile.stem(script) + ".lua"
            options.gesture = GestureDrive(steps: steps)
            script = owner
            var traceOnly = options
            traceOnly.recordsReports = false
            do {
                return try ScriptRunner.run(path: script, options: traceOnly)
            } catch is ScriptRunner.RecordingNeeded {
                options.gesture = GestureDrive(steps: steps)
                return try ScriptRunner.run(path: script, options: options)
            }
        }
        var traceOnly = options
        traceOnly.recordsReports = false
        do {
            return try ScriptRunner.run(path: script, options: traceOnly)
        } catch is ScriptRunner.RecordingNeeded {
            return try ScriptRunner.run(path: script, options: options)
        }
    }

    /// The line of the first `springkit.param` whose value differs from the golden's and that
    /// was not overridden (so its default changed); 1 when there is none.
    static func annotationLine(_ comparison: TraceComparison, run: ScriptRun) -> Int {
        guard let params = comparison.metadataDifferences.first(where: { $0.key == "params" }) else { return 1 }
        for name in TraceComparison.changedParameterNames(golden: params.expected, new: params.actual) {
            guard let declaration = run.parameters.declarations.first(where: { $0.name == name }),
                  declaration.value == declaration.defaultValue,
                  let line = run.parameterLines[name], line > 0 else { continue }
            return line
        }
        return 1
    }
}

/// Whether `simrun check` writes goldens: `--update` always does; `SPRINGKIT_UPDATE_GOLDENS`
/// does too, except in CI (`CI` set), where it is ignored with a warning so a pipeline can
/// never re-record what it is meant to check.
package struct GoldenUpdatePolicy: Equatable {
    package var update: Bool
    /// The line to show on stderr, when the environment asked for something refused.
    package var warning: String?

    package init(explicitUpdate: Bool, environment: [String: String]) {
        update = explicitUpdate
        warning = nil
        if Self.isSet(environment["SPRINGKIT_UPDATE_GOLDENS"]) {
            if Self.isSet(environment["CI"]) {
                warning = "simrun check: CI is set, so SPRINGKIT_UPDATE_GOLDENS is ignored (pass --update to write)"
            } else {
                update = true
            }
        }
    }

    /// An environment switch is on unless empty, `0`, `false` or `no` (any case).
    package static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return !["0", "false", "no"].contains(value.lowercased())
    }
}
