@testable import SpringKitTrace
import XCTest
@testable import SpringKitReport
@testable import SpringKitScenarios
@testable import SpringKitScripting
@testable import SpringKitTools

/// Sweep points record nothing they do not return, without changing any metric.
final class SweepRecordingTests: XCTestCase {
    func testARunWithoutRecordingReturnsNoTraceOrReportAndTheSameMetrics() throws {
        for name in ["rubbermenu", "dotart", "gallery"] {
            let (recorded, bare) = try runs(repositoryRoot.appendingPathComponent("scripts/\(name).lua").path) { $0.recordsOutputs = false }
            XCTAssertNotNil(recorded.trace, name)
            XCTAssertNotNil(recorded.report, name)
            XCTAssertNil(bare.trace, name)
            XCTAssertNil(bare.report, name)
            XCTAssertEqual(bare.metrics, recorded.metrics, name)
        }
    }

    /// A metric computed from a scenario's own recording: the point is run again with
    /// recording, so it equals the run alone (and not the metric of an empty trace).
    func testAMetricReadFromARecordingIsComputedFromTheRealRecording() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try writeFile(directory, "reads.lua", """
        local sk = require "springkit"
        local damping = sk.param("damping", 0.5, {min = 0, max = 5})
        local menu = sk.rubber_menu{items = 20, damping = damping}
        menu:touch_down(160, 300); menu:drag(0, -300, 0.3); menu:release(); menu:wait_until_rest(5)
        local ok, rows = pcall(function() return menu:trace():rows() end)
        sk.metric("rows", ok and rows or -1)
        sk.metric("settle", menu:trace():settle_time{column = "stretch"} or -1)
        return {trace = menu:trace()}
        """)
        let axes = [Sweep.Axis(name: "damping", values: [0.3, 0.7])]
        let points = Sweep.run(script: script, axes: axes, base: ScriptOptions(), jobs: 2)
        for point in points {
            XCTAssertNil(point.failure)
            var options = ScriptOptions()
            options.output = nil
            options.parameters.setOverride("damping", point.values[0])
            let alone = try ScriptRunner.run(path: script, options: options)
            XCTAssertEqual(point.metrics, alone.metrics)
            XCTAssertGreaterThan(try XCTUnwrap(Sweep.metric(point, named: "rows")), 100)
        }
        var options = ScriptOptions()
        options.output = nil
        options.recordsOutputs = false
        XCTAssertThrowsError(try ScriptRunner.run(path: script, options: options)) { error in
            XCTAssertTrue(error is ScriptRunner.RecordingNeeded, "\(error)")
        }
    }

    /// A check's run makes no dot-art report (`recordsReports` false) and returns the same
    /// trace byte for byte; a script that reads the report it did not make asks for a run
    /// with reports (which the check then makes, and passes).
    func testACheckRunMakesNoReportAndTheSameTrace() throws {
        let script = repositoryRoot.appendingPathComponent("scripts/dotart.lua").path
        var options = ScriptOptions()
        options.output = nil
        let full = try ScriptRunner.run(path: script, options: options)
        options.recordsReports = false
        let lean = try ScriptRunner.run(path: script, options: options)
        XCTAssertNotNil(full.report)
        XCTAssertNil(lean.report)
        XCTAssertEqual(TraceCSV.bytes(try XCTUnwrap(lean.trace)), TraceCSV.bytes(try XCTUnwrap(full.trace)))
        XCTAssertEqual(lean.metrics, full.metrics)

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reads = try writeFile(directory, "reads_report.lua", """
        local sk = require "springkit"
        local art = sk.dot_art{columns = 4, rows = 4}
        art:wait_until_whole(2)
        local frames = art:report("r").frames
        if frames == 0 then error("the report has no frames") end
        sk.metric("report frames", frames)
        return {trace = art:trace()}
        """)
        try assertACheckRunsItAgainWithReports(reads, options)
    }

    /// A check's run makes no report at all: the rubber menu and the gallery record their
    /// trace without the cells a report draws, and every shipped script returns the same
    /// trace and metrics byte for byte as a full run.
    func testACheckRunOfEveryShippedScriptGivesTheSameTraceAndMetrics() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("scripts").path)
            .filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThanOrEqual(scripts.count, 8)
        for name in scripts {
            let (full, lean) = try runs(repositoryRoot.appendingPathComponent("scripts/\(name)").path) { $0.recordsReports = false }
            XCTAssertNil(lean.report, name)
            XCTAssertEqual(lean.trace.map(TraceCSV.bytes), full.trace.map(TraceCSV.bytes), name)
            XCTAssertEqual(lean.metrics, full.metrics, name)
        }
    }

    /// A recorder that wants no report frames gets the same trace rows and marks, and no frames.
    func testARecorderWithoutReportFramesKeepsTheTraceAndTheMarks() throws {
        func play(reportFrames: Bool) throws -> [ScenarioRecorder] {
            let menuRecorder = ScenarioRecorder(reportFrames: reportFrames)
            let menu = try RubberMenu(observer: menuRecorder)
            try menu.touchDown(at: SIMD2(160, 300))
            try menu.drag(by: SIMD2(0, -300), seconds: 0.3)
            try menu.release()
            _ = try menu.waitUntilRest(limit: 5)
            let galleryRecorder = ScenarioRecorder(reportFrames: reportFrames)
            let gallery = try Gallery(observer: galleryRecorder)
            try gallery.tap(2)
            _ = try gallery.waitUntilRest(limit: 5)
            return [menuRecorder, galleryRecorder]
        }
        for (full, lean) in zip(try play(reportFrames: true), try play(reportFrames: false)) {
            XCTAssertGreaterThan(full.trace.rowCount, 100)
            XCTAssertEqual(TraceCSV.bytes(lean.trace), TraceCSV.bytes(full.trace))
            XCTAssertGreaterThan(full.report.frames.count, 10)
            XCTAssertEqual(lean.report.frames.count, 0)
            XCTAssertEqual(lean.report.markers.map(\.label), full.report.markers.map(\.label))
            XCTAssertFalse(lean.report.markers.isEmpty)
        }
    }

    /// A script's own report in a run that makes none: `rep.recording` is false, `rep:frame`
    /// records nothing (and reads no shape), the run returns no report; reading `rep.frames`
    /// asks for a run with reports, which the check then makes.
    func testAScriptsOwnReportIsNotMadeInACheckRun() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try writeFile(directory, "own_report.lua", """
        local sk = require "springkit"
        local tr = sk.trace{"x"}
        local rep = sk.report{viewport = {100, 100}}
        sk.metric("recording", rep.recording and 1 or 0)
        for frame = 0, 9 do
          tr:add(frame, frame / 60, 1, frame)
          rep:frame{t = frame / 60, shapes = {{rect = {0, 0, 10, 10}}}}
        end
        rep:marker("end")
        return {trace = tr, report = rep}
        """)
        var options = ScriptOptions()
        options.output = nil
        let full = try ScriptRunner.run(path: script, options: options)
        XCTAssertEqual(try XCTUnwrap(full.report).frames.count, 10)
        XCTAssertEqual(full.metrics.first?.value, 1)
        options.recordsReports = false
        let lean = try ScriptRunner.run(path: script, options: options)
        XCTAssertNil(lean.report)
        XCTAssertEqual(lean.metrics.first?.value, 0)
        XCTAssertEqual(lean.trace.map(TraceCSV.bytes), full.trace.map(TraceCSV.bytes))

        // Every field is checked as in a run with the report; only the shapes are not read.
        for (name, call, reason) in [
            ("wrong_type.lua", "rep:frame(42)", "table expected"),
            ("unknown_field.lua", "rep:frame{t = 0, bogus = 1}", "unknown field 'bogus'"),
            ("backwards.lua", "rep:frame{t = 1, values = {p = 1}}; rep:frame{t = 0, values = {p = 1}}", "frames go forward in time"),
            ("no_value.lua", "rep:frame{t = 0, values = {}}", "plot 'p' needs a finite value every frame"),
            ("bad_offset.lua", "rep:frame{t = 0, offset = {0/0, 0}, values = {p = 1}}", "finite numbers expected"),
        ] {
            let path = try writeFile(directory, name, """
            local sk = require "springkit"
            local rep = sk.report{viewport = {100, 100}, plots = {{name = "p"}}}
            \(call)
            """)
            XCTAssertThrowsError(try ScriptRunner.run(path: path, options: options), name) { error in
                XCTAssertTrue("\(error)".contains("\(name):3") && "\(error)".contains(reason), "\(name): \(error)")
            }
        }
        let badShape = try writeFile(directory, "bad_shape.lua", """
        local sk = require "springkit"
        local rep = sk.report{viewport = {100, 100}}
        rep:frame{t = 0, shapes = {{rect = "no"}}}
        """)
        XCTAssertNoThrow(try ScriptRunner.run(path: badShape, options: options), "a check does not read the shapes")
        var withReport = options
        withReport.recordsReports = true
        XCTAssertThrowsError(try ScriptRunner.run(path: badShape, options: withReport), "a run with the report does")

        let reads = try writeFile(directory, "reads_own_report.lua", """
        local sk = require "springkit"
        local tr = sk.trace{"x"}
        local rep = sk.report{viewport = {100, 100}}
        rep:frame{t = 0}
        tr:add(0, 0, 1, rep.frames)
        return {trace = tr}
        """)
        try assertACheckRunsItAgainWithReports(reads, options)
        // The golden holds the frame count of the real report (1), not of an unmade one (0).
        XCTAssertTrue(try String(contentsOfFile: directory.appendingPathComponent("__traces__/reads_own_report.csv").path, encoding: .utf8)
            .hasSuffix("0,0,1,1\n"))
    }

    /// The script run with the default options, then with `leaner` applied to them.
    private func runs(_ script: String, _ leaner: (inout ScriptOptions) -> Void) throws -> (full: ScriptRun, lean: ScriptRun) {
        var options = ScriptOptions()
        options.output = nil
        let full = try ScriptRunner.run(path: script, options: options)
        leaner(&options)
        return (full, try ScriptRunner.run(path: script, options: options))
    }

    /// `script` reads a report its run without reports did not make: that run asks for one
    /// with reports, and the check records and then passes it.
    private func assertACheckRunsItAgainWithReports(_ script: String, _ options: ScriptOptions,
                                                    file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertThrowsError(try ScriptRunner.run(path: script, options: options), file: file, line: line) { error in
            XCTAssertTrue(error is ScriptRunner.RecordingNeeded, "\(error)", file: file, line: line)
        }
        var check = GoldenCheck.Options()
        check.script.output = nil
        check.update = true
        XCTAssertEqual(GoldenCheck.check(script: script, fromDirectory: false, options: check).status, .recorded(created: true),
                       file: file, line: line)
        check.update = false
        XCTAssertEqual(GoldenCheck.check(script: script, fromDirectory: false, options: check).status, .passed, file: file, line: line)
    }

    /// The scenario methods that hand out recordings hold no reference to the Lua state.
    func testLuaStatesWithScenariosAreReleased() throws {
        weak var released: LuaState?
        do {
            let lua = try LuaState()
            SpringKitModule.install(in: lua, session: ScriptSession(scriptPath: "x.lua", parameters: ScriptParameters(), seed: 1,
                                                                   recordsOutputs: false))
            try lua.run("""
            local sk = require 'springkit'
            local m = sk.rubber_menu{items = 3}; m:trace(); m:report()
            local a = sk.dot_art{columns = 2, rows = 2}; a:trace(); a:report()
            local g = sk.gallery{count = 3}; g:trace(); g:report()
            """)
            released = lua
        }
        XCTAssertNil(released, "a LuaState has no reference cycle through its scenario methods")
    }

    /// The ranking resolves each point's metric once and orders as the command prints.
    func testRanking() {
        let metric = { (name: String, value: Double) in ScriptRun.Metric(name: name, value: value, unit: "") }
        let points = [[metric("Settle Time", 3)], [], [metric("settle_time", 1), metric("settle time", 2)], [metric("settle time", 2)]]
            .map { Sweep.Point(values: [], metrics: $0, failure: nil) }
        let values = Sweep.metricValues(points, named: "settle_time")
        XCTAssertEqual(values, [3, nil, 2, 2])
        XCTAssertEqual(Sweep.ranking(values, descending: false), [2, 3, 0, 1])
        XCTAssertEqual(Sweep.ranking(values, descending: true), [0, 2, 3, 1])
    }
}
