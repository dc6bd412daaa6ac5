import SpringKitMath

/// The bodies of the rigid solver's awake islands during one step, as Box2D's `b2SolverData`
/// holds them: copied in before the joints are prepared and out after the positions are
/// solved, in Box2D 2.4's split: velocities (`b2Velocity`) apart from positions (`b2Position`)
/// and inverse masses, so a velocity pass reads and writes only velocities. Each array holds
/// the world's record first and body k at k + 1: index −1 in a joint reads the world, a static
/// body at the origin, angle 0 (a joint to a fixed point keeps that point as its local
/// anchor), which nothing writes.
struct SolverBodies {
    private(set) var velocities: [BodyVelocity] = [.world]
    private(set) var positions: [BodyPosition] = [.world]
    private(set) var masses: [BodyMass] = [.world]

    var count: Int { velocities.count - 1 }

    /// Makes room for `count` bodies after the world's record, keeping the storage (and each
    /// position's rotation: a pair of an angle and its rotation stays true); the caller sets
    /// every body's record (`SolverBodyPointers.set`).
    /// - Complexity: O(count) when the count changes, else O(1).
    mutating func resize(_ count: Int) {
        guard count != self.count else { return }
        velocities.removeSubrange(1...); positions.removeSubrange(1...); masses.removeSubrange(1...)
        velocities.append(contentsOf: repeatElement(.world, count: count))
        positions.append(contentsOf: repeatElement(.world, count: count))
        masses.append(contentsOf: repeatElement(.world, count: count))
    }

    /// Body `k`'s record (k ≥ 0).
    subscript(k: Int) -> JointBody { @inline(__always) get { state(k) } }

    /// Body `b`'s state, or the world's (static, at rest) for −1.
    @inline(__always) func state(_ b: Int) -> JointBody {
        let v = velocities[b + 1], p = positions[b + 1], m = masses[b + 1]
        return JointBody(c: p.c, angle: p.angle, v: v.v, w: v.w, m: m.m, i: m.i)
    }

    /// Writes back body `b`'s velocity (nothing for the world).
    @inline(__always) mutating func setVelocity(_ b: Int, _ v: SIMD2<Double>, _ spin: Double) {
        guard b >= 0 else { return }
        velocities[b + 1] = BodyVelocity(v: v, w: spin)
    }

    /// Writes back body `b`'s position and angle (nothing for the world).
    @inline(__always) mutating func setPosition(_ b: Int, _ c: SIMD2<Double>, _ a: Double) {
        guard b >= 0 else { return }
        positions[b + 1].c = c; positions[b + 1].angle = a
    }

    /// Calls `body` with the records' storage (valid only inside it), for the joints' passes:
    /// no uniqueness or bounds check, and no whole record copied, per joint.
    mutating func withPointers<R>(_ body: (SolverBodyPointers) throws -> R) rethrows -> R {
        try velocities.withUnsafeMutableBufferPointer { v in
            try positions.withUnsafeMutableBufferPointer { p in
                try masses.withUnsafeMutableBufferPointer { m in
                    try body(SolverBodyPointers(velocities: v.baseAddress! + 1, positions: p.baseAddress! + 1, masses: m.baseAddress! + 1))
                }
            }
        }
    }
}

/// The solver bodies' storage during a pass (`SolverBodies.withPointers`): the same reads and
/// writes as `SolverBodies`, through pointers to body 0 (the world at −1).
struct SolverBodyPointers {
    let velocities: UnsafeMutablePointer<BodyVelocity>
    let positions: UnsafeMutablePointer<BodyPosition>
    /// Written only by `set`.
    let masses: UnsafeMutablePointer<BodyMass>

    /// Body `b`'s state, or the world's (static, at rest) for −1.
    @inline(__always) func state(_ b: Int) -> JointBody {
        let v = velocities[b], p = positions[b], m = masses[b]
        return JointBody(c: p.c, angle: p.angle, v: v.v, w: v.w, m: m.m, i: m.i)
    }

    /// `Vec2.rotation(angle)` for an angle of body `b`: the rotation `b` holds when it was
    /// computed from the same bits (the same function of the same bits gives the same bits),
    /// else computed and held (the world's is never replaced). A joint's two ends turn one
    /// sine and cosine per body instead of one per joint end while their angles stand.
    @inline(__always) func rotation(_ b: Int, angle: Double) -> SIMD2<Double> {
        if positions[b].rotationAngle.bitPattern == angle.bitPattern { return positions[b].rotation }
        return newRotation(b, angle)
    }

