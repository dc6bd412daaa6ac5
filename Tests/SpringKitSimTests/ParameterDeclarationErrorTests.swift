import XCTest
@testable import SpringKitScripting

/// Mistakes in parameter declarations (`sk.param`, `sk.preset`) and in `--params` files are bad
/// input: one line `simrun: FILE:LINE: …` naming the offending call (or file line) and exit 2,
/// on every command that runs scripts.
final class ParameterDeclarationErrorTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// The commands that run a script, each with the prefix its one-line reason carries.
    /// `sweep` sweeps `axis`; `studio` fails before it serves anything.
    private func commands(_ script: String, axis: String) -> [(arguments: [String], prefix: String)] {
        [([script, "--quiet"], "simrun: "),
         ([script, "--list-params"], "simrun: "),
         (["check", script], "simrun: check: "),
         (["sweep", script, "--param", axis, "--csv", "s.csv", "--svg", "s.svg"], "simrun: "),
         (["studio", script, "--no-open", "--port", "0"], "simrun: ")]
    }

    /// Writes `decl.lua` (line 1 requires the module, `lines` follow from line 2) and asserts
    /// that every command refuses it with exactly `reason`, exit 2 and nothing written.
    private func assertRefused(_ lines: [String], _ reason: String, options: [String] = [], axis: String = "damping=0.1:0.2:0.1",
                               file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try writeFile(directory, "decl.lua", (["local sk = require 'springkit'"] + lines).joined(separator: "\n") + "\n")
        for (arguments, prefix) in commands("decl.lua", axis: axis) {
            let result = try Simrun.run(arguments + options, in: directory, timeout: 60)
            let shown = arguments.prefix(2).joined(separator: " ")
            XCTAssertEqual(result.status, 2, "\(shown): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stderr, prefix + reason + "\n", shown, file: file, line: line)
            if arguments.first == "check" {
                XCTAssertTrue(result.stdout.contains("ERROR    decl.lua: \(reason)\n"), result.stdout, file: file, line: line)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.csv").path), file: file, line: line)
    }

    func testADefaultOutsideItsRangeNamesTheParamLine() throws {
        try assertRefused(["local d = sk.param('damping', 7, {min = 0, max = 5})"],
                          "decl.lua:2: parameter 'damping': default 7 is above the maximum 5")
        try assertRefused(["", "local d = sk.param('damping', -1, {min = 0, max = 5})"],
                          "decl.lua:3: parameter 'damping': default -1 is below the minimum 0")
    }

    /// A name is written into --params files and trace headers: letters, digits and _ only.
    func testANameThatCannotBeWrittenBackNamesTheParamLine() throws {
        try assertRefused(["local d = sk.param('a=b', 1)"],
                          "decl.lua:2: parameter name 'a=b': letters, digits and _, not starting with a digit")
        try assertRefused(["local d = sk.param('2x', 1)"],
                          "decl.lua:2: parameter name '2x': letters, digits and _, not starting with a digit")
        try assertRefused(["local d = sk.param('', 1)"],
                          "decl.lua:2: parameter name '': letters, digits and _, not starting with a digit")
        XCTAssertTrue(ScriptParameters.isValidName("max_stretch2"))
        XCTAssertFalse(ScriptParameters.isValidName("a b"))
        XCTAssertFalse(ScriptParameters.isValidName("#a"))
        XCTAssertFalse(ScriptParameters.isValidName("é"))
    }

    func testAMinimumAboveTheMaximumNamesTheParamLine() throws {
        try assertRefused(["local d = sk.param('damping', 1, {min = 5, max = 0})"],
                          "decl.lua:2: parameter 'damping': min 5 is above max 0")
    }

    func testANonFiniteBoundNamesTheParamLine() throws {
        try assertRefused(["local d = sk.param('damping', 1, {min = 0/0})"],
                          "decl.lua:2: parameter 'damping': min must be a finite number")
        try assertRefused(["local d = sk.param('damping', 1, {max = math.huge})"],
                          "decl.lua:2: parameter 'damping': max must be a finite number")
    }

    func testADuplicateNamesBothLines() throws {
        try assertRefused(["local a = sk.param('damping', 1)", "", "local b = sk.param('damping', 2)"],
                          "decl.lua:4: parameter 'damping' is declared twice (first at line 2)")
    }

    func testAPresetNamingAnUndeclaredParameterNamesThePresetLine() throws {
        try assertRefused(["sk.preset('p', {dampin = 0.2})", "local d = sk.param('damping', 0.5, {min = 0, max = 1})"],
                          "decl.lua:2: preset 'p' sets 'dampin', which the script does not declare")
    }

    /// A preset value outside its parameter's range is refused on every run, picked or not:
    /// at the `sk.param` line, naming the preset's line.
    func testAPresetValueOutsideTheRangeIsRefusedWithoutBeingPicked() throws {
        try assertRefused(["sk.preset('soft', {damping = 0.5})", "sk.preset('p', {damping = 3})",
                           "local d = sk.param('damping', 0.5, {min = 0, max = 1})"],
                          "decl.lua:4: preset 'p' (line 3) sets damping=3, above the maximum 1")
        try assertRefused(["sk.preset('p', {damping = -2})", "local d = sk.param('damping', 0.5, {min = 0, max = 1})"],
                          "decl.lua:3: preset 'p' (line 2) sets damping=-2, below the minimum 0", options: ["--preset", "p"])
    }

    func testAPresetDeclaredTwiceNamesBothLines() throws {
        try assertRefused(["sk.preset('p', {damping = 0.1})", "sk.preset('p', {damping = 0.2})", "local d = sk.param('damping', 0.5)"],
                          "decl.lua:3: preset 'p' is declared twice (first at line 2)")
    }

    func testAPresetAfterItsParameterNamesBothLines() throws {
        try assertRefused(["local d = sk.param('damping', 0.5, {min = 0, max = 1})", "sk.preset('p', {damping = 3})"],
                          "decl.lua:3: preset 'p' sets 'damping', which is already declared (line 2): declare presets before the parameters they set")
    }

    func testAParamsFileNamesItsOwnLine() throws {
        _ = try writeFile(directory, "typo.params", "damping=0.9\nfrequncy=2\n")
        try assertRefused(["local d = sk.param('damping', 0.5, {min = 0, max = 1})", "local f = sk.param('frequency', 1)"],
                          "typo.params:2: unknown parameter 'frequncy' (the script declares: damping, frequency)",
                          options: ["--params", "typo.params"])
        _ = try writeFile(directory, "high.params", "# tuned\ndamping=3\n")
        // (The sweep sweeps frequency: a swept value replaces the file's.)
        try assertRefused(["local d = sk.param('damping', 0.5, {min = 0, max = 1})", "local f = sk.param('frequency', 1)"],
                          "high.params:2: parameter 'damping': value 3 is above the maximum 1",
                          options: ["--params", "high.params"], axis: "frequency=1:2:1")
    }

    /// What the command line gave has no place to name: the reason stays as it was.
    func testCommandLineValuesNameNoPlace() throws {
        let script = try writeFile(directory, "cli.lua", "local sk = require 'springkit'\nsk.preset('p', {damping = 0.2})\nlocal d = sk.param('damping', 0.5, {min = 0, max = 1})\n")
        let high = try Simrun.run([script, "--quiet", "--param", "damping=3"])
        XCTAssertEqual(high.status, 2)
        XCTAssertEqual(high.stderr, "simrun: parameter 'damping': value 3 is above the maximum 1\n")
        let unknown = try Simrun.run([script, "--quiet", "--param", "frequncy=2"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "simrun: unknown parameter 'frequncy' (the script declares: damping)\n")
        // A --param given after --params replaces the file's line, and with it the place.
        _ = try writeFile(directory, "ok.params", "damping=3\n")
        let replaced = try Simrun.run([script, "--quiet", "--params", "ok.params", "--param", "damping=0.4"], in: directory)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
    }

    /// A long path is named whole (Lua's own messages shorten it to `...tail`).
    func testALongScriptPathIsNamedWhole() throws {
        let deep = String(repeating: "a-long-folder-name/", count: 5)
        let script = try writeFile(directory, deep + "decl.lua", "local sk = require 'springkit'\nlocal d = sk.param('damping', 7, {max = 5})\n")
        let result = try Simrun.run([script, "--quiet"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "simrun: \(script):2: parameter 'damping': default 7 is above the maximum 5\n")
    }

    /// Catching the Lua error does not make a refused declaration pass.
    func testACaughtRefusalStillFailsTheRun() throws {
        _ = try writeFile(directory, "caught.lua", "local sk = require 'springkit'\nlocal ok = pcall(sk.param, 'damping', 7, {max = 5})\nsk.metric('ok', ok and 1 or 0)\n")
        let result = try Simrun.run(["caught.lua", "--quiet"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "simrun: caught.lua:2: parameter 'damping': default 7 is above the maximum 5\n")
    }

    /// In the library the refusal is a `ParameterError` (check and sweep report it as one), its
    /// reason starting with the place.
    func testTheLibraryThrowsAParameterErrorWithThePlace() throws {
        let path = try writeFile(directory, "lib.lua", "local sk = require 'springkit'\nsk.preset('p', {damping = 3})\nlocal d = sk.param('damping', 0.5, {max = 1})\n")
        var options = ScriptOptions()
        options.output = nil
        XCTAssertThrowsError(try ScriptRunner.run(path: path, options: options)) { error in
            XCTAssertEqual((error as? ParameterError)?.description, "\(path):3: preset 'p' (line 2) sets damping=3, above the maximum 1")
        }
    }
}
