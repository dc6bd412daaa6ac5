import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// Worlds with rotation, behaviours, fields and attachments give the same bytes on every
/// thread count and kernel variant (and, run by `make determinism` through the shipped
/// scripts, in debug and release builds).
final class RigidDeterminismTests: XCTestCase {
    /// A seeded world of everything: anchored springs (enough to split across threads at 256 a
    /// thread), free bodies, spinning and pushed bodies, gravity, every field kind but custom, and
    /// each attachment; stepped 240 frames. Returns every position, velocity, angle and spin's bits.
    static func run(seed: UInt64, threads: Int, kernel: SpringKernelVariant) throws -> [UInt64] {
        var configuration = WorldConfiguration()
        configuration.threads = threads
        configuration.minimumItemsPerThread = 256
        configuration.kernel = kernel
        let animator = try DynamicAnimator(world: World(configuration: configuration))
        let w = animator.world
        var random = SeededGenerator(seed: seed)
        func unit() -> Double { random.nextUnit() }
        for i in 0..<1200 {
            let anchor = SIMD2(Double(i % 40) * 10, Double(i / 40) * 10)
            let item = try w.addItem(center: anchor + SIMD2(unit() * 30 - 15, unit() * 30 - 15), size: SIMD2(8, 8),
                                     velocity: SIMD2(unit() * 200 - 100, unit() * 200 - 100))
            try w.attach(item, to: anchor, SpringParameters(length: 0, damping: unit(), frequency: 0.5 + 2 * unit()))
        }
        var bodies: [ItemID] = []
        for _ in 0..<24 {
            bodies.append(try w.addItem(center: SIMD2(unit() * 400, unit() * 400), size: SIMD2(20 + unit() * 40, 20 + unit() * 40),
                                        velocity: SIMD2(unit() * 300 - 150, unit() * 300 - 150)))
        }
        for (k, b) in bodies.enumerated() where k % 3 == 0 { try w.setAngularVelocity(b, unit() * 4 - 2) }
        let gravity = GravityBehavior(items: Array(bodies[0..<8]))
        try animator.addBehavior(gravity)
        let push = PushBehavior(items: Array(bodies[8..<12]), mode: .continuous)
        try push.setDirection(SIMD2(0.3, -0.2))
        try push.setOffset(SIMD2(5, 3), for: bodies[9])
        try animator.addBehavior(push)
        let kinds: [Field] = [try .linearGravity(direction: SIMD2(1, 2)), try .radialGravity(position: SIMD2(200, 200)), .electric(),
                              .magnetic(), .spring(), .vortex(), .drag(), try .velocity(direction: SIMD2(0.5, 0)),
                              try .noise(smoothness: 0.5, animationSpeed: 1, seed: seed), try .turbulence(smoothness: 0.3, animationSpeed: 2)]
        for (k, field) in kinds.enumerated() { try w.addField(field, items: [bodies[12 + k % 6]]) }
        try w.addJoint(.pin(anchor: SIMD2(50, 50)), bodies[18], nil)
        try w.addJoint(.fixed(anchor: SIMD2(120, 80)), bodies[19], bodies[20])
        try w.addJoint(.sliding(anchor: SIMD2(300, 300), axis: SIMD2(1, 2)), bodies[21], nil)
        try w.addJoint(.limit(offsetA: SIMD2(3, 0), offsetB: .zero), bodies[22], bodies[23])
        try w.attach(bodies[23], offset: SIMD2(5, 5), to: SIMD2(10, 10), SpringParameters(length: 30, damping: 0.3, frequency: 2))
        try animator.advanceFrames(240)
        var state: [UInt64] = []
        for id in w.itemIDs {
            let p = try w.position(id), v = try w.velocity(id)
            state += [p.x, p.y, v.x, v.y, try w.angle(id), try w.angularVelocity(id)].map(\.bitPattern)
        }
        return state
    }

    func testEveryThreadCountAndKernelGivesTheSameBytes() throws {
        for seed: UInt64 in [3, 11] {
            let reference = try Self.run(seed: seed, threads: 1, kernel: .baseline)
            XCTAssertGreaterThan(Set(reference).count, 1000)
            for variant in SpringKernelVariant.supported {
                for threads in [1, 2, 4] {
                    XCTAssertEqual(try Self.run(seed: seed, threads: threads, kernel: variant), reference,
                                   "seed \(seed), \(variant.name), \(threads) threads")
                }
            }
            XCTAssertNotEqual(try Self.run(seed: seed + 1, threads: 1, kernel: .baseline), reference, "the seed matters")
        }
    }
}
