import Foundation
import XCTest

/// A new user's slips on the command line — a mistyped command or option, a `--param` given
/// two values — get one `simrun: …` line that says what was meant, and exit status 2.
final class CLIMistakeTests: XCTestCase {
    private var directory: URL!
    private let commands = "commands: check, tune, studio, sweep, merge, convert, bench, help; or give a script path"

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Hostile/fixtures/ok.lua"),
                                         to: directory.appendingPathComponent("ok.lua"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs simrun in the case's folder and checks that stderr is exactly `message` on one line
    /// and the status 2, with nothing written.
    private func expect(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try Simrun.run(arguments, in: directory, timeout: 60, file: file, line: line)
        XCTAssertEqual(result.status, 2, "simrun \(arguments.joined(separator: " "))", file: file, line: line)
        XCTAssertEqual(result.stderr, "simrun: " + message + "\n", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["ok.lua"], file: file, line: line)
    }

    func testAMistypedCommandSuggestsTheNearestOne() throws {
        try expect(["chek"], "unknown command 'chek' (did you mean 'check'? \(commands))")
        try expect(["chek", "scripts/"], "unknown command 'chek' (did you mean 'check'? \(commands))")
        try expect(["sweap", "ok.lua"], "unknown command 'sweap' (did you mean 'sweep'? \(commands))")
        try expect(["Help"], "unknown command 'Help' (did you mean 'help'? \(commands))")
        try expect(["xyzzy"], "unknown command 'xyzzy' (\(commands))")
        try expect(["run", "ok.lua"], "unknown command 'run' (\(commands))")
        try expect(["frequency=2", "ok.lua"], "unknown command 'frequency=2' (\(commands); to set a parameter: --param frequency=2)")
    }

    /// What may be a script is run as one, so its own error applies: a `.lua` name, a path
    /// with `/`, an existing file of any name.
    func testWhatMayBeAScriptIsNotAnUnknownCommand() throws {
        try expect(["chek.lua"], "chek.lua: no such file")
        try expect(["scripts/chek"], "scripts/chek: no such file")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("ok.lua"), to: directory.appendingPathComponent("chek"))
        let result = try Simrun.run(["chek", "--quiet"], in: directory, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testAMistypedOptionSuggestsTheNearestOptionOfItsCommand() throws {
        try expect(["ok.lua", "--parm", "damping=0.5"], "unknown option '--parm' (did you mean '--param'? see 'simrun --help')")
        try expect(["ok.lua", "--quite"], "unknown option '--quite' (did you mean '--quiet'? see 'simrun --help')")
        try expect(["ok.lua", "--max-memroy", "64"], "unknown option '--max-memroy' (did you mean '--max-memory'? see 'simrun --help')")
        try expect(["ok.lua", "--hlep"], "unknown option '--hlep' (did you mean '--help'? see 'simrun --help')")
        try expect(["ok.lua", "--bogus"], "unknown option '--bogus' (see 'simrun --help')")
        try expect(["ok.lua", "-x"], "unknown option '-x' (see 'simrun --help')")
        try expect(["check", "ok.lua", "--updat"], "check: unknown option '--updat' (did you mean '--update'? see 'simrun help check')")
        try expect(["check", "ok.lua", "--rell", "0"], "check: unknown option '--rell' (did you mean '--rel'? see 'simrun help check')")
        try expect(["check", "ok.lua", "--trace", "t.csv"], "check: unknown option '--trace' (see 'simrun help check')")
        try expect(["sweep", "ok.lua", "--jbos", "2"], "sweep: unknown option '--jbos' (did you mean '--jobs'? see 'simrun help sweep')")
        try expect(["sweep", "ok.lua", "--seeed", "2"], "sweep: unknown option '--seeed' (did you mean '--seed'? see 'simrun help sweep')")
        try expect(["merge", "--cvs", "out.csv"], "merge: unknown option '--cvs' (did you mean '--csv'? see 'simrun help merge')")
        // merge's help names check's --shard in prose: it is no option of merge.
        try expect(["merge", "--shrad", "1/2"], "merge: unknown option '--shrad' (see 'simrun help merge')")
        try expect(["convert", "uikit", "--digit", "3"], "convert: unknown option '--digit' (did you mean '--digits'? see 'simrun help convert')")
        try expect(["bench", "suite", "--repeat", "3"], "bench suite: unknown option '--repeat' (did you mean '--repeats'? see 'simrun bench suite --help')")
        try expect(["tune", "ok.lua", "--sav", "x.params"], "tune: unknown option '--sav' (did you mean '--save'? see 'simrun help tune')")
        try expect(["studio", "ok.lua", "--prot", "8080"], "studio: unknown option '--prot' (did you mean '--port'? see 'simrun help studio')")
    }

    func testMistypedHelpTopicsSectionsAndConventionsSuggestTheNearestName() throws {
        try expect(["help", "chek"], "no help topic 'chek' (did you mean 'check'? topics: run, check, tune, studio, sweep, merge, convert, bench)")
        try expect(["bench", "dynamcs"], "bench: unknown section 'dynamcs' (did you mean 'dynamics'? sections: dynamics, rubbermenu, traces, sweep, dotart, bodies, collision, suite, kernels)")
        // `suite` and `kernels` are commands of their own, offered only as the first word.
        try expect(["bench", "suit"], "bench: unknown section 'suit' (did you mean 'suite'? sections: dynamics, rubbermenu, traces, sweep, dotart, bodies, collision, suite, kernels)")
        try expect(["bench", "dynamics", "suit"], "bench: unknown section 'suit' (sections: dynamics, rubbermenu, traces, sweep, dotart, bodies, collision)")
        try expect(["convert", "uikt"], "convert: unknown convention 'uikt' (did you mean 'uikit'? one of: uikit, swiftui, swiftui-duration, caspring, rebound, origami, pop, framer, android)")
    }

    /// `--param damping=0.5 frequency=2` leaves `frequency=2` as a second script: the error
    /// says how to set it.
    func testAStrayAssignmentSaysHowToSetAParameter() throws {
        try expect(["ok.lua", "--param", "damping=0.5", "frequency=2"],
                   "one script at a time (got 'ok.lua' and 'frequency=2'; to set a parameter: --param frequency=2)")
        try expect(["sweep", "ok.lua", "--param", "damping=0:1:0.5", "frequency=2"],
                   "sweep: one script at a time (got 'ok.lua' and 'frequency=2'; to set a parameter: --param frequency=2)")
        try expect(["tune", "ok.lua", "--param", "damping=0.5", "frequency=2"],
                   "tune: one script at a time (got 'ok.lua' and 'frequency=2'; to set a parameter: --param frequency=2)")
        try expect(["studio", "ok.lua", "--param", "damping=0.5", "frequency=2"],
                   "studio: one script at a time (got 'ok.lua' and 'frequency=2'; to set a parameter: --param frequency=2)")
        try expect(["check", "ok.lua", "--param", "damping=0.5", "frequency=2"],
                   "check: frequency=2: no such file or directory (to set a parameter: --param frequency=2)")
        try expect(["ok.lua", "other.lua"], "one script at a time (got 'ok.lua' and 'other.lua')")
        try expect(["ok.lua", "=2"], "one script at a time (got 'ok.lua' and '=2')")
        try expect(["ok.lua", "a/b=2"], "one script at a time (got 'ok.lua' and 'a/b=2')")
        try expect(["ok.lua", "frequency="], "one script at a time (got 'ok.lua' and 'frequency=')")
    }
}
