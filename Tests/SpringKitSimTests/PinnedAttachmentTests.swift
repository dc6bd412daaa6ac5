import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitScripting

/// UIKit's rule that a rigid attachment with no length set whose anchor is closer than 1 pt to
/// its item's point becomes a revolute joint at the anchor (charon `UIDynamicAnimator.md` §6.2),
/// and that a length or frequency from or to 0 rebuilds it (§6.3).
final class PinnedAttachmentTests: XCTestCase {
    var directory: URL!
    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// A world without resistance whose gravity is 1000 pt/s² (UIKit's magnitude 1).
    private func world(gravity: SIMD2<Double> = SIMD2(0, 1000)) throws -> World {
        var configuration = WorldConfiguration()
        configuration.resistance = 0
        let world = try World(configuration: configuration)
        world.gravity = gravity
        return world
    }

    /// An item of `size` at `center` turned by `angle`, without angular resistance, under the
    /// world's gravity when `falls`.
    private func item(_ world: World, _ center: SIMD2<Double>, size: SIMD2<Double>, angle: Double = 0, falls: Bool = true) throws -> ItemID {
        let item = try world.addItem(center: center, size: size)
        var properties = try world.bodyProperties(item)
        properties.angularResistance = 0
        try world.setBodyProperties(item, properties)
        if angle != 0 { try world.setAngle(item, angle) }
        try world.setAffectedByGravity(item, falls)
        return item
    }

    /// Where the item's point at `local` (in its own axes) is now.
    private func point(_ world: World, _ item: ItemID, _ local: SIMD2<Double>) throws -> SIMD2<Double> {
        try world.position(item) + Vec2.rotate(Vec2.rotation(try world.angle(item)), local)
    }

    private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { Vec2.length(a - b) }

    // MARK: Which joint

    /// §6.2's measurement: item 100 × 100 at (100, 100) turned 0.3, anchor 0.5 pt off its
    /// centre: revolute, reference angle −0.299999982 (UIKit's float of −0.3).
    func testRigidAttachmentHalfAPointFromItsItemIsARevoluteJoint() throws {
        let w = try world(gravity: .zero)
        let box = try item(w, SIMD2(100, 100), size: SIMD2(100, 100), angle: 0.3, falls: false)
        let s = try w.attach(box, to: SIMD2(100.5, 100), SpringParameters(length: 0, damping: 0, frequency: 0))
        let pin = try XCTUnwrap(try w.pinnedJoint(s), "a rigid attachment 0.5 pt from its item is a revolute joint")
        XCTAssertEqual(pin.referenceAngle, -0.3, accuracy: 1e-6)
        XCTAssertEqual(pin.localAnchorB, SIMD2(100.5, 100))
        // Local anchor A: the anchor in the item's frame, (0.5, 0) turned back by 0.3.
        XCTAssertEqual(pin.localAnchorA.x, 0.5 * cos(0.3), accuracy: 1e-12)
        XCTAssertEqual(pin.localAnchorA.y, -0.5 * sin(0.3), accuracy: 1e-12)
        XCTAssertTrue(w.usesRigidSolver, "a pinned spring is solved by the rigid solver")
        try w.advance(steps: 1)
        if case .joint? = ItemMotion(rawValue: w.items.motion[try w.index(box)]) {} else { XCTFail("the pinned item is a joint item") }
    }

    /// Anything else stays a distance joint: 1.5 pt away, a length set, a frequency, two items.
    func testOtherAttachmentsStayDistanceJoints() throws {
        let w = try world(gravity: .zero)
        let box = try item(w, SIMD2(100, 100), size: SIMD2(100, 100), angle: 0.3, falls: false)
        let far = try w.attach(box, to: SIMD2(101.5, 100), SpringParameters(length: 0, damping: 0, frequency: 0))
        let long = try w.attach(box, to: SIMD2(100.5, 100), SpringParameters(length: 2, damping: 0, frequency: 0))
        let soft = try w.attach(box, to: SIMD2(100.5, 100), SpringParameters(length: 0, damping: 0.5, frequency: 2))
        let other = try item(w, SIMD2(100.5, 100), size: SIMD2(10, 10), falls: false)
        let joined = try w.connect(box, other, SpringParameters(length: 0, damping: 0, frequency: 0))
        for s in [far, long, soft, joined] { XCTAssertNil(try w.pinnedJoint(s), "\(s) is a distance joint") }
        XCTAssertFalse(w.usesRigidSolver, "no pin, no offset, no joint: the translational solver as before")
    }

    /// The offset turns with the item: the point compared with the anchor is centre + offset
    /// turned by the item's angle.
    func testTheOffsetIsTurnedWithTheItem() throws {
        let w = try world(gravity: .zero)
        let box = try item(w, SIMD2(200, 200), size: SIMD2(100, 50), angle: Double.pi / 2, falls: false)
        // Offset (40, 0) turned a quarter: (0, 40). Unturned it would be 40 pt off.
        let turned = try w.attach(box, offset: SIMD2(40, 0), to: SIMD2(200.3, 240.2), SpringParameters())
        let unturned = try w.attach(box, offset: SIMD2(40, 0), to: SIMD2(240, 200), SpringParameters())
        XCTAssertNotNil(try w.pinnedJoint(turned))
        XCTAssertNil(try w.pinnedJoint(unturned))
    }

