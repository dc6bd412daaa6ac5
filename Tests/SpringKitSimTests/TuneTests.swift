import Foundation
import XCTest
@testable import SpringKitReport
@testable import SpringKitSupport
@testable import SpringKitScripting
@testable import SpringKitTools

/// The tuner: its pure renderer, and the real command driven in a terminal (tmux).
final class TuneTests: XCTestCase {
    private func state(_ overrides: [String] = [], savePath: String? = nil) throws -> TuneState {
        var options = ScriptOptions()
        options.output = nil
        for o in overrides { try options.parameters.addOverride(o) }
        let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path, options: options)
        return TuneState(script: "scripts/rubbermenu.lua", declarations: run.parameters.declarations,
                         run: TuneState.Run(run, values: run.parameters.declarations.map(\.value)), savePath: savePath)
    }

    func testKeysDecodeArrowsControlAndCharacters() {
        var bytes: [UInt8] = [0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x44, 0x03, 0x71, 0x1B, 0x5B, 0x5A]
        var keys: [String] = []
        while !bytes.isEmpty { keys.append(TuneKeys.decode(&bytes)) }
        XCTAssertEqual(keys, ["up", "left", "ctrl-c", "q", "escape"])
    }

    func testKeysChangeTheStateAndAskTheCommandForTheRest() throws {
        var s = try state()
        XCTAssertEqual(s.press("down"), .redraw)
        XCTAssertEqual(s.selected, 1)
        XCTAssertEqual(s.press("up"), .redraw)
        XCTAssertEqual(s.press("up"), .redraw, "the first parameter stays selected")
        XCTAssertEqual(s.selected, 0)
        let before = s.values[0]
        XCTAssertEqual(s.press("right"), .rerun)
        XCTAssertGreaterThan(s.values[0], before)
        XCTAssertEqual(s.press("s"), .save)
        XCTAssertEqual(s.press("c"), .redraw)
        XCTAssertTrue(s.message.hasPrefix("nothing saved yet"), s.message)
        XCTAssertEqual(s.press("?"), .redraw)
        XCTAssertTrue(s.showHelp)
        XCTAssertEqual(s.press("q"), .redraw, "a key while the help shows only closes it")
        XCTAssertFalse(s.showHelp)
        XCTAssertEqual(s.press("x"), .ignore)
        XCTAssertEqual(s.press("q"), .quit(0))
        XCTAssertEqual(s.press("ctrl-c"), .quit(130))
    }

    func testRenderingIsAPureFunctionOfState() throws {
        // Two states built apart (two runs of the script) draw the same screen; other states
        // (another selection, another value) draw another: a renderer reading anything but
        // its state (a clock, a counter), or ignoring the state, fails here.
        let s = try state(), t = try state()
        let a = TuneScreen.render(s, columns: 120, rows: 40), b = TuneScreen.render(t, columns: 120, rows: 40)
        XCTAssertEqual(a, b)
        var moved = s
        XCTAssertEqual(moved.press("down"), .redraw)
        XCTAssertNotEqual(TuneScreen.render(moved, columns: 120, rows: 40), a, "another selection, another screen")
        XCTAssertNotEqual(TuneScreen.render(try state(["damping=0.2"]), columns: 120, rows: 40), a, "another run, another screen")
        XCTAssertEqual(a.count, 40)
        XCTAssertTrue(a.allSatisfy { $0.count == 120 }, "every line is exactly the terminal's width")
        let text = a.joined(separator: "\n")
        XCTAssertTrue(text.contains("> damping      0.5 "), text)
        XCTAssertTrue(text.contains("watch: cell 5 displacement (pt)"), text)
        XCTAssertTrue(text.contains("settle "), text)
        XCTAssertTrue(text.contains("⠀"), "the preview and plot are braille")
        let small = TuneScreen.render(s, columns: 50, rows: 20)
        XCTAssertEqual(small.count, 20)
        XCTAssertTrue(small.allSatisfy { $0.count == 50 })
    }

    func testReadoutsFollowTheParameters() throws {
        var s = try state()
        let before = try XCTUnwrap(s.readouts)
        XCTAssertTrue(s.nudge(4))
        XCTAssertEqual(s.values[0], 0.7, accuracy: 1e-12, "four steps of 0.05")
        let changed = try state(["damping=0.7"])
        XCTAssertNotEqual(try XCTUnwrap(changed.readouts), before)
        // Values stay in range.
        for _ in 0..<200 { _ = s.nudge(-1) }
        XCTAssertEqual(s.values[0], 0)
        XCTAssertFalse(s.nudge(-1))
    }

    func testSaveAndExportTexts() throws {
        var s = try state()
        _ = s.nudge(2)
        XCTAssertTrue(s.paramsFileText.contains("\ndamping=0.6\n"), s.paramsFileText)
        var parameters = ScriptParameters()
        try parameters.addOverrides(fileText: s.paramsFileText, path: "saved.params")
        XCTAssertEqual(parameters.overrides.first { $0.name == "damping" }?.value, 0.6)
        let export = try XCTUnwrap(s.exportText)
        XCTAssertTrue(export.contains("spring.damping = 0.6\nspring.frequency = 0.8"), export)
        XCTAssertTrue(export.contains("// swiftui: response 1.25, dampingFraction 0.6"), export)
    }

    // MARK: Layout

    /// The header's first line always names the help and quit keys.
    private func assertFits(_ lines: [String], columns: Int, rows: Int, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines.count, rows, context, file: file, line: line)
        for text in lines { XCTAssertEqual(text.count, columns, "\(context): '\(text)'", file: file, line: line) }
        if columns >= 14, rows >= 1 {
            XCTAssertTrue(lines[0].contains("? help  q quit"), "\(context): \(lines[0])", file: file, line: line)
        }
        XCTAssertFalse(lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(context): no control characters", file: file, line: line)
    }

    func testLayoutAtStandardTerminalSizes() throws {
        let s = try state()
        for (columns, rows, previewRows) in [(80, 24, 10), (60, 20, 6), (100, 30, 16)] {
            let lines = TuneScreen.render(s, columns: columns, rows: rows)
            let context = "\(columns)×\(rows)"
            assertFits(lines, columns: columns, rows: rows, context)
            let text = lines.joined(separator: "\n")
            // The most important keys first: at 80 columns and wider every key is shown.
            if columns >= 80 {
                for hint in TuneScreen.keyHints { XCTAssertTrue(lines[0..<2].joined().contains(hint), "\(context): \(hint)") }
            } else {
                XCTAssertTrue(lines[0..<2].joined().contains("s save"), context)
            }
            // The preview and plot take the height left over.
            XCTAssertGreaterThanOrEqual(lines.filter { $0.contains(" │ ") }.count, previewRows, "\(context):\n\(text)")
            // Units beside the values, and docs shortened at word boundaries.
            XCTAssertTrue(text.contains("  frequency    0.8 Hz "), "\(context):\n\(text)")
            for d in s.declarations {
                let row = try XCTUnwrap(lines.first { $0.dropFirst(2).hasPrefix(d.name + " ") }, "\(context): \(d.name)")
                let shown = row.trimmingCharacters(in: .whitespaces)
                if shown.hasSuffix("…") {
                    let kept = String(shown.dropLast())
                    let start = try XCTUnwrap(kept.range(of: String(d.doc.prefix(6))), "\(context): \(row)").lowerBound
                    let prefix = String(kept[start...])
                    XCTAssertTrue(d.doc.hasPrefix(prefix), "\(context): \(row)")
                    let next = d.doc.dropFirst(prefix.count).first
                    XCTAssertTrue(next == " " || next == ",", "\(context): cut inside a word: \(row)")
                } else {
                    XCTAssertTrue(shown.hasSuffix(d.doc), "\(context): \(row)")
                }
            }
            XCTAssertTrue(text.contains("watch: cell 5 displacement (pt)") && text.contains("settle "), context)
        }
        XCTAssertTrue(TuneScreen.render(s, columns: 80, rows: 24).joined().contains("length, points (the Objective-C…"))
    }

    /// Seeded sizes from 1 × 1 to 200 × 80, many parameters, long docs with control characters,
    /// a long message: exactly `rows` lines of `columns`, the help and quit keys, the selected
    /// parameter in view, no control character reaching the terminal.
    func testAnySizeFitsAndKeepsTheKeysAndTheSelection() throws {
        var s = try state()
        let template = s.declarations[0]
        s.declarations = (0..<30).map { k in
            var d = template
            d.name = "p\(k)"
            d.unit = k % 3 == 0 ? "pt/s" : ""
            d.doc = String(repeating: "a long doc\u{1B}[2J with words ", count: k % 5)
            return d
        }
        s.values = s.declarations.map(\.value)
        s.message = String(repeating: "a failed re-run: script.lua:3: too high\nsecond line ", count: 4)
        var random = SeededGenerator(seed: 5)
        for _ in 0..<300 {
            let columns = Int.random(in: 1...200, using: &random), rows = Int.random(in: 1...80, using: &random)
            s.selected = Int.random(in: 0..<30, using: &random)
            s.showHelp = Int.random(in: 0..<4, using: &random) == 0
            let lines = TuneScreen.render(s, columns: columns, rows: rows)
            let context = "\(columns)×\(rows) selected \(s.selected) help \(s.showHelp)"
            assertFits(lines, columns: columns, rows: rows, context)
            XCTAssertFalse(lines.contains { $0.contains("……") }, "\(context): one ellipsis at a time: \(lines.filter { $0.contains("……") })")
            if !s.showHelp, rows >= 5, columns >= 20 {
                XCTAssertTrue(lines.contains { $0.hasPrefix("> p\(s.selected) ") }, "\(context):\n\(lines.joined(separator: "\n"))")
            }
        }
    }

    func testHelpScreenFitsStandardTerminals() throws {
        var s = try state()
        s.showHelp = true
        for (columns, rows) in [(80, 24), (60, 20)] {
            let lines = TuneScreen.render(s, columns: columns, rows: rows)
            assertFits(lines, columns: columns, rows: rows, "help \(columns)×\(rows)")
            XCTAssertTrue(lines.joined(separator: "\n").contains("save the parameters to"), "\(columns)×\(rows)")
        }
        let text = TuneScreen.render(s, columns: 80, rows: 24).joined(separator: "\n")
        XCTAssertTrue(text.contains("frequency = 0.8 Hz, range 0.05 … 20, step 0.1 — spring frequency, Hz"), text)
        XCTAssertTrue(text.contains("q, Ctrl-C      quit"), text)
    }

    // MARK: Saving

    func testSaveGoesToOutByDefaultOrWhereTheCommandLineSays() throws {
        XCTAssertEqual(SavedParameters.defaultPath(script: "scripts/rubbermenu.lua"), "out/rubbermenu.params")
        XCTAssertEqual(SavedParameters.defaultPath(script: "/elsewhere/my.menu.lua"), "out/my.menu.params")
        XCTAssertEqual(try state().savePath, "out/rubbermenu.params")
        XCTAssertEqual(try state().exportPath, "out/rubbermenu-spring.swift")
        XCTAssertEqual(try state(savePath: "tuned/menu.params").savePath, "tuned/menu.params")
        var s = try state()
        s.showHelp = true
        XCTAssertTrue(TuneScreen.render(s, columns: 120, rows: 30).joined().contains("save the parameters to out/rubbermenu.params"))
        XCTAssertEqual(SavedParameters.text(tool: "studio", script: "a\nb.lua", values: [("damping", 0.5), ("frequency", 0.1 + 0.2)]),
                       "# saved by simrun studio for a | b.lua\ndamping=0.5\nfrequency=0.30000000000000004\n")
    }

    func testHelpScreen() throws {
        var s = try state()
        s.showHelp = true
        let text = TuneScreen.render(s, columns: 120, rows: 30).joined(separator: "\n")
        XCTAssertTrue(text.contains("q, Ctrl-C      quit (the terminal is restored)"))
    }

    // MARK: In a terminal

    /// A tmux server of this test's own (XCTest makes an instance per test): test runs of other
    /// checkouts on the machine kill theirs at the end, and a server just killed by the
    /// previous test may still accept a session before it exits.
    private let tmuxServer = "springkit-tests-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// Runs tmux on the tests' own server through the shell (`system` waits and reaps at
    /// once); `capture-pane` output comes back through a temporary file.
    private func tmux(_ arguments: [String]) throws -> String {
        func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-tmux-\(getpid()).txt").path
        let command = (["tmux", "-L", tmuxServer] + arguments).map(quote).joined(separator: " ")
            + " > \(quote(output)) 2>/dev/null < /dev/null"
        _ = system(command)
        defer { try? FileManager.default.removeItem(atPath: output) }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    private func waitForScreen(_ session: String, containing text: String, seconds: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = ""
        while Date() < deadline {
            screen = try tmux(["capture-pane", "-t", session, "-p"])
            if screen.contains(text) { return screen }
            usleep(100_000)
        }
        XCTFail("the screen never showed '\(text)':\n\(screen)")
        return screen
    }

    /// Skips without tmux; runs `body` with a fresh directory, then stops this test's tmux
    /// server and removes the directory.
    private func inTerminal(_ body: (URL) throws -> Void) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw unavailable("tmux is not installed (tools/install-deps --ci installs it)")
        }
        let directory = try makeTemporaryDirectory()
        defer {
            _ = try? tmux(["kill-server"])
            try? FileManager.default.removeItem(at: directory)
        }
        try body(directory)
    }

    func testDrivenInATerminal() throws {
        try inTerminal { _ in
            // Sessions stay open until the end: tmux stops its server when the last one closes.
            // After simrun exits, the shell prints its status and whether `stty -g` is unchanged.
            for (key, expectedStatus) in [("q", "0"), ("C-c", "130")] {
                let session = "tune\(expectedStatus)"
                let command = "cd '\(repositoryRoot.path)'; before=$(stty -g); '\(Simrun.executable.path)' tune scripts/rubbermenu.lua; "
                    + "status=$?; if [ \"$before\" = \"$(stty -g)\" ]; then modes=restored; else modes=CHANGED; fi; "
                    + "clear; echo \"STATUS=$status MODES=$modes\"; sleep 60"
                _ = try tmux(["new-session", "-d", "-s", session, "-x", "120", "-y", "40", "sh", "-c", command])
                let first = try waitForScreen(session, containing: "> damping      0.5 ")
                let readout = first.split(separator: "\n").first { $0.contains("settle ") }.map(String.init)
                _ = try tmux(["send-keys", "-t", session, "Right", "Right"])
                let second = try waitForScreen(session, containing: "> damping      0.6 ")
                let changed = second.split(separator: "\n").first { $0.contains("settle ") }.map(String.init)
                XCTAssertNotNil(readout)
                XCTAssertNotEqual(readout, changed, "the readouts changed with damping")
                _ = try tmux(["send-keys", "-t", session, key])
                let end = try waitForScreen(session, containing: "STATUS=")
                XCTAssertTrue(end.contains("STATUS=\(expectedStatus) MODES=restored"), "after \(key): \(end)")
            }
        }
    }

    /// A re-run that fails keeps the last good run (and its values) and says why; a trace of
    /// NaN draws without a crash; the terminal is restored at the end.
    func testFailedRerunsAndNaNTracesInATerminal() throws {
        try inTerminal { directory in
            try writeFile(directory, "fragile.lua", """
            local sk = require "springkit"
            local d = sk.param("damping", 0.5, {min = 0, max = 1, step = 0.1})
            if d > 0.65 then error("damping " .. d .. " is too high\\nsecond line") end
            local tr = sk.trace{"x"}
            for f = 0, 30 do tr:add(f, f / 60, 0, d > 0.55 and 0/0 or (f % 2 == 0 and 1e308 or -1e308)) end
            sk.metric("m", d > 0.55 and 0/0 or 1)
            return tr
            """)
            let session = "fragile"
            let command = "cd '\(directory.path)'; before=$(stty -g); '\(Simrun.executable.path)' tune fragile.lua; "
                + "status=$?; if [ \"$before\" = \"$(stty -g)\" ]; then modes=restored; else modes=CHANGED; fi; "
                + "clear; echo \"STATUS=$status MODES=$modes\"; sleep 60"
            _ = try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30", "sh", "-c", command])
            _ = try waitForScreen(session, containing: "> damping  0.5 ")
            _ = try tmux(["send-keys", "-t", session, "Right"])
            _ = try waitForScreen(session, containing: "m nan")
            _ = try tmux(["send-keys", "-t", session, "Right"])
            let failed = try waitForScreen(session, containing: "damping = 0.7 failed (kept 0.6): fragile.lua:3: damping 0.7 is too high | second line")
            XCTAssertTrue(failed.contains("> damping  0.6 "), "the values of the last good run: \(failed)")
            _ = try tmux(["send-keys", "-t", session, "q"])
            let end = try waitForScreen(session, containing: "STATUS=")
            XCTAssertTrue(end.contains("STATUS=0 MODES=restored"), end)
        }
    }

    /// `s` writes `out/NAME.params` in the current directory (not beside the script), or the
    /// file `--save` names; at 80 × 24 the header shows every key.
    func testSaveInATerminal() throws {
        try inTerminal { directory in
            try writeFile(directory, "scripts/menu.lua", try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua"), encoding: .utf8))
            for (extra, saved) in [("", "out/menu.params"), (" --save picked/tuned.params", "picked/tuned.params")] {
                let session = "save\(saved.count)"
                let command = "cd '\(directory.path)'; '\(Simrun.executable.path)' tune scripts/menu.lua\(extra); sleep 60"
                _ = try tmux(["new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh", "-c", command])
                let screen = try waitForScreen(session, containing: "> damping      0.5 ")
                for hint in TuneScreen.keyHints { XCTAssertTrue(screen.contains(hint), "\(hint) at 80 × 24:\n\(screen)") }
                _ = try tmux(["send-keys", "-t", session, "Right", "s"])
                _ = try waitForScreen(session, containing: "saved \(saved) ")
                let text = try String(contentsOf: directory.appendingPathComponent(saved), encoding: .utf8)
                XCTAssertTrue(text.hasPrefix("# saved by simrun tune for scripts/menu.lua\ndamping=0.55\n"), text)
                _ = try tmux(["send-keys", "-t", session, "q"])
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("scripts/menu.params").path),
                           "nothing is saved into the source tree beside the script")
        }
    }

    func testRenderingSurvivesNaNInfinitiesAndHugeValues() throws {
        var s = try state()
        for values in [[Double.nan, .nan], [1e308, -1e308, 1e308], [.infinity, 0, -.infinity], [Double.greatestFiniteMagnitude, -.greatestFiniteMagnitude]] {
            s.run.series = [("x", values)]
            s.run.times = values.indices.map(Double.init)
            s.saved = s.run
            s.comparing = true
            s.playbackFrame = Int.max / 2
            let lines = TuneScreen.render(s, columns: 80, rows: 24)
            XCTAssertEqual(lines.count, 24)
            XCTAssertTrue(lines.allSatisfy { $0.count == 80 }, "\(values)")
        }
        var canvas = BrailleCanvas(columns: 4, rows: 2)
        canvas.line(-30, 3, 50, 3)
        XCTAssertTrue((0..<8).allSatisfy { canvas.isSet($0, 3) }, "a long line is clipped to the canvas, every dot of its row set")
        var huge = BrailleCanvas(columns: 4, rows: 2)
        huge.line(-1e300, 5, 1e300, 5)
        huge.line(.nan, 0, 1, 1)
        huge.line(0, 0, .infinity, 1)
        huge.line(0, -.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude)
        XCTAssertFalse((0..<8).contains { huge.isSet($0, 0) || huge.isSet($0, 1) }, "no dot from the NaN or infinite lines")
    }

    func testWithoutATerminalItExitsTwo() throws {
        let result = try Simrun.run(["tune", repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("tune needs a terminal"), result.stderr)
    }
}
