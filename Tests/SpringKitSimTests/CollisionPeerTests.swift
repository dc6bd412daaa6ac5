import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// The contact pipeline against Box2D 2.4.1 run as UIKit runs Box2D (bench/box2d_collision.cpp:
/// metres at 100 pt/m, UIKit's clock, 8 + 3 iterations, full-size boxes of radius 0, a two-sided
/// ground edge at y = 400, gravity 1000 pt/s² down, no damping). Box2D works in `float` and
/// orders its contacts by its own island search, so the figures are compared with tolerances
/// and printed side by side.
final class CollisionPeerTests: XCTestCase {
    private func peer(_ scene: String, frames: Int) throws -> [[Double]] {
        try Box2DPeerTests.peerRows("box2d_collision", [scene, String(frames)])
    }

    private func animator() throws -> DynamicAnimator {
        var configuration = WorldConfiguration()
        configuration.resistance = 0
        let a = try DynamicAnimator(world: World(configuration: configuration))
        a.world.gravity = SIMD2(0, 1000)
        _ = try a.world.addBoundary([SIMD2(0, 400), SIMD2(800, 400)], loop: false, category: 1, mask: .max)
        return a
    }

    private func box(_ a: DynamicAnimator, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                     friction: Double = 0.2, restitution: Double = 0.2) throws -> ItemID {
        // Where Box2D's body starts: the point in float metres (the peer's m(x, y)). Boxes set
        // exactly touching in points are up to 1e-5 pt apart there, and with radius-0 shapes a
        // gap is no contact: the upper rows of the pyramid fall that far before they touch.
        func metres(_ v: Double) -> Double { Double(Float(v) / 100) * 100 }
        let item = try a.world.addItem(center: SIMD2(metres(x), metres(y)), size: SIMD2(w, h))
        var p = try a.world.bodyProperties(item)
        p.angularResistance = 0
        p.resistance = 0
        p.friction = friction
        p.elasticity = restitution
        try a.world.setBodyProperties(item, p)
        try a.world.setAffectedByGravity(item, true)
        try a.world.setCollisionBounds(item, .rectangle)
        return item
    }

    /// Runs `frames` frames; returns per frame the items' (x, y, angle).
    func run(_ a: DynamicAnimator, _ items: [ItemID], frames: Int) throws -> [[Double]] {
        var rows: [[Double]] = []
        for _ in 0..<frames {
            try a.advanceFrame()
            var row: [Double] = []
            for item in items { row += [try a.world.position(item).x, try a.world.position(item).y, try a.world.angle(item)] }
            rows.append(row)
        }
        return rows
    }

    /// A 50 × 50 box dropped from y = 100 onto the ground: the free fall matches Box2D to float
    /// precision, and the box comes to rest within 1 pt of Box2D's resting height.
    func testDropOnEdge() throws {
        let reference = try peer("drop", frames: 120)
        let a = try animator()
        let item = try box(a, 400, 100, 50, 50)
        let rows = try run(a, [item], frames: 120)
        var worstFall = 0.0
        for (row, ref) in zip(rows, reference) where ref[1] < 370 && row[1] < 370 {
            worstFall = max(worstFall, abs(row[1] - ref[1]))
        }
        let firstContact = reference.firstIndex { $0[1] > 375 - 1 }.map { $0 + 1 } ?? -1
        print("CollisionPeerTests drop: free fall worst |Δy| \(worstFall) pt (before frame \(firstContact)); rest y here \(rows[119][1]), Box2D \(reference[119][1])")
        XCTAssertLessThan(worstFall, 1e-3)
        XCTAssertEqual(rows[119][1], reference[119][1], accuracy: 1)
        XCTAssertEqual(rows[119][1], 375, accuracy: 0.5 + 1e-9)
    }

    /// A 40 × 40 box of restitution 0.8 dropped from y = 0: the peak heights of its bounces
    /// (the least y between impacts) against Box2D's.
    func testRestitutionBounce() throws {
        let reference = try peer("bounce", frames: 240)
        let a = try animator()
        let item = try box(a, 400, 0, 40, 40, restitution: 0.8)
        let rows = try run(a, [item], frames: 240)
        func peaks(_ ys: [Double]) -> [Double] {
            var result: [Double] = []
            for k in 1..<(ys.count - 1) where ys[k] < ys[k - 1] && ys[k] <= ys[k + 1] && ys[k] < 370 { result.append(ys[k]) }
            return result
        }
        let here = peaks(rows.map { $0[1] }), there = peaks(reference.map { $0[1] })
        print("CollisionPeerTests bounce: peaks here \(here.map { ($0 * 100).rounded() / 100 }), Box2D \(there.map { ($0 * 100).rounded() / 100 })")
        XCTAssertGreaterThanOrEqual(here.count, 3)
        for (p, q) in zip(here.prefix(3), there.prefix(3)) { XCTAssertEqual(p, q, accuracy: 3) }
    }

