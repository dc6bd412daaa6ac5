import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion
import SpringKitSupport

/// Gravity, push and item behaviours against numbers measured on UIKit Dynamics (the host's
/// UIKitCore and PhysicsKit, published in kern0x1b/charon, `UIDynamicAnimator.md` §1.3, §2–§4).
/// Each expected number is the measurement.
final class UIKitBehaviorMeasuredTests: XCTestCase {
    private func animator(resistance: Double? = nil) throws -> DynamicAnimator {
        var configuration = WorldConfiguration()
        if let resistance { configuration.resistance = resistance }
        return try DynamicAnimator(world: World(configuration: configuration))
    }

    /// §1.3 (`w_fall2.m`): a 100 × 100 item at (150, 50) in a gravity behaviour, frames of 1/60.
    func testFallUnderGravityMatchesTheHost() throws {
        let measured: [Double: [Double]] = [
            0.1: [50.0693855, 50.4160881, 51.0396423, 51.9395943, 53.1154747],
            0: [50.0694466, 50.4166718, 51.0416679, 51.9444466, 53.1250076],
        ]
        for (resistance, ys) in measured {
            let a = try animator(resistance: resistance)
            let item = try a.world.addItem(center: SIMD2(150, 50), size: SIMD2(100, 100))
            try a.addBehavior(GravityBehavior(items: [item]))
            for (frame, y) in ys.enumerated() {
                try a.advanceFrame()
                XCTAssertEqual(try a.world.position(item).y, y, accuracy: 1e-4, "resistance \(resistance), frame \(frame + 1)")
                XCTAssertEqual(try a.world.position(item).x, 150)
            }
        }
    }

    /// §3.1: acceleration does not depend on mass; g = (3, 4) adds (50, 66.67) pt/s a frame.
    func testGravityIsMassIndependentAndOnlyItsItemsFall() throws {
        for density in [1.0, 7] {
            let a = try animator(resistance: 0)
            let item = try a.world.addItem(center: .zero, size: SIMD2(100, 100), density: density)
            let other = try a.world.addItem(center: SIMD2(500, 0), size: SIMD2(100, 100))
            let gravity = GravityBehavior(items: [item])
            try gravity.setDirection(SIMD2(3, 4))
            try a.addBehavior(gravity)
            try a.advanceFrame()   // one sub-step
            try a.advanceFrame()   // two
            let v = try a.world.velocity(item)
            XCTAssertEqual(v.x, 3000 * 3 * WorldConfiguration.uikitStep, accuracy: 1e-9)
            XCTAssertEqual(v.y, 4000 * 3 * WorldConfiguration.uikitStep, accuracy: 1e-9)
            XCTAssertEqual(try a.world.velocity(other), .zero, "an item in no gravity behaviour does not fall")
        }
    }

    /// §3.2, §3.3: one world vector, the last writer wins, removing any gravity behaviour
    /// zeroes it; (3, 4) has magnitude 5 and angle 0.927295218; magnitude 2 → (1.2, 1.6).
    func testGravityBehavioursShareOneVector() throws {
        let a = try animator()
        let item = try a.world.addItem(center: .zero, size: SIMD2(10, 10))
        let g1 = GravityBehavior(items: [item]), g2 = GravityBehavior(items: [item])
        try g1.setDirection(SIMD2(3, 4))
        XCTAssertEqual(g1.gravity.magnitude, 5)
        XCTAssertEqual(g1.gravity.angle, 0.927295218, accuracy: 1e-9)
        try g1.setMagnitude(2)
        XCTAssertEqual(g1.gravity.vector.x, 1.2, accuracy: 1e-7); XCTAssertEqual(g1.gravity.vector.y, 1.6, accuracy: 1e-7)
        try a.addBehavior(g1)
        XCTAssertEqual(a.world.gravity, g1.gravity.vector * 1000)
        try a.addBehavior(g2)
        XCTAssertEqual(a.world.gravity, SIMD2(0, 1000), "the last writer wins")
        try g1.setDirection(SIMD2(-1, 0))
        XCTAssertEqual(a.world.gravity, SIMD2(-1000, 0))
        try a.removeBehavior(g2)
        XCTAssertEqual(a.world.gravity, .zero, "removing any gravity behaviour zeroes the world's gravity")
        try g1.setAngle(1, magnitude: 0)
        XCTAssertEqual(g1.gravity.vector, .zero); XCTAssertEqual(g1.gravity.angle, 0)
        try g1.setAngle(2)
        XCTAssertEqual(g1.gravity.vector, .zero, "an angle keeps the zero vector zero")
    }

