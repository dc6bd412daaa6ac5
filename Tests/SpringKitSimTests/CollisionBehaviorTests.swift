import Foundation
import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// `CollisionBehavior` against UIKit as measured (charon `UIDynamicAnimator.md` §7.1–§7.4, M2;
/// `UIFieldBehavior.md` §13, M6): masks, the group counter, boundaries and their flattening,
/// bounding paths. None of these needs a contact.
final class CollisionBehaviorTests: XCTestCase {
    private func animator() throws -> DynamicAnimator { try DynamicAnimator(world: World()) }

    private func item(_ a: DynamicAnimator, size: SIMD2<Double> = SIMD2(50, 50)) throws -> ItemID {
        try a.world.addItem(center: SIMD2(100, 100), size: size)
    }

    /// (category, collision, contact test) of an item, as §7.2 lists them.
    private func masks(_ a: DynamicAnimator, _ item: ItemID) -> [UInt32] {
        let f = a.collisionFilter(item)
        return [f.category, f.collision, f.collision]
    }

    /// §7.2, measured with the first behaviour: Everything item 4/0xc/0xc, boundary 8/0xc/0xc;
    /// Items 4/4/4 and 8/4/4; Boundaries 4/8/8 and 8/8/8.
    func testMasksFollowTheMeasuredTable() throws {
        let expected: [(CollisionBehavior.Mode, [UInt32], [UInt32])] = [
            (.everything, [4, 0xc, 0xc], [8, 0xc, 0xc]), (.items, [4, 4, 4], [8, 4, 4]), (.boundaries, [4, 8, 8], [8, 8, 8]),
        ]
        for (mode, itemMasks, boundaryMasks) in expected {
            let a = try animator()
            let box = try item(a)
            let c = CollisionBehavior(items: [box], mode: mode)
            try c.addBoundary("floor", from: SIMD2(0, 300), to: SIMD2(400, 300))
            try a.addBehavior(c)
            XCTAssertEqual(masks(a, box), itemMasks, "\(mode) item")
            XCTAssertEqual([c.boundaryBit, c.modeMask, c.modeMask], boundaryMasks, "\(mode) boundary")
            XCTAssertEqual(a.world.boundaryIDs, [c.boundaryBody("floor")!])
        }
    }

    /// §7.2: a body in c1 (Everything) and c2 (Items) has 0x14/0x1c/0x1c: c2 overwrites its own
    /// bits and keeps c1's. Removing c2 takes its bits away and leaves c1's.
    func testASharedItemKeepsTheOtherBehavioursBits() throws {
        let a = try animator()
        let box = try item(a)
        let c1 = CollisionBehavior(items: [box]), c2 = CollisionBehavior(items: [box], mode: .items)
        try a.addBehavior(c1)
        try a.addBehavior(c2)
        XCTAssertEqual(masks(a, box), [0x14, 0x1c, 0x1c])
        try a.removeBehavior(c2)
        XCTAssertEqual(masks(a, box), [0x4, 0xc, 0xc])
        try c1.removeItem(box)
        XCTAssertEqual(masks(a, box), [0, 0, 0])
    }

    /// §7.1: a counter, not an allocator. Add c1, c2, remove c1, add c3: c3 has c2's bits; c1
    /// re-added gets 0x40/0x80. Before association both bits are 0; the 16th group wraps.
    func testTheGroupCounterReusesBits() throws {
        let a = try animator()
        let c1 = CollisionBehavior(), c2 = CollisionBehavior(), c3 = CollisionBehavior()
        XCTAssertEqual([c1.itemBit, c1.boundaryBit], [0, 0])
        try a.addBehavior(c1)
        try a.addBehavior(c2)
        XCTAssertEqual([c1.itemBit, c1.boundaryBit, c2.itemBit, c2.boundaryBit], [0x4, 0x8, 0x10, 0x20])
        try a.removeBehavior(c1)
        XCTAssertEqual([c1.itemBit, c1.boundaryBit], [0, 0])
        try a.addBehavior(c3)
        XCTAssertEqual([c3.itemBit, c3.boundaryBit], [c2.itemBit, c2.boundaryBit], "c3 takes c2's bits")
        try a.addBehavior(c1)
        XCTAssertEqual([c1.itemBit, c1.boundaryBit], [0x40, 0x80])
        let more = (0..<13).map { _ in CollisionBehavior() }   // groups 4 … 16
        for c in more { try a.addBehavior(c) }
        XCTAssertEqual([more[11].itemBit, more[11].boundaryBit], [1 << 30, 1 << 31])
        XCTAssertEqual([more[12].itemBit, more[12].boundaryBit], [0x1, 0x2], "the 16th group wraps (shift & 31)")
    }

