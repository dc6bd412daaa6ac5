import Foundation
import SpringKitSim
import SpringKitTools

/// `simrun check [PATH]... [--update] [--abs TOL] [--rel TOL] [--junit FILE] [--repeat N] [--shard i/n] [--artifacts DIR]`
enum CheckCommand {
    static let help = """
    usage: simrun check [PATH]... [options]

    Runs every script (a directory: its *.lua files that return a trace), compares its trace
    with the golden DIR/__traces__/NAME.csv row by row, matched by (frame, id), and tests the
    script's springkit.expect declarations on it. PATH defaults to scripts/.

    options:
      --update               write goldens (new or changed), atomically; remove obsolete ones
      --abs TOL, --rel TOL   tolerances: |actual − golden| ≤ abs + rel·|golden| (default 1e-9 each;
                             per-column tolerances declared with springkit.tolerance still apply)
      --junit FILE           write JUnit XML (one testcase per golden and per expectation)
      --repeat N             run each script N times (1 to 1000); any byte difference fails (flakiness guard)
      --artifacts DIR        where a failing script's new trace and comparison page go
                             (default out/check/, only when something fails)
      --shard i/n            run only block i of n of the scripts (1 ≤ i ≤ n); join with 'simrun merge'
      --no-timings           print and record no wall-clock times (output comparable byte for byte)
    \(ScriptOptionFlags.help)

    With CI set, nothing is written unless --update is given (SPRINGKIT_UPDATE_GOLDENS is ignored).
    With GITHUB_ACTIONS=true, failures are also printed as ::error annotations.
    exit status: 0 all passed, 1 differences, broken expectations or missing goldens, 2 bad input.
    """

