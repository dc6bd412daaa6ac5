@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting

/// `springkit.expect{...}`: each criterion passes and fails where it should, reports a
/// one-line reason naming the expectation, and is its own test case in `simrun check`.
final class ExpectationTests: XCTestCase {
    /// id 0: x = 10·e^(−t)·cos(2πt) at 60 frames/s for 3 s, then 1 s still at its last value;
    /// id 1 sits 50 pt below id 0 in y; id 2 only in the first second.
    private func trace() -> Trace {
        var trace = Trace(columns: ["x", "y"])
        var last = 0.0
        for frame in 0...240 {
            let t = Double(frame) / 60
            if t <= 3 { last = 10 * exp(-t) * cos(2 * .pi * t) }
            trace.append(frame: frame, t: t, id: 0, last, 100)
            trace.append(frame: frame, t: t, id: 1, last, 150)
            if t <= 1 { trace.append(frame: frame, t: t, id: 2, 0, 400) }
        }
        return trace
    }

    private func evaluate(_ criterion: TraceExpectation.Criterion, id: Int? = 0, columns: [String] = ["x"],
                          from: Double = -.infinity, to: Double = .infinity, target: Double? = 0, epsilon: Double = 0.5) -> TraceExpectation.Result {
        TraceExpectation(name: "e", criterion: criterion, id: id, columns: columns, from: from, to: to, target: target, epsilon: epsilon)
            .evaluate(trace())
    }

    func testEachCriterionAgainstItsMetric() {
        let t = trace()
        let series = t.series(column: "x", id: 0)!
        let settle = TraceMetrics.settleTime(t: series.t, values: series.values, target: 0, epsilon: 0.5)!
        XCTAssertTrue(evaluate(.settlesWithin(settle)).passed)
        XCTAssertFalse(evaluate(.settlesWithin(settle - 0.02)).passed)
        XCTAssertEqual(evaluate(.settlesWithin(settle - 0.02)).reason, "settles \(NumberFormat.significant(settle)) s after t = 0 s, expected ≤ \(NumberFormat.significant(settle - 0.02)) s")
        // The window: measured from its start.
        XCTAssertTrue(evaluate(.settlesWithin(settle - 0.5), from: 0.5).passed)
        let overshoot = TraceMetrics.overshootPercent(values: series.values, target: 0)
        XCTAssertGreaterThan(overshoot, 10)
        XCTAssertTrue(evaluate(.overshootAtMost(overshoot)).passed)
        XCTAssertFalse(evaluate(.overshootAtMost(overshoot * 0.99)).passed)
        let oscillations = TraceMetrics.oscillations(values: series.values, target: 0, epsilon: 0.5)
        XCTAssertTrue(evaluate(.oscillationsAtMost(oscillations)).passed)
        XCTAssertFalse(evaluate(.oscillationsAtMost(oscillations - 0.5)).passed)
        // At rest: still over the last 60 frames, moving over the last 70.
        XCTAssertTrue(evaluate(.atRest(frames: 60), id: nil, columns: ["x", "y"], epsilon: 0).passed)
        let moving = evaluate(.atRest(frames: 70), id: nil, columns: ["x", "y"], epsilon: 0)
        XCTAssertFalse(moving.passed)
        XCTAssertTrue(moving.reason!.hasPrefix("largest per-frame |Δ| "), moving.reason!)
        XCTAssertTrue(moving.reason!.hasSuffix(", expected ≤ 0 over the last 70 frames"), moving.reason!)
        // Bounds.
        XCTAssertTrue(evaluate(.within(min: -10, max: 10), id: nil).passed)
        let outside = evaluate(.within(min: -10, max: 9.9), id: nil)
        XCTAssertEqual(outside.reason, "x = 10 at frame 0, id 0, expected within [-10, 9.9]")
        // Gaps: ids 0 and 1 are 50 apart, 1 and 2 are 250 apart while both exist (first second).
        XCTAssertTrue(evaluate(.noGap(extent: 250), id: nil, columns: ["y"], epsilon: 0).passed)
        let gap = evaluate(.noGap(extent: 200), id: nil, columns: ["y"], epsilon: 0)
        XCTAssertEqual(gap.reason, "gap 50 (ids 1–2 at frame 0), expected ≤ 0")
        XCTAssertTrue(evaluate(.noGap(extent: 200), id: nil, columns: ["y"], from: 1.01, epsilon: 0).passed, "id 2 is gone after 1 s")
        // The target defaults to the window's last value.
        XCTAssertTrue(evaluate(.settlesWithin(settle), target: nil).passed)
        // One signal only: without id, several items' rows are refused, not mixed.
        XCTAssertEqual(evaluate(.settlesWithin(100), id: nil).reason, "the window holds several items (ids 0 and 1, …): give id")
        XCTAssertTrue(evaluate(.settlesWithin(100), id: nil, from: 1.5).passed == false)
        // Nothing to look at is a failure with a reason, never a pass.
        XCTAssertEqual(evaluate(.settlesWithin(1), id: 9).reason, "no rows in the window for id 9")
        XCTAssertTrue(evaluate(.settlesWithin(1), columns: ["z"]).reason!.hasPrefix("the trace has no column 'z'"))
    }

