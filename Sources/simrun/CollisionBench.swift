import Foundation
import SpringKitSim

/// `simrun bench collision`: ns per body-step of the contact pipeline on the worlds
/// bench/box2d_collision_bench.cpp builds for Box2D 2.4.1 (`bench/collision-vs-box2d` prints
/// both, their ratios and peak memories): a 20-level pyramid of 20 × 20 boxes standing on a
/// line, and 10,000 boxes of 10 × 10 falling into a container of three lines. One thread,
/// frames of 1/60 s (two sub-steps each), 8 velocity and 3 position iterations, no sleeping,
/// best of 3.
enum CollisionBench {
    static let levels = 20
    static let columns = 100, rows = 100
    static let pyramidFrames = 300, containerFrames = 30

    static func run() throws {
        print("ns per body-step, 1 thread, best of 3 (bench/collision-vs-box2d runs Box2D 2.4.1 on the same worlds)")
        let pyramid = try BodiesBench.time(frames: pyramidFrames, bodies: levels * (levels + 1) / 2) { try pyramidWorld() }
        print("pyramid of \(levels) levels (\(levels * (levels + 1) / 2) boxes, \(pyramidFrames) frames): \(NumberFormat.fixed(pyramid, 3)) ns")
        let container = try BodiesBench.time(frames: containerFrames, bodies: columns * rows) { try containerWorld() }
        print("boxes into a container (\(columns * rows), \(containerFrames) frames): \(NumberFormat.fixed(container, 3)) ns")
        print("peak resident memory: \(ProcessMemory.peakResidentBytes() / 1024) KB")
    }

    private static func animator() throws -> DynamicAnimator {
        var c = WorldConfiguration()
        c.threads = 1
        c.restTime = .infinity
        let a = try DynamicAnimator(world: World(configuration: c))
        a.world.gravity = SIMD2(0, 1000)
        return a
    }

    /// Where Box2D's body starts: the point in float metres, so that boxes set touching in
    /// points touch in both engines.
    private static func metres(_ v: Double) -> Double { Double(Float(v) / 100) * 100 }

    private static func box(_ w: World, _ x: Double, _ y: Double, _ size: Double) throws {
        let id = try w.addItem(center: SIMD2(metres(x), metres(y)), size: SIMD2(size, size))
        try w.setAffectedByGravity(id, true)
        try w.setCollisionBounds(id, .rectangle)
    }

    /// 20 rows of 20 × 20 boxes, 20 at the bottom, resting on a line at y = 1000.
    static func pyramidWorld() throws -> DynamicAnimator {
        let a = try animator()
        _ = try a.world.addBoundary([SIMD2(-1000, 1000), SIMD2(1800, 1000)], loop: false, category: 1, mask: .max)
        for row in 0..<levels {
            for k in 0..<(levels - row) {
                try box(a.world, 400 - Double(levels - row - 1) * 10 + Double(k) * 20, 990 - Double(row) * 20, 20)
            }
        }
        return a
    }

    /// 100 × 100 boxes of 10 × 10 on a 12-pt grid above the floor of a container: walls at
    /// x = 0 and 1220, floor at y = 1300.
    static func containerWorld() throws -> DynamicAnimator {
        let a = try animator()
        let w = a.world
        _ = try w.addBoundary([SIMD2(0, -200), SIMD2(0, 1300)], loop: false, category: 1, mask: .max)
        _ = try w.addBoundary([SIMD2(0, 1300), SIMD2(1220, 1300)], loop: false, category: 1, mask: .max)
        _ = try w.addBoundary([SIMD2(1220, 1300), SIMD2(1220, -200)], loop: false, category: 1, mask: .max)
        for r in 0..<rows {
            for c in 0..<columns {
                try box(w, 16 + 12 * Double(c), 1290 - 12 * Double(r), 10)
            }
        }
        return a
    }
}
