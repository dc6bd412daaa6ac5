import Foundation
import XCTest
@testable import SpringKitMotion

final class ScrollPhysicsTests: XCTestCase {
    func testRubberBandFormulaAndInverse() {
        XCTAssertEqual(ScrollPhysics.rubberBand(0, extent: 568), 0)
        let x = 100.0, c = 0.55, d = 568.0
        let expected: Double = (1 - 1 / (x * c / d + 1)) * d
        XCTAssertEqual(ScrollPhysics.rubberBand(x, extent: d), expected, accuracy: 1e-12)
        XCTAssertLessThan(ScrollPhysics.rubberBand(1e9, extent: 568), 568)
        for x in [0.5, 10, 300, 5000] {
            let shown = ScrollPhysics.rubberBand(x, extent: 568)
            XCTAssertEqual(ScrollPhysics.inverseRubberBand(shown, extent: 568), x, accuracy: 1e-7 * x)
        }
    }

    func testDecelerationMatchesPerMillisecondDecay() {
        // Multiplying by 0.998 once per millisecond for 250 ms.
        var v = 1000.0, x = 0.0
        for _ in 0..<250 { x += v * 0.001; v *= 0.998 }
        let closed = ScrollPhysics.decelerate(x0: 0, v0: 1000, rate: 0.998, time: 0.25)
        XCTAssertEqual(closed.v, v, accuracy: 1e-9)
        XCTAssertEqual(closed.x, x, accuracy: 0.2, "the closed form integrates continuously")
        XCTAssertEqual(ScrollPhysics.decelerationDistance(v0: 1000, rate: 0.998), 1000 / (1000 * -log(0.998)), accuracy: 1e-9)
    }

    func testDraggingPastTheTopRubberBands() throws {
        var configuration = ScrollView.Configuration()
        configuration.contentSize = SIMD2(320, 2000)
        let scroll = try ScrollView(configuration: configuration)
        try scroll.touchDown(at: SIMD2(160, 100))
        try scroll.moveTouch(to: SIMD2(160, 300))
        XCTAssertEqual(scroll.offset.y, -ScrollPhysics.rubberBand(200, extent: 568), accuracy: 1e-12)
        try scroll.release(fingerVelocity: .zero)
        XCTAssertEqual(scroll.phase, .bouncing)
        for _ in 0..<120 { scroll.advance(1.0 / 60) }
        XCTAssertEqual(scroll.phase, .idle)
        XCTAssertEqual(scroll.offset.y, 0)
    }

    /// After the finger lifts, the touch location stays where the finger was on screen and
    /// so moves with the offset in content coordinates (as `pan.location(in:)` does); the
    /// rubber menu's fling resistance is measured from it.
    func testTheLastTouchStaysOnScreenAndMovesWithTheOffset() throws {
        var configuration = ScrollView.Configuration()
        configuration.contentSize = SIMD2(320, 5000)
        let scroll = try ScrollView(configuration: configuration)
        try scroll.touchDown(at: SIMD2(160, 400))
        try scroll.moveTouch(to: SIMD2(160, 300))
        try scroll.release(fingerVelocity: SIMD2(0, -2000))
        let released = scroll.offset.y
        for _ in 0..<30 { scroll.advance(1.0 / 60) }
        XCTAssertGreaterThan(scroll.offset.y - released, 100, "the content flings on")
        XCTAssertEqual(scroll.fingerLocation, SIMD2(160, 300), "fixed on screen")
        XCTAssertEqual(scroll.touchLocation!.y, 300 + scroll.offset.y, accuracy: 1e-9, "moves with the offset in content coordinates")
    }
}
