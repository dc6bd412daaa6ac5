import XCTest
@testable import SpringKitDynamics

/// The narrow phase against geometry worked out by hand (y up in these sketches; the functions
/// do not care). Every expected number below follows from the shapes' placement.
final class CollisionManifoldTests: XCTestCase {
    private let slop = 0.5
    private func at(_ x: Double, _ y: Double, _ angle: Double = 0) -> Transform { Transform(p: SIMD2(x, y), angle: angle) }
    private func box(_ hx: Double, _ hy: Double) -> PolygonShape { .box(halfWidth: hx, halfHeight: hy) }

    private func assertClose(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: tolerance, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: tolerance, file: file, line: line)
    }

    /// A 50 × 50 box whose bottom sits 1 pt into the top of a 100 × 100 box, 10 pt right of
    /// its center: two points at x = 10 ∓ 25, separation −1, normal up from A.
    func testBoxRestingOnBox() {
        let m = collidePolygons(box(50, 50), at(0, 0), box(25, 25), at(10, 74), linearSlop: slop)
        XCTAssertEqual(m.kind, .faceA)
        XCTAssertEqual(m.pointCount, 2)
        let w = WorldManifold(m, at(0, 0), 0, at(10, 74), 0)
        assertClose(w.normal, SIMD2(0, 1))
        XCTAssertEqual(w.points.map(\.x).sorted(), [-15, 35])
        for (p, s) in zip(w.points, w.separations) {
            XCTAssertEqual(s, -1, accuracy: 1e-12)
            XCTAssertEqual(p.y, 49.5, accuracy: 1e-12)   // midway between the two surfaces
        }
    }

    /// Boxes apart by 0.001 pt: no points.
    func testSeparatedBoxes() {
        XCTAssertEqual(collidePolygons(box(50, 50), at(0, 0), box(25, 25), at(0, 75.001), linearSlop: slop).pointCount, 0)
    }

    /// A 50 × 50 box turned 45° whose lowest corner sits 2 pt into the top face of a 100 × 100
    /// box: one point at the corner, separation −2, normal up.
    func testRotatedBoxCorner() {
        let diagonal = 25 * 2.0.squareRoot()
        let xfB = at(5, 50 + diagonal - 2, Double.pi / 4)
        let m = collidePolygons(box(50, 50), at(0, 0), box(25, 25), xfB, linearSlop: slop)
        XCTAssertEqual(m.pointCount, 1)
        let w = WorldManifold(m, at(0, 0), 0, xfB, 0)
        assertClose(w.normal, SIMD2(0, 1), 1e-12)
        XCTAssertEqual(w.separations[0], -2, accuracy: 1e-9)
        assertClose(w.points[0], SIMD2(5, 49), 1e-9)
    }

    /// A small box turned 45° pokes its corner 2 pt into the bottom face of a big box above it:
    /// B's face is the reference (B's separation, −2, beats A's, about −36.8), the manifold is
    /// `faceB`, and the world normal still points from A to B.
    func testFlippedReferenceFace() {
        let xfA = at(0, 0, Double.pi / 4), xfB = at(0, 10 * 2.0.squareRoot() - 2 + 50)
        let m = collidePolygons(box(10, 10), xfA, box(50, 50), xfB, linearSlop: slop)
        XCTAssertEqual(m.kind, .faceB)
        XCTAssertEqual(m.pointCount, 1)
        let w = WorldManifold(m, xfA, 0, xfB, 0)
        assertClose(w.normal, SIMD2(0, 1), 1e-12)
        XCTAssertEqual(w.separations[0], -2, accuracy: 1e-9)
        assertClose(w.points[0], SIMD2(0, 10 * 2.0.squareRoot() - 1), 1e-9)
    }

    /// Manifold point ids stay the same when a resting box slides a little (warm starting
    /// matches by them).
    func testPointIdsSurviveSmallMotion() {
        let a = collidePolygons(box(50, 50), at(0, 0), box(25, 25), at(10, 74), linearSlop: slop)
        let b = collidePolygons(box(50, 50), at(0, 0), box(25, 25), at(11, 74.2), linearSlop: slop)
        XCTAssertEqual(a.points.map(\.id.key), b.points.map(\.id.key))
        XCTAssertNotEqual(a.points[0].id.key, a.points[1].id.key)
    }

    /// Circle of radius 10 whose center is 8 above a horizontal two-sided edge: separation −2,
    /// normal from the edge toward the circle, point midway (y = −1... here 8 − 10 = −2 and 0).
    func testCircleOnEdge() {
        let edge = EdgeShape(v0: SIMD2(-100, 0), v1: SIMD2(-100, 0), v2: SIMD2(100, 0), v3: SIMD2(100, 0), oneSided: false)
        let m = collideEdgeAndCircle(edge, at(0, 0), CircleShape(center: .zero, radius: 10), at(20, 8))
        XCTAssertEqual(m.kind, .faceA)
        let w = WorldManifold(m, at(0, 0), 0, at(20, 8), 10)
        assertClose(w.normal, SIMD2(0, 1))
        XCTAssertEqual(w.separations[0], -2, accuracy: 1e-12)
        assertClose(w.points[0], SIMD2(20, -1))
        // From below, the normal turns.
        let below = WorldManifold(collideEdgeAndCircle(edge, at(0, 0), CircleShape(center: .zero, radius: 10), at(20, -8)), at(0, 0), 0, at(20, -8), 10)
        assertClose(below.normal, SIMD2(0, -1))
        // Beyond the end, within the radius of the end vertex: a vertex contact along the diagonal.
        let end = collideEdgeAndCircle(edge, at(0, 0), CircleShape(center: .zero, radius: 10), at(106, 6))
        XCTAssertEqual(end.kind, .circles)
        let we = WorldManifold(end, at(0, 0), 0, at(106, 6), 10)
        assertClose(we.normal, SIMD2(1, 1) / 2.0.squareRoot(), 1e-12)
        XCTAssertEqual(we.separations[0], 6 * 2.0.squareRoot() - 10, accuracy: 1e-9)
    }

    /// A one-sided (chain) segment ignores a circle or polygon behind it.
    func testOneSidedSegmentIgnoresTheBack() {
        // v1 → v2 along +x: the normal points right of it, to −y.
        let edge = EdgeShape(v0: SIMD2(-200, 0), v1: SIMD2(-100, 0), v2: SIMD2(100, 0), v3: SIMD2(200, 0), oneSided: true)
        XCTAssertEqual(collideEdgeAndCircle(edge, at(0, 0), CircleShape(center: .zero, radius: 10), at(0, 8)).pointCount, 0)
        XCTAssertEqual(collideEdgeAndCircle(edge, at(0, 0), CircleShape(center: .zero, radius: 10), at(0, -8)).pointCount, 1)
        XCTAssertEqual(collideEdgeAndPolygon(edge, at(0, 0), box(10, 10), at(0, 9)).pointCount, 0)
        XCTAssertEqual(collideEdgeAndPolygon(edge, at(0, 0), box(10, 10), at(0, -9)).pointCount, 2)
    }

    /// A box lying across the joint of a flat chain gets the chain's face normal from both
    /// segments (no ghost normal from the joint's vertex).
    func testChainJointGivesFaceNormals() {
        let points: [SIMD2<Double>] = [SIMD2(-200, 0), SIMD2(0, 0), SIMD2(200, 0), SIMD2(200, -100), SIMD2(-200, -100)]
        let segments = EdgeShape.segments(points, loop: true)
        XCTAssertEqual(segments.count, 10)   // 5 each way
        let xf = at(3, 9.5, 0.01)
        var normals: [SIMD2<Double>] = []
        for s in segments {
            let m = collideEdgeAndPolygon(s, at(0, 0), box(10, 10), xf)
            if m.pointCount > 0 { normals.append(WorldManifold(m, at(0, 0), 0, xf, 0).normal) }
        }
        XCTAssertFalse(normals.isEmpty)
        for n in normals { assertClose(n, SIMD2(0, 1), 1e-12) }
    }

    /// A 40 × 40 box sinking 1 pt into a long two-sided edge: the edge's face, two points.
    func testBoxOnEdge() {
        let edge = EdgeShape(v0: SIMD2(-100, 0), v1: SIMD2(-100, 0), v2: SIMD2(100, 0), v3: SIMD2(100, 0), oneSided: false)
        let m = collideEdgeAndPolygon(edge, at(0, 0), box(20, 20), at(30, 19))
        XCTAssertEqual(m.kind, .faceA)
        XCTAssertEqual(m.pointCount, 2)
        let w = WorldManifold(m, at(0, 0), 0, at(30, 19), 0)
        assertClose(w.normal, SIMD2(0, 1), 1e-12)
        XCTAssertEqual(w.points.map(\.x).sorted(), [10, 50])
        for s in w.separations { XCTAssertEqual(s, -1, accuracy: 1e-12) }
    }

    /// Circles of radius 10 and 5 with centers 12 apart along (3, 4)/5: separation −3.
    func testCircles() {
        let c = SIMD2<Double>(3, 4) / 5 * 12
        let m = collideCircles(CircleShape(center: .zero, radius: 10), at(0, 0), CircleShape(center: .zero, radius: 5), at(c.x, c.y))
        let w = WorldManifold(m, at(0, 0), 10, at(c.x, c.y), 5)
        assertClose(w.normal, SIMD2(0.6, 0.8), 1e-12)
        XCTAssertEqual(w.separations[0], -3, accuracy: 1e-12)
        XCTAssertEqual(collideCircles(CircleShape(center: .zero, radius: 10), at(0, 0), CircleShape(center: .zero, radius: 5), at(15.01, 0)).pointCount, 0)
    }

    /// A circle near a box's corner (beyond both faces): the normal runs from the corner to
    /// the circle's center; against a face, the face normal.
    func testPolygonAndCircle() {
        let corner = collidePolygonAndCircle(box(10, 10), at(0, 0), CircleShape(center: .zero, radius: 5), at(13, 14))
        let w = WorldManifold(corner, at(0, 0), 0, at(13, 14), 5)
        assertClose(w.normal, SIMD2(0.6, 0.8), 1e-12)
        XCTAssertEqual(w.separations[0], 0, accuracy: 1e-12)
        let face = collidePolygonAndCircle(box(10, 10), at(0, 0), CircleShape(center: .zero, radius: 5), at(2, 14))
        let wf = WorldManifold(face, at(0, 0), 0, at(2, 14), 5)
        assertClose(wf.normal, SIMD2(0, 1), 1e-12)
        XCTAssertEqual(wf.separations[0], -1, accuracy: 1e-12)
        XCTAssertEqual(collidePolygonAndCircle(box(10, 10), at(0, 0), CircleShape(center: .zero, radius: 5), at(14, 15)).pointCount, 0)
    }

    /// b2PolygonShape::Set's rules and the refusals added here.
    func testHull() throws {
        let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 10)]
        let p = try PolygonShape.hull(of: square.reversed(), weldTolerance: 0.25).get()
        XCTAssertEqual(p.count, 4)
        for i in 0..<4 { XCTAssertGreaterThan(Vec2.cross(p.vertices[(i + 1) % 4] - p.vertices[i], p.vertices[(i + 2) % 4] - p.vertices[(i + 1) % 4]), 0) }
        assertClose(p.centroid, SIMD2(5, 5), 1e-12)
        // A point within the weld tolerance is dropped.
        XCTAssertEqual(try PolygonShape.hull(of: square + [SIMD2(10, 10.2)], weldTolerance: 0.25).get().count, 4)
        XCTAssertEqual(PolygonShape.hull(of: square + [SIMD2(5, 5)], weldTolerance: 0.25), .failure(.notConvex))
        XCTAssertEqual(PolygonShape.hull(of: [SIMD2(0, 0), SIMD2(1, 1), SIMD2(2, 2)], weldTolerance: 0.25), .failure(.collinear))
        XCTAssertEqual(PolygonShape.hull(of: [SIMD2(0, 0), SIMD2(0.1, 0)], weldTolerance: 0.25), .failure(.tooFewPoints(1)))
        let nine = (0..<9).map { k in SIMD2(100 * DMathTestHelper.cos(Double(k) * 2 * .pi / 9), 100 * DMathTestHelper.sin(Double(k) * 2 * .pi / 9)) }
        XCTAssertEqual(PolygonShape.hull(of: nine, weldTolerance: 0.25), .failure(.tooManyVertices(9, limit: 8)))
    }

    /// The host's ellipse polygons have the measured vertex counts (charon M6: 20 × 10 → 4,
    /// 100 × 50 → 24, 60 × 200 → 44, 1000 × 500 → 244), are convex and lie on the ellipse.
    func testEllipseOutline() throws {
        for (w, h, count) in [(20.0, 10.0, 4), (100.0, 50.0, 24), (60.0, 200.0, 44), (1000.0, 500.0, 244)] {
            let vs = EllipseOutline.vertices(width: w, height: h)
            XCTAssertEqual(vs.count, count, "\(w) × \(h)")
            let p = try PolygonShape.hull(of: vs, weldTolerance: 0, maximumVertices: 255).get()
            XCTAssertEqual(p.count, count)
            for v in vs { XCTAssertLessThan(abs((v.x / (w / 2)) * (v.x / (w / 2)) + (v.y / (h / 2)) * (v.y / (h / 2)) - 1), 0.01) }
        }
    }

    /// Conservative advancement: a 20 × 20 box moving 300 pt right toward a vertical segment
    /// 100 pt away from its right side stops within the target distance of it.
    func testTimeOfImpact() {
        let wall = Shape.edge(EdgeShape(v0: SIMD2(150, -50), v1: SIMD2(150, -50), v2: SIMD2(150, 50), v3: SIMD2(150, 50), oneSided: false))
        let t = TimeOfImpact.compute(.polygon(box(10, 10)), from: (SIMD2(40, 0), 0), to: (SIMD2(340, 0), 0), against: wall, at(0, 0),
                                     target: 0.5, tolerance: 0.125)
        let hit = try! XCTUnwrap(t)
        let right = 40 + 300 * hit + 10
        XCTAssertGreaterThanOrEqual(150 - right, 0.5 - 1e-9)
        XCTAssertLessThan(150 - right, 0.625)
        // Moving away or missing the segment: none.
        XCTAssertNil(TimeOfImpact.compute(.polygon(box(10, 10)), from: (SIMD2(40, 0), 0), to: (SIMD2(-260, 0), 0), against: wall, at(0, 0), target: 0.5, tolerance: 0.125))
        XCTAssertNil(TimeOfImpact.compute(.polygon(box(10, 10)), from: (SIMD2(40, 100), 0), to: (SIMD2(340, 100), 0), against: wall, at(0, 0), target: 0.5, tolerance: 0.125))
    }
}

/// Deterministic sine and cosine for building test geometry.
enum DMathTestHelper {
    static func sin(_ x: Double) -> Double { Vec2.rotation(x).y }
    static func cos(_ x: Double) -> Double { Vec2.rotation(x).x }
}
