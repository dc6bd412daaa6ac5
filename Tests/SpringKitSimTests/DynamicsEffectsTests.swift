import XCTest
@testable import SpringKitSupport
@testable import SpringKitTrace
@testable import SpringKitReport
@testable import SpringKitScripting

/// The five effects of "The rest of UIKit Dynamics" (docs/effects.md): each script runs, its
/// expectations hold, its trace rows come in (frame, id) order, and each shows at least one
/// property that only the physics gives (a tween or a teleport would fail it).
final class DynamicsEffectsTests: XCTestCase {
    static let scripts = ["swipecard", "snap", "pip", "pip_field", "dismiss", "chatheads"]

    private func run(_ name: String, preset: String? = nil, _ overrides: [String] = []) throws -> ScriptRun {
        try runShippedScript(name, preset: preset, overrides)
    }

    private func metric(_ run: ScriptRun, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try requiredMetric(run, name, file: file, line: line)
    }

    func testEachEffectRunsAndMeetsItsExpectations() throws {
        for name in Self.scripts {
            let result = try run(name)
            let trace = try XCTUnwrap(result.trace, name)
            XCTAssertGreaterThan(trace.rowCount, 60, name)
            XCTAssertGreaterThanOrEqual(result.expectations.count, 2, name)
            for expectation in result.expectations {
                let outcome = expectation.evaluate(trace)
                XCTAssertTrue(outcome.passed, "\(name): \(expectation.name): \(outcome.reason ?? "")")
            }
            // Rows in increasing (frame, id) order.
            for row in 1..<trace.rowCount {
                let previous = (trace.value(row: row - 1, column: 0), trace.value(row: row - 1, column: 2))
                let current = (trace.value(row: row, column: 0), trace.value(row: row, column: 2))
                XCTAssertTrue(previous.0 < current.0 || (previous.0 == current.0 && previous.1 < current.1), "\(name): row \(row)")
            }
            let report = try XCTUnwrap(result.report, name)
            XCTAssertEqual(report.frames.count, Set((0..<trace.rowCount).map { trace.value(row: $0, column: 0) }).count, name)
        }
    }

    /// The card hangs by the grabbed point: dragged by a point below its centre it turns, the
    /// other way for the other direction; a short slow drag snaps back straight; a slow one of
    /// the same length is no swipe.
    func testSwipeCardTurnsAboutTheGrabbedPointAndLeaves() throws {
        let right = try run("swipecard")
        XCTAssertEqual(try metric(right, "first drag swiped"), 0)
        XCTAssertEqual(try metric(right, "second drag swiped"), 1)
        XCTAssertEqual(try metric(right, "removed"), 1)
        let turnRight = try metric(right, "angle at release")
        XCTAssertGreaterThan(abs(turnRight), 0.1, "dragged by a point below its centre, the card turns")
        XCTAssertLessThan(try metric(right, "peak grip gap"), 2, "the grabbed point stays under the finger")
        XCTAssertEqual(try metric(right, "back x"), 187.5, accuracy: 1)
        XCTAssertEqual(try metric(right, "back angle"), 0, accuracy: 0.01)
        let left = try run("swipecard", ["swipe_dx=-120"])
        XCTAssertEqual(try metric(left, "second drag swiped"), 1)
        XCTAssertLessThan(turnRight * (try metric(left, "angle at release")), 0, "dragged the other way, it turns the other way")
        let slow = try run("swipecard", ["swipe_dx=40", "swipe_dy=-10", "swipe_time=1"])
        XCTAssertEqual(try metric(slow, "second drag swiped"), 0, "40 pt at 40 pt/s is neither far nor fast enough")
        XCTAssertEqual(try metric(slow, "removed"), 0)
    }

    /// The snap's corner springs turn the square on its way and straighten it at the point; it
    /// comes in along a line (no orbit), and a re-tap starts it from rest.
    func testSnapTurnsOnTheWayEndsStraightAndNeverOrbits() throws {
        let snap = try run("snap")
        XCTAssertEqual(try metric(snap, "rested"), 1)
        XCTAssertEqual(try metric(snap, "end x"), 250, accuracy: 1)
        XCTAssertEqual(try metric(snap, "end y"), 230, accuracy: 1)
        XCTAssertEqual(try metric(snap, "end angle"), 0, accuracy: 0.01)
        XCTAssertGreaterThan(try metric(snap, "largest angle"), 0.1, "UIKit's four corner springs turn the square while it travels")
        let trace = try XCTUnwrap(snap.trace)
        let distance = trace.column(trace.columnIndex("distance")!), lateral = trace.column(trace.columnIndex("lateral")!)
        XCTAssertGreaterThan(distance.max()!, 300)
        XCTAssertLessThan(lateral.max()!, distance.max()! / 6, "it never goes round its point")
        // Less damping, more swing past the point.
        let loose = try run("snap", ["damping=0.1"]), firm = try run("snap", ["damping=1"])
        XCTAssertGreaterThan(try metric(loose, "settle time"), try metric(firm, "settle time"))
    }

