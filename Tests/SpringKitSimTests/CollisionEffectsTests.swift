import XCTest
@testable import SpringKitSupport
@testable import SpringKitTrace
@testable import SpringKitReport
@testable import SpringKitScripting

/// The collision effects of docs/effects.md (bounce-in alert, Newton's cradle, ball pit): each
/// script's physical facts, read from the engine's run (metrics and trace), not from a golden;
/// and the collision overlay a report frame draws with `collisions = w`.
final class CollisionEffectsTests: XCTestCase {
    private func run(_ name: String, preset: String? = nil, _ overrides: [String] = []) throws -> ScriptRun {
        try runShippedScript(name, preset: preset, overrides)
    }

    private func metric(_ run: ScriptRun, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try requiredMetric(run, name, file: file, line: line)
    }

    private func assertExpectationsHold(_ result: ScriptRun, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let trace = try XCTUnwrap(result.trace, name, file: file, line: line)
        XCTAssertGreaterThanOrEqual(result.expectations.count, 2, name, file: file, line: line)
        for expectation in result.expectations {
            let outcome = expectation.evaluate(trace)
            XCTAssertTrue(outcome.passed, "\(name): \(expectation.name): \(outcome.reason ?? "")", file: file, line: line)
        }
        for row in 1..<trace.rowCount {
            let previous = (trace.value(row: row - 1, column: 0), trace.value(row: row - 1, column: 2))
            let current = (trace.value(row: row, column: 0), trace.value(row: row, column: 2))
            XCTAssertTrue(previous.0 < current.0 || (previous.0 == current.0 && previous.1 < current.1), "\(name): row \(row)", file: file, line: line)
        }
    }

    /// A dropped alert bounces with the restitution it was given: each apex is about e² of the
    /// fall before it (the first: e² × the drop, less what resistance takes), every bounce is
    /// lower than the last, it rests on the line, and it never gets through it. Without
    /// elasticity it does not bounce at all; with more it bounces higher.
    func testBounceInAlertBouncesLowerEachTimeAndRestsOnTheLine() throws {
        let alert = try run("bouncealert")
        try assertExpectationsHold(alert, "bouncealert")
        XCTAssertEqual(try metric(alert, "rested"), 1)
        let drop = 500.0, e = 0.4
        let first = try metric(alert, "first bounce"), second = try metric(alert, "second bounce")
        XCTAssertGreaterThanOrEqual(try metric(alert, "bounces"), 2)
        XCTAssertEqual(first, e * e * drop, accuracy: 0.1 * e * e * drop, "the first apex is e² of the drop")
        XCTAssertEqual(second, e * e * first, accuracy: 0.5 * e * e * first, "the second is about e² of the first (the restitution threshold and resistance take a little more)")
        XCTAssertLessThan(second, first)
        XCTAssertLessThan(abs(try metric(alert, "gap at rest")), 1, "at rest on the line")
        XCTAssertLessThan(try metric(alert, "deepest past the line"), (2 * 1000 * drop).squareRoot() / 120, "never a sub-step's travel past the line")
        XCTAssertEqual(try metric(alert, "end x"), 187.5, accuracy: 0.01, "a flat landing does not push it sideways")

        // Against a boundary Box2D takes the larger restitution, and UIKit's boundaries have 0.2:
        // elasticity 0 bounces exactly as 0.2 does, about 0.2² of the drop.
        let dead = try run("bouncealert", ["elasticity=0"]), uikit = try run("bouncealert", preset: "uikit")
        XCTAssertEqual(try metric(dead, "first bounce"), try metric(uikit, "first bounce"))
        XCTAssertEqual(try metric(dead, "first bounce"), 0.04 * drop, accuracy: 0.25 * 0.04 * drop)
        XCTAssertLessThan(abs(try metric(dead, "gap at rest")), 1)
        let lively = try run("bouncealert", preset: "lively")
        XCTAssertGreaterThan(try metric(lively, "first bounce"), 2 * first, "elasticity 0.7 rises about three times as high as 0.4")
    }

