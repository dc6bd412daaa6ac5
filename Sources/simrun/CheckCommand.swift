import Foundation
import SpringKitSim

/// `simrun check [PATH]... [--update] [--abs TOL] [--rel TOL] [--junit FILE] [--repeat N]`
enum CheckCommand {
    static let help = """
    usage: simrun check [PATH]... [options]

    Runs every script (a directory: its *.lua files that return a trace) and compares its
    trace with the golden DIR/__traces__/NAME.csv, column by column. PATH defaults to scripts/.

    options:
      --update               write goldens (new or changed), atomically; remove obsolete ones
      --abs TOL, --rel TOL   tolerances: |actual − golden| ≤ abs + rel·|golden| (default 1e-9 each;
                             per-column tolerances declared with springkit.tolerance still apply)
      --junit FILE           write JUnit XML (one testcase per script)
      --repeat N             run each script N times; any byte difference fails (flakiness guard)
    \(ScriptOptionFlags.help)

    With CI set, nothing is written unless --update is given (SPRINGKIT_UPDATE_GOLDENS is ignored).
    With GITHUB_ACTIONS=true, failures are also printed as ::error annotations.
    exit status: 0 all passed, 1 differences or missing goldens, 2 bad input.
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "check")
        var options = GoldenCheck.Options()
        var paths: [String] = []
        var junit: String?
        var explicitUpdate = false
        while let argument = args.next() {
            let (flag, inline) = CommandLineArguments.split(argument)
            if try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &options.script) { continue }
            switch flag {
            case "--update": explicitUpdate = true
            case "--abs": options.absolute = try CommandLineArguments.nonNegativeNumber(try args.value(for: flag, inline: inline), flag: flag)
            case "--rel": options.relative = try CommandLineArguments.nonNegativeNumber(try args.value(for: flag, inline: inline), flag: flag)
            case "--junit": junit = try args.value(for: flag, inline: inline)
            case "--repeat": options.repeatCount = try CommandLineArguments.positiveInteger(try args.value(for: flag, inline: inline), flag: flag)
            case "--help", "-h":
                print(help)
                return 0
            default:
                if flag.hasPrefix("-") && flag.count > 1 { throw UsageError("check: unknown option '\(flag)' (see 'simrun check --help')") }
                paths.append(argument)
            }
        }
        options.script.output = nil
        let environment = ProcessInfo.processInfo.environment
        let inCI = isSet(environment["CI"])
        options.update = explicitUpdate
        if isSet(environment["SPRINGKIT_UPDATE_GOLDENS"]) {
            if inCI {
                FileHandle.standardError.write(Data("simrun check: CI is set, so SPRINGKIT_UPDATE_GOLDENS is ignored (pass --update to write)\n".utf8))
            } else {
                options.update = true
            }
        }
        let annotate = environment["GITHUB_ACTIONS"] == "true"
        if paths.isEmpty { paths = ["scripts"] }

        let scripts = try GoldenCheck.scripts(in: paths)
        var outcomes: [GoldenCheck.Outcome] = []
        for (k, script) in scripts.enumerated() {
            if scripts.count > 3 { FileHandle.standardError.write(Data("[\(k + 1)/\(scripts.count)] \(script.path)\n".utf8)) }
            let outcome = GoldenCheck.check(script: script.path, fromDirectory: script.fromDirectory, options: options)
            outcomes.append(outcome)
            print(line(outcome))
            if let hash = outcome.traceHash { print("hash \(outcome.script) \(DeterminismHash.hex(hash))") }
            if annotate, let message = failureMessage(outcome) {
                print("::error file=\(escapeProperty(outcome.script)),line=1,title=simrun check::\(escapeData(message))")
            }
            fflush(stdout)
        }
        let directories = paths.filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && d.boolValue }
        let obsolete = GoldenCheck.obsoleteGoldens(directories: directories, scripts: scripts.map(\.path))
        for golden in obsolete {
            if options.update {
                try FileManager.default.removeItem(atPath: golden)
                print("REMOVED  \(golden) (obsolete: no script)")
            } else {
                print("OBSOLETE \(golden) (no script records it; 'simrun check --update' removes it)")
            }
        }
        if let junit { try AtomicFile.write(JUnitReport.render(outcomes), to: junit) }

        let passed = outcomes.filter { switch $0.status { case .passed, .recorded: return true; default: return false } }.count
        let skipped = outcomes.filter { $0.status == .skipped }.count
        let errors = outcomes.filter { if case .error = $0.status { return true }; return false }.count
        let failed = outcomes.count - passed - skipped
        print("check: \(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        if errors > 0 { return 2 }
        return failed > 0 ? 1 : 0
    }

    private static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return !["0", "false", "no"].contains(value.lowercased())
    }

    static func line(_ outcome: GoldenCheck.Outcome) -> String {
        let time = NumberFormat.fixed(outcome.seconds, 2)
        switch outcome.status {
        case .passed:
            let rows = outcome.comparison.map { " \($0.actualRows) rows, largest |Δ| \(NumberFormat.shortest($0.largestDifference?.magnitude ?? 0))," } ?? ""
            return "PASS     \(outcome.script) (\(rows.isEmpty ? "" : rows.dropFirst())\(rows.isEmpty ? "" : " ")\(time) s)"
        case .recorded(let created):
            return "\(created ? "NEW     " : "UPDATED ") \(outcome.script) → \(outcome.golden)"
        case .skipped:
            return "SKIP     \(outcome.script) (returns no trace)"
        default:
            return "\(outcome.status.isError ? "ERROR   " : "FAIL    ") \(outcome.script): \(failureMessage(outcome) ?? "")"
        }
    }

    static func failureMessage(_ outcome: GoldenCheck.Outcome) -> String? {
        switch outcome.status {
        case .failed(let message), .error(let message): return message
        case .missingGolden: return "no golden at \(outcome.golden); record it with: simrun check \(outcome.script) --update"
        default: return nil
        }
    }

    /// GitHub workflow command escaping: data escapes %, CR, LF; properties also : and ,.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension GoldenCheck.Status {
    var isError: Bool { if case .error = self { return true }; return false }
}
