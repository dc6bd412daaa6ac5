@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting
@testable import SpringKitTools

/// What the studio and its page read: `PlayerData` JSON, export snippets and presets.
final class PlayerDataTests: XCTestCase {
    func runScript(_ name: String, _ overrides: [String] = []) throws -> ScriptRun {
        var options = ScriptOptions()
        options.output = nil
        for o in overrides { try options.parameters.addOverride(o) }
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        return try ScriptRunner.run(path: "scripts/\(name).lua", options: options)
    }

    func decode(_ run: ScriptRun) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(PlayerData.json(run).utf8)) as? [String: Any])
    }

    /// The studio's re-run answer carries the cells as bytes (CellTable): the same cells, ids
    /// and styles as the JSON form, positions within its 0.01 pt rounding.
    func testBinaryCellsAreTheJSONCells() throws {
        let run = try runScript("gallery")
        let json = try decode(run)
        let (text, bytes) = PlayerData.binary(run)
        let lean = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(lean["cellsInBinary"] as? Bool, true)
        XCTAssertEqual((lean["styles"] as? [[Double]])?.count, (json["styles"] as? [[Double]])?.count)
        let frames = try XCTUnwrap((json["frames"] as? [String: Any])?["cells"] as? [[Double]])
        func u32(_ at: Int) -> UInt32 { UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 }
        let frameCount = Int(u32(0)), total = Int(u32(4))
        XCTAssertEqual(frameCount, frames.count)
        XCTAssertEqual(total, frames.reduce(0) { $0 + $1.count / 4 })
        XCTAssertEqual(bytes.count, 8 + 4 * frameCount + 16 * total)
        let xyAt = 8 + 4 * frameCount, idAt = xyAt + 8 * total, styleAt = idAt + 4 * total
        var cell = 0
        for (k, flat) in frames.enumerated() {
            XCTAssertEqual(Int(u32(8 + 4 * k)), flat.count / 4)
            for c in stride(from: 0, to: flat.count, by: 4) {
                XCTAssertEqual(Double(Int32(bitPattern: u32(idAt + 4 * cell))), flat[c])
                XCTAssertEqual(Double(Float(bitPattern: u32(xyAt + 8 * cell))), flat[c + 1], accuracy: 0.0051)
                XCTAssertEqual(Double(Float(bitPattern: u32(xyAt + 8 * cell + 4))), flat[c + 2], accuracy: 0.0051)
                XCTAssertEqual(Double(u32(styleAt + 4 * cell)), flat[c + 3])
                cell += 1
            }
        }
        XCTAssertGreaterThan(total, 1000, "a run with cells to compare")
    }

    func testRubberMenuFramesFingerMarksAndReadouts() throws {
        let run = try runScript("rubbermenu")
        let json = try decode(run)
        let report = try XCTUnwrap(run.report)
        let frames = try XCTUnwrap(json["frames"] as? [String: Any])
        XCTAssertEqual((frames["t"] as? [Double])?.count, report.frames.count)
        // Frame numbers are the trace's.
        let numbers = try XCTUnwrap(frames["frame"] as? [Int])
        let trace = try XCTUnwrap(run.trace)
        let traceFrames = Set(trace.column(0).map { Int($0) })
        XCTAssertEqual(Set(numbers), traceFrames)
        // The finger is down while dragging (36 frames), then gone.
        let touch = try XCTUnwrap(frames["touch"] as? [Any])
        XCTAssertEqual(touch.count, 2 * numbers.count)
        XCTAssertEqual(touch[2] as? Double, 160)
        XCTAssertEqual(try XCTUnwrap(touch[3] as? Double), 300 - 600.0 / 36, accuracy: 0.005, "to 0.01 pt")
        XCTAssertTrue(touch[2 * 40] is NSNull, "no finger after the release")
        let marks = try XCTUnwrap(json["marks"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        XCTAssertEqual(marks.first, "touch down")
        XCTAssertTrue(marks.contains { $0.hasPrefix("release") } && marks.last == "rest", "\(marks)")
        // Readouts are TraceMetrics.Readouts of the item's trace column.
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        let item = try XCTUnwrap(items.first { $0["id"] as? Int == 5 })
        let series = try XCTUnwrap((item["series"] as? [[String: Any]])?.first { $0["column"] as? String == "y" })
        let readouts = try XCTUnwrap(series["readouts"] as? [String: Any])
        let y = try XCTUnwrap(trace.series(column: "y", id: 5))
        let expected = TraceMetrics.Readouts(times: y.t, values: y.values, epsilon: PlayerData.readoutEpsilon)
        // (Foundation's JSON reader may round the last digit.)
        XCTAssertEqual(try XCTUnwrap(readouts["peak"] as? Double), expected.peak, accuracy: 1e-12 * expected.peak)
        XCTAssertEqual(try XCTUnwrap(readouts["settleTime"] as? Double), try XCTUnwrap(expected.settleTime), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(readouts["overshootPercent"] as? Double), expected.overshootPercent, accuracy: 1e-12 * max(1, expected.overshootPercent))
        XCTAssertGreaterThan(expected.peak, 10)
        XCTAssertEqual(series["unit"] as? String, "pt")
        // Damping changes the motion and the readouts.
        let damped = try runScript("rubbermenu", ["damping=1.5"])
        let dampedY = try XCTUnwrap(damped.trace?.series(column: "y", id: 5))
        XCTAssertNotEqual(TraceMetrics.Readouts(times: dampedY.t, values: dampedY.values), expected)
    }

    func testDotArtFramesAreNumberedLikeItsTrace() throws {
        let run = try runScript("dotart", ["stagger=0"])
        let frames = try XCTUnwrap(try decode(run)["frames"] as? [String: Any])
        let numbers = try XCTUnwrap(frames["frame"] as? [Int])
        let times = try XCTUnwrap(frames["t"] as? [Double])
        XCTAssertEqual(numbers[1], 2, "the report keeps every second frame; its numbers are the engine's")
        XCTAssertEqual(times[1], 2.0 / 60, accuracy: 1e-12, "times stay real, so the player plays at the right speed")
    }

    func testATraceOnlyScriptIsShownAsDots() throws {
        let run = try runScript("spring")
        XCTAssertNil(run.report)
        let json = try decode(run)
        XCTAssertEqual((json["frames"] as? [String: Any]).flatMap { $0["t"] as? [Double] }?.count, run.trace?.column(0).count)
        let viewport = try XCTUnwrap(json["viewport"] as? [Double])
        XCTAssertGreaterThan(viewport[0], 100, "the viewport covers x from 0 to 100 and a margin")
        // The item still orbits the anchor at 3 s (the joint damps only along its axis): not settled.
        let series = try XCTUnwrap(((json["items"] as? [[String: Any]])?.first?["series"]) as? [[String: Any]])
        func settle(_ column: String) -> Any? { (series.first { $0["column"] as? String == column }?["readouts"] as? [String: Any])?["settleTime"] }
        XCTAssertTrue(settle("y") is NSNull, "\(String(describing: settle("y")))")
    }

    func testExportsComeFromTheConventions() throws {
        let values: [(name: String, value: Double)] = [("damping", 0.5), ("frequency", 0.8), ("length", 0), ("resistance", 1100), ("max_stretch", 35)]
        let snippets = SpringExport.snippets(script: "scripts/rubbermenu.lua", values: values)
        func code(_ id: String) throws -> String { try XCTUnwrap(snippets.first { $0.id == id }?.code, id) }
        XCTAssertEqual(snippets.map(\.id), ["uikit", "swiftui", "caspring", "uispring", "android", "react-spring", "framer", "origami"])
        let uikit = try code("uikit")
        for expected in ["let springDamping: CGFloat = 0.5", "let springFrequency: CGFloat = 0.8", "let scrollResistance: CGFloat = 1100",
                         "let maxStretch: CGFloat = 35", "UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)",
                         "min(max(d * r, -maxStretch), maxStretch)"] {
            XCTAssertTrue(uikit.contains(expected), expected)
        }
        let k = pow(2 * Double.pi * 0.8, 2), c = 2 * 0.5 * 2 * Double.pi * 0.8
        XCTAssertTrue(try code("swiftui").contains(".spring(response: 1.25, dampingFraction: 0.5)"))
        XCTAssertTrue(try code("swiftui").contains("Spring(duration: 1.25, bounce: 0.5)"))
        XCTAssertTrue(try code("caspring").contains("animation.stiffness = \(NumberFormat.human(k))"))
        XCTAssertTrue(try code("react-spring").contains("tension: \(NumberFormat.human(k)), friction: \(NumberFormat.human(c))"))
        XCTAssertTrue(try code("android").contains("dampingRatio = 0.5f"))
        XCTAssertTrue(try code("framer").contains("cannot express: the scroll-resistance rule"))
        XCTAssertTrue(try code("origami").hasPrefix("// cannot express: Origami would need tension -"), "0.8 Hz is below Origami's range")
        // A stiff spring Origami can express; no resistance: no resistance note.
        let stiff = SpringExport.snippets(script: "s.lua", values: [("damping", 0.7), ("frequency", 3)])
        XCTAssertTrue(stiff.first { $0.id == "origami" }!.code.hasPrefix("// Origami tension"))
        XCTAssertFalse(stiff.contains { $0.code.contains("scroll-resistance") })
        // Rigid and missing springs are said so.
        XCTAssertTrue(SpringExport.snippets(script: "s.lua", values: [("damping", 0.5), ("frequency", 0)])[1].code.contains("cannot express: frequency 0 Hz"))
        XCTAssertTrue(SpringExport.snippets(script: "s.lua", values: [("x", 1)])[0].code.contains("cannot express"))
    }

    func testPresetsAndTheSelectedOneAreCarried() throws {
        let run = try runScript("rubbermenu")
        XCTAssertEqual(try decode(run)["selectedPreset"] as? NSNull, NSNull())
        var options = ScriptOptions()
        options.output = nil
        options.parameters.selectedPreset = "VPRubberMenu-ObjC"
        let picked = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path, options: options)
        let json = try decode(picked)
        XCTAssertEqual(json["selectedPreset"] as? String, "VPRubberMenu-ObjC")
        let presets = try XCTUnwrap(json["presets"] as? [[String: Any]])
        XCTAssertEqual(presets.compactMap { $0["name"] as? String }, ["VPRubberMenu-ObjC", "VPRubberMenu-Swift"])
        let length = (presets[0]["values"] as? [[Any]])?.first { $0[0] as? String == "length" }
        XCTAssertEqual(length?[1] as? Double, 0.8)
        XCTAssertTrue(json["paramsText"].map { "\($0)".contains("length=0.8") } ?? false)
    }
}

/// The player without a server (`PlayerPage.report`), in headless Chromium when installed.
final class PlayerPageBrowserTests: XCTestCase {
    func testTheStaticPlayerOpensAtTheTracesFrameNumber() throws {
        let browser = try ReportBrowserTests.chromium()
        var options = ScriptOptions()
        options.output = nil
        let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/dotart.lua").path, options: options)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("dotart.html")
        try AtomicFile.write(PlayerPage.report(playerJSON: PlayerData.json(run), title: "Dot art"), to: page.path)
        // Dot art reports every second frame: ?frame=31 opens the report frame numbered 32, as in the trace.
        let dom = try ReportBrowserTests.browse(browser, ["--virtual-time-budget=3000", "--dump-dom", page.absoluteString + "?frame=31"])
        XCTAssertTrue(dom.contains("data-frame=\"32\""), String(dom.prefix(400)))
        XCTAssertTrue(dom.contains("id=\"export-uikit\""), "the export panel is filled")
        XCTAssertFalse(dom.contains("id=\"param-damping\""), "no sliders without a server")
    }
}
