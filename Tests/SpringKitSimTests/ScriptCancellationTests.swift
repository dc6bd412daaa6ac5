import Foundation
import XCTest
@testable import SpringKitScripting
import SpringKitReport

/// `ScriptCancellation`: raised from another thread it stops a run wherever the run is — the
/// Lua VM (even inside `pcall`, which must not swallow it), or a long Swift call stepping the
/// engine — and the run fails with the cancellation's reason; untouched it changes nothing.
/// `ScriptOptions.reportFrameMade` passes each report frame while the script runs.
final class ScriptCancellationTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Runs `source` with a cancellation raised `delay` seconds after the start; the error and
    /// the seconds the run took.
    private func runCancelled(_ source: String, after delay: Double) throws -> (error: Error?, seconds: Double) {
        let path = try writeFile(directory, "slow.lua", source)
        let cancellation = ScriptCancellation()
        var options = ScriptOptions()
        options.cancellation = cancellation
        options.limits.timeout = 60
        options.limits.maxInstructions = 0
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { cancellation.cancel() }
        let began = Date()
        var caught: Error?
        do { _ = try ScriptRunner.run(path: path, options: options) } catch { caught = error }
        XCTAssertTrue(cancellation.isCancelled)
        return (caught, Date().timeIntervalSince(began))
    }

    private func assertCancelled(_ outcome: (error: Error?, seconds: Double), file: StaticString = #filePath, line: UInt = #line) {
        let error = outcome.error as? ScriptError
        XCTAssertEqual(error?.kind, .timeout, "\(String(describing: outcome.error))", file: file, line: line)
        XCTAssertTrue(error?.message.contains("cancelled: a newer run replaced this one") == true, "\(String(describing: outcome.error))", file: file, line: line)
        XCTAssertLessThan(outcome.seconds, 5, "the run stopped soon after the cancellation (at 0.1 s)", file: file, line: line)
    }

    func testAnEndlessLuaLoopStops() throws {
        assertCancelled(try runCancelled("while true do end\n", after: 0.1))
    }

    func testPcallDoesNotSwallowTheCancellation() throws {
        let source = """
        local caught = 0
        while true do
          local ok = pcall(function() while true do end end)
          if not ok then caught = caught + 1 end
        end
        """
        assertCancelled(try runCancelled(source, after: 0.1))
    }

    func testALongEngineCallStops() throws {
        // One Swift call that would step the world for days of simulated time.
        let source = """
        local sk = require "springkit"
        local w = sk.world()
        local a = w:add_item{x = 0, y = 0}
        w:attach(a, {anchor = {100, 0}, frequency = 2, damping = 0})
        w:step_seconds(1e7)
        """
        assertCancelled(try runCancelled(source, after: 0.1))
    }

    func testAnUncancelledRunIsUnchanged() throws {
        let path = try writeFile(directory, "metric.lua", "local sk = require 'springkit'\nsk.metric('n', 6 * 7)\n")
        var options = ScriptOptions()
        options.cancellation = ScriptCancellation()
        let run = try ScriptRunner.run(path: path, options: options)
        XCTAssertEqual(run.metric("n"), 42)
    }

    /// The frames of the report that made the first frame, in order, as the script makes them
    /// (before it returns); a second report's frames are not passed.
    func testReportFramesArePassedAsTheyAreMade() throws {
        let source = """
        local sk = require "springkit"
        local rep = sk.report{viewport = {100, 100}}
        local other = sk.report{viewport = {100, 100}}
        for k = 0, 9 do
          rep:frame{t = k / 60, shapes = {{circle = {k, 2, 3}}}}
          other:frame{t = k / 60, shapes = {{circle = {-k, 2, 3}}}}
        end
        return {report = rep}
        """
        let path = try writeFile(directory, "frames.lua", source)
        var options = ScriptOptions()
        var times: [Double] = []
        options.reportFrameMade = { frame in times.append(frame.t) }
        let run = try ScriptRunner.run(path: path, options: options)
        XCTAssertEqual(times, (0..<10).map { Double($0) / 60 })
        XCTAssertEqual(run.report?.frames.map(\.t), times)
    }

    /// A scenario's recorder passes its report frames too (the rubber menu's, in order).
    func testAScenariosFramesArePassed() throws {
        var options = ScriptOptions()
        var count = 0
        options.reportFrameMade = { _ in count += 1 }
        let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path, options: options)
        XCTAssertGreaterThan(count, 10)
        XCTAssertEqual(count, run.report?.frames.count)
    }
}