    /// §7.4: setting the mode re-applies the masks of the items and of every boundary.
    func testSettingTheModeReappliesTheMasks() throws {
        let a = try animator()
        let box = try item(a)
        let c = CollisionBehavior(items: [box])
        try a.addBehavior(c)
        try c.setMode(.boundaries)
        XCTAssertEqual(masks(a, box), [4, 8, 8])
        XCTAssertEqual(c.modeMask, 8)
    }

    /// §7.4: (5, 7, 320, 480) with insets 10/20/30/40 → (24, 16)–(286, 458); the flag resets
    /// the insets; a change of the reference bounds is taken before the next step.
    func testTheImplicitBoundaryIsTheInsetRectOutsetByOnePoint() throws {
        let a = try animator()
        a.referenceBounds = Rect(x: 5, y: 7, width: 320, height: 480)
        let c = CollisionBehavior()
        try c.setTranslatesReferenceBoundsIntoBoundary(insets: .init(top: 10, left: 20, bottom: 30, right: 40))
        try a.addBehavior(c)
        let body = try XCTUnwrap(c.implicitBoundary?.body)
        let chain = try a.world.boundaryPoints(body)
        XCTAssertEqual(chain.points, [SIMD2(24, 16), SIMD2(286, 16), SIMD2(286, 458), SIMD2(24, 458)])
        XCTAssertTrue(chain.loop)
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        XCTAssertEqual(c.insets, .zero, "the flag resets the insets")
        XCTAssertEqual(c.implicitBoundary?.rect, Rect(x: 4, y: 6, width: 322, height: 482))
        a.referenceBounds = Rect(x: 0, y: 0, width: 100, height: 200)
        XCTAssertEqual(c.implicitBoundary?.rect, Rect(x: 4, y: 6, width: 322, height: 482), "taken at the next step")
        try a.advanceFrame()
        XCTAssertEqual(c.implicitBoundary?.rect, Rect(x: -1, y: -1, width: 102, height: 202))
        XCTAssertEqual(a.world.boundaryIDs.count, 1, "the old implicit boundary left the world")
        try c.setTranslatesReferenceBoundsIntoBoundary(false)
        XCTAssertNil(c.implicitBoundary)
        XCTAssertEqual(a.world.boundaryIDs, [])
    }

    /// §7.4: a second add under one identifier leaves the old body in the world; removing the
    /// identifier removes only the newest; removeAllBoundaries keeps the implicit boundary;
    /// removing the behaviour takes every body out.
    func testBoundaryIdentifiersAndTheirQuirks() throws {
        let a = try animator()
        a.referenceBounds = Rect(x: 0, y: 0, width: 320, height: 480)
        let c = CollisionBehavior()
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try c.addBoundary("wall", from: SIMD2(0, 0), to: SIMD2(0, 100))
        try c.addBoundary("wall", from: SIMD2(10, 0), to: SIMD2(10, 100))
        try c.addBoundary("shelf", path: [.move(SIMD2(0, 200)), .line(SIMD2(100, 200)), .line(SIMD2(100, 210))])
        XCTAssertEqual(c.boundaryIdentifiers, ["wall", "shelf"])
        XCTAssertEqual(c.boundary("wall"), .line(from: SIMD2(10, 0), to: SIMD2(10, 100)))
        XCTAssertEqual(a.world.boundaryIDs.count, 4, "implicit, the old wall, the new wall, the shelf")
        XCTAssertTrue(try a.world.boundaryPoints(c.boundaryBody("shelf")!).loop, "an open path is a loop too")
        try c.removeAllBoundaries()
        XCTAssertEqual(c.boundaryIdentifiers, [])
        XCTAssertEqual(a.world.boundaryIDs.count, 2, "the implicit boundary and the old wall stay")
        try a.removeBehavior(c)
        XCTAssertEqual(a.world.boundaryIDs, [])
    }

