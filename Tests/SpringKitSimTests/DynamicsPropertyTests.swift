import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// Properties of the `uikit` solver: the step formula, energy, rest detection, validation.
final class DynamicsPropertyTests: XCTestCase {
    func testOneStepIsImplicitEulerAlongTheAxis() throws {
        var configuration = WorldConfiguration()
        configuration.restSpeed = 0
        let world = try World(configuration: configuration)
        let anchor = SIMD2(10.0, -4.0)
        let p0 = SIMD2(13.0, 0.0), v0 = SIMD2(-7.0, 20.0)
        let item = try world.addItem(center: p0, size: SIMD2(3, 5), density: 2.5, velocity: v0)
        let (zeta, f, length) = (0.3, 2.0, 1.5)
        try world.attach(item, to: anchor, SpringParameters(length: length, damping: zeta, frequency: f))
        try world.advance(steps: 1)
        // design notes: resistance first, v ← v / (1 + h · 0.1) (UIKit's default); then
        // v·u ← (v·u − h ω² C) / (1 + 2ζωh + ω²h²), perpendicular untouched, then p ← p + h v,
        // with UIKit's step h = Float(1/120).
        let h = Double(Float(1.0 / 120)), omega = 2 * Double.pi * f
        let damped = v0 / (1 + h * 0.1)
        let d = p0 - anchor
        let distance = (d * d).sum().squareRoot()
        let u = d / distance
        let normal = (damped * u).sum()
        let newNormal = (normal - h * omega * omega * (distance - length)) / (1 + 2 * zeta * omega * h + omega * omega * h * h)
        let v1 = damped + (newNormal - normal) * u
        let p1 = p0 + h * v1
        let v = try world.velocity(item), p = try world.position(item)
        XCTAssertEqual(v.x, v1.x, accuracy: 1e-12); XCTAssertEqual(v.y, v1.y, accuracy: 1e-12)
        XCTAssertEqual(p.x, p1.x, accuracy: 1e-12); XCTAssertEqual(p.y, p1.y, accuracy: 1e-12)
    }

    func testMotionDoesNotDependOnMass() throws {
        var positions: [SIMD2<Double>] = []
        for density in [0.01, 1, 300] {
            let world = try World()
            let animator = try DynamicAnimator(world: world)
            let item = try world.addItem(center: SIMD2(40, 3), size: SIMD2(130, 130), density: density, velocity: SIMD2(0, 25))
            try world.attach(item, to: .zero, SpringParameters(length: 0, damping: 0.5, frequency: 0.8))
            try animator.advanceFrames(90)
            positions.append(try world.position(item))
        }
        XCTAssertEqual(positions[0], positions[1])
        XCTAssertEqual(positions[1], positions[2])
    }

    /// Energy ½|v|² + ½ω²|p − a|² of a zero-length damped spring never rises: with the
    /// `exact` solver in any direction; with `uikit` for motion along the spring's axis.
    /// (Off the axis the `uikit` joint leaves perpendicular velocity undamped and the
    /// explicit position step moves the item outwards, so energy can rise there, as in
    /// UIKit and Box2D; docs/physics.md gives the figures.)
    func testEnergyOfLinearDampedSpringsNeverIncreases() throws {
        var random = SeededGenerator(seed: 42)
        for solver in SolverKind.allCases {
            for trial in 0..<150 {
                let zeta = 0.01 + 3 * random.nextUnit()
                let frequency = 0.05 + 15 * random.nextUnit()
                let p0 = SIMD2(200 * random.nextUnit() - 100, 200 * random.nextUnit() - 100)
                let alongAxis = 600 * random.nextUnit() - 300
                let length = (p0 * p0).sum().squareRoot()
                let v0 = solver == .exact
                    ? SIMD2(600 * random.nextUnit() - 300, 600 * random.nextUnit() - 300)
                    : p0 / length * alongAxis
                var configuration = WorldConfiguration()
                configuration.solver = solver
                configuration.restTime = .infinity
                configuration.linearSlop = 0  // inside the slop the joint applies nothing, by design
                let world = try World(configuration: configuration)
                let item = try world.addItem(center: p0, velocity: v0)
                try world.attach(item, to: .zero, SpringParameters(length: 0, damping: zeta, frequency: frequency))
                let omega2 = (2 * Double.pi * frequency) * (2 * Double.pi * frequency)
                func energy() throws -> Double {
                    let p = try world.position(item), v = try world.velocity(item)
                    return 0.5 * (v * v).sum() + 0.5 * omega2 * (p * p).sum()
                }
                var previous = try energy()
                let rounding = previous * 1e-13  // floating-point noise, relative to the initial energy
                for step in 0..<400 {
                    try world.advance(steps: 1)
                    let now = try energy()
                    XCTAssertLessThanOrEqual(now, previous + rounding,
                        "\(solver) trial \(trial) step \(step): ζ \(zeta) f \(frequency) energy rose \(previous) → \(now)")
                    if now > previous + rounding { return }
                    previous = now
                }
            }
        }
    }