    // MARK: What it does

    /// Pinned at an offset point, the item swings about the anchor: the point stays on it while
    /// the item turns.
    func testAnItemPinnedAtAnOffsetPointSwingsAboutTheAnchor() throws {
        let w = try world()
        let angle = 0.2, offset = SIMD2(-40.0, -10)
        let box = try item(w, SIMD2(200, 200), size: SIMD2(100, 50), angle: angle)
        let anchor = SIMD2(200, 200) + Vec2.rotate(Vec2.rotation(angle), offset)
        let s = try w.attach(box, offset: offset, to: anchor, SpringParameters())
        XCTAssertNotNil(try w.pinnedJoint(s))
        var worst = 0.0, turn = 0.0
        for _ in 0..<600 {
            try w.advance(steps: 1)
            worst = max(worst, distance(try point(w, box, offset), anchor))
            turn = max(turn, abs(try w.angle(box) - angle))
        }
        XCTAssertLessThan(worst, 0.05, "the pinned point stays on the anchor")
        XCTAssertGreaterThan(turn, 0.1, "the item swings about the anchor")
        print("pinned at an offset: the point within \(worst) pt of the anchor, turned up to \(turn) rad")
    }

    /// Half a point off, the item's point under the anchor when made is the one held.
    func testAnAnchorHalfAPointOffHoldsThePointUnderIt() throws {
        let w = try world()
        let box = try item(w, SIMD2(200, 200), size: SIMD2(100, 50))
        let anchor = SIMD2(160.3, 190.4)
        let s = try w.attach(box, offset: SIMD2(-40, -10), to: anchor, SpringParameters())
        let local = try XCTUnwrap(try w.pinnedJoint(s)).localAnchorA
        XCTAssertEqual(local.x, -39.7, accuracy: 1e-9); XCTAssertEqual(local.y, -9.6, accuracy: 1e-9)
        var worst = 0.0
        for _ in 0..<600 {
            try w.advance(steps: 1)
            worst = max(worst, distance(try point(w, box, local), anchor))
        }
        XCTAssertLessThan(worst, 0.05)
    }

    /// A rigid attachment of no length at the centre holds the centre on the anchor under a
    /// sideways push, without turning it.
    func testAPinAtTheCentreHoldsItUnderASidewaysPush() throws {
        let w = try world(gravity: .zero)
        let box = try item(w, SIMD2(100, 100), size: SIMD2(100, 100), falls: false)
        let s = try w.attach(box, to: SIMD2(100, 100), SpringParameters())
        XCTAssertNotNil(try w.pinnedJoint(s))
        var worst = 0.0
        for _ in 0..<600 {
            try w.applyForce(box, SIMD2(2 * World.forceUnitsPerNewton, 0))
            try w.advance(steps: 1)
            worst = max(worst, distance(try w.position(box), SIMD2(100, 100)))
        }
        XCTAssertLessThan(worst, 0.05, "the centre stays on the anchor")
        XCTAssertEqual(try w.angle(box), 0, accuracy: 1e-9, "a push at the centre does not turn it")
    }

    // MARK: Rebuilds and the spring calls

    /// A frequency from 0 to 2 rebuilds it as a soft distance joint: under gravity the item
    /// sags away from the anchor. Back to 0 (the item now away from it) it stays a distance joint.
    func testAFrequencyFromZeroMakesItASoftDistanceJoint() throws {
        let w = try world()
        let box = try item(w, SIMD2(100, 100), size: SIMD2(40, 40))
        let anchor = SIMD2(100.0, 100)
        let s = try w.attach(box, to: anchor, SpringParameters())
        try w.advance(steps: 60)
        XCTAssertLessThan(distance(try w.position(box), anchor), 0.05)
        try w.setParameters(s, SpringParameters(length: 0, damping: 0.3, frequency: 2))
        XCTAssertNil(try w.pinnedJoint(s))
        try w.advance(steps: 120)
        XCTAssertGreaterThan(distance(try w.position(box), anchor), 1, "a 2 Hz spring sags under gravity")
        try w.setParameters(s, SpringParameters(length: 0, damping: 0, frequency: 0))
        XCTAssertNil(try w.pinnedJoint(s), "made again away from its anchor: a distance joint")
    }