    /// M2: empty, move-only and three coincident points are refused; two points become the
    /// chain v0 v1 v0; a trailing point equal to the first is dropped.
    func testBoundaryPathsAsTheHostBuildsThem() throws {
        let reason = CollisionPath.invalidBoundaryReason
        for bad: [PathElement] in [[], [.move(SIMD2(1, 1))], [.move(SIMD2(1, 1)), .line(SIMD2(1, 1)), .line(SIMD2(1, 1))]] {
            XCTAssertThrowsError(try CollisionPath.boundaryLoop(bad, world: nil)) { XCTAssertEqual("\($0)", reason) }
        }
        let two = try CollisionPath.boundaryLoop([.move(SIMD2(0, 0)), .line(SIMD2(10, 0)), .close], world: nil)
        XCTAssertEqual(two.points, [SIMD2(0, 0), SIMD2(10, 0), SIMD2(0, 0)])
        XCTAssertFalse(two.loop)
        let square = try CollisionPath.boundaryLoop([.move(SIMD2(0, 0)), .line(SIMD2(10, 0)), .line(SIMD2(10, 10)), .line(SIMD2(0, 0))], world: nil)
        XCTAssertEqual(square.points.count, 3)
        XCTAssertTrue(square.loop)
        let firstOnly = try CollisionPath.flatten([.move(SIMD2(0, 0)), .line(SIMD2(5, 0)), .move(SIMD2(50, 50)), .line(SIMD2(60, 60))], world: nil)
        XCTAssertEqual(firstOnly.points, [SIMD2(0, 0), SIMD2(5, 0)], "the first subpath only")
        XCTAssertThrowsError(try CollisionPath.boundaryLoop([.move(SIMD2(0, .nan)), .line(SIMD2(1, 1))], world: nil))
        XCTAssertThrowsError(try CollisionPath.boundaryLoop([.move(SIMD2(0, 1e9)), .line(SIMD2(1, 1))], world: nil))
    }

    /// CGPathCreateWithEllipseInRect's path: a move and four cubics (kappa 0.55228474983).
    private func ellipse(_ w: Double, _ h: Double) -> [PathElement] {
        let a = w / 2, b = h / 2, k = 0.55228474983
        return [.move(SIMD2(a, 0)),
                .curve(to: SIMD2(0, b), control1: SIMD2(a, k * b), control2: SIMD2(k * a, b)),
                .curve(to: SIMD2(-a, 0), control1: SIMD2(-k * a, b), control2: SIMD2(-a, k * b)),
                .curve(to: SIMD2(0, -b), control1: SIMD2(-a, -k * b), control2: SIMD2(-k * a, -b)),
                .curve(to: SIMD2(a, 0), control1: SIMD2(k * a, -b), control2: SIMD2(a, -k * b)), .close]
    }