    func testRestDetectionFiresExactlyAfterTheRestTime() throws {
        var random = SeededGenerator(seed: 7)
        for trial in 0..<20 {
            let zeta = 0.3 + random.nextUnit(), frequency = 0.5 + 3 * random.nextUnit()
            let p0 = SIMD2(20 * random.nextUnit(), 0.0)
            // Reference: the same motion without sleeping; speeds after each step.
            var free = WorldConfiguration()
            free.restTime = .infinity
            let reference = try World(configuration: free)
            let r = try reference.addItem(center: p0)
            try reference.attach(r, to: .zero, SpringParameters(length: 0, damping: zeta, frequency: frequency))
            var speeds: [Double] = []
            for _ in 0..<3000 {
                try reference.advance(steps: 1)
                let v = try reference.velocity(r)
                speeds.append((v * v).sum().squareRoot())
            }
            let configuration = WorldConfiguration()
            let needed = Int(configuration.restStepsAsBox2DCounts())
            XCTAssertEqual(needed, 61, "0.5 s at 1/120 s, summed in Float as Box2D does: 60 steps make 0.49999985")
            var expected: Int?
            var run = 0
            for (i, speed) in speeds.enumerated() {
                run = speed <= configuration.restSpeed ? run + 1 : 0
                if run == needed { expected = i + 1; break }
            }
            let world = try World(configuration: configuration)
            let item = try world.addItem(center: p0)
            try world.attach(item, to: .zero, SpringParameters(length: 0, damping: zeta, frequency: frequency))
            var slept: Int?
            for step in 1...3000 {
                try world.advance(steps: 1)
                if try world.isResting(item) { slept = step; break }
            }
            XCTAssertNotNil(expected, "trial \(trial) settles within 25 s")
            XCTAssertEqual(slept, expected, "trial \(trial)")
            XCTAssertTrue(world.isPaused)
            XCTAssertEqual(try world.velocity(item), .zero)
        }
    }

    func testPausedWorldWakesWhenTouched() throws {
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        let item = try world.addItem(center: SIMD2(0, 0))
        let spring = try world.attach(item, to: .zero, SpringParameters(length: 0, damping: 1, frequency: 2))
        try animator.advanceFrames(31)
        XCTAssertTrue(world.isPaused, "an item at its anchor rests after 0.5 s")
        let steps = world.stepCount
        try animator.advanceFrames(10)
        XCTAssertEqual(world.stepCount, steps, "a paused world takes no steps")
        try world.setAnchor(spring, SIMD2(0, 50))
        XCTAssertFalse(world.isPaused)
        try animator.waitUntilRest(limit: 10)
        XCTAssertTrue(world.isPaused)
        XCTAssertEqual(try world.position(item).y, 50, accuracy: 0.5)
    }

    func testLayoutPositionIsRoundedToThePixelGrid() throws {
        XCTAssertEqual(PixelGrid.round(10.26, scale: 2), 10.5)
        XCTAssertEqual(PixelGrid.round(10.24, scale: 2), 10)
        XCTAssertEqual(PixelGrid.round(-3.2, scale: 3), -4 + 2.0 / 3)
        XCTAssertEqual(PixelGrid.round(7.9, scale: 2), 8)
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        let item = try world.addItem(center: SIMD2(1.3, 2.2))
        XCTAssertEqual(try animator.layoutPosition(item), SIMD2(1.5, 2))
        XCTAssertEqual(try world.position(item), SIMD2(1.3, 2.2), "the physics state is not rounded")
    }

