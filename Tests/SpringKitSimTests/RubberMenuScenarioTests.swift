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

    func testTwoRunsGiveIdenticalBytes() throws {
        let a = try Self.runScript(), b = try Self.runScript()
        XCTAssertEqual(TraceCSV.text(try XCTUnwrap(a.trace)), TraceCSV.text(try XCTUnwrap(b.trace)))
        XCTAssertEqual(HTMLReport.render(try XCTUnwrap(a.report)), HTMLReport.render(try XCTUnwrap(b.report)))
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