    /// Everything printed before the closing line, kept for the JUnit file's system-out.
    final class Console {
        private(set) var text = ""
        func line(_ line: String) {
            print(line)
            text += line + "\n"
        }
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "check")
        var options = GoldenCheck.Options()
        options.script = ScriptOptionFlags.defaults()
        var paths: [String] = []
        var junit: String?
        var artifacts: String?
        var shard: Shard?
        var timings = true
        var explicitUpdate = false
        while let argument = args.next() {
            let (flag, inline) = CommandLineArguments.split(argument)
            if try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &options.script) { continue }
            switch flag {
            case "--update": explicitUpdate = true
            case "--abs": options.absolute = try CommandLineArguments.nonNegativeNumber(try args.value(for: flag, inline: inline), flag: flag)
            case "--rel": options.relative = try CommandLineArguments.nonNegativeNumber(try args.value(for: flag, inline: inline), flag: flag)
            case "--junit": junit = try args.value(for: flag, inline: inline)
            case "--artifacts": artifacts = try args.singleValue(for: flag, inline: inline, current: artifacts)
            case "--shard": shard = try Shard(parsing: try args.singleValue(for: flag, inline: inline, current: shard?.text))
            case "--no-timings":
                try args.checkSwitch(flag, inline: inline)
                timings = false
            case "--repeat": options.repeatCount = try CommandLineArguments.integer(try args.value(for: flag, inline: inline), flag: flag, in: 1...1000)
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
        let policy = GoldenUpdatePolicy(explicitUpdate: explicitUpdate, environment: environment)
        options.update = policy.update
        if let warning = policy.warning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        let annotate = environment["GITHUB_ACTIONS"] == "true"
        let defaultPath = paths.isEmpty
        if defaultPath { paths = ["scripts"] }

        let allScripts: [(path: String, fromDirectory: Bool)]
        do {
            allScripts = try GoldenCheck.scripts(in: paths)
        } catch let error as ScriptError where defaultPath && error.kind == .file {
            throw ScriptError(.file, "check: \(error.message) (no PATH given: check looks in scripts/ of the current folder)")
        }
        let scripts = Array(allScripts[shard?.range(of: allScripts.count) ?? allScripts.indices])
        let console = Console()
        var cases: [JUnitReport.Case] = []
        var badInput: [String] = []
        // Scripts run two at a time on two or more cores; lines come out in script order.
        let jobs = min(2, ProcessInfo.processInfo.activeProcessorCount)
        try GoldenCheck.checkAll(scripts, options: options, jobs: jobs) { k, checked in
            if scripts.count > 3 && isatty(2) != 0 { FileHandle.standardError.write(Data("[\(k + 1)/\(scripts.count)] \(checked.script)\n".utf8)) }
            var outcome = checked
            let detail = reportLines(outcome)
            console.line(line(outcome, timings: timings))
            if let hash = outcome.traceHash { console.line("hash \(outcome.script) \(DeterminismHash.hex(hash))") }
            for text in detail { console.line("         " + text) }
            var written: [String] = []
            if outcome.newTrace != nil || outcome.expectations.contains(where: { !$0.result.passed }) {
                written = try writeArtifacts(&outcome, directory: artifacts ?? "out/check")
                if !written.isEmpty { console.line("         artefacts: " + written.joined(separator: ", ")) }
            }
            for expectation in outcome.expectations { console.line(line(expectation, script: outcome.script)) }
            if annotate { annotations(outcome).forEach(console.line) }
            if case .error(let message) = outcome.status { badInput.append(message) }
            let output = written.isEmpty ? nil
                : "artefacts: " + written.joined(separator: ", ") + "\n" + written.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n")
            cases += JUnitReport.cases(outcome, detail: ([failureMessage(outcome) ?? ""] + detail).joined(separator: "\n"),
                                       output: output, timings: timings)
            fflush(stdout)
        }
        // Goldens no script owns are the whole suite's business: the last shard reports them.
        if shard?.isLast ?? true {
            let directories = paths.filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && d.boolValue }
            let obsolete = GoldenCheck.obsoleteGoldens(directories: directories, scripts: allScripts.map(\.path))
            for golden in obsolete {
                if options.update {
                    try FileManager.default.removeItem(atPath: golden)
                    console.line("REMOVED  \(golden) (obsolete: no script)")
                } else {
                    console.line("OBSOLETE \(golden) (no script records it; 'simrun check --update' removes it)")
                }
            }
        }
        if let junit {
            try AtomicFile.write(JUnitReport.render(cases, properties: shard.map { [("shard", $0.text)] } ?? [], systemOut: console.text), to: junit)
        }
        let tally = CheckTally(cases)
        print(tally.summaryLine)
        for message in badInput { FileHandle.standardError.write(Data("simrun: check: \(VisibleText.escaped(message))\n".utf8)) }
        return tally.exitStatus
    }

    static func line(_ outcome: GoldenCheck.Outcome, timings: Bool = true) -> String {
        let time = timings ? NumberFormat.fixed(outcome.seconds, 2) + " s" : ""
        switch outcome.status {
        case .passed:
            var facts: [String] = []
            if let comparison = outcome.comparison {
                facts.append("\(comparison.actualRows) rows, largest |Δ| \(NumberFormat.significant(comparison.largestDifference?.magnitude ?? 0))")
            }
            if !time.isEmpty { facts.append(time) }
            return "PASS     \(outcome.script)" + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
        case .recorded(let created):
            return "\(created ? "NEW     " : "UPDATED ") \(outcome.script) → \(outcome.golden)"
        case .skipped:
            return "SKIP     \(outcome.script) (returns no trace)"
        case .failed where outcome.comparison != nil:
            return "FAIL     \(outcome.script): differs from \(outcome.golden)"
        default:
            return "\(outcome.status.isError ? "ERROR   " : "FAIL    ") \(outcome.script): \(VisibleText.escaped(failureMessage(outcome) ?? ""))"
        }
    }

    /// One expectation's line: `PASS     scripts/spring.lua: expect x settles within 2 s (settles 1.2 s after t = 0 s)`.
    static func line(_ expectation: GoldenCheck.ExpectationOutcome, script: String) -> String {
        let name = expectation.expectation.name
        if expectation.result.passed { return "PASS     \(script): expect \(name) (\(expectation.result.measured))" }
        return "FAIL     \(script): expect \(name): \(expectation.result.reason ?? "")"
    }

    /// The multi-line report under a failed comparison (params, rows, first divergent frame, per-column table).
    static func reportLines(_ outcome: GoldenCheck.Outcome) -> [String] {
        guard case .failed = outcome.status, let comparison = outcome.comparison else { return [] }
        return comparison.reportLines(tolerances: outcome.tolerances)
    }

    static func failureMessage(_ outcome: GoldenCheck.Outcome) -> String? {
        switch outcome.status {
        case .failed(let message), .error(let message): return message
        case .missingGolden: return "no golden at \(outcome.golden); record it with: simrun check \(outcome.script) --update"
        default: return nil
        }
    }

    /// GitHub annotations: the golden's at the changed `springkit.param` line (else line 1),
    /// each broken expectation's at its `springkit.expect` line.
    static func annotations(_ outcome: GoldenCheck.Outcome) -> [String] {
        var lines: [String] = []
        let file = escapeProperty(outcome.script)
        if let message = failureMessage(outcome) {
            lines.append("::error file=\(file),line=\(outcome.annotationLine),title=simrun check::\(escapeData(VisibleText.escaped(message)))")
        }
        for expectation in outcome.expectations where !expectation.result.passed {
            let e = expectation.expectation
            lines.append("::error file=\(file),line=\(max(1, e.line)),title=simrun check: expect::\(escapeData("\(e.name): \(expectation.result.reason ?? "")"))")
        }
        return lines
    }

    /// Writes a failing script's new trace and, when there is a golden to compare with, the
    /// comparison page, into DIR/NAME/ (NAME from the script's path). Returns the paths written.
    static func writeArtifacts(_ outcome: inout GoldenCheck.Outcome, directory: String) throws -> [String] {
        guard let text = outcome.newTrace else { return [] }
        outcome.newTrace = nil
        var name = outcome.script
        if name.hasSuffix(".lua") { name.removeLast(4) }
        let slug = name.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "-")
        let folder = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + (slug.isEmpty ? "script" : slug)
        var written: [String] = []
        let tracePath = folder + "/new.csv"
        try AtomicFile.write(text, to: tracePath)
        written.append(tracePath)
        if let comparison = outcome.comparison, !comparison.passed,
           let golden = try? TraceCSV.read(path: outcome.golden),
           let new = try? TraceCSV.parse(Array(text.utf8), path: tracePath) {
            let pagePath = folder + "/compare.html"
            try AtomicFile.write(ComparisonPage.render(title: "\(outcome.script): golden vs new run", golden: golden, new: new), to: pagePath)
            written.append(pagePath)
        }
        return written
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
