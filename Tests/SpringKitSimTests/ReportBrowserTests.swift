import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting

/// Opens the rubber menu's HTML report in headless Chromium (when installed; CI installs it),
/// takes a screenshot mid-run, and reads the drawn pixels back through the page's probe.
final class ReportBrowserTests: XCTestCase {
    static func chromium() throws -> String {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
                          "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        throw unavailable("Chromium is not installed (tools/install-deps --ci installs it)")
    }

    static func browse(_ browser: String, _ arguments: [String]) throws -> String {
        try runTool(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments).stdout
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
                throw UnavailableInCI(reason: "no probe in the page: \(dom.prefix(300))")
            }
            return try JSONDecoder().decode(Probe.self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
        }
        // Mid-drag the stretch is 600/36 pt: the middle of the top edge sits lower than its ends.
        let moving = try probe(frame: 20, cell: 2)
        XCTAssertEqual(moving.stretch, 600.0 / 36, accuracy: 0.5 / ReportEncoding.quantum)
        XCTAssertTrue(moving.rows.allSatisfy { $0 >= 0 }, "\(moving.rows)")
        XCTAssertGreaterThanOrEqual(moving.rows[1] - moving.rows[0], 4, "curved edge: \(moving.rows)")
        XCTAssertLessThanOrEqual(abs(moving.rows[2] - moving.rows[0]), 1, "the curve ends level: \(moving.rows)")
        // At rest the edge is flat.
        let still = try probe(frame: 0, cell: 2)
        XCTAssertEqual(still.stretch, 0)
        XCTAssertLessThanOrEqual(abs(still.rows[1] - still.rows[0]), 1, "flat edge: \(still.rows)")
    }
}

/// The page's decoder, run in headless Chromium, gives back every frame of the report:
/// the same cells in the same order, geometry within half a quantum, exact times and offsets.
final class ReportDecodingBrowserTests: XCTestCase {
    func assertDecodes(_ report: ReportData, frames: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let browser = try ReportBrowserTests.chromium()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("report.html")
        try AtomicFile.write(HTMLReport.bytes(report), to: page.path)
        let list = frames.map(String.init).joined(separator: ",")
        let dom = try ReportBrowserTests.browse(browser, ["--dump-dom", page.absoluteString + "?dump=\(list)"])
        guard let start = dom.range(of: "<pre id=\"dump\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            return XCTFail("no dump in the page", file: file, line: line)
        }
        let text = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        let decoded = try XCTUnwrap(NumberTree.parse(text)?.list, file: file, line: line).map { try XCTUnwrap($0.list) }
        XCTAssertEqual(decoded.count, frames.count, file: file, line: line)
        let half = 0.5 / ReportEncoding.quantum + 1e-12
        for (k, got) in zip(frames, decoded) {
            let want = report.frames[k]
            XCTAssertEqual(got[0].number, want.t, "frame \(k) t", file: file, line: line)
            XCTAssertEqual(got[1].number, want.offset.x, "frame \(k) offset", file: file, line: line)
            XCTAssertEqual(got[2].number, want.offset.y, "frame \(k) offset", file: file, line: line)
            let cells = try XCTUnwrap(got[3].list, file: file, line: line).map { try XCTUnwrap($0.list).map { try XCTUnwrap($0.number) } }
            XCTAssertEqual(cells.count, want.cells.count, "frame \(k) cells", file: file, line: line)
            for (c, cell) in zip(cells, want.cells) {
                XCTAssertEqual(Int(c[0]), cell.id, "frame \(k)", file: file, line: line)
                for (value, exact) in zip(c[1...5], [cell.x, cell.y, cell.width, cell.height, cell.stretch]) {
                    XCTAssertEqual(value, exact, accuracy: half, "frame \(k) cell \(cell.id)", file: file, line: line)
                }
                XCTAssertEqual(UInt32(c[6]), cell.color, "frame \(k) cell \(cell.id)", file: file, line: line)
            }
        }
    }

    func testShippedReportsDecode() throws {
        for script in ["rubbermenu", "dotart", "gallery"] {
            var options = ScriptOptions()
            options.output = nil
            let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/\(script).lua").path, options: options)
            let report = try XCTUnwrap(run.report)
            let n = report.frames.count
            // Forward, then back across checkpoints (every 16 frames), then forward again.
            try assertDecodes(report, frames: [0, 1, 2, n / 2, n - 1, 17, 16, 15, 3, n / 3, n - 1])
        }
    }

    /// Cells that appear, vanish, reorder, resize, recolour and jump; a title that tries to close the script.
    func testSeededRandomReportsDecode() throws {
        var random = SeededGenerator(seed: 18)
        var report = ReportData(title: "random </script> & <b>", viewport: SIMD2(320, 568), edgeInset: 35)
        var ids = Array(0..<30)
        for k in 0..<40 {
            if k % 7 == 3 { ids.shuffle(using: &random) }
            if k % 5 == 4 { ids = Array(ids.dropFirst(2)) + [100 + k, 1_000_000 + k] }
            let cells = ids.map { id -> ReportData.Cell in
                let moving = random.nextUnit() < 0.6
                let x = moving ? random.nextUnit() * 1e6 - 5e5 : Double(id)
                return ReportData.Cell(id: id, x: x, y: Double(k) * 3.3 + Double(id), width: id % 3 == 0 ? 130 : 8 + random.nextUnit(),
                                       height: 130, stretch: k % 4 == 0 ? random.nextUnit() * 70 - 35 : 0,
                                       color: id % 9 == 0 ? UInt32(random.next() & 0xFFFFFF) : 0x123456)
            }
            report.frames.append(ReportData.Frame(t: Double(k) / 60, offset: SIMD2(0, Double(k) * 1.5), cells: cells))
        }
        report.plots = [ReportData.Plot(name: "p<1>", unit: "pt", values: (0..<40).map { Double($0) / 7 })]
        try assertDecodes(report, frames: Array(0..<40) + [39, 5, 33, 16, 0])
        XCTAssertFalse(String(decoding: HTMLReport.bytes(report), as: UTF8.self).contains("random </script>"),
                       "the title cannot close a script element")
    }
}

/// Nested JSON arrays of numbers, parsed exactly (numbers read with `Double(String)`,
/// which rounds correctly; Foundation's JSON reader on Linux does not always).
indirect enum NumberTree {
    case number(Double), list([NumberTree])

    var number: Double? { if case .number(let v) = self { return v } else { return nil } }
    var list: [NumberTree]? { if case .list(let v) = self { return v } else { return nil } }

    static func parse(_ text: String) -> NumberTree? {
        var bytes = Array(text.utf8)[...]
        let tree = parse(&bytes)
        return bytes.isEmpty ? tree : nil
    }

    private static func parse(_ bytes: inout ArraySlice<UInt8>) -> NumberTree? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "[") {
            bytes.removeFirst()
            var items: [NumberTree] = []
            if bytes.first == UInt8(ascii: "]") { bytes.removeFirst(); return .list(items) }
            while true {
                guard let item = parse(&bytes) else { return nil }
                items.append(item)
                guard let next = bytes.popFirst() else { return nil }
                if next == UInt8(ascii: "]") { return .list(items) }
                guard next == UInt8(ascii: ",") else { return nil }
            }
        }
        let end = bytes.firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "]") } ?? bytes.endIndex
        let token = String(decoding: bytes[..<end], as: UTF8.self)
        bytes = bytes[end...]
        return Double(token).map(NumberTree.number)
    }
}