    func testEveryShippedScriptCarriesAnExpectationThatHolds() throws {
        let folder = repositoryRoot.appendingPathComponent("scripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 4)
        for name in names {
            var options = ScriptOptions()
            options.output = nil
            let script = folder.appendingPathComponent(name).path
            let run = try ScriptRunner.run(path: script, options: options)
            XCTAssertFalse(run.expectations.isEmpty, "\(name) declares at least one sk.expect")
            let trace = try XCTUnwrap(run.trace, name)
            for expectation in run.expectations {
                let result = expectation.evaluate(trace)
                XCTAssertTrue(result.passed, "\(name): \(expectation.name): \(result.reason ?? "")")
                XCTAssertGreaterThan(expectation.line, 0, "\(name): the declaring line is known")
            }
        }
    }

    func testBrokenExpectationIsItsOwnFailingTestCaseWithAOneLineReason() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeFile(directory, "scripts/e.lua", """
        local sk = require "springkit"
        local tr = sk.trace{"x"}
        for f = 0, 10 do tr:add(f, f / 60, 0, f < 8 and f or 8 + (f % 2)) end
        sk.expect{name = "x stays below 9", column = "x", within = {0, 8.5}}
        sk.expect{name = "x is still at the end", at_rest = 3, column = "x", epsilon = 0}
        return tr
        """)
        XCTAssertEqual(try Simrun.run(["check", "scripts", "--update"], in: directory).status, 1, "a broken expectation fails even while recording")
        let junit = directory.appendingPathComponent("junit.xml")
        let result = try Simrun.run(["check", "scripts", "--junit", junit.path], in: directory, environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS     scripts/e.lua (11 rows"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nFAIL     scripts/e.lua: expect x stays below 9: x = 9 at frame 9, id 0, expected within [0, 8.5]\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nFAIL     scripts/e.lua: expect x is still at the end: largest per-frame |Δ| 1 (x of id 0 at frame 8), expected ≤ 0 over the last 3 frames\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("::error file=scripts/e.lua,line=4,title=simrun check: expect::x stays below 9: "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("check: 1 passed, 2 failed\n"), result.stdout)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("<testcase classname=\"simrun.expect\" name=\"scripts/e.lua: x stays below 9\" file=\"scripts/e.lua\" line=\"4\""), xml)
        XCTAssertTrue(xml.contains("<failure message=\"x = 9 at frame 9, id 0, expected within [0, 8.5]\" type=\"expectation\">"), xml)
        XCTAssertTrue(xml.contains("tests=\"3\" failures=\"2\""), xml)
    }

    func testBadDeclarationsAreScriptErrorsWithFileAndLine() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            ("sk.expect{column = \"x\"}", "give one of: settles_within, overshoot_at_most"),
            ("sk.expect{column = \"x\", within = {0, 1}, at_rest = 3}", "give only one of"),
            ("sk.expect{column = \"x\", settles_within = -1}", "field 'settles_within': must be ≥ 0"),
            ("sk.expect{column = \"x\", settles_within = 0/0}", "finite number expected"),
            ("sk.expect{settles_within = 1}", "field 'column' is required"),
            ("sk.expect{column = \"x\", within = {2, 1}}", "{min, max} with finite min ≤ max expected"),
            ("sk.expect{at_rest = 1e300}", "field 'at_rest'"),
            ("sk.expect{at_rest = 2, from = 2, to = 1}", "field 'from' is after field 'to'"),
            ("sk.expect{at_rest = 2, sttle = 1}", "unknown field 'sttle'"),
            ("sk.expect{at_rest = 2}; sk.expect{at_rest = 2}", "is already declared"),
        ]
        for (line, expected) in cases {
            try writeFile(directory, "bad.lua", "local sk = require \"springkit\"\n\(line)\nreturn sk.trace{\"x\"}\n")
            let result = try Simrun.run(["check", "bad.lua"], in: directory)
            XCTAssertEqual(result.status, 2, line)
            XCTAssertTrue(result.stdout.contains("bad.lua:2: bad argument #1 to 'springkit.expect'"), "\(line): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains(expected), "\(line): \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix("simrun: check: bad.lua:2: "), result.stderr)
        }
    }
}
