import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// The rigid solver's attachments against Box2D 2.4.1 run as UIKit runs Box2D: in metres at
/// 100 pt/m with UIKit's clock (bench/box2d_joints.cpp), gravity 1000 pt/s², 600 sub-steps.
/// Box2D works in `float`; the differences printed are this engine's distance from it.
final class JointPeerTests: XCTestCase {
    static let frames = 301   // 601 sub-steps

    private func peer(_ scene: String, linear: Double = 0, angular: Double = 0) throws -> [[Double]] {
        try Box2DPeerTests.peerRows("box2d_joints", [scene, String(Self.frames), String(linear), String(angular)])
    }

    /// A world with gravity 1000 pt/s² on `items` and damping 0.
    private func world() throws -> DynamicAnimator {
        var configuration = WorldConfiguration()
        configuration.resistance = 0
        let animator = try DynamicAnimator(world: World(configuration: configuration))
        animator.world.gravity = SIMD2(0, 1000)
        return animator
    }

    private func box(_ a: DynamicAnimator, _ x: Double, _ y: Double, _ w: Double, _ h: Double) throws -> ItemID {
        let item = try a.world.addItem(center: SIMD2(x, y), size: SIMD2(w, h))
        var p = try a.world.bodyProperties(item)
        p.angularResistance = 0
        try a.world.setBodyProperties(item, p)
        try a.world.setAffectedByGravity(item, true)
        return item
    }

    /// Runs the scene here and compares every frame; returns the largest position (pt) and
    /// angle (rad) differences.
    @discardableResult
    private func compare(_ scene: String, _ a: DynamicAnimator, _ items: [ItemID], positionTolerance: Double,
                         angleTolerance: Double, relative: Double = 0, damping: (linear: Double, angular: Double) = (0, 0),
                         file: StaticString = #filePath, line: UInt = #line) throws -> (Double, Double) {
        let reference = try peer(scene, linear: damping.linear, angular: damping.angular)
        XCTAssertEqual(reference.count, Self.frames, file: file, line: line)
        var worst = (0.0, 0.0)
        for (frame, expected) in reference.enumerated() {
            try a.advanceFrame()
            for (k, item) in items.enumerated() {
                let p = try a.world.position(item), angle = try a.world.angle(item)
                let dp = ((p - SIMD2(expected[3 * k], expected[3 * k + 1])) * (p - SIMD2(expected[3 * k], expected[3 * k + 1]))).sum().squareRoot()
                worst = (max(worst.0, dp), max(worst.1, abs(angle - expected[3 * k + 2])))
                // Box2D keeps positions and angles in float: its rounding grows with their size.
                let size = (expected[3 * k] * expected[3 * k] + expected[3 * k + 1] * expected[3 * k + 1]).squareRoot()
                if dp > positionTolerance + relative * size || abs(angle - expected[3 * k + 2]) > angleTolerance + relative * abs(expected[3 * k + 2]) {
                    XCTFail("\(scene) frame \(frame + 1) item \(k): (\(p), \(angle)) against Box2D \(expected[(3 * k)...(3 * k + 2)])", file: file, line: line)
                    return worst
                }
            }
        }
        print("Box2D peer, \(scene): worst difference over \(2 * Self.frames - 1) sub-steps \(worst.0) pt, \(worst.1) rad")
        return worst
    }

    func testPinnedPendulum() throws {
        let a = try world()
        let item = try box(a, 200, 100, 40, 40)
        try a.world.addJoint(.pin(anchor: SIMD2(100, 100)), item, nil)
        try compare("pin", a, [item], positionTolerance: 0.05, angleTolerance: 1e-3)
    }

    func testRigidAttachmentAtAnOffsetSwingsAndTurns() throws {
        try hangAtAnOffset("offset-rigid", damping: 0, frequency: 0)
    }

    func testWeldedPairOnAPin() throws {
        let a = try world()
        let first = try box(a, 100, 100, 40, 40), second = try box(a, 140, 120, 40, 40)
        // Box2D solves an island's joints in the order its island search meets them: from the
        // newest body, the weld first, then the pin. Made in that order here, the two solvers
        // take the same Gauss-Seidel order (the other order drifts 0.025 pt by frame 17).
        try a.world.addJoint(.fixed(anchor: SIMD2(120, 100)), first, second)
        try a.world.addJoint(.pin(anchor: SIMD2(60, 100)), first, nil)
        try compare("weld", a, [first, second], positionTolerance: 0.05, angleTolerance: 1e-3)
    }

    func testSlidingAttachmentWithARange() throws {
        let a = try world()
        let item = try box(a, 100, 100, 40, 40)
        try a.world.setVelocity(item, SIMD2(300, 0))
        let joint = try a.world.addJoint(.sliding(anchor: SIMD2(100, 100), axis: SIMD2(1, 1)), item, nil)
        try a.world.setJointRange(joint, -50...80)
        try compare("sliding", a, [item], positionTolerance: 0.05, angleTolerance: 1e-3)
        let p = try a.world.position(item)
        XCTAssertEqual(p.x - 100, p.y - 100, accuracy: 1e-6, "it stays on its axis")
        XCTAssertLessThanOrEqual((p.x - 100) * 2.squareRoot(), 80.5, "and within its range")
    }

