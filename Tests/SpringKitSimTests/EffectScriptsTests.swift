import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting
@testable import SpringKitTools

/// The three effects written in Lua on the primitives: what they do, that their source holds
/// no scroll physics or layout maths, and that the HTML player draws their shapes.
final class EffectScriptsTests: XCTestCase {
    static let effects = ["springylist", "cards", "pullrefresh"]

    private func run(_ name: String, preset: String? = nil, _ overrides: [String] = []) throws -> ScriptRun {
        try runShippedScript(name, preset: preset, overrides)
    }

    func testSpringyListLagsAndSettles() throws {
        let teehan = try run("springylist")
        XCTAssertEqual(teehan.parameters.headerText, "length=1 damping=0.8 frequency=1 resistance=900 reach_above=100 reach_below=100 "
                       + "resync=0 resync_at_least=0 pre_shift=1 shift_needs_touch=0 distance=0 floor=0 near_switch=0 near_within=0 "
                       + "near_damping=0 lift_clears_touch=0 finger_x=160")
        let trace = try XCTUnwrap(teehan.trace)
        XCTAssertGreaterThan(try XCTUnwrap(teehan.metric("peak lag")), 10, "cells far from the finger trail behind")
        XCTAssertLessThan(try XCTUnwrap(teehan.metric("peak lag")), 200)
        XCTAssertNotNil(teehan.metric("settle time"), "the fling comes to rest")
        XCTAssertGreaterThan(try XCTUnwrap(teehan.metric("offset at rest")), 360, "the fling carried the list past the drag")
        // At rest every cell is back at its anchor (lag within the spring's dead zone, plus its length).
        let lastFrame = trace.column(0).max()!
        let lags = (0..<trace.rowCount).filter { trace.value(row: $0, column: 0) == lastFrame }.map { trace.value(row: $0, column: 5) }
        XCTAssertFalse(lags.isEmpty)
        XCTAssertTrue(lags.allSatisfy { abs($0) < 1.5 }, "\(lags)")
        // THSpringy's first version: softer springs and a smaller resistance divisor lag more.
        let th = try run("springylist", preset: "THSpringy-2013")
        XCTAssertTrue(th.parameters.headerText.hasPrefix("length=0 damping=0.5 frequency=0.7 resistance=500 reach_above=100 reach_below=100 resync=30 resync_at_least=1"),
                      th.parameters.headerText)
        XCTAssertGreaterThan(try XCTUnwrap(th.metric("peak lag")), try XCTUnwrap(teehan.metric("peak lag")))
        // Every preset runs and comes to rest (SpringyListPresetTests checks their numbers and rules).
        for preset in th.parameters.presets.map(\.name) {
            let run = try run("springylist", preset: preset)
            XCTAssertNotNil(run.metric("peak lag"), preset)
            XCTAssertNotNil(run.metric("settle time"), preset)
        }
    }

    func testResyncDistanceDelaysAttaching() throws {
        let every = try XCTUnwrap(try run("springylist", preset: "THSpringy-2013", ["resync=0"]).report)
        let coarse = try XCTUnwrap(try run("springylist", preset: "THSpringy-2013").report)
        let springs = { (r: ReportData) in r.plots.first { $0.name == "springs" }!.values }
        XCTAssertNotEqual(springs(every), springs(coarse), "re-syncing only after 30 pt changes when springs come and go")
    }

    func testCardsSnapToTheProjectedCard() throws {
        let cards = try run("cards")
        XCTAssertEqual(cards.metric("first target"), 1, "a slow short drag snaps back")
        XCTAssertEqual(cards.metric("second target"), 4, "a flick skips to the card nearest the projected stop")
        // Card 4 centred: its left edge (3 × 296) minus the left inset 47.5.
        XCTAssertEqual(try XCTUnwrap(cards.metric("offset at rest")), 3 * 296 - 47.5, accuracy: 0.5)
        let critical = try run("cards", preset: "snappy")
        XCTAssertLessThan(try XCTUnwrap(critical.metric("overshoot")), try XCTUnwrap(cards.metric("overshoot")))
        // A slower deceleration projects less far.
        XCTAssertLessThan(try XCTUnwrap(try run("cards", ["deceleration=0.99"]).metric("second target")), 4)
    }

    func testPullToRefreshHoldsAtTheInsetThenSpringsBack() throws {
        let pull = try run("pullrefresh")
        XCTAssertEqual(pull.metric("short pull refreshed"), 0, "a short pull does not refresh")
        XCTAssertLessThan(try XCTUnwrap(pull.metric("short pull depth")), 70)
        XCTAssertGreaterThan(try XCTUnwrap(pull.metric("long pull depth")), 70)
        XCTAssertEqual(pull.metric("offset at rest"), 0)
        let trace = try XCTUnwrap(pull.trace)
        let refreshing = (0..<trace.rowCount).filter { trace.value(row: $0, column: 5) == 1 }.map { trace.value(row: $0, column: 3) }
        XCTAssertGreaterThan(refreshing.count, 60, "held for the refresh")
        XCTAssertEqual(refreshing.filter { $0 == -60 }.count, refreshing.count - refreshing.firstIndex(of: -60)!, "rests at the inset")
        let began = try XCTUnwrap(pull.metric("refresh began")), ended = try XCTUnwrap(pull.metric("refresh ended"))
        XCTAssertGreaterThan(ended - began, 1, "the hold of 1 s comes after the spring settles")
        // A higher threshold turns the long pull into a bounce back too.
        XCTAssertEqual(try run("pullrefresh", ["threshold=200"]).metric("refresh began"), nil)
    }

