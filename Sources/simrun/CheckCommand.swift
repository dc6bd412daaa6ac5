import Foundation
import SpringKitSim
import SpringKitTools

/// `simrun check [PATH]... [--update] [--abs TOL] [--rel TOL] [--junit FILE] [--repeat N] [--shard i/n] [--artifacts DIR]`
enum CheckCommand {
    static let help = """
    usage: simrun check [PATH]... [options]

    Runs every script (a directory: its *.lua files that return a trace), compares its trace
    with the golden DIR/__traces__/NAME.csv row by row, matched by (frame, id), and tests the
    script's springkit.expect declarations on it. PATH defaults to scripts/. A recorded gesture
    NAME.gesture-K.lua beside NAME.lua (simrun studio saves them) runs NAME.lua with that gesture
    against DIR/__traces__/NAME.gesture-K.csv.

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
        /// One line, with control characters shown escaped: a script's file name, an expectation's
        /// name or a message holding a line break, a carriage return or a terminal escape cannot
        /// start a line of its own (a `::error` workflow command) nor repaint one (FAIL as PASS).
        func line(_ raw: String) {
            let line = VisibleText.escaped(raw)
            print(line)
            text += line + "\n"
        }
    }

    /// The flags and paths of one `simrun check`.
    private struct Invocation {
        var options = GoldenCheck.Options()
        var paths: [String] = []
        var junit: String?
        var artifacts: String?
        var shard: Shard?
        var timings = true
        var explicitUpdate = false
    }

    /// Reads the flags and paths; nil when it printed the help.
    private static func parse(_ arguments: [String]) throws -> Invocation? {
        var args = CommandLineArguments(arguments, command: "check")
        var i = Invocation()
        i.options.script = ScriptOptionFlags.defaults()
        let read = try args.parse([
            .bare("--update") { i.explicitUpdate = true },
            .value("--abs") { i.options.absolute = try CommandLineArguments.nonNegativeNumber($0, flag: "--abs") },
            .value("--rel") { i.options.relative = try CommandLineArguments.nonNegativeNumber($0, flag: "--rel") },
            .value("--junit") { i.junit = $0 },
            .once("--artifacts") { i.artifacts = $0 },
            .once("--shard") { i.shard = try Shard(parsing: $0) },
            .toggle("--no-timings") { i.timings = false },
            .value("--repeat") { i.options.repeatCount = try CommandLineArguments.integer($0, flag: "--repeat", in: 1...1000) },
        ], help: help) { flag, inline, args in
            try ScriptOptionFlags.consume(flag, inline: inline, from: &args, into: &i.options.script)
        }
        guard let positionals = read else {
            print(help)
            return nil
        }
        i.paths = positionals
        return i
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let invocation = try parse(arguments) else { return 0 }
        var options = invocation.options, paths = invocation.paths
        let junit = invocation.junit, artifacts = invocation.artifacts, shard = invocation.shard, timings = invocation.timings
        let explicitUpdate = invocation.explicitUpdate
        options.script.output = nil
        let environment = ProcessInfo.processInfo.environment
        let policy = GoldenUpdatePolicy(explicitUpdate: explicitUpdate, environment: environment)
        options.update = policy.update
        if let warning = policy.warning { StandardError.write(warning + "\n") }
        let annotate = environment["GITHUB_ACTIONS"] == "true"
        // `--param damping=0.5 frequency=2` leaves `frequency=2` as a path.
        for path in paths {
            var info = stat()
            if let hint = CommandLineArguments.parameterHint(path), lstat(path, &info) != 0 {
                throw UsageError("check: \(path): no such file or directory (\(hint))")
            }
        }
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
            if scripts.count > 3 && isatty(2) != 0 { StandardError.write("[\(k + 1)/\(scripts.count)] \(VisibleText.escaped(checked.script))\n") }
            try show(checked, artifacts: artifacts, timings: timings, annotate: annotate, console: console,
                     cases: &cases, badInput: &badInput)
        }
        // Goldens no script owns are the whole suite's business: the last shard reports them.
        if shard?.isLast ?? true {
            try reportObsolete(paths: paths, scripts: allScripts.map(\.path), update: options.update, console: console)
        }
        if let junit {
            try AtomicFile.write(JUnitReport.render(cases, properties: shard.map { [("shard", $0.text)] } ?? [], systemOut: console.text), to: junit)
        }
        let tally = CheckTally(cases)
        print(tally.summaryLine)
        for message in badInput { StandardError.write("simrun: check: \(VisibleText.escaped(message))\n") }
        return tally.exitStatus
    }

    /// One script's outcome: its lines (status, hash, details, artefacts written, expectations,
    /// GitHub annotations), its JUnit case, and its reason when it was bad input.
    private static func show(_ checked: GoldenCheck.Outcome, artifacts: String?, timings: Bool, annotate: Bool, console: Console,
                             cases: inout [JUnitReport.Case], badInput: inout [String]) throws {
        var outcome = checked
        let detail = CheckOutput.reportLines(outcome)
        console.line(CheckOutput.line(outcome, timings: timings))
        if let hash = outcome.traceHash { console.line("hash \(outcome.script) \(DeterminismHash.hex(hash))") }
        for text in detail { console.line("         " + text) }
        var written: [String] = []
        if outcome.newTrace != nil || outcome.expectations.contains(where: { !$0.result.passed }) {
            written = try CheckOutput.writeArtifacts(&outcome, directory: artifacts ?? "out/check", confined: artifacts == nil)
            if !written.isEmpty { console.line("         artefacts: " + written.joined(separator: ", ")) }
        }
        for expectation in outcome.expectations { console.line(CheckOutput.line(expectation, script: outcome.script)) }
        if annotate { CheckOutput.annotations(outcome).forEach(console.line) }
        if case .error(let message) = outcome.status { badInput.append(message) }
        let output = written.isEmpty ? nil
            : "artefacts: " + written.joined(separator: ", ") + "\n" + written.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n")
        cases += JUnitReport.cases(outcome, detail: ([CheckOutput.failureMessage(outcome) ?? ""] + detail).joined(separator: "\n"),
                                   output: output, timings: timings)
        fflush(stdout)
    }

    /// Goldens in the checked folders that no script records: listed, or removed with --update.
    private static func reportObsolete(paths: [String], scripts: [String], update: Bool, console: Console) throws {
        let directories = paths.filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && d.boolValue }
        let obsolete = GoldenCheck.obsoleteGoldens(directories: directories, scripts: scripts)
        for golden in obsolete {
            if update {
                try FileManager.default.removeItem(atPath: golden)
                console.line("REMOVED  \(golden) (obsolete: no script)")
            } else {
                console.line("OBSOLETE \(golden) (no script records it; 'simrun check --update' removes it)")
            }
        }
    }
}
