import Foundation
import SpringKitSim

/// `simrun bench bodies`: ns per body-step of the rigid-body paths, on the worlds
/// bench/box2d_bodies.cpp builds for Box2D 2.4.1 (`bench/bodies-vs-box2d` prints both and
/// their ratios): free bodies under gravity and a drag field, and chains of pin and of weld
/// joints under gravity. One thread, frames of 1/60 s (two sub-steps each), 8 velocity and 3
/// position iterations, best of 3.
enum BodiesBench {
    static let freeBodies = 100_000
    static let chains = 1_000, links = 10

    static func run() throws {
        print("ns per body-step, 1 thread, best of 3 (bench/bodies-vs-box2d runs Box2D 2.4.1 on the same worlds)")
        let free = try time(frames: 30, bodies: freeBodies) { try freeWorld() }
        print("free bodies under gravity and a drag field (\(freeBodies)): \(NumberFormat.fixed(free, 3)) ns")
        for kind in ["pin", "weld"] {
            let ns = try time(frames: 30, bodies: chains * links) { try chainWorld(kind) }
            print("\(kind) chains (\(chains) × \(links) bodies): \(NumberFormat.fixed(ns, 3)) ns")
        }
    }

    /// ns per body and sub-step of `frames` frames of the world `make` builds (after one frame).
    static func time(frames: Int, bodies: Int, _ make: () throws -> DynamicAnimator) throws -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let animator = try make()
            try animator.advanceFrame()
            let seconds = try Stopwatch.seconds { try animator.advanceFrames(frames) }
            best = min(best, seconds * 1e9 / Double(bodies * frames * 2))
        }
        return best
    }

    private static func configuration() -> WorldConfiguration {
        var c = WorldConfiguration()
        c.threads = 1
        c.restTime = .infinity
        return c
    }

    /// Bodies on a 10-pt grid with seeded velocities, every one under gravity and in a drag field.
    static func freeWorld() throws -> DynamicAnimator {
        let animator = try DynamicAnimator(world: World(configuration: configuration()))
        let w = animator.world
        w.gravity = SIMD2(0, 1000)
        var random = SeededGenerator(seed: 1)
        var items: [ItemID] = []
        items.reserveCapacity(freeBodies)
        for i in 0..<freeBodies {
            let id = try w.addItem(center: SIMD2(Double(i % 1000) * 10, Double(i / 1000) * 10), size: SIMD2(8, 8),
                                   velocity: SIMD2(random.nextUnit() * 200 - 100, random.nextUnit() * 200 - 100))
            try w.setAffectedByGravity(id, true)
            items.append(id)
        }
        try w.addField(.drag(), items: items)
        return animator
    }

    /// `chains` chains of `links` 20 × 20 boxes, 30 pt apart, each hung from a fixed point and
    /// joined by `kind` joints at the midpoints, under gravity.
    static func chainWorld(_ kind: String) throws -> DynamicAnimator {
        let animator = try DynamicAnimator(world: World(configuration: configuration()))
        let w = animator.world
        w.gravity = SIMD2(0, 1000)
        for c in 0..<chains {
            let x0 = Double(c % 100) * 400, y0 = Double(c / 100) * 400
            var previous: ItemID?
            for k in 0..<links {
                let id = try w.addItem(center: SIMD2(x0 + 30 * Double(k + 1), y0), size: SIMD2(20, 20))
                try w.setAffectedByGravity(id, true)
                let joint = SIMD2(x0 + 30 * Double(k) + 15, y0)
                if let previous {
                    try w.addJoint(kind == "pin" ? .pin(anchor: joint) : .fixed(anchor: joint), previous, id)
                } else {
                    try w.addJoint(.pin(anchor: SIMD2(x0, y0)), id, nil)
                }
                previous = id
            }
        }
        return animator
    }
}