    /// §4.2 (`s_push.m`), 1 kg (100 × 100, density 1), resistance 0.
    func testPushesMatchTheHost() throws {
        func pushed(_ mode: PushBehavior.Mode, size: SIMD2<Double> = SIMD2(100, 100), density: Double = 1,
                    direction: SIMD2<Double>, offset: SIMD2<Double>? = nil, frames: Int) throws -> [(SIMD2<Double>, Double)] {
            let a = try animator(resistance: 0)
            let item = try a.world.addItem(center: SIMD2(100, 100), size: size, density: density)
            // The probe's resistances are 0, angular too.
            var properties = try a.world.bodyProperties(item)
            properties.angularResistance = 0
            try a.world.setBodyProperties(item, properties)
            let push = PushBehavior(items: [item], mode: mode)
            try push.setDirection(direction)
            if let offset { try push.setOffset(offset, for: item) }
            try a.addBehavior(push)
            return try (0..<frames).map { _ in
                try a.advanceFrame()
                return (try a.world.velocity(item), try a.world.angularVelocity(item))
            }
        }
        let continuous = try pushed(.continuous, direction: SIMD2(1, 0), frames: 4)
        for (k, vx) in [0.833333373, 2.50000024, 4.16666698, 5.83333349].enumerated() {
            XCTAssertEqual(continuous[k].0.x, vx, accuracy: 1e-5, "continuous, frame \(k + 1)")
        }
        let instantaneous = try pushed(.instantaneous, direction: SIMD2(1, 0), frames: 3)
        XCTAssertEqual(instantaneous.map { $0.0.x }, [100, 100, 100], "one impulse of 1 N·s on 1 kg, then inactive")
        let offset = try pushed(.continuous, direction: SIMD2(1, 0), offset: SIMD2(0, 50), frames: 4)
        for (k, w) in [-0.0250000022, -0.075000003, -0.125000015, -0.175000027].enumerated() {
            XCTAssertEqual(offset[k].1, w, accuracy: 1e-7, "offset push, frame \(k + 1)")
        }
        let spin = try pushed(.instantaneous, direction: SIMD2(0, 1), offset: SIMD2(50, 0), frames: 1)
        XCTAssertEqual(spin[0].1, 3.00000007, accuracy: 1e-6, "impulse (0, 1) at (50, 0)")
        let heavy = try pushed(.instantaneous, size: SIMD2(200, 50), density: 2, direction: SIMD2(0.3, 0), frames: 1)
        XCTAssertEqual(heavy[0].0.x, 15.000001, accuracy: 1e-5, "200 × 50, density 2 (2 kg), impulse 0.3")
    }

    /// §4.1: angle and magnitude kept apart from the vector.
    func testPushAlgebra() throws {
        let push = PushBehavior(mode: .continuous)
        try push.setDirection(SIMD2(3, 4))
        XCTAssertEqual(push.push.angle, 0.927295218, accuracy: 1e-9); XCTAssertEqual(push.push.magnitude, 5)
        try push.setMagnitude(0)
        XCTAssertEqual(push.push.vector, .zero); XCTAssertEqual(push.push.angle, 0.927295218, accuracy: 1e-9, "magnitude 0 keeps the angle")
        try push.setAngle(Double.pi, magnitude: 2)
        XCTAssertEqual(push.push.vector.x, -2, accuracy: 1e-12); XCTAssertEqual(push.push.vector.y, 0, accuracy: 1e-6)
        try push.setAngle(1, magnitude: -1)
        // The host computes with sincosf: float precision.
        XCTAssertEqual(push.push.vector.x, -0.540302277, accuracy: 1e-7); XCTAssertEqual(push.push.vector.y, -0.841470957, accuracy: 1e-7)
    }

    /// §2.5: defaults; the last behaviour that sets a property wins; removal resets.
    func testItemBehavioursLastSetterWinsAndRemovalResets() throws {
        let a = try animator()
        let item = try a.world.addItem(center: .zero, size: SIMD2(10, 10))
        XCTAssertEqual(try a.world.bodyProperties(item).resistance, 0.1)
        XCTAssertEqual(try a.world.bodyProperties(item).elasticity, 0.2)
        let x = ItemBehavior(items: [item]), p = ItemBehavior(items: [item])
        var values = x.values; values.elasticity = 0.73; try x.setValues(values)
        try a.addBehavior(x)
        XCTAssertEqual(try a.world.bodyProperties(item).elasticity, 0.73, "applied at once when added")
        values = p.values; values.elasticity = 0.72; try p.setValues(values)
        try a.addBehavior(p)
        values = x.values; values.elasticity = 0.74; try x.setValues(values)
        try a.advanceFrame()
        XCTAssertEqual(try a.world.bodyProperties(item).elasticity, 0.72, "the later behaviour wins at the next tick")
        try a.removeBehavior(p)
        XCTAssertEqual(try a.world.bodyProperties(item).elasticity, 0.2, "removal resets to the default at once")
        try a.advanceFrame()
        XCTAssertEqual(try a.world.bodyProperties(item).elasticity, 0.74, "the other applies again at the next tick")
    }