    /// The window goes to the corner the projection picks: two flicks from the same corner that
    /// project into different quarters end in different corners, each on its corner position.
    func testPictureInPictureGoesToTheProjectedCorner() throws {
        let pip = try run("pip")
        XCTAssertEqual(try metric(pip, "first corner"), 1, "up and left from the bottom right: top left")
        XCTAssertEqual(try metric(pip, "second corner"), 2, "right from the top left: top right")
        XCTAssertEqual(try metric(pip, "end x"), 375 - 23 - 43, accuracy: 1)
        XCTAssertEqual(try metric(pip, "end y"), 44 + 25 + 65, accuracy: 1)
        let down = try run("pip", ["flick_dx=0", "flick_dy=200", "flick_time=0.2"])
        XCTAssertEqual(try metric(down, "second corner"), 3, "down from the top left: bottom left")
        XCTAssertEqual(try metric(down, "end x"), 23 + 43, accuracy: 1)
        XCTAssertEqual(try metric(down, "end y"), 812 - 34 - 25 - 65, accuracy: 1)
        // The same drag, slower: projected short of the middle, it goes back to its corner.
        let slow = try run("pip", ["flick_time=1.5"])
        XCTAssertEqual(try metric(slow, "second corner"), 1)
        XCTAssertEqual(try metric(slow, "end x"), 23 + 43, accuracy: 1)
    }

    /// With spring fields the physics projects: the item coasts against the resistance and the
    /// quarter it is in when the pull wins decides its corner.
    func testSpringFieldsPullToTheQuarterTheThrowReaches() throws {
        let field = try run("pip_field")
        XCTAssertEqual(try metric(field, "first corner"), 3)
        XCTAssertEqual(try metric(field, "second corner"), 2)
        let up = try run("pip_field", ["flick_dx=0", "flick_dy=-400", "flick_time=0.4"])
        XCTAssertEqual(try metric(up, "second corner"), 4, "thrown up from the bottom right: top right")
        XCTAssertEqual(try metric(up, "end x"), 375 - 60, accuracy: 1)
        XCTAssertEqual(try metric(up, "end y"), 75, accuracy: 1)
        // A short flick does not leave its quarter: back to the same corner.
        let short = try run("pip_field", ["flick_dx=-40", "flick_dy=0", "flick_time=0.3"])
        XCTAssertEqual(try metric(short, "second corner"), 3)
    }

    /// The push acts at the grabbed point: the photo leaves spinning; a slow release is no throw.
    func testThrownPhotoSpinsOffAndIsDismissed() throws {
        let thrown = try run("dismiss")
        XCTAssertEqual(try metric(thrown, "thrown"), 1)
        XCTAssertGreaterThan(try metric(thrown, "release speed"), 800)
        XCTAssertLessThan(try metric(thrown, "dismissed after"), 0.6)
        XCTAssertGreaterThan(try metric(thrown, "spin after the throw"), 1, "an impulse off the centre spins the photo")
        XCTAssertGreaterThan(try metric(thrown, "turn while dragged"), 0.05, "held off centre, the photo turns as it is dragged")
        XCTAssertEqual(try metric(thrown, "density"), 0.5 * (320 * 480) / (375 * 250), accuracy: 1e-12)
        let slow = try run("dismiss", ["throw_time=1"])
        XCTAssertEqual(try metric(slow, "thrown"), 0)
        XCTAssertEqual(try metric(slow, "dismissed after"), -1)
    }

    /// The heads trail the one held and dock on the release side; softer links trail farther.
    func testChatHeadsTrailAndDockOnTheNearerEdge() throws {
        let heads = try run("chatheads")
        XCTAssertEqual(try metric(heads, "first edge"), -1)
        XCTAssertEqual(try metric(heads, "second edge"), 1)
        XCTAssertEqual(try metric(heads, "rested"), 1)
        XCTAssertGreaterThan(try metric(heads, "peak trail, first drag"), 30, "the last head lags behind the finger")
        let tight = try run("chatheads", preset: "tight"), loose = try run("chatheads", preset: "loose")
        XCTAssertLessThan(try metric(tight, "peak trail, first drag"), try metric(loose, "peak trail, first drag"))
        let single = try run("chatheads", ["heads=1"])
        XCTAssertEqual(try metric(single, "peak trail, first drag"), 0)
    }
}