    private func newRotation(_ b: Int, _ angle: Double) -> SIMD2<Double> {
        let q = Vec2.rotation(angle)
        if b >= 0 { positions[b].rotationAngle = angle; positions[b].rotation = q }
        return q
    }

    /// Writes back body `b`'s velocity (nothing for the world).
    @inline(__always) func setVelocity(_ b: Int, _ v: SIMD2<Double>, _ spin: Double) {
        guard b >= 0 else { return }
        velocities[b] = BodyVelocity(v: v, w: spin)
    }

    /// Sets body `k`'s whole record (k ≥ 0), as the step copies it in.
    @inline(__always) func set(_ k: Int, c: SIMD2<Double>, angle: Double, v: SIMD2<Double>, w: Double, inverseMass m: Double, inverseInertia i: Double) {
        velocities[k] = BodyVelocity(v: v, w: w)
        positions[k].c = c; positions[k].angle = angle
        masses[k] = BodyMass(m: m, i: i)
    }

    /// Writes back body `b`'s position and angle (nothing for the world).
    @inline(__always) func setPosition(_ b: Int, _ c: SIMD2<Double>, _ a: Double) {
        guard b >= 0 else { return }
        positions[b].c = c; positions[b].angle = a
    }
}

/// A solver body's velocity and spin (Box2D's `b2Velocity`).
struct BodyVelocity {
    var v: SIMD2<Double>
    var w: Double
    static let world = BodyVelocity(v: .zero, w: 0)
}

/// A solver body's center and angle (Box2D's `b2Position`), with a rotation it computed:
/// `rotation` is `Vec2.rotation` of the angle whose bits `rotationAngle` holds, an angle this
/// record had (`SolverBodyPointers.rotation`). The pair stays true whatever the record later
/// holds, so it is kept from step to step.
struct BodyPosition {
    var c: SIMD2<Double>
    var angle: Double
    fileprivate var rotationAngle: Double
    fileprivate var rotation: SIMD2<Double>

    /// No rotation yet: the first one asked for is computed (the key is `Double.nan`'s bits,
    /// and the (nan, nan) held is that angle's rotation).
    init(c: SIMD2<Double>, angle: Double) {
        self.c = c; self.angle = angle
        rotationAngle = .nan; rotation = SIMD2(.nan, .nan)
    }

    /// The world's, its rotation computed: reading it writes nothing.
    static let world: BodyPosition = {
        var p = BodyPosition(c: .zero, angle: 0)
        p.rotationAngle = 0; p.rotation = Vec2.rotation(0)
        return p
    }()
}

/// A solver body's inverse mass and inverse rotational inertia.
struct BodyMass {
    var m: Double
    var i: Double
    static let world = BodyMass(m: 0, i: 0)
}

/// One body's state as a joint reads it: center, angle, velocities, inverse mass and inertia.
struct JointBody {
    var c: SIMD2<Double>
    var angle: Double
    var v: SIMD2<Double>
    var w: Double
    var m: Double
    var i: Double

    /// Applies impulse `P` at `r` from the center, as end B of a joint (end A takes −P):
    /// v += m P, w += i (r × P).
    @inline(__always) mutating func applyVelocity(_ P: SIMD2<Double>, at r: SIMD2<Double>) {
        v += m * P; w += i * Vec2.cross(r, P)
    }

    /// Applies position impulse `P` at `r`, as end B of a joint (end A takes −P):
    /// c += m P, angle += i (r × P).
    @inline(__always) mutating func applyPosition(_ P: SIMD2<Double>, at r: SIMD2<Double>) {
        c += m * P; angle += i * Vec2.cross(r, P)
    }
}

/// The numbers every joint solves with, in points and radians (Box2D's in metres at 100 pt/m).
struct JointStepContext {
    /// The step, s, and its inverse.
    var h: Double
    var inverseH: Double { 1 / h }
    /// Box2D's `b2_linearSlop` (0.5 pt) and `b2_angularSlop` (2°).
    var linearSlop: Double
    var angularSlop = 2.0 / 180 * Double.pi
    /// Box2D's `b2_maxLinearCorrection` (20 pt) and `b2_maxAngularCorrection` (8°).
    var maximumLinearCorrection: Double
    var maximumAngularCorrection = 8.0 / 180 * Double.pi
}

