import XCTest
import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScenarios

/// Each layer throws its own error type, with a case that says what went wrong and the
/// message users read; every one is a `SpringKitError`.
final class DomainErrorTests: XCTestCase {
    private func assertThrows<E: SpringKitError & Equatable>(_ expected: E, _ message: String,
                                                             file: StaticString = #filePath, line: UInt = #line,
                                                             _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual(error as? E, expected, "\(type(of: error)): \(error)", file: file, line: line)
            XCTAssertEqual((error as? SpringKitError)?.description, message, file: file, line: line)
        }
    }

    func testTheWorldThrowsDynamicsErrors() throws {
        let world = try World()
        assertThrows(DynamicsError.unknownItem(ItemID(rawValue: 7)), "no item 7 in this world") {
            _ = try world.position(ItemID(rawValue: 7))
        }
        assertThrows(DynamicsError.invalidParameter("damping must be ≥ 0, got -1"), "damping must be ≥ 0, got -1") {
            try SpringParameters(damping: -1).validate()
        }
        XCTAssertTrue(DynamicsError.noAnchor(SpringID(rawValue: 1)).blamesArguments)
        XCTAssertFalse(DynamicsError.unsupportedByExactSolver("x").blamesArguments)
    }

    func testMotionThrowsMotionErrors() throws {
        let scroll = try ScrollView()
        assertThrows(MotionError.noFingerDown(step: nil), "no finger is down") {
            try scroll.moveTouch(to: SIMD2(1, 2))
        }
        var tracker = try VelocityTracker()
        try tracker.add(time: 1, position: .zero)
        assertThrows(MotionError.sampleTimeDecreased(time: 0.5, previous: 1),
                     "velocity sample times must not decrease (0.5 after 1)") {
            try tracker.add(time: 0.5, position: .zero)
        }
        assertThrows(MotionError.invalidParameter("columns must be > 0, got 0"), "columns must be > 0, got 0") {
            _ = try GridLayout(columns: 0, itemSize: SIMD2(1, 1))
        }
        assertThrows(MotionError.tooManyFrames(seconds: 1e300), "1e+300 s is more frames than can be counted") {
            _ = try DynamicAnimator().frames(in: 1e300)
        }
        var display = AnimatorConfiguration()
        display.frameDuration = 0
        assertThrows(MotionError.invalidParameter("frame must be a positive number of seconds, got 0"), "frame must be a positive number of seconds, got 0") {
            _ = try DynamicAnimator(configuration: display)
        }
        assertThrows(MotionError.invalidParameter("frame duration must be a finite number ≥ 0, got -1.0"), "frame duration must be a finite number ≥ 0, got -1.0") {
            try DynamicAnimator().advanceFrame(duration: -1)
        }
    }

    func testScenariosThrowScenarioErrors() throws {
        var selection = GallerySelection(count: 3)
        assertThrows(ScenarioError.indexOutOfRange(index: 3, count: 3), "index 3 is out of range 0…2") {
            try selection.tap(3)
        }
        let gallery = try Gallery()
        let count = gallery.selection.items.count
        assertThrows(ScenarioError.dragOutOfRange(source: -1, destination: 0, count: count),
                     "drag indices must be in 0…\(count - 1) (got -1 → 0)") {
            try gallery.drag(from: -1, to: 0, seconds: 0.1)
        }
        let art = try DotArt(seed: 1)
        assertThrows(ScenarioError.invalidSnapshot(count: art.count),
                     "a snapshot must list each of the \(art.count) identifiers once") {
            try art.apply(order: [0])
        }
        let menu = try RubberMenu()
        assertThrows(MotionError.noFingerDown(step: "drag"), "drag needs a finger down") {
            try menu.drag(by: SIMD2(0, 10), seconds: 0.1)
        }
    }
}