    func testLimitAttachmentHoldsAtMostItsLength() throws {
        let a = try world()
        let first = try box(a, 150, 100, 40, 40), second = try box(a, 250, 100, 40, 40)
        try a.world.addJoint(.pin(anchor: SIMD2(100, 100)), first, nil)
        try a.world.addJoint(.limit(offsetA: .zero, offsetB: .zero), first, second)
        // Box2D 2.4.1 has no rope joint: its peer is a distance joint with minLength 0, whose
        // rows differ from 2.2.1's rope; the bound is looser for that.
        try compare("limit", a, [first, second], positionTolerance: 1, angleTolerance: 0.02)
    }

    /// A spring on the rigid solver follows its anchor as soon as it is moved (no re-classification).
    func testMovingTheAnchorOfAnOffsetSpringMovesItsItem() throws {
        let a = try world()
        a.world.gravity = .zero
        let card = try a.world.addItem(center: SIMD2(100, 100), size: SIMD2(100, 60))
        let s = try a.world.attach(card, offset: SIMD2(20, 10), to: SIMD2(120, 110), SpringParameters(length: 0, damping: 0, frequency: 0))
        try a.advanceFrames(2)
        for k in 1...30 {
            try a.world.setAnchor(s, SIMD2(120 + 5 * Double(k), 110))
            try a.advanceFrame()
        }
        let p = try a.world.position(card)
        XCTAssertGreaterThan(p.x, 200, "the card followed its anchor 150 pt to the right: \(p)")
    }

    // MARK: Bodies without joints, and the soft offset spring

    /// Free flight and pushes are held to Box2D within 1e-3 pt + 1e-5 (free flight, falling 90 m with
    /// float damping each sub-step: 2e-5) of the distance from the
    /// origin (and 1e-5 rad + 1e-5 of the angle): Box2D's float positions near 7 m have an ulp of
    /// 5e-5 pt, and 601 sub-steps of float integration accumulate that rounding.
    ///
    /// Free flight: a 100 × 60 item thrown up and right at (300, −400) pt/s spinning at 2 rad/s,
    /// under gravity, with UIKit's default resistance and angular resistance (0.1 each).
    func testFreeFlightWithSpinAndResistance() throws {
        let a = try DynamicAnimator(world: World())
        a.world.gravity = SIMD2(0, 1000)
        let item = try a.world.addItem(center: SIMD2(100, 100), size: SIMD2(100, 60))
        try a.world.setAffectedByGravity(item, true)
        try a.world.setVelocity(item, SIMD2(300, -400))
        try a.world.setAngularVelocity(item, 2)
        try compare("free", a, [item], positionTolerance: 1e-3, angleTolerance: 1e-5, relative: 2e-5, damping: (0.1, 0.1))
    }

    /// The three pushes of UIPushBehavior (charon §4.2), on a 100 × 60 item without gravity:
    /// a continuous force of (0.6, −0.3) N at the centre and 30 pt right and 10 pt below it
    /// (in the world's axes: it turns the item), and one impulse of (0.2, 0.1) N·s.
    func testContinuousPushAtTheCentre() throws { try push("push-continuous", .continuous, SIMD2(0.6, -0.3), offset: .zero) }
    func testContinuousPushAtAnOffsetTurnsTheItem() throws { try push("push-offset", .continuous, SIMD2(0.6, -0.3), offset: SIMD2(30, 10)) }
    func testInstantaneousPush() throws { try push("push-instant", .instantaneous, SIMD2(0.2, 0.1), offset: .zero) }

    private func push(_ scene: String, _ mode: PushBehavior.Mode, _ force: SIMD2<Double>, offset: SIMD2<Double>,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let a = try world()
        a.world.gravity = .zero
        let item = try box(a, 100, 100, 100, 60)
        try a.world.setAffectedByGravity(item, false)
        let behavior = PushBehavior(items: [item], mode: mode)
        try behavior.setDirection(force)
        try behavior.setOffset(offset, for: item)
        try a.addBehavior(behavior)
        try compare(scene, a, [item], positionTolerance: 1e-3, angleTolerance: 1e-5, relative: 1e-5, file: file, line: line)
        let moved = try a.world.position(item) - SIMD2(100, 100)
        XCTAssertGreaterThan((moved * moved).sum().squareRoot(), 10, "the push moved the item", file: file, line: line)
        if offset != .zero { XCTAssertLessThan(try a.world.angle(item), -0.1, "the offset push turned it", file: file, line: line) }
    }

    /// A soft (2 Hz, ζ 0.3) attachment at an offset, which the rigid solver takes as Box2D
    /// 2.2.1's soft distance joint: its spring from the effective mass along the axis with the
    /// anchors' lever arms. The peer sets 2.4.1's stiffness and damping from that mass before
    /// every sub-step, so both solve the same spring.
    func testSoftAttachmentAtAnOffsetSwingsAndTurns() throws {
        try hangAtAnOffset("offset-soft", damping: 0.3, frequency: 2)
    }

    /// A 100 × 50 item at (200, 200) hung by the point (25, 10) from its centre on an attachment
    /// to (100, 100) as long as they are apart, held to the peer's `scene`.
    private func hangAtAnOffset(_ scene: String, damping: Double, frequency: Double) throws {
        let a = try world()
        let item = try box(a, 200, 200, 100, 50)
        let anchor = SIMD2(100.0, 100), offset = SIMD2(25.0, 10)
        let length = ((SIMD2(225.0, 210) - anchor) * (SIMD2(225.0, 210) - anchor)).sum().squareRoot()
        try a.world.attach(item, offset: offset, to: anchor, SpringParameters(length: length, damping: damping, frequency: frequency))
        try compare(scene, a, [item], positionTolerance: 0.05, angleTolerance: 1e-3)
    }
}
