import XCTest
@testable import SpringKitDynamics

/// `FieldRegion` against UIKit's `UIRegion` as measured on the host (charon
/// `UIFieldBehavior.md` §10.6) and PKRegion's structure (one primitive with an inversion flag,
/// at most one second shape; union with an inverted region is a difference, and so on).
final class FieldRegionTests: XCTestCase {
    func circle(_ r: Double) -> FieldRegion { try! FieldRegion(radius: r) }
    func rect(_ w: Double, _ h: Double) -> FieldRegion { try! FieldRegion(width: w, height: h) }

    func testCircleIsInclusiveAndNegativeRadiusActsAsItsMagnitude() {
        let c = circle(50)
        XCTAssertTrue(c.contains([50, 0]), "radius inclusive: a radius-50 region holds distance 50")
        XCTAssertTrue(c.contains([30, 40]))
        XCTAssertTrue(c.contains([0, -50]))
        XCTAssertFalse(c.contains([50.001, 0]), "not 50.001")
        XCTAssertFalse(c.contains([35.5, 35.5]))
        let negative = circle(-50)
        for p: SIMD2<Double> in [[50, 0], [30, 40], [50.001, 0], [0, 0], [-36, 36]] {
            XCTAssertEqual(negative.contains(p), c.contains(p), "\(p)")
        }
    }

    func testRectangleIsStrictAndNegativeSizesHoldNothing() {
        let r = rect(100, 50)
        XCTAssertTrue(r.contains([0, 0]))
        XCTAssertTrue(r.contains([49.999, 24.999]))
        XCTAssertTrue(r.contains([-49.999, -24.999]))
        XCTAssertFalse(r.contains([50, 0]), "edge (50, 0) is outside 100 × 50")
        XCTAssertFalse(r.contains([0, 25]), "edge (0, 25) is outside")
        XCTAssertFalse(r.contains([50, 25]), "the corner is outside")
        XCTAssertFalse(r.contains([-50, 0]))
        for negative in [rect(-100, 50), rect(100, -50), rect(-100, -50)] {
            for p: SIMD2<Double> in [[0, 0], [10, 10], [-49, 24], [50, 25], [1000, 0]] {
                XCTAssertFalse(negative.contains(p), "\(negative) holds \(p)")
            }
        }
    }

    func testInfiniteHoldsEverythingAndItsInverseNothing() {
        for p: SIMD2<Double> in [[0, 0], [1e300, -1e300], [-5, 7], [.greatestFiniteMagnitude, 0]] {
            XCTAssertTrue(FieldRegion.infinite.contains(p))
            XCTAssertFalse(FieldRegion.infinite.inverse.contains(p))
        }
        XCTAssertEqual(FieldRegion.infinite, FieldRegion.infinite)
        XCTAssertEqual(FieldRegion.infinite.inverse.inverse, FieldRegion.infinite)
    }

    /// Measured (`p1.m`): the inverse of the 100 × 50 rectangle holds its edge point (50, 0).
    func testInverseIsThePlainComplementSoARectanglesEdgeIsInIt() {
        let inv = rect(100, 50).inverse
        XCTAssertTrue(inv.contains([50, 0]))
        XCTAssertTrue(inv.contains([0, 25]))
        XCTAssertTrue(inv.contains([500, 0]))
        XCTAssertFalse(inv.contains([0, 0]))
        XCTAssertFalse(inv.contains([49.999, 0]))
        let cinv = circle(50).inverse
        XCTAssertFalse(cinv.contains([50, 0]), "the circle's edge is in the circle, so not in its inverse")
        XCTAssertTrue(cinv.contains([50.001, 0]))
    }

    func testUnionAndDifference() {
        let c = circle(50), r = rect(200, 20)
        let u = c.union(r), d = c.difference(r)
        // (0, 0) both; (90, 0) rect only; (0, 40) circle only; (90, 40) neither.
        XCTAssertTrue(u.contains([0, 0])); XCTAssertTrue(u.contains([90, 0])); XCTAssertTrue(u.contains([0, 40]))
        XCTAssertFalse(u.contains([90, 40]))
        XCTAssertFalse(d.contains([0, 0])); XCTAssertFalse(d.contains([90, 0])); XCTAssertTrue(d.contains([0, 40]))
        XCTAssertFalse(d.contains([90, 40]))
        // A difference leaves the rectangle's edge in (the edge is outside the rectangle).
        XCTAssertTrue(c.difference(rect(100, 50)).contains([0, 25]))
    }