    /// M6 (and §7.4, which shares the flattening): a curve makes max(Int(L / 10), 1) segments, L
    /// the chained 10-piece estimate; the measured ellipse vertex counts 20×10 → 4, 100×50 → 24,
    /// 60×200 → 44, 1000×500 → 244.
    func testCurvesFlattenToTheMeasuredCounts() throws {
        for (w, h, count) in [(20.0, 10.0, 4), (100, 50, 24), (60, 200, 44), (1000, 500, 244)] {
            let polygon = try CollisionPath.boundingPolygon(ellipse(w, h), item: ItemID(rawValue: 0), world: nil)
            XCTAssertEqual(polygon.count, count, "\(w)×\(h)")
        }
        let short = try CollisionPath.flatten([.move(SIMD2(0, 0)), .curve(to: SIMD2(5, 0), control1: SIMD2(1, 1), control2: SIMD2(4, 1))], world: nil)
        XCTAssertEqual(short.points.count, 2, "a curve under 10 pt is one segment")
    }

    /// §13 and Apple's documentation: a convex polygon of either winding (normalised to a
    /// positive area); fewer than 3 points, collinear, crossing itself or concave is refused
    /// with UIKit's reason.
    func testBoundingPathsAreCheckedAsUIKitChecksThem() throws {
        let id = ItemID(rawValue: 3)
        func polygon(_ points: [SIMD2<Double>]) throws -> [SIMD2<Double>] {
            try CollisionPath.boundingPolygon([.move(points[0])] + points.dropFirst().map { .line($0) }, item: id, world: nil)
        }
        let ccw = try polygon([SIMD2(-10, -10), SIMD2(10, -10), SIMD2(10, 10), SIMD2(-10, 10)])
        let cw = try polygon([SIMD2(-10, 10), SIMD2(10, 10), SIMD2(10, -10), SIMD2(-10, -10)])
        XCTAssertEqual(ccw, [SIMD2(-10, -10), SIMD2(10, -10), SIMD2(10, 10), SIMD2(-10, 10)])
        XCTAssertEqual(cw, [SIMD2(-10, -10), SIMD2(10, -10), SIMD2(10, 10), SIMD2(-10, 10)], "the other winding, reversed")
        let refusals: [([SIMD2<Double>], String)] = [
            ([SIMD2(0, 0), SIMD2(10, 0)], "fewer than 3 distinct points"),
            ([SIMD2(0, 0), SIMD2(10, 0), SIMD2(20, 0)], "collinear"),
            ([SIMD2(0, 0), SIMD2(10, 10), SIMD2(10, 0), SIMD2(0, 10)], "crosses itself"),
            ([SIMD2(0, 0), SIMD2(20, 0), SIMD2(10, 5), SIMD2(20, 20), SIMD2(0, 20)], "concave"),
            ((0..<5).map { k in SIMD2(cos(Double(k) * 4 * .pi / 5), sin(Double(k) * 4 * .pi / 5)) * 10 }, "crosses itself"),
        ]
        for (points, why) in refusals {
            XCTAssertThrowsError(try polygon(points)) { error in
                XCTAssertTrue("\(error)".hasPrefix("UIDynamicItem (item 3) provided an invalid bounding path"), "\(error)")
                XCTAssertTrue("\(error)".contains(why), "\(error) for \(points)")
            }
        }
        let many = (0..<300).map { k in SIMD2(cos(Double(k) * 2 * .pi / 300), sin(Double(k) * 2 * .pi / 300)) * 1000 }
        XCTAssertThrowsError(try polygon(many)) { XCTAssertTrue("\($0)".contains("more than 256 vertices"), "\($0)") }
    }

    /// §2.2: an item of no width or height is refused when the behaviour makes its body.
    func testZeroSizeItemsAreRefused() throws {
        let a = try animator()
        let flat = try item(a, size: SIMD2(10, 0))
        XCTAssertThrowsError(try a.addBehavior(CollisionBehavior(items: [flat]))) {
            XCTAssertEqual("\($0)", "Invalid size {10, 0} for item 0 in Dynamics")
        }
        XCTAssertEqual(a.collisionGroupCounter, 0, "a refused behaviour takes no group")
        let c = CollisionBehavior()
        try a.addBehavior(c)
        XCTAssertThrowsError(try c.addItem(flat))
        XCTAssertEqual(c.items, [])
    }
}

