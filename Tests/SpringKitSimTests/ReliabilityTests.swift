import Foundation
import XCTest
@testable import SpringKitSupport

/// The reliability issue: what a check records it reads back, nothing written outside the
/// repository on its behalf, no trap when stderr or stdout fail, one file never written twice,
/// script text escaped on every channel, reasons with their place. Each test runs the built
/// `simrun` in a fresh folder.
final class ReliabilityTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    private func simrun(_ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> Simrun.Result {
        let result = try Simrun.run(arguments, in: directory, environment: environment, file: file, line: line)
        XCTAssertFalse(result.signalled, "simrun \(arguments) died of a signal", file: file, line: line)
        return result
    }

    /// Runs `command` with /bin/sh in the folder (for closed or full descriptors Process cannot set).
    private func shell(_ command: String) throws -> (status: Int32, signalled: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SIMRUN"] = Simrun.executable.path
        environment["CI"] = nil
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
    }

    private let oneRow = """
    local sk = require "springkit"
    local tr = sk.trace{"x"}
    tr:add(0, 0, 0, 1)
    """

    // MARK: A golden the check cannot read back

    /// Before: `check --update` printed NEW and exited 0, the next `check` exited 2 with
    /// `rows out of order: repeats frame 0, id 0`. Now `tr:add` refuses the row where it is made.
    func testARowCheckCouldNotReadBackIsRefusedByTrAdd() throws {
        try writeFile(directory, "s/dup.lua", oneRow + "\ntr:add(0, 0, 0, 2)\nreturn tr\n")
        let update = try simrun(["check", "s", "--update"])
        XCTAssertEqual(update.status, 2, update.stdout + update.stderr)
        XCTAssertTrue(update.stderr.contains("s/dup.lua:4:") && update.stderr.contains("repeats the previous row's frame 0, id 0"), update.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("s/__traces__/dup.csv")), "no golden recorded")
        for (row, reason) in [("tr:add(-1, 0, 0, 2)", "frame -1, id 0 comes after frame 0, id 0"),
                              ("tr:add(0/0, 0, 0, 2)", "frame and id must be finite numbers"),
                              ("tr:add(1, 0, 1/0, 2)", "frame and id must be finite numbers")] {
            try writeFile(directory, "s/dup.lua", oneRow + "\n" + row + "\nreturn tr\n")
            let result = try simrun(["check", "s", "--update"])
            XCTAssertEqual(result.status, 2, row)
            XCTAssertTrue(result.stderr.contains("s/dup.lua:4:") && result.stderr.contains(reason), "\(row): \(result.stderr)")
        }
        // Whatever --update writes, check reads back.
        try writeFile(directory, "s/dup.lua", oneRow + "\ntr:add(0, 0, 1, 2)\ntr:add(2, 0, 0, 2)\nreturn tr\n")
        XCTAssertEqual(try simrun(["check", "s", "--update"]).status, 0)
        XCTAssertEqual(try simrun(["check", "s"]).status, 0)
    }

    // MARK: Writes outside the repository

    /// Before: `check --update` printed UPDATED and replaced the link's target outside the folder.
    func testAGoldenLinkLeadingOutIsRefused() throws {
        try writeFile(directory, "repo/s/ok.lua", oneRow + "\nreturn tr\n")
        try writeFile(directory, "outside.csv", "precious\n")
        try FileManager.default.createDirectory(atPath: path("repo/s/__traces__"), withIntermediateDirectories: true)
        XCTAssertEqual(symlink(path("outside.csv"), path("repo/s/__traces__/ok.csv")), 0)
        let result = try Simrun.run(["check", "s", "--update"], in: directory.appendingPathComponent("repo"))
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("cannot write golden s/__traces__/ok.csv: it resolves to") && result.stderr.contains("outside s"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("outside.csv"), encoding: .utf8), "precious\n")
        // A whole __traces__ folder linked out is refused the same way.
        try FileManager.default.removeItem(atPath: path("repo/s/__traces__"))
        try FileManager.default.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: true)
        XCTAssertEqual(symlink(path("elsewhere"), path("repo/s/__traces__")), 0)
        let folder = try Simrun.run(["check", "s", "--update"], in: directory.appendingPathComponent("repo"))
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), [])
        // A link that stays inside is written through as before.
        try FileManager.default.removeItem(atPath: path("repo/s/__traces__"))
        try FileManager.default.createDirectory(atPath: path("repo/s/__traces__"), withIntermediateDirectories: true)
        try writeFile(directory, "repo/s/kept.csv", "old\n")
        XCTAssertEqual(symlink("../kept.csv", path("repo/s/__traces__/ok.csv")), 0)
        XCTAssertEqual(try Simrun.run(["check", "s", "--update"], in: directory.appendingPathComponent("repo")).status, 0)
        XCTAssertTrue(try String(contentsOfFile: path("repo/s/kept.csv"), encoding: .utf8).hasPrefix("# springkit-trace 1"))
    }

    /// Default outputs (out/NAME.csv, out/check/…) resolve inside the current folder; an
    /// explicit --trace through the same link keeps today's write-through.
    func testDefaultOutputsThroughALinkLeadingOutAreRefused() throws {
        try writeFile(directory, "repo/ok.lua", oneRow + "\nreturn tr\n")
        try FileManager.default.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: true)
        XCTAssertEqual(symlink(path("elsewhere"), path("repo/out")), 0)
        let repo = directory.appendingPathComponent("repo")
        let run = try Simrun.run(["ok.lua"], in: repo)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("simrun: cannot write trace out/ok.csv: it resolves to"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), [])
        XCTAssertEqual(try Simrun.run(["ok.lua", "--trace", "out/ok.csv"], in: repo).status, 0, "typed on the command line: written through")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), ["ok.csv"])
        // check's default artefacts folder, the same.
        try FileManager.default.removeItem(atPath: path("elsewhere/ok.csv"))
        try writeFile(directory, "repo/s/ok.lua", oneRow + "\nreturn tr\n")
        let check = try Simrun.run(["check", "s"], in: repo)
        XCTAssertEqual(check.status, 2, check.stdout + check.stderr)
        XCTAssertTrue(check.stderr.contains("cannot write artefact out/check/s-ok/new.csv: it resolves to"), check.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), [])
    }

    // MARK: Crashes and lost data

    /// Before: exit 132 (SIGILL) with "swift-backtrace: unable to fetch crash info".
    func testAFailureWithStderrClosedOrFullExitsTwo() throws {
        for redirect in ["2>&-", "2>/dev/full"] {
            let result = try shell("\"$SIMRUN\" missing.lua \(redirect)")
            XCTAssertFalse(result.signalled, redirect)
            XCTAssertEqual(result.status, 2, "\(redirect): \(result.output)")
        }
        let pipe = try shell("\"$SIMRUN\" --help | true; echo \"${PIPESTATUS:-}\"")
        XCTAssertEqual(pipe.status, 0)
        let full = try shell("\"$SIMRUN\" --help >/dev/full 2>&-")
        XCTAssertEqual(full.status, 2, full.output)
    }

    /// Before: exit 0, and same.csv held the report (the trace was lost).
    func testTwoOutputsNamingOneFileAreRefused() throws {
        try writeFile(directory, "rep.lua", oneRow + """

        local rep = sk.report{viewport = {10, 10}}
        rep:frame{t = 0}
        return {trace = tr, report = rep}
        """)
        let spellings = [["--trace", "same.csv", "--report", "./same.csv"], ["--trace", "same.csv", "--report", "sub/../same.csv"]]
        for arguments in spellings {
            let result = try simrun(["rep.lua"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("this run already writes that file"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("same.csv")))
        }
        try writeFile(directory, "same.csv", "old\n")
        XCTAssertEqual(symlink("same.csv", path("link.csv")), 0)
        let linked = try simrun(["rep.lua", "--trace", "same.csv", "--report", "link.csv"])
        XCTAssertEqual(linked.status, 2)
        XCTAssertEqual(try String(contentsOfFile: path("same.csv"), encoding: .utf8), "old\n")
    }

    // MARK: Script text that runs as code

    /// Before: the plot's name was inserted with innerHTML (an <img> element appeared and its
    /// onerror ran: the page's title became "pwned"), and the page had no policy.
    func testAPlotNameIsTextInTheReportAndOnlyThePagesOwnScriptsRun() throws {
        let browser = try ReportBrowserTests.chromium()
        try writeFile(directory, "xss.lua", oneRow + """

        local evil = "<img src=x onerror=\\"document.title='pwned'\\">"
        local rep = sk.report{viewport = {10, 10}, plots = {{name = evil, unit = evil}}}
        rep:frame{t = 0, values = {[evil] = 1}}
        return {trace = tr, report = rep}
        """)
        XCTAssertEqual(try simrun(["xss.lua", "--quiet"]).status, 0)
        let page = try String(contentsOfFile: path("out/xss.html"), encoding: .utf8)
        let policy = try XCTUnwrap(page.range(of: "<meta http-equiv=\"Content-Security-Policy\" content=\"").map { page[$0.upperBound...].prefix { $0 != "\"" } })
        let scriptSources = policy.components(separatedBy: "; ").first { $0.hasPrefix("script-src ") } ?? ""
        XCTAssertTrue(scriptSources.hasPrefix("script-src 'sha256-") && !scriptSources.contains("unsafe"), String(policy))
        let dom = try ReportBrowserTests.browse(browser, ["--dump-dom", URL(fileURLWithPath: path("out/xss.html")).absoluteString + "?dump=0"])
        XCTAssertTrue(dom.contains("<pre id=\"dump\">"), "the page's own scripts ran under its policy")
        XCTAssertFalse(dom.contains("<img"), "no element made from the plot's name")
        XCTAssertTrue(dom.contains("&lt;img src=x onerror="), "the name shown as text")
        XCTAssertFalse(dom.contains("<title>pwned"), "nothing ran")
    }

    func testSHA256OfTheStandardVectors() {
        XCTAssertEqual(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(sha256Hex(String(repeating: "a", count: 1000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    private func sha256Hex(_ text: String) -> String {
        SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Before: a file name holding a line break printed `::error file=x::pwned` as a line of
    /// its own on check's stdout (GitHub Actions runs it), and an expectation's name with a
    /// carriage return repainted its FAIL line.
    func testCheckPrintsNamesWithControlCharactersEscaped() throws {
        let name = "a\n::error file=x::pwned\n.lua"
        try writeFile(directory, "s/" + name, oneRow + "\nsk.expect{name = \"x\\r\\27[2KPASS\", column = \"x\", within = {5, 6}}\nreturn tr\n")
        let result = try simrun(["check", "s", "--update", "--junit", "j.xml"], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            XCTAssertFalse(line.hasPrefix("::error file=x"), "a workflow command from a file name: \(line)")
            XCTAssertFalse(line.contains("\r") || line.contains("\u{1B}"), "a raw control character: \(line.debugDescription)")
        }
        XCTAssertTrue(result.stdout.contains("s/a\\n::error file=x::pwned\\n.lua"), result.stdout)
        XCTAssertTrue(result.stdout.contains("expect x\\r\\x1B[2KPASS"), result.stdout)
    }

    /// Before: merge copied a shard's NUL and ESC bytes into the merged file (not XML) and
    /// printed the ESC raw.
    func testMergeKeepsTheMergedJUnitFileXML() throws {
        try writeFile(directory, "s/ok.lua", oneRow + "\nreturn tr\n")
        XCTAssertEqual(try simrun(["check", "s", "--update"]).status, 0)
        XCTAssertEqual(try simrun(["check", "s", "--shard", "1/1", "--junit", "j1.xml", "--no-timings"]).status, 0)
        var text = try String(contentsOfFile: path("j1.xml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "PASS     s/ok.lua", with: "PASS \u{0}\u{1B}[31m s/ok.lua")
        try text.write(toFile: path("j1.xml"), atomically: true, encoding: .utf8)
        let merged = try simrun(["merge", "j1.xml", "--junit", "m.xml"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path("m.xml")))
        XCTAssertFalse(bytes.contains(0) || bytes.contains(0x1B), "no NUL or ESC in the merged file")
        XCTAssertFalse(merged.stdout.contains("\u{1B}"), merged.stdout.debugDescription)
        XCTAssertTrue(merged.stdout.contains("PASS \\0\\x1B[31m s/ok.lua"), merged.stdout)
        let xmllint = ["/usr/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let xmllint { XCTAssertEqual(try runTool(xmllint, ["--noout", path("m.xml")]).status, 0) }
    }

    /// Before: merging one shard of three exited 0 (the docs call a missing shard bad input).
    func testMergingPartOfASweepIsRefused() throws {
        try writeFile(directory, "sw.lua", """
        local sk = require "springkit"
        local d = sk.param("damping", 0.5, {min = 0, max = 1})
        sk.metric("m", d)
        """)
        for k in 1...3 {
            let shard = try simrun(["sweep", "sw.lua", "--param", "damping=0:1:0.25", "--metric", "m", "--shard", "\(k)/3", "--csv", "p\(k).csv"])
            XCTAssertEqual(shard.status, 0, shard.stderr)
        }
        let one = try simrun(["merge", "p1.csv", "--csv", "m.csv"])
        XCTAssertEqual(one.status, 2)
        XCTAssertTrue(one.stderr.contains("shards 2/3, 3/3 missing"), one.stderr)
        XCTAssertEqual(try simrun(["merge", "p1.csv", "p1.csv", "p2.csv", "p3.csv"]).status, 2)
        let all = try simrun(["merge", "p3.csv", "p1.csv", "p2.csv", "--csv", "m.csv"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let whole = try simrun(["sweep", "sw.lua", "--param", "damping=0:1:0.25", "--metric", "m", "--csv", "w.csv"])
        XCTAssertEqual(whole.status, 0)
        XCTAssertEqual(try String(contentsOfFile: path("m.csv"), encoding: .utf8), try String(contentsOfFile: path("w.csv"), encoding: .utf8))
    }

    // MARK: Tests that cannot fail

    /// Before: PrimitiveBindingTests computed `near(sv.offset, …)` on a line of its own and
    /// dropped the result. A Lua check line that is a bare `near(…)` asserts nothing.
    func testNoLuaCheckComputesNearAndDropsIt() throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/SpringKitSimTests")
        var found: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.trimmingCharacters(in: .whitespaces).hasPrefix("near(") {
                found.append("\(name):\(k + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(found, [], "a near(…) whose result nobody asserts")
    }

    /// Before: `response=0 dampingFraction=5e+153` (a response of 6.3e-154 s shown as 0).
    func testConvertShowsAValueTooSmallForItsDecimalsInSignificantDigits() throws {
        let result = try simrun(["convert", "rebound", "tension=1e308", "friction=1e308"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("swiftui          response=6.283e-154 "), result.stdout)
        XCTAssertFalse(result.stdout.contains("=0 ") || result.stdout.contains("duration=0\n"), result.stdout)
        let plain = try simrun(["convert", "swiftui-duration", "duration=0.5", "bounce=0.3"])
        XCTAssertTrue(plain.stdout.contains("caspring         mass=1 stiffness=157.9137 damping=17.5929"), plain.stdout)
    }
}
