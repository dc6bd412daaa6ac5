import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// The display clock above the world: the animator feeds frames, the world takes fixed steps.
final class DynamicAnimatorTests: XCTestCase {
    /// A seeded world of anchored items and a joined pair, so both solvers' paths run.
    static func seededWorld(seed: UInt64) throws -> World {
        let world = try World()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<12 {
            let anchor = SIMD2(random.nextUnit() * 300, random.nextUnit() * 500)
            let item = try world.addItem(center: anchor + SIMD2(random.nextUnit() * 80 - 40, random.nextUnit() * 80 - 40))
            try world.attach(item, to: anchor, SpringParameters(length: 0, damping: 0.2 + random.nextUnit(), frequency: 0.5 + 2 * random.nextUnit()))
        }
        let a = try world.addItem(center: SIMD2(0, 0)), b = try world.addItem(center: SIMD2(40, 5))
        try world.attach(a, to: SIMD2(0, 0), SpringParameters(length: 0, damping: 0.7, frequency: 1.5))
        try world.connect(a, b, SpringParameters(length: 20, damping: 0.5, frequency: 2))
        return world
    }

    static func state(_ world: World) throws -> [UInt64] {
        try world.itemIDs.flatMap { id -> [UInt64] in
            let p = try world.position(id), v = try world.velocity(id)
            return [p.x, p.y, v.x, v.y].map(\.bitPattern)
        }
    }

    /// UIKit's clock: the first 1/60 frame is one fixed step (the step, `Float(1/120)`, is a
    /// little longer than 1/120 s), every later frame two.
    func testConfiguredFramesAreOneThenTwoFixedStepsOfTheWorld() throws {
        for seed: UInt64 in 1...5 {
            let animated = try Self.seededWorld(seed: seed), stepped = try Self.seededWorld(seed: seed)
            let animator = try DynamicAnimator(world: animated)
            for frame in 1...240 {
                try animator.advanceFrame()
                try stepped.advance(steps: frame == 1 ? 1 : 2)
                if frame % 60 == 0 {
                    XCTAssertEqual(try Self.state(animated), try Self.state(stepped), "seed \(seed), frame \(frame)")
                }
            }
            XCTAssertEqual(animated.stepCount, stepped.stepCount)
            XCTAssertEqual(animator.frameCount, 240)
        }
    }

    func testTimeCountsConfiguredFramesAndAddsOtherFrames() throws {
        let animator = try DynamicAnimator()
        try animator.advanceFrames(180)
        XCTAssertEqual(animator.time, 3, "n configured frames are exactly n × frame, not a running sum")
        try animator.advanceFrame(duration: 0.01)
        try animator.advanceFrame(duration: 2)   // over the maximum: one configured frame
        XCTAssertEqual(animator.time, Double(181) * (1.0 / 60) + 0.01)
        XCTAssertEqual(animator.frameCount, 182)
        XCTAssertThrowsError(try animator.advanceFrame(duration: -1)) { XCTAssertTrue("\($0)".contains("frame duration must be a finite number ≥ 0, got -1"), "\($0)") }
    }

    func testAPausedWorldTakesNoStepsWhileTheAnimatorsClockRuns() throws {
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        let item = try world.addItem(center: SIMD2(3, 0))
        try world.attach(item, to: .zero, SpringParameters(length: 0, damping: 1, frequency: 2))
        XCTAssertTrue(try animator.waitUntilRest(limit: 10))
        let steps = world.stepCount, time = animator.time
        try animator.wait(seconds: 1)
        XCTAssertEqual(world.stepCount, steps, "the world's own clock stops while it is paused")
        XCTAssertEqual(animator.time - time, 1, accuracy: 1e-9)
        XCTAssertTrue(animator.isPaused)
    }

    /// Counts the units charged; throws past `limit`.
    final class CountingBudget: ResourceBudget {
        struct Spent: Error {}
        let limit: Int
        var units = 0
        init(limit: Int) { self.limit = limit }
        func charge(_ units: Int) throws {
            self.units += units
            if self.units > limit { throw Spent() }
        }
        func reserve(bytes: Int) throws {}
        func release(bytes: Int) {}
        var byteLimit: Int { .max }
    }

    func testFramesAreChargedToTheWorldsBudget() throws {
        let budget = CountingBudget(limit: 1_000)
        let animator = try DynamicAnimator(budget: budget)
        // An empty world takes no steps: a frame costs only the animator's units.
        try animator.advanceFrames(10)
        XCTAssertEqual(budget.units, 10 * DynamicAnimator.unitsPerFrame)
        XCTAssertThrowsError(try animator.advanceFrames(1_000)) { XCTAssertTrue($0 is CountingBudget.Spent) }
        XCTAssertEqual(animator.frameCount, 1_000 / DynamicAnimator.unitsPerFrame, "the frame that overspends is not counted")
    }

    func testLayoutPositionUsesTheAnimatorsScreenScale() throws {
        var configuration = AnimatorConfiguration()
        configuration.screenScale = 3
        let animator = try DynamicAnimator(configuration: configuration)
        let item = try animator.world.addItem(center: SIMD2(1.3, 2.2))
        XCTAssertEqual(try animator.layoutPosition(item), SIMD2(1 + 1.0 / 3, 2 + 1.0 / 3))
        XCTAssertEqual(try animator.world.position(item), SIMD2(1.3, 2.2))
    }
}