    func testAccumulatorCarriesLeftoverTime() throws {
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        let item = try world.addItem(center: SIMD2(5, 0))
        try world.attach(item, to: .zero, SpringParameters(length: 0, damping: 0.5, frequency: 1))
        // The step is Float(1/120), a hair (4.5e-10 s) longer than 1/120 s.
        try animator.advanceFrame(duration: 1.0 / 90)   // 1.33 steps → 1 step, 0.33 carried
        XCTAssertEqual(world.stepCount, 1)
        try animator.advanceFrame(duration: 1.0 / 90)   // 0.33 + 1.33 → 1 step, 0.67 carried
        XCTAssertEqual(world.stepCount, 2)
        try animator.advanceFrame(duration: 1.0 / 90)   // 0.67 + 1.33: just under 2 steps → 1 step
        XCTAssertEqual(world.stepCount, 3)
        try animator.advanceFrame(duration: 1.0 / 90)   // just under 1 + 1.33 → 2 steps
        XCTAssertEqual(world.stepCount, 5)
        try animator.advanceFrame(duration: 3)          // over 0.5 s counts as one 1/60 frame
        XCTAssertEqual(world.stepCount, 7)
    }

    func testItemToItemSpringsAndRigidJoints() throws {
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        let a = try world.addItem(center: SIMD2(0, 0)), b = try world.addItem(center: SIMD2(30, 0))
        try world.attach(a, to: SIMD2(0, 0), SpringParameters(length: 0, damping: 1, frequency: 0))
        try world.connect(a, b, SpringParameters(length: 10, damping: 0.7, frequency: 2))
        try animator.waitUntilRest(limit: 20)
        XCTAssertTrue(world.isPaused)
        let pa = try world.position(a), pb = try world.position(b)
        XCTAssertEqual((pa * pa).sum().squareRoot(), 0, accuracy: 0.05, "the rigid joint holds a on its anchor")
        let d = pb - pa
        XCTAssertEqual((d * d).sum().squareRoot(), 10, accuracy: 0.5, "b rests at the spring's length")
    }

    func testRemovingItemsKeepsOtherSpringsAttached() throws {
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        var ids: [ItemID] = []
        for i in 0..<5 {
            let id = try world.addItem(center: SIMD2(Double(i) * 10 + 3, 0))
            try world.attach(id, to: SIMD2(Double(i) * 10, 0), SpringParameters(length: 0, damping: 1, frequency: 3))
            ids.append(id)
        }
        try world.removeItem(ids[1])
        XCTAssertFalse(world.contains(ids[1]))
        XCTAssertThrowsError(try world.position(ids[1]))
        try animator.waitUntilRest(limit: 10)
        for (i, id) in ids.enumerated() where i != 1 {
            XCTAssertEqual(try world.position(id).x, Double(i) * 10, accuracy: 0.5)
            XCTAssertEqual(try world.springs(of: id).count, 1)
        }
    }

    func testInvalidParametersAreRejected() throws {
        let world = try World()
        let item = try world.addItem(center: .zero)
        for (p, text) in [
            (SpringParameters(length: 0, damping: -0.1, frequency: 1), "damping must be ≥ 0, got -0.1"),
            (SpringParameters(length: 0, damping: 0.5, frequency: -2), "frequency must be ≥ 0, got -2"),
            (SpringParameters(length: -1, damping: 0.5, frequency: 1), "length must be ≥ 0, got -1"),
            (SpringParameters(length: 0, damping: .nan, frequency: 1), "damping must be finite"),
            (SpringParameters(length: 0, damping: 0.5, frequency: .infinity), "frequency must be finite"),
        ] {
            XCTAssertThrowsError(try world.attach(item, to: .zero, p)) { XCTAssertTrue("\($0)".contains(text), "\($0)") }
        }
        for (mutate, text): ((inout WorldConfiguration) -> Void, String) in [
            ({ $0.stepDuration = 0 }, "step must be a positive number"),
            ({ $0.stepDuration = -1.0 / 120 }, "step must be a positive number"),
            ({ $0.stepDuration = .nan }, "step must be a positive number"),
        ] {
            var configuration = WorldConfiguration()
            mutate(&configuration)
            XCTAssertThrowsError(try World(configuration: configuration)) { XCTAssertTrue("\($0)".contains(text), "\($0)") }
        }
        for (mutate, text): ((inout AnimatorConfiguration) -> Void, String) in [
            ({ $0.frameDuration = .infinity }, "frame must be a positive number"),
            ({ $0.frameDuration = 0 }, "frame must be a positive number"),
            ({ $0.maximumFrameDuration = -1 }, "maximum frame duration must be positive"),
            ({ $0.screenScale = 0 }, "screen scale must be positive"),
        ] {
            var configuration = AnimatorConfiguration()
            mutate(&configuration)
            XCTAssertThrowsError(try DynamicAnimator(world: world, configuration: configuration)) { XCTAssertTrue("\($0)".contains(text), "\($0)") }
        }
    }
}
