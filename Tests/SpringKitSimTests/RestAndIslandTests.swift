import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScripting

/// Rest state read at any moment, and per-island sleeping on the joint solver (Box2D 2.4's
/// `b2World::Solve` / `b2Island::Solve` rules).
final class RestAndIslandTests: XCTestCase {
    // MARK: Rest is current the moment it is read

    func testANewMovingItemIsNotRestingBeforeAnyStep() throws {
        for solver in SolverKind.allCases {
            var configuration = WorldConfiguration()
            configuration.solver = solver
            if solver == .exact { configuration.resistance = 0 }   // the exact solver steps springs only
            let world = try World(configuration: configuration)
            let animator = try DynamicAnimator(world: world)
            let item = try world.addItem(center: SIMD2(100, 0), velocity: SIMD2(50, 0))
            try world.attach(item, to: .zero, SpringParameters(damping: 0.5, frequency: 1))
            XCTAssertFalse(try world.isResting(item), "\(solver): moving at 50 pt/s")
            XCTAssertFalse(world.isPaused)
            var frames = 0
            while try !world.isResting(item) && frames < 10_000 { try animator.advanceFrame(); frames += 1 }
            XCTAssertGreaterThan(frames, 60, "\(solver): the loop ran until the item came to rest")
            XCTAssertTrue(world.isPaused)
        }
    }

    func testAddingOrChangingASpringWakesEveryItemAtOnce() throws {
        let world = try World()
        let animator = try DynamicAnimator(world: world)
        let resting = try world.addItem(center: SIMD2(10, 0))
        let spring = try world.attach(resting, to: .zero, SpringParameters(damping: 1, frequency: 2))
        XCTAssertTrue(try animator.waitUntilRest(limit: 10))
        XCTAssertTrue(try world.isResting(resting))
        let other = try world.addItem(center: SIMD2(0, 50))
        try world.attach(other, to: SIMD2(0, 40), SpringParameters(damping: 1, frequency: 2))
        XCTAssertFalse(try world.isResting(resting), "adding a spring wakes every item")
        XCTAssertTrue(try animator.waitUntilRest(limit: 10))
        try world.setParameters(spring, SpringParameters(damping: 0.5, frequency: 2))
        XCTAssertFalse(try world.isResting(other), "changing a spring wakes every item")
    }

