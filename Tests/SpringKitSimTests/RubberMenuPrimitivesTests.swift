@testable import SpringKitTrace
import XCTest
@testable import SpringKitReport
@testable import SpringKitScripting

/// The rubber menu written in Lua on the primitives (scripts/lib/rubbermenu.lua) against the
/// Swift scenario: the same trace rows, byte for byte, for the shipped gesture and others.
final class RubberMenuPrimitivesTests: XCTestCase {
    private func rows(_ path: String, _ overrides: [String] = []) throws -> (rows: String, run: ScriptRun) {
        var options = ScriptOptions()
        options.output = nil
        for assignment in overrides { try options.parameters.addOverride(assignment) }
        let run = try ScriptRunner.run(path: path, options: options)
        let text = TraceCSV.text(try XCTUnwrap(run.trace))
        return (text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }.joined(separator: "\n"), run)
    }

    func testShippedScriptsGiveIdenticalRows() throws {
        let scripts = repositoryRoot.appendingPathComponent("scripts")
        for overrides in [[], ["length=0.8"], ["damping=0.2", "frequency=2", "resistance=500", "max_stretch=60"]] {
            let swift = try rows(scripts.appendingPathComponent("rubbermenu.lua").path, overrides)
            let lua = try rows(scripts.appendingPathComponent("rubbermenu_primitives.lua").path, overrides)
            XCTAssertGreaterThan(swift.rows.count, 10_000, "a real trace")
            XCTAssertEqual(swift.rows, lua.rows, "rows differ for \(overrides)")
            XCTAssertEqual(swift.run.metrics, lua.run.metrics, "metrics differ for \(overrides)")
            // The equivalent report: as many frames, the same plots.
            let a = try XCTUnwrap(swift.run.report), b = try XCTUnwrap(lua.run.report)
            XCTAssertEqual(a.frames.count, b.frames.count)
            XCTAssertEqual(a.plots.map(\.name), b.plots.map(\.name))
            for (p, q) in zip(a.plots, b.plots) { XCTAssertEqual(p.values, q.values, p.name) }
            XCTAssertEqual(a.frames.map(\.offset), b.frames.map(\.offset))
            XCTAssertEqual(b.markers.map(\.label), ["touch down", "drag", "release"])
            XCTAssertEqual(zip(a.frames, b.frames).filter { $0.cells.count * 2 != $1.shapes.count }.count, 0, "a path and a label per cell")
        }
    }

    /// Other gestures and options (displacement stretch, reset when still, a fling with a given
    /// velocity, a bounce past the top), through scripts that use the library from a temporary folder.
    func testOtherGesturesAndOptionsAgree() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scripts/lib/rubbermenu.lua"),
                                        to: directory.appendingPathComponent("lib/rubbermenu.lua"))
        let cases = [
            ("{items = 12, stretch = 'displacement', reset_stretch = true, visible_inset = 40}",
             "m:touch_down(100, 500); m:drag(0, -200, 0.3); m:release(0, -2500); m:wait_until_rest(8)"),
            ("{items = 30, width = 375, height = 667, deceleration = 0.99, bounce_frequency = 3, world = {scale = 3}}",
             "m:touch_down(180, 100); m:drag(0, 300, 0.4); m:release(); m:wait(1); m:touch_down(180, 400); m:drag(0, -150, 0.2); m:release(0, 0); m:wait_until_rest(6)"),
        ]
        for (k, (spec, gesture)) in cases.enumerated() {
            let swift = try writeFile(directory, "swift\(k).lua", """
            local sk = require "springkit"
            local m = sk.rubber_menu\(spec)
            \(gesture)
            sk.metric("peak", m.peak_stretch); sk.metric("springs", m.max_springs)
            return m:trace()
            """)
            let lua = try writeFile(directory, "lua\(k).lua", """
            local sk = require "springkit"
            local m = require("lib.rubbermenu").new\(spec)
            \(gesture)
            sk.metric("peak", m.peak_stretch); sk.metric("springs", m.max_springs)
            return m:trace()
            """)
            let a = try rows(swift), b = try rows(lua)
            XCTAssertEqual(a.rows, b.rows, "case \(k)")
            XCTAssertEqual(a.run.metrics, b.run.metrics, "case \(k)")
            XCTAssertGreaterThan(a.rows.count, 1000, "case \(k)")
        }
    }
}
