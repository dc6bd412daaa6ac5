import XCTest
@testable import SpringKitDynamics

/// The collision pipeline through the world's public API: containment of fast items, the
/// filter, events, determinism and argument checks.
final class CollisionWorldTests: XCTestCase {
    /// Numerical Recipes' 32-bit LCG: the tests' only randomness.
    private struct LCG {
        var state: UInt32
        mutating func next() -> Double {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Double(state) / 4_294_967_296
        }
    }

    private func world() throws -> World {
        var c = WorldConfiguration()
        c.resistance = 0
        return try World(configuration: c)
    }

    private let room: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(400, 0), SIMD2(400, 600), SIMD2(0, 600)]

    private func inside(_ p: SIMD2<Double>) -> Bool { p.x > 0 && p.x < 400 && p.y > 0 && p.y < 600 }

    /// 1,000 boxes thrown from seeded places at seeded velocities of up to 20,000 pt/s (and
    /// spins) inside a closed rectangular loop for 2 s: every box stays inside (its center at
    /// every frame, no corner ever 20 pt past a wall); the deepest passing overlap is printed.
    func testThousandThrowsStayInside() throws {
        var random = LCG(state: 2026)
        var escaped = 0, fastest = 0.0, deepest = 0.0
        for throwIndex in 0..<1000 {
            let w = try world()
            w.gravity = SIMD2(0, 1000)
            _ = try w.addBoundary(room, loop: true, category: 1, mask: .max)
            let size = SIMD2(4 + 60 * random.next(), 4 + 60 * random.next())
            let center = SIMD2(50 + 300 * random.next(), 50 + 500 * random.next())
            let angle = 2 * Double.pi * random.next()
            let speed = 20_000 * random.next().squareRoot()
            let direction = 2 * Double.pi * random.next()
            let item = try w.addItem(center: center, size: size)
            try w.setCollisionBounds(item, .rectangle)
            try w.setAffectedByGravity(item, true)
            try w.setAngle(item, angle)
            try w.setVelocity(item, speed * Vec2.rotation(direction))
            try w.setAngularVelocity(item, 60 * (random.next() - 0.5))
            fastest = max(fastest, speed)
            var previous = (c: center, angle: angle)
            for frame in 0..<120 {
                try w.advance(steps: 2)
                let c = try w.position(item), q = Vec2.rotation(try w.angle(item))
                let corners = [SIMD2(-1.0, -1.0), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)].map { c + Vec2.rotate(q, $0 * size / 2) }
                let depth = corners.map { max(-$0.x, $0.x - 400, -$0.y, $0.y - 600) }.max()!
                deepest = max(deepest, depth)
                // The center never leaves; a corner may overlap a wall for a moment (the discrete
                // solver's share, pushed back by the position solver), never by 20 pt (Box2D's
                // maximum correction).
                if !inside(c) || depth > 20 {
                    escaped += 1
                    XCTFail("throw \(throwIndex) frame \(frame): size \(size), speed \(speed), center \(previous.c) → \(c), angle \(previous.angle) → \(try w.angle(item)), v \(try w.velocity(item)), a corner \(depth) pt out")
                    break
                }
                previous = (c, try w.angle(item))
            }
        }
        print("CollisionWorldTests: 1000 throws up to \(Int(fastest)) pt/s, \(escaped) escaped, deepest corner \(deepest) pt past a wall")
        XCTAssertEqual(escaped, 0)
    }

    /// A box dropped on an edge comes to rest on it (within the slop) and sleeps; its contact
    /// with the boundary begins and ends in turn as it bounces (restitution 0.2 parts them
    /// after the first impact at about 775 pt/s) and is touching at the end, at points on the edge.
    func testDropRestsAndReportsContact() throws {
        let w = try world()
        w.gravity = SIMD2(0, 1000)
        let ground = try w.addBoundary([SIMD2(0, 400), SIMD2(800, 400)], loop: false, category: 1, mask: .max)
        let box = try w.addItem(center: SIMD2(400, 100), size: SIMD2(50, 50))
        try w.setCollisionBounds(box, .rectangle)
        try w.setAffectedByGravity(box, true)
        var events: [ContactEvent] = []
        for _ in 0..<300 { try w.advance(steps: 2); events += w.takeContactEvents() }
        let y = try w.position(box).y
        XCTAssertEqual(y, 375, accuracy: 0.5 + 1e-9)
        XCTAssertTrue(try w.isResting(box))
        let began = events.filter(\.began)
        XCTAssertGreaterThanOrEqual(began.count, 2, "it bounces")
        XCTAssertEqual(events.map(\.began), events.indices.map { $0 % 2 == 0 })
        XCTAssertEqual(events.last?.began, true)
        XCTAssertEqual(began.first?.a, .boundary(ground))
        XCTAssertEqual(began.first?.b, .item(box))
        XCTAssertEqual(began.first?.point.y ?? 0, 400, accuracy: 1)
        XCTAssertEqual(w.contactPoints().count, 2)
    }

    /// §7.3's rule: an item whose mask leaves out the boundary's category falls through it, and
    /// the contact still begins and ends; with the category in its mask it rests.
    func testFilterLetsAnItemThroughWithEvents() throws {
        for mask in [UInt32(2), UInt32(1)] {
            let w = try world()
            w.gravity = SIMD2(0, 1000)
            _ = try w.addBoundary([SIMD2(0, 400), SIMD2(800, 400)], loop: false, category: 1, mask: .max)
            let box = try w.addItem(center: SIMD2(400, 300), size: SIMD2(50, 50))
            try w.setCollisionBounds(box, .rectangle)
            try w.setCollisionFilter(box, category: 2, mask: mask)
            try w.setAffectedByGravity(box, true)
            var events: [ContactEvent] = []
            for _ in 0..<120 { try w.advance(steps: 2); events += w.takeContactEvents() }
            let y = try w.position(box).y
            if mask == 2 {
                XCTAssertGreaterThan(y, 1000, "falls through")
                XCTAssertEqual(events.map(\.began), [true, false])
            } else {
                XCTAssertEqual(y, 375, accuracy: 0.5 + 1e-9)
                XCTAssertEqual(events.last?.began, true)
                XCTAssertEqual(events.map(\.began), events.indices.map { $0 % 2 == 0 })
            }
        }
    }

    /// Two boxes in a stack sleep together, and a third dropped on them wakes both.
    func testTouchingBodiesSleepAndWakeTogether() throws {
        let w = try world()
        w.gravity = SIMD2(0, 1000)
        _ = try w.addBoundary([SIMD2(0, 400), SIMD2(800, 400)], loop: false, category: 1, mask: .max)
        var boxes: [ItemID] = []
        for y in [375.0, 325] {
            let b = try w.addItem(center: SIMD2(400, y), size: SIMD2(50, 50))
            try w.setCollisionBounds(b, .rectangle)
            try w.setAffectedByGravity(b, true)
            boxes.append(b)
        }
        for _ in 0..<120 { try w.advance(steps: 2) }
        XCTAssertTrue(try w.isResting(boxes[0]))
        XCTAssertTrue(try w.isResting(boxes[1]))
        let top = try w.addItem(center: SIMD2(400, 100), size: SIMD2(50, 50))
        try w.setCollisionBounds(top, .rectangle)
        try w.setAffectedByGravity(top, true)
        var woke = false
        for _ in 0..<60 {
            try w.advance(steps: 2)
            if !(try w.isResting(boxes[0])) { woke = true }
        }
        XCTAssertTrue(woke, "the bottom box wakes when the stack is hit")
        XCTAssertEqual(try w.position(top).y, 275, accuracy: 1.5)
    }

    /// A sleeping box whose support is moved away wakes (its contact stopped touching) and falls.
    func testLosingSupportWakes() throws {
        let w = try world()
        w.gravity = SIMD2(0, 1000)
        _ = try w.addBoundary([SIMD2(0, 400), SIMD2(800, 400)], loop: false, category: 1, mask: .max)
        let bottom = try w.addItem(center: SIMD2(400, 375), size: SIMD2(50, 50))
        let top = try w.addItem(center: SIMD2(400, 325), size: SIMD2(50, 50))
        for b in [bottom, top] {
            try w.setCollisionBounds(b, .rectangle)
            try w.setAffectedByGravity(b, true)
        }
        for _ in 0..<120 { try w.advance(steps: 2) }
        XCTAssertTrue(try w.isResting(top))
        let resting = try w.position(top).y
        try w.setPosition(bottom, SIMD2(100, 375))
        for _ in 0..<60 { try w.advance(steps: 2) }
        XCTAssertEqual(try w.position(top).y, resting + 50, accuracy: 1.5, "it fell onto the ground")
    }

    /// The same scene built twice gives the same bits.
    func testDeterminism() throws {
        func run() throws -> [UInt64] {
            let w = try world()
            w.gravity = SIMD2(0, 1000)
            _ = try w.addBoundary(room, loop: true, category: 1, mask: .max)
            var random = LCG(state: 7)
            var items: [ItemID] = []
            for k in 0..<60 {
                let item = try w.addItem(center: SIMD2(30 + Double(k % 10) * 36, 40 + Double(k / 10) * 40), size: SIMD2(20 + 10 * random.next(), 20))
                try w.setCollisionBounds(item, k % 3 == 0 ? .ellipse : .rectangle)
                try w.setAffectedByGravity(item, true)
                try w.setVelocity(item, SIMD2(2000 * (random.next() - 0.5), 2000 * (random.next() - 0.5)))
                items.append(item)
            }
            for _ in 0..<240 { try w.advance(steps: 2) }
            var bits: [UInt64] = []
            for item in items {
                let p = try w.position(item)
                bits += [p.x.bitPattern, p.y.bitPattern, try w.angle(item).bitPattern]
            }
            return bits
        }
        let first = try run(), second = try run()
        XCTAssertEqual(first, second)
        var hash: UInt64 = 14_695_981_039_346_656_037
        for b in first { hash = (hash ^ b) &* 1_099_511_628_211 }
        print("CollisionWorldTests: 60 bodies, 480 sub-steps, position hash \(String(hash, radix: 16))")
    }

    /// Every number crossing the API is checked, with a one-line reason.
    func testArgumentChecks() throws {
        let w = try world()
        let item = try w.addItem(center: .zero, size: SIMD2(10, 10))
        func reason(_ body: () throws -> Void) -> String {
            do { try body(); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(reason { try w.setCollisionBounds(item, .path([SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(5, 2), SIMD2(0, 10)])) }.contains("not convex"))
        XCTAssertTrue(reason { try w.setCollisionBounds(item, .path([SIMD2(0, 0), SIMD2(10, 0), SIMD2(20, 0)])) }.contains("collinear"))
        XCTAssertTrue(reason { try w.setCollisionBounds(item, .path([SIMD2(0, 0), SIMD2(.nan, 0), SIMD2(20, 5)])) }.contains("finite"))
        XCTAssertTrue(reason { _ = try w.addBoundary([SIMD2(0, 0), SIMD2(2e6, 0)], loop: false, category: 1, mask: 1) }.contains("1e6"))
        XCTAssertTrue(reason { _ = try w.addBoundary([SIMD2(0, 0), SIMD2(0.1, 0)], loop: false, category: 1, mask: 1) }.contains("2 distinct"))
        XCTAssertTrue(reason { try w.removeBoundary(BoundaryID(rawValue: 9)) }.contains("no boundary 9"))
        for r in [reason { try w.setCollisionBounds(item, .path([SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(5, 2), SIMD2(0, 10)])) }] {
            XCTAssertFalse(r.contains("\n"))
        }
        try w.setCollisionBounds(item, .ellipse)
        XCTAssertEqual(try w.collisionBounds(item), .ellipse)
        try w.setCollisionBounds(item, nil)
        XCTAssertNil(try w.collisionBounds(item))
        let b = try w.addBoundary([SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10)], loop: true, category: 1, mask: 1)
        XCTAssertEqual(w.boundaryIDs, [b])
        XCTAssertEqual(try w.boundaryPoints(b).loop, true)
        try w.removeBoundary(b)
        XCTAssertEqual(w.boundaryIDs, [])
    }
}