    /// A 40 × 40 box of friction 0.5 on the ground (friction 0.2: mixed √0.1) sliding at
    /// 500 pt/s: the distance it slides before it stops, against Box2D's.
    func testSlidingStopDistance() throws {
        let reference = try peer("slide", frames: 180)
        let a = try animator()
        let item = try box(a, 100, 380, 40, 40, friction: 0.5)
        try a.world.setVelocity(item, SIMD2(500, 0))
        let rows = try run(a, [item], frames: 180)
        let here = rows[179][0] - 100, there = reference[179][0] - 100
        // μ g: v² / (2 μ g) = 500² / (2 · √0.1 · 1000) ≈ 395.3 pt, less the first step's share.
        print("CollisionPeerTests slide: stop distance here \(here) pt, Box2D \(there) pt, μg estimate \(500.0 * 500 / (2 * 0.1.squareRoot() * 1000))")
        XCTAssertEqual(here, there, accuracy: 2)
        XCTAssertEqual(rows[179][1], 380, accuracy: 0.6)
    }

    /// A 10-level pyramid of 55 boxes of 20 × 20 standing 10 s: after it settles (2 s) no box
    /// moves more than 0.5 pt, and every box ends within 1 pt of Box2D's.
    func testPyramidStands() throws {
        let frames = 600
        let reference = try peer("pyramid", frames: frames)
        let a = try animator()
        var items: [ItemID] = []
        for row in 0..<10 {
            for k in 0..<(10 - row) {
                items.append(try box(a, 400 - Double(10 - row - 1) * 10 + Double(k) * 20, 390 - Double(row) * 20, 20, 20))
            }
        }
        let rows = try run(a, items, frames: frames)
        let settled = rows[119]
        var drift = 0.0, drift2D = 0.0, offBox2D = 0.0
        for row in rows[120...] {
            for k in items.indices { drift = max(drift, Vec2.length(SIMD2(row[3 * k], row[3 * k + 1]) - SIMD2(settled[3 * k], settled[3 * k + 1]))) }
        }
        for row in reference[120...] {
            for k in items.indices { drift2D = max(drift2D, Vec2.length(SIMD2(row[3 * k], row[3 * k + 1]) - SIMD2(reference[119][3 * k], reference[119][3 * k + 1]))) }
        }
        for k in items.indices {
            offBox2D = max(offBox2D, Vec2.length(SIMD2(rows[frames - 1][3 * k], rows[frames - 1][3 * k + 1]) - SIMD2(reference[frames - 1][3 * k], reference[frames - 1][3 * k + 1])))
        }
        let top = items.count - 1
        for k in [0, 1, 10, 11, 19, 27, 34, 40, 45, 49, 52, 54] {
            print(String(format: "CollisionPeerTests pyramid box %2d: here (%.4f, %.4f, %.5f) Box2D (%.4f, %.4f, %.5f); frame 3 here (%.4f, %.4f) Box2D (%.4f, %.4f)", k,
                         rows[frames - 1][3 * k], rows[frames - 1][3 * k + 1], rows[frames - 1][3 * k + 2],
                         reference[frames - 1][3 * k], reference[frames - 1][3 * k + 1], reference[frames - 1][3 * k + 2],
                         rows[2][3 * k], rows[2][3 * k + 1], reference[2][3 * k], reference[2][3 * k + 1]))
        }
        print("CollisionPeerTests pyramid: drift after 2 s here \(drift) pt, Box2D \(drift2D) pt; top box y here \(rows[frames - 1][3 * top + 1]), Box2D \(reference[frames - 1][3 * top + 1]); worst final distance from Box2D \(offBox2D) pt")
        XCTAssertLessThan(drift, 0.5)
        XCTAssertLessThan(offBox2D, 1)
    }
}

extension CollisionPeerTests {
    /// Newton's cradle: five balls of diameter 40 (`.ellipse` of a square item: a circle) on
    /// pins 200 pt above them, restitution 1, friction 0, the first ball released from 60°.
    /// Box2D's sequential impulses do not pass the impulse cleanly down the row (the first two
    /// balls move on after the impact); the figures compared are the last ball's first swing
    /// (its largest x in the first 2 s), within 5 pt; the first ball's x after 3 s is printed.
    func testNewtonsCradle() throws {
        let frames = 180
        let reference = try Box2DPeerTests.peerRows("box2d_collision", ["cradle", String(frames)])
        var configuration = WorldConfiguration()
        configuration.resistance = 0
        let a = try DynamicAnimator(world: World(configuration: configuration))
        a.world.gravity = SIMD2(0, 1000)
        func metres(_ v: Double) -> Double { Double(Float(v) / 100) * 100 }
        var balls: [ItemID] = []
        for k in 0..<5 {
            let pivot = SIMD2(300 + 40 * Double(k), 100.0)
            let c = k == 0 ? SIMD2(Double(Float(pivot.x) - 200 * Float(0.8660254037844386)), pivot.y + 100) : SIMD2(pivot.x, 300)
            let ball = try a.world.addItem(center: SIMD2(metres(c.x), metres(c.y)), size: SIMD2(40, 40))
            var p = try a.world.bodyProperties(ball)
            p.angularResistance = 0; p.resistance = 0; p.friction = 0; p.elasticity = 1
            try a.world.setBodyProperties(ball, p)
            try a.world.setAffectedByGravity(ball, true)
            try a.world.setCollisionBounds(ball, .ellipse)
            _ = try a.world.addJoint(.pin(anchor: SIMD2(metres(pivot.x), metres(pivot.y))), ball, nil)
            balls.append(ball)
        }
        let rows = try run(a, balls, frames: frames)
        let swing = rows.prefix(120).map { $0[12] }.max()!, swing2D = reference.prefix(120).map { $0[12] }.max()!
        print("CollisionPeerTests cradle: last ball's first swing to x \(swing) here, \(swing2D) Box2D; first ball at 3 s x \(rows[frames - 1][0]) here, \(reference[frames - 1][0]) Box2D")
        XCTAssertEqual(swing, swing2D, accuracy: 5)
        // The later collisions (four contacts touching at once, solved in sequence) depend on
        // the order of the contacts and on float: printed, not compared.
    }
}

