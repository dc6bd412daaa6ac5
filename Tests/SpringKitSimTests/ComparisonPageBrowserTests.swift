import Foundation
import XCTest

/// A deliberately failing check (the rubber menu's gesture changed) leaves a comparison page;
/// headless Chromium opens it, takes a screenshot, and reads back the pixels under both runs'
/// points (when Chromium is installed; CI installs it).
final class ComparisonPageBrowserTests: XCTestCase {
    struct Probe: Decodable {
        var frame: Double
        var golden: Int
        var new: Int
        var goldenColours: [[Int]]
        var newColours: [[Int]]
    }

    func testComparisonPageShowsGoldenAndNewRunOverlaid() throws {
        let browser = try ReportBrowserTests.chromium()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua"), encoding: .utf8)
        try writeFile(directory, "scripts/rubbermenu.lua", source)
        XCTAssertEqual(try Simrun.run(["check", "scripts", "--update"], in: directory).status, 0)
        try writeFile(directory, "scripts/rubbermenu.lua", source.replacingOccurrences(of: "menu:drag(0, -600, 0.6)", with: "menu:drag(0, -590, 0.6)"))
        let failed = try Simrun.run(["check", "scripts"], in: directory)
        XCTAssertEqual(failed.status, 1, failed.stdout)
        let page = directory.appendingPathComponent("out/check/scripts-rubbermenu/compare.html")
        XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), failed.stdout)

        let screenshot = directory.appendingPathComponent("compare.png")
        _ = try ReportBrowserTests.browse(browser, ["--window-size=1100,800", "--screenshot=\(screenshot.path)", page.absoluteString + "?frame=45"])
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 10_000, "a screenshot was written")

        let dom = try ReportBrowserTests.browse(browser, ["--dump-dom", page.absoluteString + "?frame=45&probe=1"])
        guard let start = dom.range(of: "<pre id=\"probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            return XCTFail("no probe in the page")
        }
        let probe = try JSONDecoder().decode(Probe.self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
        XCTAssertEqual(probe.frame, 45, "?frame= picks the frame")
        XCTAssertGreaterThan(probe.golden, 0)
        XCTAssertGreaterThan(probe.new, 0)
        func near(_ colour: [Int], _ expected: [Int]) -> Bool { zip(colour, expected).allSatisfy { abs($0 - $1) <= 24 } }
        XCTAssertTrue(probe.goldenColours.contains { near($0, [31, 111, 209]) }, "golden points drawn in blue: \(probe.goldenColours)")
        XCTAssertTrue(probe.newColours.contains { near($0, [240, 138, 0]) }, "new-run points drawn in orange: \(probe.newColours)")
        // The divergence is plotted: the page carries one value per frame, some of them non-zero.
        let html = try String(contentsOf: page, encoding: .utf8)
        let divergence = try XCTUnwrap(html.range(of: "\"divergence\":[")).upperBound
        let values = html[divergence...].prefix { $0 != "]" }.split(separator: ",").compactMap { Double($0) }
        XCTAssertTrue(values.contains { $0 >= 10 }, "the ~15 pt divergence shows in the plot's data")
    }
}