    /// A length from 0 rebuilds it as a distance joint; back to 0 on the anchor it is pinned
    /// again; a damping change alone keeps the pin (and its impulses).
    func testALengthFromAndToZeroDecidesAgain() throws {
        let w = try world()
        let box = try item(w, SIMD2(100, 100), size: SIMD2(40, 40))
        let s = try w.attach(box, to: SIMD2(100, 100), SpringParameters())
        try w.advance(steps: 10)
        let before = try XCTUnwrap(try w.pinnedJoint(s))
        XCTAssertNotEqual(before.impulse, .zero, "holding the item up: an impulse")
        try w.setParameters(s, SpringParameters(length: 0, damping: 0.7, frequency: 0))
        XCTAssertEqual(try w.pinnedJoint(s)?.impulse, before.impulse, "no rebuild")
        try w.setParameters(s, SpringParameters(length: 5, damping: 0, frequency: 0))
        XCTAssertNil(try w.pinnedJoint(s))
        try w.setParameters(s, SpringParameters(length: 0, damping: 0, frequency: 0))
        XCTAssertNotNil(try w.pinnedJoint(s))
    }

    /// Moving the anchor moves the revolute's world anchor: the item follows it; removing the
    /// spring lets the item fall.
    func testMovingTheAnchorAndRemovingThePin() throws {
        let w = try world()
        let box = try item(w, SIMD2(100, 100), size: SIMD2(40, 40))
        let s = try w.attach(box, to: SIMD2(100, 100), SpringParameters())
        try w.advance(steps: 10)
        try w.setAnchor(s, SIMD2(110, 100))
        XCTAssertEqual(try w.anchor(s), SIMD2(110, 100))
        XCTAssertEqual(try w.pinnedJoint(s)?.localAnchorB, SIMD2(110, 100))
        try w.advance(steps: 120)
        XCTAssertLessThan(distance(try w.position(box), SIMD2(110, 100)), 0.05)
        try w.removeSpring(s)
        XCTAssertThrowsError(try w.pinnedJoint(s))
        XCTAssertFalse(w.usesRigidSolver)
        try w.advance(steps: 60)
        XCTAssertGreaterThan(try w.position(box).y, 200, "free, it falls")
    }

    /// Switched off and on, a pinned spring restarts its impulses as a distance spring does
    /// (its revolute's warm start would otherwise carry the old ones); beside a world joint,
    /// removing that joint and then the item keeps the joints' records in step with the solver.
    func testSwitchingAPinOffAndOnRestartsItsImpulsesAndJointsStayInStep() throws {
        let w = try world()
        let box = try item(w, SIMD2(100, 100), size: SIMD2(40, 40))
        let other = try item(w, SIMD2(160, 100), size: SIMD2(40, 40))
        let joint = try w.addJoint(.pin(anchor: SIMD2(130, 100)), box, other)
        let s = try w.attach(box, to: SIMD2(100, 100), SpringParameters())
        try w.advance(steps: 10)
        XCTAssertNotEqual(try w.pinnedJoint(s)?.impulse, .zero, "holding two boxes up, the pin carries an impulse")
        try w.setEnabled(s, false)
        try w.setEnabled(s, true)
        let pin = try XCTUnwrap(try w.pinnedJoint(s))
        XCTAssertEqual(pin.impulse, .zero)
        XCTAssertEqual([pin.motorImpulse, pin.lowerImpulse, pin.upperImpulse], [0, 0, 0])
        try w.advance(steps: 10)
        try w.removeJoint(joint)
        try w.advance(steps: 10)
        XCTAssertLessThan(distance(try w.position(box), SIMD2(100, 100)), 0.05, "the pin still holds its box")
        XCTAssertGreaterThan(try w.position(other).y, 110, "the other box, no longer joined, falls")
        try w.removeItem(other)
        try w.advance(steps: 10)
        XCTAssertLessThan(distance(try w.position(box), SIMD2(100, 100)), 0.05)
    }

    /// The same through Lua: `w:attach` on the item's point pins it; `set_anchor`, `anchor`,
    /// `set_spring` and `remove_spring` work on it.
    func testTheLuaCallsOnAPinnedAttachment() throws {
        try runLuaChecks("""
        local w = sk.world{resistance = 0}
        local box = w:add_item{x = 200, y = 200, width = 100, height = 50}
        w:gravity{items = {box}}
        local s = w:attach(box, {anchor = {160, 190}, offset = {-40, -10}})
        for _ = 1, 60 do w:step() end
        local x, y = w:position(box)
        local a = w:angle(box)
        local px, py = x + math.cos(a) * -40 - math.sin(a) * -10, y + math.sin(a) * -40 + math.cos(a) * -10
        assert(math.abs(px - 160) < 0.05 and math.abs(py - 190) < 0.05, 'pinned: ' .. px .. ', ' .. py)
        assert(math.abs(a) > 0.1, 'it swings: ' .. a)
        w:set_anchor(s, 170, 190)
        local ax, ay = w:anchor(s); assert(ax == 170 and ay == 190)
        w:set_spring(s, {frequency = 2, damping = 0.3})
        assert(w:spring(s).frequency == 2)
        w:remove_spring(s)
        """, in: directory)
    }
}