extension CollisionPeerTests {
    /// A light 16 × 12 box resting on the line and a ball of diameter 60 dropped on it
    /// (bench/box2d_collision.cpp's `pushthrough`): the box, its bottom in the line, and the ball.
    private func pushThrough(drop: Double, density: Double, frames: Int) throws -> [[Double]] {
        let a = try animator()
        let light = try box(a, 400, 394, 16, 12)
        let ball = try a.world.addItem(center: SIMD2(400, Double(Float(394 - drop) / 100) * 100), size: SIMD2(60, 60), density: density)
        var p = try a.world.bodyProperties(ball)
        p.angularResistance = 0; p.resistance = 0; p.friction = 0.2; p.elasticity = 0.2
        try a.world.setBodyProperties(ball, p)
        try a.world.setAffectedByGravity(ball, true)
        try a.world.setCollisionBounds(ball, .ellipse)
        return try run(a, [light, ball], frames: frames)
    }

    /// A heavy ball landing on a light box that rests on a line pushes the box into the line;
    /// Box2D's position solver brings it back out unless the box's centre passed the line, and
    /// then it falls for ever, in Box2D as here (a body overlapping a static shape at the start
    /// of a step gets no time of impact, and the contact solver spreads the impulse by mass).
    /// The drop from 500 pt at density 1 matches Box2D to float precision and the box stays.
    /// Over 30 drops (heights 100–2000 pt, densities 1–100) Box2D loses the box in 21, this
    /// engine in those 21 and 3 more (1/1000, 5/500, 10/500 when measured): Box2D sweeps a
    /// circle at any speed and stops the ball at the line in the step it lands, where this
    /// engine leaves a body moving less than half its inner radius a step (the ball's 15 pt) to
    /// the discrete solver (docs/effects.md, "What the engine does wrong here"). At most 2 cases
    /// lost only in Box2D and 4 only here are allowed (which step the box passes is float-sensitive).
    func testHeavyBallLandingOnALightBoxAsBox2DDoes() throws {
        let peer = try Box2DPeerTests.peerExecutable("box2d_collision")
        func box2d(_ drop: Double, _ density: Double, frames: Int) throws -> [[Double]] {
            try Box2DPeerTests.peerRows(of: peer, ["pushthrough", String(frames), String(drop), String(density)])
        }
        let rows = try pushThrough(drop: 500, density: 1, frames: 120), reference = try box2d(500, 1, frames: 120)
        let deepest = rows.map { $0[1] }.max()!, deepest2D = reference.map { $0[1] }.max()!
        print("CollisionPeerTests pushthrough: the box's centre down to \(deepest) here, \(deepest2D) Box2D; at 2 s \(rows[119][1]) here, \(reference[119][1]) Box2D")
        XCTAssertEqual(deepest, deepest2D, accuracy: 1e-2)
        XCTAssertEqual(rows[119][1], reference[119][1], accuracy: 1e-2)
        XCTAssertLessThan(rows[119][1] + 6, 401, "the box's bottom within 1 pt of the line")
        var lost: [String] = [], lost2D: [String] = []
        for density in [1.0, 2, 5, 10, 20, 100] {
            for drop in [100.0, 250, 500, 1000, 2000] {
                let name = "\(Int(density))/\(Int(drop))"
                if try pushThrough(drop: drop, density: density, frames: 240)[239][1] > 400 { lost.append(name) }
                if try box2d(drop, density, frames: 240)[239][1] > 400 { lost2D.append(name) }
            }
        }
        print("CollisionPeerTests pushthrough: the box lost in \(lost.count) of 30 drops here (density/height \(lost.joined(separator: " "))), \(lost2D.count) in Box2D (\(lost2D.joined(separator: " ")))")
        let onlyBox2D = lost2D.filter { !lost.contains($0) }, onlyHere = lost.filter { !lost2D.contains($0) }
        XCTAssertLessThanOrEqual(onlyBox2D.count, 2, "lost in Box2D only: \(onlyBox2D)")
        XCTAssertLessThanOrEqual(onlyHere.count, 4, "lost here only: \(onlyHere)")
        XCTAssertFalse(lost.contains("1/100") || lost.contains("1/500"), "a light drop leaves the box on the line")
    }
}