    /// The cradle passes the momentum through: the last ball leaves with nearly all of it and the
    /// middle ones stay put; energy is never made. With inelastic balls the row moves together
    /// instead, and the last ball goes nowhere near as far.
    func testNewtonsCradlePassesTheMomentumThroughTheRow() throws {
        let cradle = try run("cradle")
        try assertExpectationsHold(cradle, "cradle")
        let pulled = try metric(cradle, "pulled aside")
        XCTAssertEqual(pulled, 100 * sin(40 * Double.pi / 180), accuracy: 1e-3)
        XCTAssertGreaterThan(try metric(cradle, "last ball's first swing"), 0.9 * pulled)
        XCTAssertLessThan(try metric(cradle, "middle balls' largest swing"), 0.1 * pulled)
        let e0 = try metric(cradle, "energy at release")
        XCTAssertLessThanOrEqual(try metric(cradle, "highest energy"), e0 * 1.005, "no energy from nowhere")
        XCTAssertLessThan(try metric(cradle, "energy at the end"), e0)
        // Energy at release: m g L (1 − cos θ) for the pulled ball, 0.36 kg, 10 m/s², 1 m.
        XCTAssertEqual(e0, 0.36 * 10 * 1 * (1 - cos(40 * Double.pi / 180)) * 1000, accuracy: 0.5)

        let soft = try run("cradle", ["elasticity=0.3"])
        XCTAssertLessThan(try metric(soft, "last ball's first swing"), 0.6 * pulled, "inelastic balls share the momentum")
        XCTAssertGreaterThan(try metric(soft, "middle balls' largest swing"), 0.1 * pulled, "and the middle ones move")
    }

    /// The script's pit (150 items: the debug build is slow): nothing leaves
    /// the container, and the pile comes to rest after the finger lifts (no item faster than
    /// 5 pt/s; the animator's pause is not asked for: docs/effects.md, a creeping ellipse).
    func testBallPitKeepsEveryItemInTheContainerAndComesToRest() throws {
        let pit = try run("ballpit", [])
        try assertExpectationsHold(pit, "ballpit")
        XCTAssertEqual(try metric(pit, "items"), 150)
        XCTAssertEqual(try metric(pit, "outside at the end"), 0)
        XCTAssertEqual(try metric(pit, "moving at the end"), 0)
        XCTAssertGreaterThan(try metric(pit, "pile height"), 8, "the items lie on the floor")
        let trace = try XCTUnwrap(pit.trace)
        XCTAssertEqual(trace.column(trace.columnIndex("outside")!).max(), 0, "no item leaves at any frame")
    }

    /// `rep:frame{collisions = w}`: the boundaries first (a line as a line, a chain as a closed
    /// path), then the frame's own shapes, then a dot per contact point; the encoder writes them
    /// in its existing kinds, and a frame without the field is as before.
    func testAReportFrameDrawsBoundariesAndContactPoints() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runLuaChecks("""
        local w = sk.world()
        local box = w:add_item{x = 100, y = 290, width = 40, height = 20}
        w:gravity{items = {box}}
        w:collision{items = {box}, boundaries = {{id = "floor", from = {0, 300}, to = {200, 300}},
                                                 {id = "cup", path = {{300, 100}, {300, 200}, {400, 200}}}}}
        local rep = sk.report{viewport = {400, 400}}
        w:step_frames(30)
        rep:frame{t = w.time, shapes = {{circle = {1, 2, 3}}}, collisions = w}
        rep:frame{t = w.time, shapes = {{circle = {1, 2, 3}}}}
        return {report = rep}
        """, in: directory)
        let report = try XCTUnwrap(result.report)
        let drawn = report.frames[0].shapes
        XCTAssertEqual(drawn.count, 2 + 1 + 2, "two boundaries, the script's circle, two contact points of a box flat on a line")
        XCTAssertEqual(drawn[0].geometry, .line(from: SIMD2(0, 300), to: SIMD2(200, 300)))
        XCTAssertFalse(drawn[0].filled)
        guard case .path(let elements, let origin) = drawn[1].geometry else { return XCTFail("the chain is a path") }
        XCTAssertEqual(origin, .zero)
        XCTAssertEqual(elements.first, .move(SIMD2(300, 100)))
        XCTAssertEqual(elements.last, .close, "a chain boundary is a loop")
        XCTAssertEqual(drawn[2].geometry, .circle(center: SIMD2(1, 2), radius: 3))
        for dot in drawn[3...] {
            guard case .circle(let c, let r) = dot.geometry else { return XCTFail("a contact is a dot") }
            XCTAssertEqual(r, ReportData.CollisionStyle.contactRadius)
            XCTAssertEqual(c.y, 300, accuracy: 1, "on the floor")
            XCTAssertEqual(abs(c.x - 100), 20, accuracy: 0.5, "under the box's corners")
        }
        XCTAssertEqual(report.frames[1].shapes, [drawn[2]], "without `collisions` the frame holds its own shapes only")
        let json = ReportShapesEncoding.json(report)
        XCTAssertTrue(json.contains("[\"l\",\(ReportData.CollisionStyle.boundaryColor),1,0,2,0,0,0,300,200,300]"), json)
        XCTAssertTrue(json.contains("[\"z\"]"))
    }
}
