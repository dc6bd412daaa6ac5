import XCTest
@testable import SpringKitScripting
@testable import SpringKitTools

final class SweepTests: XCTestCase {
    func testAxesFromTheCommandLine() throws {
        XCTAssertEqual(try Sweep.Axis(parsing: "damping=0.1:0.9:0.1").values, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
        XCTAssertEqual(try Sweep.Axis(parsing: "frequency=0.5:3:0.25").values.count, 11)
        XCTAssertEqual(try Sweep.Axis(parsing: "x=1:1:5").values, [1])
        for bad in ["damping", "damping=1:2", "damping=2:1:0.1", "damping=0:1:0", "damping=a:1:0.1", "damping=0:nan:1"] {
            XCTAssertThrowsError(try Sweep.Axis(parsing: bad), bad)
        }
        XCTAssertEqual(Sweep.grid([Sweep.Axis(name: "a", values: [1, 2]), Sweep.Axis(name: "b", values: [3, 4, 5])]).count, 6)
    }

    /// The heatmap's cell labels are dark on the light (yellow) end of the scale and white on
    /// the dark end, and each cell's label is drawn in the colour its fill asks for.
    func testHeatmapLabelsAreReadableOnTheirCells() {
        XCTAssertEqual(SVGHeatmap.labelColor(1), "#222")
        XCTAssertEqual(SVGHeatmap.labelColor(0.85), "#222")
        XCTAssertEqual(SVGHeatmap.labelColor(0), "#fff")
        XCTAssertEqual(SVGHeatmap.labelColor(0.3), "#fff")
        let svg = SVGHeatmap.render(xName: "damping", xValues: [0.1, 0.2], yName: nil, yValues: [], metricName: "m") { c, _ in Double(c) }
        XCTAssertTrue(svg.contains("fill=\"#222\" font-size=\"8\">1</text>"), svg)
        XCTAssertTrue(svg.contains("fill=\"#fff\" font-size=\"8\">0</text>"), svg)
    }

    func testEveryPointEqualsARunOfThatPointAlone() throws {
        let script = repositoryRoot.appendingPathComponent("scripts/rubbermenu.lua").path
        let axes = [Sweep.Axis(name: "damping", values: [0.2, 0.5, 0.9]), Sweep.Axis(name: "frequency", values: [0.8, 1.5, 3, 6])]
        let parallel = Sweep.run(script: script, axes: axes, base: ScriptOptions(), jobs: 2)
        let serial = Sweep.run(script: script, axes: axes, base: ScriptOptions(), jobs: 1)
        XCTAssertEqual(parallel.count, 12)
        for (k, point) in parallel.enumerated() {
            XCTAssertNil(point.failure)
            XCTAssertEqual(point.metrics, serial[k].metrics)
            var options = ScriptOptions()
            options.output = nil
            options.parameters.setOverride("damping", point.values[0])
            options.parameters.setOverride("frequency", point.values[1])
            let alone = try ScriptRunner.run(path: script, options: options)
            XCTAssertEqual(point.metrics, alone.metrics, "point \(point.values)")
        }
        XCTAssertEqual(Sweep.metric(parallel[0], named: "Peak_Stretch"), parallel[0].metrics.first { $0.name == "peak stretch" }?.value)
    }

    func testCommandLineWritesTableCSVAndHeatmap() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Simrun.run(["sweep", repositoryRoot.appendingPathComponent("scripts/spring.lua").path,
                                     "--param", "damping=0.2:0.8:0.3", "--param", "frequency=1:2:1", "--param", "seconds=2",
                                     "--metric", "overshoot_(x)", "--jobs", "2"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("damping     frequency   overshoot_x"), result.stdout)
        XCTAssertEqual(lines.count, 1 + 6 + 1)
        let values = lines[1...6].map { Double($0.split(separator: " ").last!)! }
        XCTAssertEqual(values, values.sorted(), "sorted by the metric")
        let csv = try String(contentsOf: directory.appendingPathComponent("out/spring-sweep.csv"), encoding: .utf8)
        XCTAssertEqual(csv.split(separator: "\n").count, 7)
        let svg = try String(contentsOf: directory.appendingPathComponent("out/spring-sweep.svg"), encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "<rect").count - 1, 6)
        XCTAssertEqual(try Simrun.run(["sweep", "nothing.lua", "--param", "a=1:2:1"], in: directory).status, 2)
        XCTAssertEqual(try Simrun.run(["sweep", repositoryRoot.appendingPathComponent("scripts/spring.lua").path, "--param", "bogus=1:2:1"], in: directory).status, 2)
    }
}
