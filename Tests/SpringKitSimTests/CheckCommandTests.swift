import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import SpringKitTools

/// `simrun check`: goldens, tolerances, bad goldens, atomic updates, CI rules, JUnit.
final class CheckCommandTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        let spring = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/spring.lua"), encoding: .utf8)
        try writeFile(directory, "scripts/spring.lua", spring)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func check(_ arguments: [String], environment: [String: String] = [:]) throws -> Simrun.Result {
        try Simrun.run(["check"] + arguments, in: directory, environment: environment)
    }

    private func golden(_ name: String) -> URL { directory.appendingPathComponent("scripts/__traces__/\(name).csv") }

    func testChangedDampingFailsNamingTheFirstDivergence() throws {
        XCTAssertEqual(try check(["scripts", "--update"]).status, 0)
        let original = try check(["scripts"])
        XCTAssertEqual(original.status, 0, original.stdout + original.stderr)
        XCTAssertTrue(original.stdout.contains("PASS     scripts/spring.lua"), original.stdout)

        let source = try String(contentsOf: directory.appendingPathComponent("scripts/spring.lua"), encoding: .utf8)
        let changed = source.replacingOccurrences(of: "sk.param(\"damping\", 0.5,", with: "sk.param(\"damping\", 0.6,")
        XCTAssertNotEqual(changed, source)
        try writeFile(directory, "scripts/spring.lua", changed)
        let result = try check(["scripts"], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "FAIL     scripts/spring.lua: differs from scripts/__traces__/spring.csv", result.stdout)
        // Short lines, what changed in the inputs first.
        XCTAssertTrue(lines[1].hasPrefix("hash scripts/spring.lua "), result.stdout)
        XCTAssertEqual(lines[2], "         params changed: damping 0.5 → 0.6", result.stdout)
        XCTAssertTrue(lines.contains("         rows: 181 matched by (frame, id); 0 only in the new run, 0 only in the golden"), result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("         first divergent frame: 1 (t 0.01667 s): id 0 x golden ") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("         column") && $0.contains("largest |Δ|") && $0.contains("over tolerance") }, result.stdout)
        XCTAssertTrue(lines.filter { !$0.hasPrefix("::") }.allSatisfy { $0.count <= 120 }, "no line is a wall of text:\n" + result.stdout)
        // The annotation points at the sk.param line whose default changed.
        let paramLine = changed.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("sk.param(\"damping\"") }! + 1
        XCTAssertTrue(result.stdout.contains("::error file=scripts/spring.lua,line=\(paramLine),title=simrun check::params changed: damping 0.5 → 0.6"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("check: 3 passed, 1 failed\n"), "the golden fails, the script's three expectations hold: " + result.stdout)
        // An override is no change of default: the annotation falls back to line 1.
        let overridden = try check(["scripts", "--param", "damping=0.7"], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertTrue(overridden.stdout.contains("::error file=scripts/spring.lua,line=1,"), overridden.stdout)
    }

    /// A script error's annotation points at the line the error names (a runtime error, a
    /// parameter declaration out of range); an error naming no line of the script, line 1.
    func testAScriptErrorsAnnotationPointsAtItsLine() throws {
        try writeFile(directory, "scripts/broken.lua", "local sk = require 'springkit'\nlocal x = 1\nlocal y = nil + x\n")
        try writeFile(directory, "scripts/param.lua", "local sk = require 'springkit'\n\nlocal d = sk.param('damping', 7, {min = 0, max = 5})\n")
        let result = try check(["scripts"], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("::error file=scripts/broken.lua,line=3,title=simrun check::scripts/broken.lua:3:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("::error file=scripts/param.lua,line=3,title=simrun check::scripts/param.lua:3:"), result.stdout)
        XCTAssertEqual(CheckOutput.errorLine("...ts/broken.lua:12: oops", script: "scripts/broken.lua"), 12)
        XCTAssertNil(CheckOutput.errorLine("other.lua:12: oops", script: "scripts/broken.lua"))
        XCTAssertNil(CheckOutput.errorLine("scripts/broken.lua: cannot read", script: "scripts/broken.lua"))
    }

    /// A script recording one row (x = 1.5, y = 10) and a hand-written golden with x = 1, y = 10.
    private func writeToleranceCase(extra: String = "") throws {
        try writeFile(directory, "scripts/value.lua", """
        local sk = require "springkit"
        \(extra)
        local tr = sk.trace{"x", "y"}
        tr:add(0, 0, 0, 1.5, 10)
        return tr
        """)
        try writeFile(directory, "scripts/__traces__/value.csv", """
        # springkit-trace 1
        # script: scripts/value.lua
        # params:\u{20}
        # seed: 1
        frame,t,id,x,y
        0,0,0,1,10

        """)
    }

    func testToleranceBoundaries() throws {
        try writeToleranceCase()
        XCTAssertEqual(try check(["scripts/value.lua", "--abs", "0.5", "--rel", "0"]).status, 0, "|Δ| 0.5 ≤ 0.5: just inside")
        let outside = try check(["scripts/value.lua", "--abs", "0.4999999", "--rel", "0"])
        XCTAssertEqual(outside.status, 1, "just outside")
        XCTAssertTrue(outside.stdout.contains("\n         x       0.5          0, 0            1               0.4999999\n"), outside.stdout)
        XCTAssertEqual(try check(["scripts/value.lua", "--abs", "0", "--rel", "0.5"]).status, 0, "rel: 0.5·|1| allows 0.5")
        XCTAssertEqual(try check(["scripts/value.lua", "--abs", "0", "--rel", "0.49"]).status, 1)
        XCTAssertEqual(try check(["scripts/value.lua"]).status, 1, "default tolerances are 1e-9")
    }

    func testPerColumnTolerancesDeclaredByTheScript() throws {
        try writeToleranceCase(extra: "sk.tolerance{columns = {x = {abs = 0.6}}}")
        XCTAssertEqual(try check(["scripts/value.lua"]).status, 0)
        try writeToleranceCase(extra: "sk.tolerance{columns = {y = {abs = 0.6}}}")
        XCTAssertEqual(try check(["scripts/value.lua"]).status, 1)
    }

    func testBadGoldensAreBadInput() throws {
        XCTAssertEqual(try check(["scripts", "--update"]).status, 0)
        let good = try String(contentsOf: golden("spring"), encoding: .utf8)
        let cases: [(String, String)] = [
            ("", "empty trace file"),
            (String(good.dropLast(5)), "truncated"),
            ("not a trace\n", "not a springkit trace"),
            (good.replacingOccurrences(of: "\n1,0.016", with: "\n1,5,0.016"), "spring.csv:7: expected 7 values, found 8"),
            (good.replacingOccurrences(of: "frame,t,id,x,y,vx,vy", with: "frame,t,id,x,y,vx,speed"), "spring.csv: header mismatch: golden has columns frame,t,id,x,y,vx,speed, the script records frame,t,id,x,y,vx,vy"),
            (good.replacingOccurrences(of: "\n1,0.016", with: "\n1,zero"), "spring.csv:7: column 2 ('t'): 'zero"),
        ]
        for (text, expected) in cases {
            try writeFile(directory, "scripts/__traces__/spring.csv", text)
            let result = try check(["scripts/spring.lua"])
            XCTAssertEqual(result.status, 2, expected)
            XCTAssertTrue(result.stdout.contains(expected), "\(expected): \(result.stdout)")
        }
    }

    func testMissingGoldenAndCIWriteNothing() throws {
        let missing = try check(["scripts"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("record it with: simrun check scripts/spring.lua --update"), missing.stdout)
        for environment in [["CI": "true"], ["CI": "true", "SPRINGKIT_UPDATE_GOLDENS": "1"]] {
            let result = try check(["scripts"], environment: environment)
            XCTAssertEqual(result.status, 1)
            XCTAssertFalse(FileManager.default.fileExists(atPath: golden("spring").path), "CI wrote nothing (\(environment))")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("scripts").path), ["spring.lua"])
        }
        // Outside CI the environment variable records; in CI only --update does.
        XCTAssertEqual(try check(["scripts"], environment: ["SPRINGKIT_UPDATE_GOLDENS": "1"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden("spring").path))
    }

    func testObsoleteGoldensAreReported() throws {
        XCTAssertEqual(try check(["scripts", "--update"]).status, 0)
        try FileManager.default.copyItem(at: golden("spring"), to: golden("gone"))
        let result = try check(["scripts"])
        XCTAssertTrue(result.stdout.contains("OBSOLETE scripts/__traces__/gone.csv"), result.stdout)
        _ = try check(["scripts", "--update"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden("gone").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden("spring").path))
    }

    func testUpdateKilledMidWriteLeavesTheOldGolden() throws {
        // A script whose trace takes a while to write (about 40 MB).
        try writeFile(directory, "scripts/big.lua", """
        local sk = require "springkit"
        local rows = sk.param("rows", 1000)
        local tr = sk.trace{"x", "y", "vx", "vy"}
        for i = 1, rows do tr:add(i, i / 60, i % 7, i * 0.1, i * 0.2, i * 0.3, i * 0.4) end
        return tr
        """)
        XCTAssertEqual(try check(["scripts/big.lua", "--update"]).status, 0)
        let before = try Data(contentsOf: golden("big"))
        let source = try String(contentsOf: directory.appendingPathComponent("scripts/big.lua"), encoding: .utf8)
        try writeFile(directory, "scripts/big.lua", source.replacingOccurrences(of: "\"rows\", 1000", with: "\"rows\", 600000"))

        // Signalled through SpawnedChild: a pid is only killed while it is still this child's.
        let run = try SpawnedChild(Simrun.executable.path, ["check", "scripts/big.lua", "--update"], in: directory)
        let traces = directory.appendingPathComponent("scripts/__traces__").path
        var sawTemporary = false
        for _ in 0..<20_000 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: traces)) ?? []
            if names.contains(where: { $0.hasPrefix(".big.csv.simrun-tmp-") }) { sawTemporary = true; break }
            if !run.isRunning { break }
            usleep(500)
        }
        run.signal(SIGKILL)
        run.wait()
        XCTAssertTrue(sawTemporary, "the kill landed while the new golden was being written")
        XCTAssertEqual(try Data(contentsOf: golden("big")), before, "the old golden is byte-identical")
    }

    func testRepeatPassesForDeterministicScripts() throws {
        XCTAssertEqual(try check(["scripts", "--update"]).status, 0)
        let result = try check(["scripts", "--repeat", "3"])
        XCTAssertEqual(result.status, 0, result.stdout)
    }

    func testJUnitAndGitHubAnnotations() throws {
        // A script without expectations, so the cases are one per script.
        try writeFile(directory, "scripts/spring.lua", try String(contentsOf: directory.appendingPathComponent("scripts/spring.lua"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("sk.expect") }.joined(separator: "\n"))
        XCTAssertEqual(try check(["scripts", "--update"]).status, 0)
        try writeToleranceCase()
        let junit = directory.appendingPathComponent("out/junit.xml")
        let result = try check(["scripts", "--junit", junit.path], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("::error file=scripts/value.lua,line=1,title=simrun check::1 values beyond tolerance; largest |Δ| 0.5 (x at frame 0, id 0)"), result.stdout)

        final class Collector: NSObject, XMLParserDelegate {
            var stack: [String] = []
            var paths: [String] = []
            var attributes: [[String: String]] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                stack.append(name)
                paths.append(stack.joined(separator: "/"))
                self.attributes.append(attributes)
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { stack.removeLast() }
        }
        let collector = Collector()
        let parser = XMLParser(data: try Data(contentsOf: junit))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "the JUnit file is well-formed XML")
        XCTAssertEqual(collector.paths, [
            "testsuites", "testsuites/testsuite",
            "testsuites/testsuite/testcase",
            "testsuites/testsuite/testcase",
            "testsuites/testsuite/testcase/failure",
            "testsuites/testsuite/testcase/system-out",
            "testsuites/testsuite/system-out",
        ])
        XCTAssertEqual(collector.attributes[1]["tests"], "2")
        XCTAssertEqual(collector.attributes[1]["failures"], "1")
        XCTAssertEqual(collector.attributes[3]["name"], "scripts/value.lua")
    }
}
