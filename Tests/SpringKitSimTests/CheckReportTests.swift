import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import SpringKitTools

/// `simrun check`'s aligned comparison and its failure report: rows matched by (frame, id),
/// rows one run lacks named, non-finite values, hostile bytes in goldens, artefacts.
final class CheckReportTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func check(_ arguments: [String], environment: [String: String] = [:]) throws -> Simrun.Result {
        try Simrun.run(["check"] + arguments, in: directory, environment: environment)
    }

    /// The cells of the per-column table's row for `column` (cells are two or more spaces apart).
    private func tableRow(_ column: String, in stdout: String) -> [String] {
        guard let line = stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
            .first(where: { $0.hasPrefix(column + " ") }) else { return [] }
        return line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private func copyScript(_ name: String) throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/\(name)"), encoding: .utf8)
        try writeFile(directory, "scripts/\(name)", text)
        return text
    }

    /// Issue 17's case: the rubber menu's gesture from −600 to −590 pt. Compared by position,
    /// rows fell out of step (largest |Δ| 1033 pt); matched by (frame, id) it is about 15 pt, and
    /// the cells that become visible earlier or later are named.
    func testGestureChangeReportsTheTrueLargestDifferenceAndNamesRowsThatAppearOrVanish() throws {
        let source = try copyScript("rubbermenu.lua")
        XCTAssertEqual(try check(["scripts/rubbermenu.lua", "--update"]).status, 0)
        let changed = source.replacingOccurrences(of: "menu:drag(0, -600, 0.6)", with: "menu:drag(0, -590, 0.6)")
        XCTAssertNotEqual(changed, source)
        try writeFile(directory, "scripts/rubbermenu.lua", changed)
        let result = try check(["scripts/rubbermenu.lua"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // The per-column table: y's largest |Δ|.
        let yRow = try XCTUnwrap(lines.first { $0.hasPrefix("y ") }, result.stdout)
        let largest = try XCTUnwrap(Double(yRow.split(separator: " ")[1]), yRow)
        XCTAssertGreaterThanOrEqual(largest, 10, result.stdout)
        XCTAssertLessThanOrEqual(largest, 20, "matched by (frame, id), not by position (1033 pt):\n" + result.stdout)
        XCTAssertTrue(lines.contains { $0.range(of: #"^id \d+ appears at frames? [\d–]+ in the new run, not in the golden$"#, options: .regularExpression) != nil }, result.stdout)
        XCTAssertTrue(lines.contains { $0.range(of: #"^id \d+ vanishes at frames? [\d–]+: in the golden, not in the new run$"#, options: .regularExpression) != nil }, result.stdout)
        let rows = try XCTUnwrap(lines.first { $0.hasPrefix("rows: ") })
        XCTAssertNotNil(rows.range(of: #"^rows: \d+ matched by \(frame, id\); [1-9]\d* only in the new run, [1-9]\d* only in the golden$"#, options: .regularExpression), rows)
    }

    /// A golden and a script that records `rows` (frame, id, x) — each row a Lua triple.
    private func writeCase(golden: [String], script: [String], params: String = "") throws {
        try writeFile(directory, "scripts/case.lua", """
        local sk = require "springkit"
        local tr = sk.trace{"x"}
        \(script.map { "tr:add(\($0))" }.joined(separator: "\n"))
        return tr
        """)
        try writeFile(directory, "scripts/__traces__/case.csv", """
        # springkit-trace 1
        # script: scripts/case.lua
        # params: \(params)
        # seed: 1
        frame,t,id,x
        \(golden.joined(separator: "\n"))

        """)
    }

    func testMissingAndExtraRowsAreRunsPerIdAndTheRestStillMatches() throws {
        // id 1 vanishes at frames 1–2, id 2 appears at frame 2; everything else equal.
        try writeCase(golden: ["0,0,0,1", "0,0,1,5", "1,0.5,0,2", "1,0.5,1,6", "2,1,0,3", "2,1,1,7", "3,1.5,0,4", "3,1.5,1,8"],
                      script: ["0, 0, 0, 1", "0, 0, 1, 5", "1, 0.5, 0, 2", "2, 1, 0, 3", "2, 1, 2, 9", "3, 1.5, 0, 4", "3, 1.5, 1, 8"])
        let result = try check(["scripts/case.lua"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("rows: 6 matched by (frame, id); 1 only in the new run, 2 only in the golden"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  id 1 vanishes at frames 1–2: in the golden, not in the new run\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  id 2 appears at frame 2 in the new run, not in the golden\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("first divergent frame: 1 (t 0.5 s): id 1 vanishes at frames 1–2"), result.stdout)
        XCTAssertEqual(tableRow("x", in: result.stdout).prefix(4), ["x", "0", "-", "0"], "matched rows are equal:\n" + result.stdout)
    }

    func testRowsOutOfOrderAreBadInputNamingTheLine() throws {
        try writeCase(golden: ["0,0,1,1", "0,0,0,1"], script: ["0, 0, 0, 1", "0, 0, 1, 1"])
        var result = try check(["scripts/case.lua"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.contains("case.csv:7: rows out of order: frame 0, id 0 comes after frame 0, id 1 (rows must be ordered by frame, then id)"), result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("simrun: check: "), "exit 2 always says why on stderr: " + result.stderr)
        try writeCase(golden: ["0,0,0,1", "0,0,1,1"], script: ["1, 0, 0, 1", "0, 0, 1, 1"])
        result = try check(["scripts/case.lua"])
        XCTAssertEqual(result.status, 2)
        // A new trace out of order is refused where it is made, at the script's tr:add line.
        XCTAssertTrue(result.stdout.contains("scripts/case.lua:4: bad argument #1 to 'Trace:add' (frame 0, id 1 comes after frame 1, id 0"), result.stdout)
        try writeCase(golden: ["0,0,0,1", "0,0,0,1"], script: ["0, 0, 0, 1"])
        result = try check(["scripts/case.lua"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.contains("case.csv:7: rows out of order: repeats frame 0, id 0"), result.stdout)
    }

    /// Issue 12: a golden holding inf passed against 1.5 (|1.5 − inf| ≤ rel · inf).
    func testNonFiniteValuesMatchOnlyTheIdenticalValue() throws {
        let cases: [(golden: String, actual: String, passes: Bool)] = [
            ("inf", "1.5", false), ("1.5", "math.huge", false), ("-inf", "math.huge", false), ("nan", "1.5", false),
            ("1.5", "0/0", false), ("inf", "math.huge", true), ("-inf", "-math.huge", true), ("nan", "0/0", true),
        ]
        for c in cases {
            try writeCase(golden: ["0,0,0,\(c.golden)"], script: ["0, 0, 0, \(c.actual)"])
            let result = try check(["scripts/case.lua", "--rel", "1", "--abs", "1e9"])
            XCTAssertEqual(result.status, c.passes ? 0 : 1, "golden \(c.golden), new \(c.actual): " + result.stdout)
            if !c.passes { XCTAssertEqual(tableRow("x", in: result.stdout).prefix(4), ["x", "inf", "0, 0", "1"], result.stdout) }
        }
    }

    /// Issue 12: control bytes in a golden never reach stdout raw, and the JUnit file stays well-formed.
    func testControlBytesAndInvalidUTF8InGoldensAreShownEscaped() throws {
        try writeCase(golden: ["0,0,0,1"], script: ["0, 0, 0, 1"])
        let golden = directory.appendingPathComponent("scripts/__traces__/case.csv")
        let base = try Data(contentsOf: golden)
        let variants: [(name: String, bytes: Data, status: Int32, shown: String)] = [
            ("NUL in a value", Data(String(decoding: base, as: UTF8.self).replacingOccurrences(of: "0,0,0,1\n", with: "0,0,0,1\u{0}2\n").utf8),
             2, "column 4 ('x'): '1\\02' is not a number"),
            ("escape in params", Data(String(decoding: base, as: UTF8.self).replacingOccurrences(of: "# params: ", with: "# params: a=\u{1B}[31m").utf8),
             1, "a=\\x1B[31m"),
            ("invalid UTF-8 in params", replacing(base, "# params: ", with: Data("# params: b=".utf8) + Data([0xFF, 0xFE])),
             1, "b=\u{FFFD}"),
        ]
        for v in variants {
            try v.bytes.write(to: golden)
            let junit = directory.appendingPathComponent("out/junit.xml")
            let result = try Simrun.run(["check", "scripts/case.lua", "--junit", junit.path], in: directory, environment: ["GITHUB_ACTIONS": "true"])
            XCTAssertEqual(result.status, v.status, v.name + ": " + result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.contains(v.shown), v.name + ": " + result.stdout)
            for raw in ["\u{0}", "\u{1B}"] {
                XCTAssertFalse(result.stdout.contains(raw), "\(v.name): no raw control byte on stdout")
                XCTAssertFalse(result.stderr.contains(raw), "\(v.name): no raw control byte on stderr")
            }
            if v.status == 2 { XCTAssertTrue(result.stderr.hasPrefix("simrun: "), v.name + ": " + result.stderr) }
            let parser = XMLParser(data: try Data(contentsOf: junit))
            XCTAssertTrue(parser.parse(), "\(v.name): the JUnit file is well-formed XML (\(String(describing: parser.parserError)))")
        }
    }

    private func replacing(_ data: Data, _ text: String, with replacement: Data) -> Data {
        guard let range = data.range(of: Data(text.utf8)) else { return data }
        var copy = data
        copy.replaceSubrange(range, with: replacement)
        return copy
    }

    func testJUnitEscapingKeepsTheFileWellFormedForEveryCharacter() throws {
        var text = ""
        for value in 0..<0x300 { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        text += "\u{FFFE}\u{FFFF}\u{1F600}"
        let xml = JUnitReport.render([JUnitReport.Case(classname: "c", name: text, file: "f", milliseconds: 1,
                                                       result: .failure(type: "t", message: text, detail: text), output: text)],
                                     systemOut: text)
        let parser = XMLParser(data: Data(xml.utf8))
        XCTAssertTrue(parser.parse(), String(describing: parser.parserError))
        // And it reads back for merging, with the same bytes.
        let parsed = try JUnitReport.parse(xml, path: "x.xml")
        XCTAssertEqual(parsed.cases.count, 1)
        XCTAssertEqual(JUnitReport.merge([parsed]), xml)
    }

    /// A failing check leaves the new trace and the comparison page; JUnit points at both.
    func testFailingCheckLeavesArtefactsThatJUnitNames() throws {
        try writeCase(golden: ["0,0,0,1", "1,0.5,0,2"], script: ["0, 0, 0, 1", "1, 0.5, 0, 2.5"])
        let junit = directory.appendingPathComponent("out/junit.xml")
        let result = try check(["scripts/case.lua", "--junit", junit.path])
        XCTAssertEqual(result.status, 1)
        let folder = directory.appendingPathComponent("out/check/scripts-case")
        XCTAssertTrue(result.stdout.contains("artefacts: out/check/scripts-case/new.csv, out/check/scripts-case/compare.html"), result.stdout)
        let newTrace = try String(contentsOf: folder.appendingPathComponent("new.csv"), encoding: .utf8)
        XCTAssertTrue(newTrace.hasSuffix("frame,t,id,x\n0,0,0,1\n1,0.5,0,2.5\n"), newTrace)
        let page = try String(contentsOf: folder.appendingPathComponent("compare.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("\"golden\":[[[0,1,1]],[[0,2,2]]],\"new\":[[[0,1,1]],[[0,2.5,2.5]]]"), "one column: drawn on the diagonal")
        XCTAssertTrue(page.contains("\"divergence\":[0,0.5]"), "the divergence per frame")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("[[ATTACHMENT|out/check/scripts-case/compare.html]]"), xml)
        // --artifacts DIR chooses the folder; a passing check writes none.
        let elsewhere = try check(["scripts/case.lua", "--artifacts", "ci-artefacts"])
        XCTAssertTrue(elsewhere.stdout.contains("artefacts: ci-artefacts/scripts-case/new.csv"), elsewhere.stdout)
        try writeCase(golden: ["0,0,0,1"], script: ["0, 0, 0, 1"])
        try FileManager.default.removeItem(at: directory.appendingPathComponent("out"))
        XCTAssertEqual(try check(["scripts/case.lua"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    func testStreamingComparisonReadsAGoldenLongerThanItsBuffer() throws {
        // Several times the reader's piece size, with a row missing near the end.
        let rows = 60_000
        var golden: [String] = []
        for r in 0..<rows { golden.append("\(r),\(Double(r) / 60),0,\(r % 97)") }
        try writeFile(directory, "scripts/long.lua", """
        local sk = require "springkit"
        local tr = sk.trace{"x"}
        for r = 0, \(rows - 1) do if r ~= \(rows - 10) then tr:add(r, r / 60, 0, r % 97 + (r == 7 and 0.25 or 0)) end end
        return tr
        """)
        try writeFile(directory, "scripts/__traces__/long.csv", "# springkit-trace 1\n# params: \n# seed: 1\nframe,t,id,x\n" + golden.joined(separator: "\n") + "\n")
        let result = try check(["scripts/long.lua"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("rows: \(rows - 1) matched by (frame, id); 0 only in the new run, 1 only in the golden"), result.stdout)
        XCTAssertTrue(result.stdout.contains("id 0 vanishes at frame \(rows - 10)"), result.stdout)
        XCTAssertEqual(tableRow("x", in: result.stdout).prefix(4), ["x", "0.25", "7, 0", "1"], result.stdout)
    }
}