    func testTheLuaRestLoopStepsUntilRest() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeFile(directory, "rest.lua", """
        local sk = require 'springkit'
        local w = sk.world()
        local id = w:add_item{x = 100, y = 0, vx = 50}
        w:attach(id, {anchor = {0, 0}, damping = 0.5, frequency = 1})
        local steps = 0
        while not w:resting(id) do w:step(); steps = steps + 1 end
        sk.metric('frames', steps)
        """)
        var options = ScriptOptions()
        options.output = nil
        let run = try ScriptRunner.run(path: path, options: options)
        XCTAssertGreaterThan(run.metric("frames") ?? 0, 60)
    }

    // MARK: Islands

    struct Chain {
        var anchor: SIMD2<Double>
        var count: Int
        var spacing: Double
        var frequency: Double
        var damping: Double
        /// Item k (1…count) starts with velocity `velocity` · k.
        var velocity: SIMD2<Double>

        var box2dArgument: String {
            [anchor.x, anchor.y].map { String($0) }.joined(separator: " ") + " \(count) "
                + [spacing, frequency, damping, velocity.x, velocity.y].map { String($0) }.joined(separator: " ")
        }
    }

    static let quick = Chain(anchor: .zero, count: 3, spacing: 20, frequency: 2, damping: 0.7, velocity: SIMD2(1, 0))
    static let slow = Chain(anchor: SIMD2(0, 100), count: 4, spacing: 20, frequency: 1, damping: 0.3, velocity: SIMD2(20, 0))

    /// Builds the chains as box2d_islands.cpp does (springs in the order Box2D's island
    /// search solves them: the last link first, the anchor last). The defaults are UIKit's:
    /// rest speed 1 pt/s (Box2D's 0.01 m/s at 100 pt/m), resistance 0.1, as the peer has them.
    static func world(_ chains: [Chain]) throws -> (World, [[ItemID]]) {
        let world = try World()
        var ids: [[ItemID]] = []
        for chain in chains {
            let parameters = SpringParameters(length: chain.spacing, damping: chain.damping, frequency: chain.frequency)
            let items = try (1...chain.count).map { k in
                try world.addItem(center: chain.anchor + SIMD2(Double(k) * chain.spacing, 0), velocity: chain.velocity * Double(k))
            }
            for k in stride(from: chain.count - 1, to: 0, by: -1) { try world.connect(items[k - 1], items[k], parameters) }
            try world.attach(items[0], to: chain.anchor, parameters)
            ids.append(items)
        }
        return (world, ids)
    }

    /// The first step after which every item of `items` rests, within `steps`.
    static func sleepStep(_ world: World, _ items: [[ItemID]], steps: Int) throws -> [Int?] {
        var asleep = [Int?](repeating: nil, count: items.count)
        for step in 1...steps {
            try world.advance(steps: 1)
            for (c, chain) in items.enumerated() where asleep[c] == nil {
                if try chain.allSatisfy({ try world.isResting($0) }) { asleep[c] = step }
            }
        }
        return asleep
    }

    func testSeparateChainsSleepIndependently() throws {
        let (alone, aloneIDs) = try Self.world([Self.quick])
        let quickAlone = try Self.sleepStep(alone, aloneIDs, steps: 2000)[0]
        let (both, ids) = try Self.world([Self.quick, Self.slow])
        var quickAsleepAt: Int?
        var slowMovedAfter = false
        for step in 1...1500 {   // the slow chain sleeps at step 2103
            try both.advance(steps: 1)
            if quickAsleepAt == nil, try ids[0].allSatisfy({ try both.isResting($0) }) {
                quickAsleepAt = step
                XCTAssertTrue(try ids[0].allSatisfy { try both.velocity($0) == .zero }, "a sleeping island's velocities are zeroed")
            }
            if quickAsleepAt != nil, try ids[1].contains(where: { try both.velocity($0) != .zero }) { slowMovedAfter = true }
        }
        XCTAssertNotNil(quickAlone)
        XCTAssertEqual(quickAsleepAt, quickAlone, "an island sleeps when it would alone, whatever moves elsewhere")
        XCTAssertTrue(slowMovedAfter, "the other island kept moving")
        XCTAssertFalse(both.isPaused)
    }

    func testWakingAnItemWakesOnlyItsIsland() throws {
        let (world, ids) = try Self.world([Self.quick, Self.quick])
        let animator = try DynamicAnimator(world: world)
        // Both identical chains fall asleep together.
        _ = try Self.sleepStep(world, ids, steps: 2000)
        XCTAssertTrue(world.isPaused)
        try world.setVelocity(ids[1][2], SIMD2(5, 0))
        XCTAssertTrue(try ids[0].allSatisfy { try world.isResting($0) }, "the other island sleeps on")
        XCTAssertTrue(try ids[1].allSatisfy { try !world.isResting($0) }, "the whole island wakes")
        try world.setVelocity(ids[0][0], .zero)
        XCTAssertTrue(try world.isResting(ids[0][0]), "a zero velocity wakes nothing (Box2D's SetLinearVelocity)")
        let before = try ids[0].map { try world.position($0) }
        try animator.advanceFrames(30)
        XCTAssertEqual(try ids[0].map { try world.position($0) }, before, "a sleeping island does not move")
    }

    func testChainsMoveAndSleepAsInBox2D() throws {
        let peer = try Box2DPeerTests.peerExecutable("box2d_islands")
        let chains = [Self.quick, Self.slow]
        let steps = 7000
        let process = Process()
        process.executableURL = peer
        process.arguments = [String(steps)] + chains.map(\.box2dArgument)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, steps)
        let (world, ids) = try Self.world(chains)
        var box2dAsleep = [Int?](repeating: nil, count: chains.count), ourAsleep = box2dAsleep
        var worst = 0.0
        for (n, line) in lines.enumerated() {
            let f = line.split(separator: " ").map { Double($0)! }
            try world.advance(steps: 1)
            var offset = 0
            for (c, chain) in ids.enumerated() {
                var box2dAwake = false
                for (k, item) in chain.enumerated() {
                    let base = 1 + 5 * (offset + k)
                    let p = try world.position(item), v = try world.velocity(item)
                    // Positions to float precision of the chain's scale (100 pt).
                    worst = max(worst, abs(p.x - f[base]) / 100, abs(p.y - f[base + 1]) / 100)
                    if abs(p.x - f[base]) > 0.02 || abs(p.y - f[base + 1]) > 0.02 || abs(v.x - f[base + 2]) > 0.02 {
                        return XCTFail("step \(n + 1) chain \(c) item \(k): (\(p), \(v)) vs Box2D \(f[base...(base + 3)])")
                    }
                    if f[base + 4] != 0 { box2dAwake = true }
                }
                offset += chain.count
                if !box2dAwake && box2dAsleep[c] == nil { box2dAsleep[c] = n + 1 }
                if ourAsleep[c] == nil, try chain.allSatisfy({ try world.isResting($0) }) { ourAsleep[c] = n + 1 }
            }
        }
        print("Box2D islands: sleep steps Box2D \(box2dAsleep), here \(ourAsleep); worst position difference \(worst) of 100 pt")
        XCTAssertNotNil(box2dAsleep[0]); XCTAssertNotNil(box2dAsleep[1])
        XCTAssertLessThan(box2dAsleep[0]!, box2dAsleep[1]!)
        // Box2D tests a `Float` speed against 0.01 pt/s: where the speed crosses that line within
        // float precision the rest run may start a step apart (measured: 585 = 585, 6253 vs 6252).
        for c in chains.indices {
            guard let ours = ourAsleep[c], let theirs = box2dAsleep[c] else { XCTFail("chain \(c) never slept"); continue }
            XCTAssertLessThanOrEqual(abs(ours - theirs), 1, "chain \(c) sleeps at the step Box2D puts it to sleep")
        }
        XCTAssertEqual(ourAsleep[0], box2dAsleep[0])
    }
}
