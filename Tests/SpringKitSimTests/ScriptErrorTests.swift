@testable import SpringKitTrace
import XCTest
@testable import SpringKitScripting

/// The command line's contract for bad scripts: exit 2 and a one-line reason naming the place.
final class ScriptErrorTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func run(_ name: String, _ source: String, _ extra: [String] = []) throws -> Simrun.Result {
        let path = try writeFile(directory, name, source)
        return try Simrun.run([path, "--quiet"] + extra, in: directory)
    }

    private func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }

    func testSyntaxErrorNamesFileAndLine() throws {
        let result = try run("broken.lua", "local a = 1\nlocal b = = 2\n")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(firstLine(result.stderr).contains("broken.lua:2:"), result.stderr)
    }

    func testRuntimeErrorOnLineThree() throws {
        let result = try run("runtime.lua", "local a = 1\nlocal b = nil\nlocal c = b.field\n")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(firstLine(result.stderr).contains("runtime.lua:3:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("stack traceback"), "a traceback follows the reason")
    }

    func testWrongArgumentTypeNamesFunctionAndArgument() throws {
        let source = "local sk = require 'springkit'\nlocal p = sk.param('damping', 'soft')\n"
        let result = try run("argtype.lua", source)
        XCTAssertEqual(result.status, 2)
        let line = firstLine(result.stderr)
        XCTAssertTrue(line.contains("argtype.lua:2:"), line)
        XCTAssertTrue(line.contains("bad argument #2 to 'springkit.param' (number expected, got string)"), line)
    }

    /// A binding's message quotes what the script passed; a line break in it is shown escaped,
    /// so the library's message is one line too (found by the binding fuzzer, seed 7).
    func testABindingsMessageQuotingALineBreakStaysOneLine() throws {
        let path = try writeFile(directory, "column.lua", "local sk = require 'springkit'\nlocal tr = sk.trace{'x'}\ntr:column('a,b\\n')\n")
        var options = ScriptOptions()
        options.output = nil
        XCTAssertThrowsError(try ScriptRunner.run(path: path, options: options)) { error in
            let message = (error as? ScriptError)?.message ?? ""
            XCTAssertFalse(message.contains("\n"), message)
            XCTAssertTrue(message.contains("column.lua:3: bad argument #1 to 'Trace:column' (no column 'a,b\\n'"), message)
        }
    }

    func testReturnedValuesOfTheWrongKindAreNamed() throws {
        let cases = [
            ("return {trace = 5}\n", "the returned table's 'trace' is not a trace"),
            ("local sk = require 'springkit'\nreturn {trace = sk.trace{'x'}, report = 'page'}\n",
             "the returned table's 'report' is not a report"),
            ("return {images = {1, 2}}\n", "'images' must be an array of SVG strings"),
            ("return 42\n", "a script returns nothing, a trace, or a table"),
        ]
        for (source, reason) in cases {
            let result = try run("returns.lua", source)
            XCTAssertEqual(result.status, 2, source)
            XCTAssertTrue(firstLine(result.stderr).contains(reason), result.stderr)
        }
        // Nil fields are allowed: the run succeeds with nothing to write.
        XCTAssertEqual(try run("empty.lua", "return {trace = nil, report = nil}\n").status, 0)
    }

    func testAWorldTheExactSolverRefusesNamesTheCallNotAnArgument() throws {
        let source = """
        local sk = require 'springkit'
        local w = sk.world{solver = 'exact'}
        local a = w:add_item{x = 10, y = 0}
        w:attach(a, {anchor = {0, 0}, length = 2, damping = 0.5, frequency = 1})
        w:step()
        """
        let result = try run("refused.lua", source)
        XCTAssertEqual(result.status, 2)
        let line = firstLine(result.stderr)
        // Refused by the call that asks for it (the attach), not at the first step.
        XCTAssertTrue(line.contains("refused.lua:4: World:attach: the exact solver cannot step this world: this spring"), line)
        XCTAssertTrue(line.contains("(its length is 2, not 0)"), line)
    }

    func testEndlessLoopIsStoppedByTheBudget() throws {
        let result = try run("loop.lua", "while true do end\n")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("loop.lua:1: instruction budget exceeded"), result.stderr)
        XCTAssertLessThan(result.seconds, 5)
    }

    func testBudgetCannotBeSwallowedByPcall() throws {
        let result = try run("swallow.lua", "while true do pcall(function() while true do end end) end\n",
                             ["--max-instructions", "1000000"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("instruction budget exceeded"), result.stderr)
    }

    func testEndlessAllocationIsStoppedByTheMemoryCap() throws {
        let source = "local t = {}\nlocal i = 0\nwhile true do i = i + 1; t[i] = string.rep('x', 4096) .. i end\n"
        let result = try run("hog.lua", source, ["--max-memory", "64"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(firstLine(result.stderr).contains("hog.lua: memory limit exceeded (64 MiB"), result.stderr)
    }

    func testProcessAndLibraryEscapesAreUnavailable() throws {
        for (name, source, expected) in [
            ("exec.lua", "os.execute('true')\n", "exec.lua:1: os.execute is unavailable"),
            ("popen.lua", "io.popen('true')\n", "popen.lua:1: io.popen is unavailable"),
            ("popen_io.lua", "io.popen('true')\n", "popen_io.lua:1: io.popen is unavailable"),
            ("loadlib.lua", "package.loadlib('x', 'y')\n", "loadlib.lua:1: package.loadlib is unavailable"),
            ("debug.lua", "debug.sethook()\n", "debug.lua:1: debug.sethook is unavailable"),
            ("dofile.lua", "dofile('x.lua')\n", "dofile.lua:1: dofile is unavailable"),
        ] {
            let result = try run(name, source, name == "popen_io.lua" ? ["--allow-io"] : [])
            XCTAssertEqual(result.status, 2, name)
            XCTAssertTrue(firstLine(result.stderr).contains(expected), "\(name): \(result.stderr)")
        }
    }

    /// A missing module says where a library module would be; the traceback shows the
    /// script's frames only, not the sandbox's own `require` or blocked library.
    func testAMissingModuleSaysWhereLibraryModulesLiveAndTracebacksShowTheScriptOnly() throws {
        for (name, source, expected) in [
            ("lib.lua", "local x = 1\nlocal m = require 'lib.nothere'\n",
             "lib.lua:2: module 'lib.nothere' not found: no lib/nothere.lua beside the script"),
            ("other.lua", "local m = require 'json'\n",
             "other.lua:1: module 'json' not found (scripts may require 'springkit', the standard modules, and 'lib.NAME' for lib/NAME.lua beside the script)"),
            ("io.lua", "local f = io.open('x')\n", "io.lua:1: io.open is unavailable"),
            // A script may have any name, the sandbox's chunk name too: its frames stay.
            ("prelude", "local x = 1\nerror('boom')\n", "prelude:2: boom"),
        ] {
            let result = try run(name, source)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertTrue(firstLine(result.stderr).contains(expected), "\(name): \(result.stderr)")
            let frames = result.stderr.components(separatedBy: "stack traceback:\n").last ?? ""
            // The first frame is the script's (after Lua's own `error` for a script that calls it).
            let first = frames.split(separator: "\n").first { !$0.contains("[C]: in function 'error'") }
            XCTAssertTrue(frames.hasPrefix("\t") && first?.contains("\(name):") == true, "\(name): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("springkit sandbox"), "\(name): \(result.stderr)")
            if name != "prelude" { XCTAssertFalse(result.stderr.contains("in function 'error'"), "\(name): \(result.stderr)") }
        }
    }

    func testBinaryChunksAreRefusedFromLoad() throws {
        let source = "local f = string.dump(function() return 1 end)\nlocal g, err = load(f)\nassert(g == nil)\nerror(err)\n"
        let result = try run("dump.lua", source)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("attempt to load a binary chunk"), result.stderr)
    }

    func testUnreadableScripts() throws {
        let missing = try Simrun.run([directory.appendingPathComponent("missing.lua").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing.lua: no such file"), missing.stderr)

        let folder = try Simrun.run([directory.path])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("is a directory"), folder.stderr)

        let binaryPath = directory.appendingPathComponent("binary.lua")
        try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93]).write(to: binaryPath)
        let binary = try Simrun.run([binaryPath.path])
        XCTAssertEqual(binary.status, 2)
        XCTAssertTrue(binary.stderr.contains("binary chunks are not accepted"), binary.stderr)

        let nulPath = directory.appendingPathComponent("nul.lua")
        try Data([0x70, 0x00, 0x71]).write(to: nulPath)
        let nul = try Simrun.run([nulPath.path])
        XCTAssertEqual(nul.status, 2)
        XCTAssertTrue(nul.stderr.contains("not a text file"), nul.stderr)
    }

    func testErrorsAreOneLineBeforeTheTraceback() throws {
        try writeFile(directory, "oneline.lua", "error('first')\n")
        let result = try Simrun.run(["oneline.lua"], in: directory)
        XCTAssertEqual(result.stderr.split(separator: "\n").first, "simrun: oneline.lua:1: first")
    }

    func testUsageErrorsExitTwo() throws {
        for arguments in [[], ["--no-such-flag"], ["a.lua", "b.lua"], ["x.lua", "--trace"]] {
            let result = try Simrun.run(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments)")
        }
        let help = try Simrun.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage:"))
    }

    func testHelpListsEveryDocAndTopic() throws {
        let help = try Simrun.run(["--help"])
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(docs.isEmpty)
        for doc in docs {
            XCTAssertTrue(help.stdout.contains("docs/\(doc)"), "simrun --help does not list docs/\(doc)")
        }
        for topic in ["run", "check", "tune", "studio", "sweep", "merge", "convert", "bench"] {
            XCTAssertTrue(help.stdout.contains("'simrun help \(topic)'"), "simrun --help does not name 'simrun help \(topic)'")
            let page = try Simrun.run(["help", topic])
            XCTAssertEqual(page.status, 0, topic)
            XCTAssertFalse(page.stdout.isEmpty, topic)
        }
    }
}
