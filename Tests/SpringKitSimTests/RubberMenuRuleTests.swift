import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScenarios
@testable import SpringKitReport

/// VPRubberMenu's rules, pinned: resistance and clamp, culling, pre-offset, mask path, zIndex.
final class RubberMenuRuleTests: XCTestCase {
    func testResistanceAndClampTable() {
        // (delta, |touchY − anchorY|, expected shift); resistance 1100, clamp ±35.
        let table: [(Double, Double, Double)] = [
            (10, 0, 0),          // at the touch: r = 0, the item stays with the finger
            (10, 550, 5),        // half way: r = 0.5
            (10, 1100, 10),      // r = 1: the whole delta
            (10, 2200, 10),      // r = 2 is limited by delta itself (min)
            (-10, 550, -5),      // negative delta: max of the two
            (-10, 2200, -10),
            (50, 330, 15),       // r = 0.3
            (100, 550, 35),      // 50 clamped to 35
            (100, 2200, 35),     // both clamped
            (-100, 2200, -35),
            (-60, 330, -18),
            (-60, 1650, -35),    // −90 and −60 both clamp to −35
            (0, 500, 0),
        ]
        for (delta, distance, expected) in table {
            for touchAbove in [true, false] {
                let anchorY = 1000.0
                let touchY = touchAbove ? anchorY - distance : anchorY + distance
                let shift = RubberMenuLayout.resistedShift(delta: delta, touchY: touchY, anchorY: anchorY, resistance: 1100, maxStretch: 35)
                XCTAssertEqual(shift, expected, accuracy: 1e-12, "delta \(delta), distance \(distance)")
            }
        }
    }

    private func makeLayout(items: Int = 40) throws -> RubberMenuLayout {
        try RubberMenuLayout(constants: .init(), itemCount: items, width: 320, animator: try DynamicAnimator())
    }