    /// §2.7: velocities added to an associated item, or kept and given at association.
    func testAddedVelocities() throws {
        let a = try animator()
        let item = try a.world.addItem(center: .zero, size: SIMD2(10, 10), velocity: SIMD2(10.93, 21.997))
        let b = ItemBehavior(items: [item])
        try b.addLinearVelocity(SIMD2(10, 20), for: item)
        try b.addLinearVelocity(SIMD2(1, 2), for: item)
        XCTAssertEqual(try b.linearVelocity(for: item), .zero, "not associated: zero")
        try a.addBehavior(b)
        XCTAssertEqual(try a.world.velocity(item), SIMD2(10.93 + 11, 21.997 + 22))
        try b.addLinearVelocity(SIMD2(13.37, -7.77), for: item)
        XCTAssertEqual(try b.linearVelocity(for: item), SIMD2(10.93 + 11 + 13.37, 21.997 + 22 - 7.77))
    }

    /// §1.7: an item in an item behaviour only pauses the animator on the 31st tick.
    func testAnItemAtRestPausesTheAnimatorOnThe31stTick() throws {
        let a = try animator()
        let item = try a.world.addItem(center: SIMD2(50, 50), size: SIMD2(100, 100))
        try a.addBehavior(ItemBehavior(items: [item]))
        var pausedAt: Int?
        var pauses = 0
        a.onPause = { pauses += 1 }
        for tick in 1...40 where pausedAt == nil {
            try a.advanceFrame()
            if a.isPaused { pausedAt = tick }
        }
        XCTAssertEqual(pausedAt, 31)
        XCTAssertEqual(pauses, 1)
    }

    /// §12 row T4: a pendulum, 40 × 40 at (200, 100) on a rigid attachment (length 100) to
    /// (100, 100), gravity, resistances 0; the host's row allows 0.05 pt at frame 30 and 0.5 at 60.
    func testPendulumMatchesTheHost() throws {
        let a = try animator(resistance: 0)
        let item = try a.world.addItem(center: SIMD2(200, 100), size: SIMD2(40, 40))
        try a.world.attach(item, to: SIMD2(100, 100), SpringParameters(length: 100, damping: 0, frequency: 0))
        try a.addBehavior(GravityBehavior(items: [item]))
        let measured: [Int: (SIMD2<Double>, Double)] = [1: (SIMD2(199.999969, 100.069443), 1e-3), 10: (SIMD2(199.132126, 113.146225), 0.01),
                                                         30: (SIMD2(139.359573, 191.92836), 0.05), 60: (SIMD2(2.06188917, 120.202171), 0.5)]
        var worst: [Int: Double] = [:]
        for frame in 1...60 {
            try a.advanceFrame()
            guard let (expected, tolerance) = measured[frame] else { continue }
            let p = try a.world.position(item)
            worst[frame] = ((p - expected) * (p - expected)).sum().squareRoot()
            XCTAssertLessThanOrEqual(worst[frame]!, tolerance, "frame \(frame): \(p) against the host's \(expected)")
        }
        print("pendulum against the host: distance at frames 1, 10, 30, 60: \(worst.sorted { $0.key < $1.key }.map { NumberFormat.shortest($0.value) })")
    }

    /// §5 (`j_snap3.m`): a 100 × 50 item at (100, 100) snapped to (300, 200), damping 0.5:
    /// frame 1 on the host (113.265648, 106.623589), angle 0.0361267589; it settles on the
    /// point at angle 0 and does not orbit.
    func testSnapMatchesTheHostAndSettles() throws {
        let a = try animator()
        let item = try a.world.addItem(center: SIMD2(100, 100), size: SIMD2(100, 50))
        try a.addBehavior(SnapBehavior(item: item, point: SIMD2(300, 200)))
        try a.advanceFrame()
        let p = try a.world.position(item)
        XCTAssertEqual(p.x, 113.265648, accuracy: 2e-4)
        XCTAssertEqual(p.y, 106.623589, accuracy: 2e-4)
        XCTAssertEqual(try a.world.angle(item), 0.0361267589, accuracy: 1e-6)
        XCTAssertTrue(try a.waitUntilRest(limit: 10))
        let end = try a.world.position(item)
        XCTAssertEqual(end.x, 300, accuracy: 0.5); XCTAssertEqual(end.y, 200, accuracy: 0.5)
        XCTAssertEqual(try a.world.angle(item), 0, accuracy: 0.01)
    }

    /// An item on no spring moves freely with its damping (it used to stay where it was).
    func testAFreeItemMovesWithItsVelocity() throws {
        let a = try animator(resistance: 0)
        let item = try a.world.addItem(center: .zero, velocity: SIMD2(100, 0))
        try a.wait(seconds: 0.5)
        XCTAssertEqual(try a.world.position(item).x, 100 * 59 * WorldConfiguration.uikitStep, accuracy: 1e-9)
    }
}
