@testable import SpringKitTrace
import XCTest
@testable import SpringKitScenarios
@testable import SpringKitReport
@testable import SpringKitScripting

/// The default scenario, scripts/rubbermenu.lua, end to end.
final class RubberMenuScenarioTests: XCTestCase {
    static func runScript() throws -> ScriptRun {
        var options = ScriptOptions()
        options.output = nil
        return try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path, options: options)
    }

    func testEveryCellReturnsToItsLayoutPositionAndTheWorldPauses() throws {
        let run = try Self.runScript()
        let trace = try XCTUnwrap(run.trace)
        XCTAssertNotNil(run.metric("settle time"), "the scenario came to rest within 10 s")
        let frame = trace.columnIndex("frame")!, id = trace.columnIndex("id")!, y = trace.columnIndex("y")!, x = trace.columnIndex("x")!
        let last = trace.value(row: trace.rowCount - 1, column: frame)
        var checked = 0
        for row in 0..<trace.rowCount where trace.value(row: row, column: frame) == last {
            let index = trace.value(row: row, column: id)
            let layoutY = 132.5 + index * 165   // item height 265, pitch 165
            XCTAssertEqual(trace.value(row: row, column: y), layoutY, accuracy: 0.5, "cell \(index)")
            XCTAssertEqual(trace.value(row: row, column: x), 160)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3)
        // Stretch was non-zero while moving and the peak is what the drag produced.
        XCTAssertEqual(run.metric("peak stretch") ?? 0, 600.0 / 36, accuracy: 1e-9)
    }

    func testTheMenuIsPausedAtTheEnd() throws {
        let menu = try RubberMenu(observer: ScenarioRecorder())
        try menu.touchDown(at: SIMD2(160, 300))
        try menu.drag(by: SIMD2(0, -600), seconds: 0.6)
        try menu.release()
        XCTAssertTrue(try menu.waitUntilRest(limit: 10))
        XCTAssertTrue(menu.world.isPaused)
        XCTAssertEqual(menu.scrollView.phase, .idle)
        for index in menu.layout.attached {
            let center = try menu.layout.center(of: index)
            XCTAssertEqual(center.y, menu.layout.flow.frame(index).center.y, accuracy: 0.5)
        }
    }

    /// Determinism as the contract states it: separate processes (each with its own hash
    /// seed, so a Set or Dictionary iterated into the output would differ) and both builds
    /// (the debug simrun and, when SIMRUN_RELEASE names it, the release one) write the same
    /// trace and report bytes, and the library run in this process gives the same trace.
    func testSeparateProcessesAndBuildsGiveIdenticalBytes() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path
        var binaries = [Simrun.executable, Simrun.executable]
        if let release = ProcessInfo.processInfo.environment["SIMRUN_RELEASE"], !release.isEmpty {
            binaries.append(URL(fileURLWithPath: release))
        }
        var outputs: [(trace: Data, report: Data)] = []
        for (k, binary) in binaries.enumerated() {
            let result = try Simrun.run([script, "--quiet", "--trace", "t\(k).csv", "--report", "r\(k).html"], in: directory, binary: binary)
            XCTAssertEqual(result.status, 0, "\(binary.path): \(result.stderr)")
            outputs.append((try Data(contentsOf: directory.appendingPathComponent("t\(k).csv")),
                            try Data(contentsOf: directory.appendingPathComponent("r\(k).html"))))
        }
        for (k, output) in outputs.enumerated().dropFirst() {
            XCTAssertEqual(output.trace, outputs[0].trace, "trace of run \(k + 1) (\(binaries[k].path)) differs from run 1")
            XCTAssertEqual(output.report, outputs[0].report, "report of run \(k + 1) (\(binaries[k].path)) differs from run 1")
        }
        let inProcess = try Self.runScript()
        var trace = try XCTUnwrap(inProcess.trace)
        trace.setMetadata("script", script)
        XCTAssertEqual(Array(TraceCSV.bytes(trace)), Array(outputs[0].trace), "the library's trace is the command line's")
    }

    func testFlingPastTheEndBouncesBackToTheEdge() throws {
        var configuration = RubberMenu.Configuration()
        configuration.itemCount = 6
        let menu = try RubberMenu(configuration: configuration, observer: ScenarioRecorder())
        try menu.touchDown(at: SIMD2(160, 300))
        try menu.drag(by: SIMD2(0, -200), seconds: 0.2)
        try menu.release(velocity: SIMD2(0, -3000))
        var overshoot = 0.0
        for _ in 0..<600 {
            try menu.advanceFrame(finger: nil)
            overshoot = max(overshoot, menu.scrollView.offset.y - menu.scrollView.maximumOffset)
            if menu.isAtRest { break }
        }
        XCTAssertGreaterThan(overshoot, 10, "the fling carried past the end")
        XCTAssertTrue(menu.isAtRest)
        XCTAssertEqual(menu.scrollView.offset.y, menu.scrollView.maximumOffset)
    }
}