    func testCullingAttachesExactlyTheItemsInTheInsetRect() throws {
        let layout = try makeLayout()
        var random = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let offset = random.nextUnit() * 7000 - 300
            let bounds = Rect(x: 0, y: offset, width: 320, height: 568)
            try layout.layoutPass(bounds: bounds, touchY: nil)
            let rect = bounds.outset(by: 100)
            let expected = (0..<40).filter { layout.flow.frame($0).intersects(rect) }
            XCTAssertEqual(Array(layout.attached), expected, "offset \(offset)")
            XCTAssertEqual(layout.world.springCount, expected.count)
            XCTAssertEqual(layout.world.itemCount, expected.count, "items without springs leave the world")
            for index in expected {
                let anchor = try layout.world.anchor(XCTUnwrap(layout.spring(at: index)))
                XCTAssertEqual(anchor, layout.flow.frame(index).center)
            }
        }
    }

    func testCullingBoundariesAreExclusive() throws {
        // Item 5 spans y 825…1090. The inset rect's top is offset − 100.
        let layout = try makeLayout()
        try layout.layoutPass(bounds: Rect(x: 0, y: 1190, width: 320, height: 568), touchY: nil)
        XCTAssertEqual(layout.attached.first, 6, "rect top 1090 touches item 5's bottom: not visible")
        try layout.layoutPass(bounds: Rect(x: 0, y: 1189.5, width: 320, height: 568), touchY: nil)
        XCTAssertEqual(layout.attached.first, 5)
    }

    func testNewlyVisibleItemsArePreOffsetWhileATouchIsKnown() throws {
        let layout = try makeLayout()
        try layout.layoutPass(bounds: Rect(x: 0, y: 0, width: 320, height: 568), touchY: 300)
        XCTAssertEqual(layout.attached, 0..<5)
        let touchY = 900.0
        try layout.boundsChanged(delta: 20, touchY: touchY)
        try layout.layoutPass(bounds: Rect(x: 0, y: 250, width: 320, height: 568), touchY: touchY)
        XCTAssertEqual(layout.attached, 0..<6)
        let anchor = layout.flow.frame(5).center
        let position = try layout.world.position(XCTUnwrap(layout.item(at: 5)))
        let expected = RubberMenuLayout.resistedShift(delta: 20, touchY: touchY, anchorY: anchor.y, resistance: 1100, maxStretch: 35)
        XCTAssertEqual(position.y, anchor.y + expected, accuracy: 1e-12)
        XCTAssertNotEqual(expected, 0)
        // Without a touch location the new item starts on its anchor.
        let still = try makeLayout()
        try still.layoutPass(bounds: Rect(x: 0, y: 0, width: 320, height: 568), touchY: nil)
        try still.boundsChanged(delta: 20, touchY: nil)
        try still.layoutPass(bounds: Rect(x: 0, y: 250, width: 320, height: 568), touchY: nil)
        XCTAssertEqual(try still.world.position(XCTUnwrap(still.item(at: 5))), still.flow.frame(5).center)
    }

    func testBoundsChangeShiftsAttachedItemsFromTheirLayoutCenters() throws {
        let layout = try makeLayout()
        try layout.layoutPass(bounds: Rect(x: 0, y: 0, width: 320, height: 568), touchY: nil)
        try layout.boundsChanged(delta: -30, touchY: 132.5)
        XCTAssertEqual(layout.latestDelta, -30)
        for index in layout.attached {
            let anchor = layout.flow.frame(index).center
            let expected = anchor.y + RubberMenuLayout.resistedShift(delta: -30, touchY: 132.5, anchorY: anchor.y, resistance: 1100, maxStretch: 35)
            XCTAssertEqual(try layout.world.position(XCTUnwrap(layout.item(at: index))).y, expected, accuracy: 1e-12)
        }
    }

    func testMaskPathControlPoints() {
        for stretch in [-35.0, 0, 35] {
            let path = RubberCellShape.maskPath(width: 320, height: 265, edgeInset: 35, stretch: stretch)
            XCTAssertEqual(path, [
                .move(SIMD2(0, 35)),
                .curve(to: SIMD2(320, 35), control1: SIMD2(160, 35 + stretch), control2: SIMD2(320, 35)),
                .line(SIMD2(320, 265)),
                .line(SIMD2(0, 265)),
                .close,
            ])
        }
        XCTAssertEqual(RubberCellShape.stretch(latestDelta: 50, displacement: 0, mode: .latestDelta, maxStretch: 35), 35)
        XCTAssertEqual(RubberCellShape.stretch(latestDelta: -50, displacement: 0, mode: .latestDelta, maxStretch: 35), -35)
        XCTAssertEqual(RubberCellShape.stretch(latestDelta: 50, displacement: -3, mode: .displacement, maxStretch: 35), -3)
    }

    func testCellsAreDrawnInZIndexOrder() throws {
        let menu = try RubberMenu(observer: ScenarioRecorder())
        try menu.touchDown(at: SIMD2(160, 300))
        try menu.drag(by: SIMD2(0, -300), seconds: 0.3)
        let cells = try menu.visibleCells()
        XCTAssertGreaterThan(cells.count, 3)
        for (a, b) in zip(cells, cells.dropFirst()) {
            XCTAssertLessThanOrEqual(a.center.y, b.center.y, "zIndex = center.y: lower cells are drawn later (on top)")
        }
    }

    func testStretchStaysAfterADragThatStopsWithoutAFling() throws {
        var configuration = RubberMenu.Configuration()
        let faithful = try RubberMenu(configuration: configuration, observer: ScenarioRecorder())
        try faithful.touchDown(at: SIMD2(160, 300))
        try faithful.drag(by: SIMD2(0, -100), seconds: 0.2)
        try faithful.wait(seconds: 1)
        XCTAssertEqual(try faithful.stretch(of: 2), 100.0 / 12, accuracy: 1e-9, "the original keeps the last delta")
        configuration.resetStretchWhenStill = true
        let reset = try RubberMenu(configuration: configuration, observer: ScenarioRecorder())
        try reset.touchDown(at: SIMD2(160, 300))
        try reset.drag(by: SIMD2(0, -100), seconds: 0.2)
        try reset.wait(seconds: 0.1)
        XCTAssertEqual(try reset.stretch(of: 2), 0)
    }
}