    /// The scripts call primitives only: no `*`, `/`, `^`, `%`, no `math.` function but `math.huge`,
    /// and `+`/`-` between values only to append to a table (`#t + 1`); comments and strings aside.
    func testScriptsHoldNoScrollPhysicsOrLayoutMaths() throws {
        for name in Self.effects {
            var source = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/\(name).lua"), encoding: .utf8)
            source = source.replacingOccurrences(of: #"--[^\n]*"#, with: "", options: .regularExpression)
            source = source.replacingOccurrences(of: #""[^"\n]*""#, with: "\"\"", options: .regularExpression)
            source = source.replacingOccurrences(of: #"#\w+\s*\+\s*1"#, with: "N", options: .regularExpression)
            source = source.replacingOccurrences(of: "math.huge", with: "H")
            for pattern in [#"[*/^%]"#, #"math\.\w+"#, #"[\w)\]]\s*[+-]"#] {
                let found = source.range(of: pattern, options: .regularExpression).map { String(source[$0]) }
                XCTAssertNil(found, "\(name).lua: arithmetic '\(found ?? "")'")
            }
        }
    }

    /// docs/tutorial.md's code blocks, run in order, make the shipped springy list's trace rows.
    func testTutorialBuildsTheShippedSpringyList() throws {
        let tutorial = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/tutorial.md"), encoding: .utf8)
        let blocks = tutorial.components(separatedBy: "```lua\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        XCTAssertEqual(blocks.count, 8)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(directory, "tutorial.lua", blocks.joined(separator: "\n"))
        var options = ScriptOptions()
        options.output = nil
        let built = try XCTUnwrap(try ScriptRunner.run(path: path, options: options).trace)
        let shipped = try XCTUnwrap(try run("springylist").trace)
        XCTAssertEqual(built.rowCount, shipped.rowCount)
        for column in ["frame", "t", "id", "x", "y", "lag"] {
            XCTAssertEqual(built.column(built.columnIndex(column)!), shipped.column(shipped.columnIndex(column)!), column)
        }
    }

    /// The tuner's braille preview draws a script-built report's shapes, not "(no preview)".
    func testTunerPreviewDrawsTheShapes() throws {
        let run = try run("cards")
        let state = TuneState(script: "scripts/cards.lua", declarations: run.parameters.declarations,
                              run: TuneState.Run(run, values: run.parameters.declarations.map(\.value)))
        let lines = TuneScreen.previewLines(state, columns: 30, rows: 12)
        XCTAssertEqual(lines.count, 12)
        let dots = lines.joined().unicodeScalars.filter { $0.value > 0x2800 && $0.value <= 0x28FF }.count
        XCTAssertGreaterThan(dots, 40, lines.joined(separator: "\n"))
        var empty = try XCTUnwrap(run.report)
        empty.frames = empty.frames.map { ReportData.Frame(t: $0.t, offset: $0.offset, cells: []) }
        var bare = run
        bare.report = empty
        let blank = TuneScreen.previewLines(TuneState(script: "x", declarations: run.parameters.declarations,
                                                      run: TuneState.Run(bare, values: run.parameters.declarations.map(\.value))),
                                            columns: 30, rows: 12)
        XCTAssertEqual(blank.joined().unicodeScalars.filter { $0.value > 0x2800 && $0.value <= 0x28FF }.count, 0, "the dots came from the shapes")
    }

    struct Drawn: Decodable { var frame: Int; var drawn: Int; var markers: Int; var pixel: [Int] }

    /// Each report opens in headless Chromium and draws its shapes: a known colour at a known point.
    func testReportsDrawTheirShapesInTheBrowser() throws {
        let browser = try ReportBrowserTests.chromium()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // (script, frame, viewport point, colour expected there)
        let probes: [(String, Int, String, Int)] = [
            ("cards", 0, "187,150", 0xE8505B),      // card 1 centred
            ("springylist", 0, "60,32", 0x5C6E91), // row 1
            ("pullrefresh", 150, "160,24", 0x1E88E5), // the spinner while refreshing
        ]
        for (name, frame, point, colour) in probes {
            let report = try XCTUnwrap(try run(name).report)
            let page = directory.appendingPathComponent("\(name).html")
            try AtomicFile.write(HTMLReport.render(report), to: page.path)
            let dom = try ReportBrowserTests.browse(browser, ["--dump-dom", page.absoluteString + "?frame=\(frame)&shapes&at=\(point)"])
            guard let start = dom.range(of: "<pre id=\"shapes-drawn\">"),
                  let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
                return XCTFail("\(name): the page reported no shapes")
            }
            let drawn = try JSONDecoder().decode(Drawn.self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
            XCTAssertEqual(drawn.frame, frame, name)
            XCTAssertEqual(drawn.drawn, report.frames[frame].shapes.count, name)
            XCTAssertGreaterThan(drawn.drawn, 3, name)
            XCTAssertEqual(drawn.markers, report.markers.count, name)
            let want = [(colour >> 16) & 255, (colour >> 8) & 255, colour & 255]
            XCTAssertLessThan(zip(drawn.pixel, want).map { abs($0 - $1) }.reduce(0, +), 12, "\(name): pixel \(drawn.pixel) at \(point), want \(want)")
        }
    }
}
