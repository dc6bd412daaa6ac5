import Foundation
import XCTest
@testable import SpringKitSim

/// Opens the rubber menu's HTML report in headless Chromium (when installed; CI installs it),
/// takes a screenshot mid-run, and reads the drawn pixels back through the page's probe.
final class ReportBrowserTests: XCTestCase {
    static func chromium() throws -> String {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
                          "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        throw XCTSkip("Chromium is not installed (tools/install-deps --ci installs it)")
    }

    static func browse(_ browser: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    struct Probe: Decodable { var id: Int; var stretch: Double; var rows: [Int] }

    func testCurvedTopEdgesAreDrawn() throws {
        let browser = try Self.chromium()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ScriptOptions()
        options.output = nil
        let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path, options: options)
        let page = directory.appendingPathComponent("rubbermenu.html")
        try AtomicFile.write(HTMLReport.render(try XCTUnwrap(run.report)), to: page.path)

        // A screenshot mid-drag, for people.
        let screenshot = directory.appendingPathComponent("mid-run.png")
        _ = try Self.browse(browser, ["--window-size=1100,800", "--screenshot=\(screenshot.path)", page.absoluteString + "?frame=20"])
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 10_000, "a screenshot was written")

        func probe(frame: Int, cell: Int) throws -> Probe {
            let dom = try Self.browse(browser, ["--dump-dom", page.absoluteString + "?frame=\(frame)&probe=\(cell)"])
            guard let start = dom.range(of: "<pre id=\"probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
                XCTFail("no probe in the page")
                throw XCTSkip("no probe")
            }
            return try JSONDecoder().decode(Probe.self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
        }
        // Mid-drag the stretch is 600/36 pt: the middle of the top edge sits lower than its ends.
        let moving = try probe(frame: 20, cell: 2)
        XCTAssertEqual(moving.stretch, 600.0 / 36, accuracy: 1e-9)
        XCTAssertTrue(moving.rows.allSatisfy { $0 >= 0 }, "\(moving.rows)")
        XCTAssertGreaterThanOrEqual(moving.rows[1] - moving.rows[0], 4, "curved edge: \(moving.rows)")
        XCTAssertLessThanOrEqual(abs(moving.rows[2] - moving.rows[0]), 1, "the curve ends level: \(moving.rows)")
        // At rest the edge is flat.
        let still = try probe(frame: 0, cell: 2)
        XCTAssertEqual(still.stretch, 0)
        XCTAssertLessThanOrEqual(abs(still.rows[1] - still.rows[0]), 1, "flat edge: \(still.rows)")
    }
}
