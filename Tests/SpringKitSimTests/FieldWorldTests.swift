import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// Fields inside the world's step, against the host's measurements (charon
/// `UIFieldBehavior.md` §0, §10.2–§10.4): a 100 × 100 item (1 kg) at (300, 400), frames of 1/60.
final class FieldWorldTests: XCTestCase {
    private func world(resistance: Double = 0) throws -> (DynamicAnimator, ItemID) {
        var configuration = WorldConfiguration()
        configuration.resistance = resistance
        let animator = try DynamicAnimator(world: World(configuration: configuration))
        let item = try animator.world.addItem(center: SIMD2(300, 400), size: SIMD2(100, 100))
        return (animator, item)
    }

    /// §0: a drag field evaluated once per sub-step: 100 pt/s becomes 97.5411453 after frame 1.
    func testDragIsEvaluatedEverySubStep() throws {
        let (a, item) = try world()
        try a.world.setVelocity(item, SIMD2(100, 0))
        try a.world.addField(.drag(), items: [item])
        try a.advanceFrame()   // one sub-step
        try a.advanceFrame()   // two more
        XCTAssertEqual(try a.world.velocity(item).x, 97.5411453, accuracy: 1e-4)
    }

    /// §10.3: a velocity field replaces the velocity; damping still applies after.
    func testVelocityFieldReplacesTheVelocityThenDamps() throws {
        let (a, item) = try world(resistance: 0.1)
        try a.world.setVelocity(item, SIMD2(-500, 20))
        try a.world.addField(try .velocity(direction: SIMD2(30, 40)), items: [item])
        try a.advanceFrame()
        XCTAssertEqual(try a.world.velocity(item).x, 2997.50195, accuracy: 2e-4)
        XCTAssertEqual(try a.world.velocity(item).y, 4000 / (1 + WorldConfiguration.uikitStep * 0.1), accuracy: 1e-9)
    }

    /// §10.4: a field acts only on its own items; an item in two fields gets the sum.
    func testFieldsActOnTheirOwnItemsAndAdd() throws {
        let (a, item) = try world()
        let other = try a.world.addItem(center: SIMD2(0, 0), size: SIMD2(100, 100))
        try a.world.addField(try .linearGravity(direction: SIMD2(1, 0)), items: [item])
        try a.world.addField(try .linearGravity(direction: SIMD2(0, 2)), items: [item])
        try a.advanceFrame()
        XCTAssertEqual(try a.world.velocity(item).x, 0.8333, accuracy: 1e-4)
        XCTAssertEqual(try a.world.velocity(item).y, 1.6667, accuracy: 1e-4)
        XCTAssertEqual(try a.world.velocity(other), .zero)
    }

    /// §10.4: an anchored item is not moved; removing the field stops it acting.
    func testAnchoredItemsStayAndRemovedFieldsStop() throws {
        let (a, item) = try world()
        var p = try a.world.bodyProperties(item); p.isAnchored = true
        try a.world.setBodyProperties(item, p)
        let field = try a.world.addField(try .linearGravity(direction: SIMD2(3, 4)), items: [item])
        try a.advanceFrames(3)
        XCTAssertEqual(try a.world.position(item), SIMD2(300, 400))
        p.isAnchored = false
        try a.world.setBodyProperties(item, p)
        try a.advanceFrame()
        let moved = try a.world.velocity(item)
        XCTAssertGreaterThan(moved.y, 0)
        try a.world.removeField(field)
        try a.advanceFrame()
        XCTAssertEqual(try a.world.velocity(item), moved, "no field, no resistance: the velocity stays")
    }
}
