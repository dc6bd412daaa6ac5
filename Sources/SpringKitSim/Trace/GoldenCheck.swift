import Foundation

/// Golden-trace checks, as `simrun check` runs them: each script's trace is compared
/// with `DIR/__traces__/NAME.csv` next to the script `DIR/NAME.lua`.
public enum GoldenCheck {
    public struct Options {
        public var script = ScriptOptions()
        /// `--abs` / `--rel`: replace the scripts' global tolerances (per-column ones still apply).
        public var absolute: Double?
        public var relative: Double?
        /// Write goldens (`--update`, or `SPRINGKIT_UPDATE_GOLDENS=1` outside CI).
        public var update = false
        /// Runs per script; any byte difference between runs fails (`--repeat`).
        public var repeatCount = 1
        public init() { script.output = nil }
    }

    public enum Status: Equatable, Sendable {
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

    public struct Outcome: Sendable {
        public var script: String
        public var golden: String
        public var status: Status
        public var seconds: Double
        public var comparison: TraceComparison?
        /// The determinism hash of the trace this run wrote (nil when it wrote none).
        public var traceHash: UInt64?
    }

    /// Where the golden of `script` lives.
    /// The path is built from `script` as given (relative stays relative).
    public static func goldenPath(forScript script: String) -> String {
        let slash = script.lastIndex(of: "/")
        let directory = slash.map { String(script[...$0]) } ?? ""
        var name = slash.map { String(script[script.index(after: $0)...]) } ?? script
        if name.hasSuffix(".lua") { name.removeLast(4) }
        return directory + "__traces__/" + name + ".csv"
    }

    /// The scripts named by `paths`: files as given, directories as their `*.lua` files,
    /// sorted by name. Throws for a path that does not exist.
    public static func scripts(in paths: [String]) throws -> [(path: String, fromDirectory: Bool)] {
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
    public static func obsoleteGoldens(directories: [String], scripts: [String]) -> [String] {
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

    /// Runs one script (`repeatCount` times) and compares its trace with the golden.
    public static func check(script: String, fromDirectory: Bool, options: Options) -> Outcome {
        let golden = goldenPath(forScript: script)
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome = Outcome(script: script, golden: golden, status: .passed, seconds: 0, comparison: nil)
        defer { outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        outcome.status = status(script: script, golden: golden, fromDirectory: fromDirectory, options: options,
                                comparison: &outcome.comparison, traceHash: &outcome.traceHash)
        outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return outcome
    }

    private static func status(script: String, golden: String, fromDirectory: Bool, options: Options,
                               comparison: inout TraceComparison?, traceHash: inout UInt64?) -> Status {
        let run: ScriptRun
        var text = ""
        do {
            run = try ScriptRunner.run(path: script, options: options.script)
            guard let trace = run.trace else {
                return fromDirectory ? .skipped : .error("\(script) returns no trace, so there is nothing to check")
            }
            text = TraceCSV.text(trace)
            traceHash = DeterminismHash.of(csv: text.utf8)
            for attempt in 1..<max(options.repeatCount, 1) {
                let again = try ScriptRunner.run(path: script, options: options.script)
                let other = again.trace.map(TraceCSV.text) ?? ""
                if other != text {
                    let line = zip(text.split(separator: "\n"), other.split(separator: "\n")).enumerated()
                        .first { $0.element.0 != $0.element.1 }.map { $0.offset + 1 } ?? 0
                    return .failed("not deterministic: run \(attempt + 1) differs from run 1 at trace line \(line)")
                }
            }
        } catch let error as ScriptError {
            return .error(error.message)
        } catch {
            return .error("\(error)")
        }
        let exists = FileManager.default.fileExists(atPath: golden)
        if options.update {
            if exists, let old = FileManager.default.contents(atPath: golden), old == Data(text.utf8) { return .passed }
            do {
                try AtomicFile.write(text, to: golden)
            } catch {
                return .error("\(error)")
            }
            return .recorded(created: !exists)
        }
        guard exists else { return .missingGolden }
        do {
            guard let bytes = FileManager.default.contents(atPath: golden) else {
                return .error("\(golden): cannot read the file")
            }
            var tolerances = run.tolerances
            if let absolute = options.absolute { tolerances.absolute = absolute }
            if let relative = options.relative { tolerances.relative = relative }
            let result = try TraceComparison.compare(goldenBytes: [UInt8](bytes), goldenPath: golden,
                                                     actualBytes: Array(text.utf8), tolerances: tolerances)
            comparison = result
            return result.passed ? .passed : .failed(result.summary)
        } catch {
            return .error("\(error)")
        }
    }
}