/// 2-D helpers in Box2D's names; rotations use deterministic sine and cosine.
enum Vec2 {
    /// (cos a, sin a), as Box2D's `b2Rot`.
    @inline(__always) static func rotation(_ a: Double) -> SIMD2<Double> {
        let (sin, cos) = DMath.sincos(a)
        return SIMD2(cos, sin)
    }
    /// `b2Mul(q, v)`: v turned by q.
    @inline(__always) static func rotate(_ q: SIMD2<Double>, _ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(q.x * v.x - q.y * v.y, q.y * v.x + q.x * v.y)
    }
    /// `b2Cross(a, b)` of two vectors.
    @inline(__always) static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }
    /// `b2Cross(w, v)`: the velocity of a point at v on a body spinning at w.
    @inline(__always) static func cross(_ w: Double, _ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-w * v.y, w * v.x) }
    @inline(__always) static func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }
    @inline(__always) static func length(_ a: SIMD2<Double>) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }

    /// `b2Mat22::Solve`: x with [[a11, a12], [a21, a22]] x = b (0 when singular).
    static func solve22(_ a11: Double, _ a12: Double, _ a21: Double, _ a22: Double, _ b: SIMD2<Double>) -> SIMD2<Double> {
        solve22(a11, a12, a21, a22, inverseDeterminant: inverseDeterminant(a11, a12, a21, a22), b)
    }

    /// `b2Mat22::Solve`'s 1 / det (0 when singular), to keep while the matrix stands.
    @inline(__always) static func inverseDeterminant(_ a11: Double, _ a12: Double, _ a21: Double, _ a22: Double) -> Double {
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return det
    }

    /// `b2Mat22::Solve` with its 1 / det given (`inverseDeterminant`): the same operations.
    @inline(__always) static func solve22(_ a11: Double, _ a12: Double, _ a21: Double, _ a22: Double, inverseDeterminant det: Double,
                                          _ b: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }
}

/// A symmetric 3 × 3 matrix (`b2Mat33` as the weld and prismatic joints use it).
struct Mat33 {
    var ex: SIMD3<Double>, ey: SIMD3<Double>, ez: SIMD3<Double>

    @inline(__always) static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
    @inline(__always) static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }

    /// `b2Mat33::Solve33`.
    @inline(__always) func solve33(_ b: SIMD3<Double>) -> SIMD3<Double> {
        var det = Mat33.dot(ex, Mat33.cross(ey, ez))
        if det != 0 { det = 1 / det }
        return SIMD3(det * Mat33.dot(b, Mat33.cross(ey, ez)), det * Mat33.dot(ex, Mat33.cross(b, ez)), det * Mat33.dot(ex, Mat33.cross(ey, b)))
    }

    /// `b2Mat33::Solve22`: the upper-left 2 × 2 block.
    func solve22(_ b: SIMD2<Double>) -> SIMD2<Double> { Vec2.solve22(ex.x, ey.x, ex.y, ey.y, b) }

    /// `b2Mat33::GetSymInverse33`.
    func symmetricInverse() -> SymmetricMat33 {
        var det = Mat33.dot(ex, Mat33.cross(ey, ez))
        if det != 0 { det = 1 / det }
        let a11 = ex.x, a12 = ey.x, a13 = ez.x, a22 = ey.y, a23 = ez.y, a33 = ez.z
        let m11 = det * (a22 * a33 - a23 * a23), m12 = det * (a13 * a23 - a12 * a33), m13 = det * (a12 * a23 - a13 * a22)
        let m22 = det * (a11 * a33 - a13 * a13), m23 = det * (a13 * a12 - a11 * a23), m33 = det * (a11 * a22 - a12 * a12)
        return SymmetricMat33(m11: m11, m12: m12, m13: m13, m22: m22, m23: m23, m33: m33)
    }

    @inline(__always) func times(_ v: SIMD3<Double>) -> SIMD3<Double> { v.x * ex + v.y * ey + v.z * ez }
}

/// A symmetric 3 × 3 matrix by its six entries (a weld's effective mass, `Mat33.symmetricInverse`):
/// 48 bytes where a `Mat33` of three `SIMD3`s takes 96, for the joint's velocity passes to stream.
struct SymmetricMat33 {
    var m11: Double, m12: Double, m13: Double, m22: Double, m23: Double, m33: Double

    static let zero = SymmetricMat33(m11: 0, m12: 0, m13: 0, m22: 0, m23: 0, m33: 0)

    /// `Mat33.times` of the whole matrix, v.x·ex + v.y·ey + v.z·ez: each row summed in that order.
    @inline(__always) func times(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(v.x * m11 + v.y * m12 + v.z * m13, v.x * m12 + v.y * m22 + v.z * m23, v.x * m13 + v.y * m23 + v.z * m33)
    }
}