    /// Measured: circle 50 intersected with rect 100 × 50 holds (50, 0) and (0, 25), which the
    /// rectangle alone excludes: intersection tests the other as "not outside".
    func testIntersectionTakesTheRectanglesEdgeIn() {
        let i = circle(50).intersection(rect(100, 50))
        XCTAssertTrue(i.contains([50, 0]))
        XCTAssertTrue(i.contains([0, 25]))
        XCTAssertTrue(i.contains([0, 0]))
        XCTAssertFalse(i.contains([0, 25.001]))
        XCTAssertFalse(i.contains([50.001, 0]))
        XCTAssertFalse(i.contains([40, 26]))
        XCTAssertFalse(rect(100, 50).contains([50, 0]))
    }

    /// PKRegion: union with an inverted region becomes a difference, difference from one a
    /// union, intersection ignores the other's inversion.
    func testInvertedOperandQuirks() {
        let c = circle(50), r = rect(200, 20)
        let points: [SIMD2<Double>] = [[0, 0], [90, 0], [0, 40], [90, 40], [100, 10], [50, 0], [0, 10], [-120, 0]]
        for p in points {
            XCTAssertEqual(c.union(r.inverse).contains(p), c.difference(r).contains(p), "∪ inverse at \(p)")
            XCTAssertEqual(c.difference(r.inverse).contains(p), c.union(r).contains(p), "− inverse at \(p)")
            XCTAssertEqual(c.intersection(r.inverse).contains(p), c.intersection(r).contains(p), "∩ inverse at \(p)")
        }
        // Which differs from set algebra: c ∪ ¬r would hold (90, 40); the quirk does not.
        XCTAssertFalse(c.union(r.inverse).contains([90, 40]))
        // The infinite region's inverse as an operand: a union with "nothing" empties a region.
        XCTAssertFalse(c.union(FieldRegion.infinite.inverse).contains([0, 0]))
    }

    /// An operation replaces the receiver's second shape and drops the other's own second shape;
    /// the inversion flag belongs to the first shape.
    func testOneSecondSlot() {
        let a = circle(50), b = rect(200, 20), c = rect(20, 200)
        let points: [SIMD2<Double>] = [[0, 0], [90, 0], [0, 90], [0, 40], [90, 90], [40, 0], [-9, -150]]
        for p in points {
            XCTAssertEqual(a.union(b).union(c).contains(p), a.union(c).contains(p), "(a ∪ b) ∪ c = a ∪ c at \(p)")
            XCTAssertEqual(a.union(b.union(c)).contains(p), a.union(b).contains(p), "a ∪ (b ∪ c) = a ∪ b at \(p)")
            XCTAssertEqual(a.union(b).inverse.contains(p), !a.contains(p) || b.contains(p), "inverse flips the first shape only at \(p)")
        }
        XCTAssertTrue(a.union(b).union(c).contains([0, 90]))
        XCTAssertFalse(a.union(b).union(c).contains([90, 0]), "b was replaced by c")
    }

    func testRegionsRejectNumbersThatAreNotFinite() {
        for bad in [Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try FieldRegion(radius: bad)) { error in
                XCTAssertTrue("\(error)".hasPrefix("region: radius must be finite"), "\(error)")
            }
            XCTAssertThrowsError(try FieldRegion(width: bad, height: 1)) { XCTAssertTrue("\($0)".contains("width")) }
            XCTAssertThrowsError(try FieldRegion(width: 1, height: bad)) { XCTAssertTrue("\($0)".contains("height")) }
        }
    }

    /// The truth table of the host test plan's row F2: 8 points × 7 regions, from the rules.
    func testTruthTable() {
        let c = circle(50), r = rect(100, 50)
        let points: [SIMD2<Double>] = [[0, 0], [50, 0], [0, 25], [50, 25], [30, 40], [49, 0], [0, 50], [60, 0]]
        let regions: [(String, FieldRegion, [Bool])] = [
            ("circle", c, [true, true, true, false, true, true, true, false]),
            ("rect", r, [true, false, false, false, false, true, false, false]),
            ("infinite", .infinite, [true, true, true, true, true, true, true, true]),
            ("inverse rect", r.inverse, [false, true, true, true, true, false, true, true]),
            ("union", c.union(r), [true, true, true, false, true, true, true, false]),
            ("difference", c.difference(r), [false, true, true, false, true, false, true, false]),
            ("intersection", c.intersection(r), [true, true, true, false, false, true, false, false]),
        ]
        for (name, region, expected) in regions {
            XCTAssertEqual(points.map(region.contains), expected, name)
        }
    }
}
