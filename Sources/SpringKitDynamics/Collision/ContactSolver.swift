/// One touching contact as Box2D's `b2ContactSolver` solves it, in points: a normal impulse per
/// manifold point (never pulling), friction along the tangent bounded by friction × the normal
/// impulse, restitution as a velocity bias when the approach is faster than the threshold, the
/// 2-point block solver, and position correction. A body that does not respond to the contact
/// takes part with inverse mass and inertia 0.
struct ContactConstraint {
    /// The contact (index in `ContactManager.contacts`) and the solver bodies (−1: a boundary).
    var contact: Int
    var a: Int, b: Int
    var mA: Double, iA: Double, mB: Double, iB: Double
    var normal = SIMD2<Double>.zero
    var friction: Double, restitution: Double
    /// Per manifold point (at most two, `b2_maxManifoldPoints`), held inline: a contact
    /// makes no heap array each step.
    var rA = PointPair(SIMD2<Double>.zero), rB = PointPair(SIMD2<Double>.zero)
    var normalImpulse = PointPair(0.0), tangentImpulse = PointPair(0.0)
    var normalMass = PointPair(0.0), tangentMass = PointPair(0.0)
    var velocityBias = PointPair(0.0)
    private(set) var pointCount = 0
    /// The block solver's K and its inverse; `blockPoints` is 2 when it is used.
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    var inverseK = (0.0, 0.0, 0.0, 0.0)
    var blockPoints = 0
    // For the position solver.
    var manifold: Manifold
    var radiusA: Double, radiusB: Double

    /// `b2ContactSolver`'s constructor and `InitializeVelocityConstraints`: the world manifold
    /// at the bodies' current positions, effective masses and restitution bias; impulses taken
    /// from the manifold (warm starting). `ends` are the solver bodies of the contact's shapes
    /// (−1: a boundary) and `radii` the shapes' radii.
    init(contact: Int, _ c: Contact, _ touch: ContactTouch, ends: (Int, Int), radii: (Double, Double), _ bodies: SolverBodies,
         velocityThreshold: Double) {
        self.contact = contact
        (a, b) = ends
        let A = bodies.state(a), B = bodies.state(b)
        mA = c.respondsA ? A.m : 0; iA = c.respondsA ? A.i : 0
        mB = c.respondsB ? B.m : 0; iB = c.respondsB ? B.i : 0
        friction = touch.friction; restitution = touch.restitution
        manifold = touch.manifold
        (radiusA, radiusB) = radii
        let xfA = Transform(p: A.c, angle: A.angle), xfB = Transform(p: B.c, angle: B.angle)
        let world = WorldManifold(manifold, xfA, radiusA, xfB, radiusB)
        normal = world.normal
        let tangent = SIMD2(normal.y, -normal.x)
        precondition(manifold.pointCount <= 2, "a manifold holds at most two points (b2_maxManifoldPoints)")
        pointCount = manifold.pointCount
        for (n, mp) in manifold.points.enumerated() {
            let ra = world.points[n] - A.c, rb = world.points[n] - B.c
            rA[n] = ra; rB[n] = rb
            normalImpulse[n] = mp.normalImpulse; tangentImpulse[n] = mp.tangentImpulse
            let rnA = Vec2.cross(ra, normal), rnB = Vec2.cross(rb, normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            normalMass[n] = kNormal > 0 ? 1 / kNormal : 0
            let rtA = Vec2.cross(ra, tangent), rtB = Vec2.cross(rb, tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            tangentMass[n] = kTangent > 0 ? 1 / kTangent : 0
            let vRel = Vec2.dot(normal, B.v + Vec2.cross(B.w, rb) - A.v - Vec2.cross(A.w, ra))
            velocityBias[n] = vRel < -velocityThreshold ? -restitution * vRel : 0
        }
        if manifold.pointCount == 2 {
            let rn1A = Vec2.cross(rA[0], normal), rn1B = Vec2.cross(rB[0], normal)
            let rn2A = Vec2.cross(rA[1], normal), rn2B = Vec2.cross(rB[1], normal)
            k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
            k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
            k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
            // Box2D's k_maxConditionNumber: a badly conditioned K falls back to one point at a time.
            if k11 * k11 < 1000 * (k11 * k22 - k12 * k12) {
                var det = k11 * k22 - k12 * k12
                if det != 0 { det = 1 / det }
                inverseK = (det * k22, -det * k12, -det * k12, det * k11)
                blockPoints = 2
            }
        }
    }

    @inline(__always) private func apply(_ P: SIMD2<Double>, _ n: Int, _ A: inout JointBody, _ B: inout JointBody) {
        A.v -= mA * P; A.w -= iA * Vec2.cross(rA[n], P)
        B.v += mB * P; B.w += iB * Vec2.cross(rB[n], P)
    }

    @inline(__always) private func bodies(_ s: SolverBodies) -> (JointBody, JointBody) { (s.state(a), s.state(b)) }

    @inline(__always) private func write(_ s: inout SolverBodies, _ A: JointBody, _ B: JointBody) {
        if mA != 0 || iA != 0 { s.setVelocity(a, A.v, A.w) }
        if mB != 0 || iB != 0 { s.setVelocity(b, B.v, B.w) }
    }

    /// `WarmStart`: the impulses of the last step applied again.
    func warmStart(_ s: inout SolverBodies) {
        var (A, B) = bodies(s)
        let tangent = SIMD2(normal.y, -normal.x)
        for n in 0..<pointCount { apply(normalImpulse[n] * normal + tangentImpulse[n] * tangent, n, &A, &B) }
        write(&s, A, B)
    }

    /// `SolveVelocityConstraints`: friction first, then the normal impulses (one point at a
    /// time, or both at once by the block solver's four cases).
    mutating func solveVelocity(_ s: inout SolverBodies) {
        var (A, B) = bodies(s)
        let tangent = SIMD2(normal.y, -normal.x)
        for n in 0..<pointCount {
            let dv = B.v + Vec2.cross(B.w, rB[n]) - A.v - Vec2.cross(A.w, rA[n])
            let lambda = tangentMass[n] * -Vec2.dot(dv, tangent)
            let maxFriction = friction * normalImpulse[n]
            let newImpulse = min(max(tangentImpulse[n] + lambda, -maxFriction), maxFriction)
            let applied = newImpulse - tangentImpulse[n]
            tangentImpulse[n] = newImpulse
            apply(applied * tangent, n, &A, &B)
        }
        if blockPoints != 2 {
            for n in 0..<pointCount {
                let dv = B.v + Vec2.cross(B.w, rB[n]) - A.v - Vec2.cross(A.w, rA[n])
                let lambda = -normalMass[n] * (Vec2.dot(dv, normal) - velocityBias[n])
                let newImpulse = max(normalImpulse[n] + lambda, 0)
                let applied = newImpulse - normalImpulse[n]
                normalImpulse[n] = newImpulse
                apply(applied * normal, n, &A, &B)
            }
        } else {
            let a0 = SIMD2(normalImpulse[0], normalImpulse[1])
            let dv1 = B.v + Vec2.cross(B.w, rB[0]) - A.v - Vec2.cross(A.w, rA[0])
            let dv2 = B.v + Vec2.cross(B.w, rB[1]) - A.v - Vec2.cross(A.w, rA[1])
            var b = SIMD2(Vec2.dot(dv1, normal) - velocityBias[0], Vec2.dot(dv2, normal) - velocityBias[1])
            b -= SIMD2(k11 * a0.x + k12 * a0.y, k12 * a0.x + k22 * a0.y)
            func finish(_ x: SIMD2<Double>) {
                let d = x - a0
                let P1 = d.x * normal, P2 = d.y * normal
                A.v -= mA * (P1 + P2); A.w -= iA * (Vec2.cross(rA[0], P1) + Vec2.cross(rA[1], P2))
                B.v += mB * (P1 + P2); B.w += iB * (Vec2.cross(rB[0], P1) + Vec2.cross(rB[1], P2))
                normalImpulse[0] = x.x; normalImpulse[1] = x.y
            }
            repeat {
                // Case 1: both points active, x = −K⁻¹ b.
                var x = -SIMD2(inverseK.0 * b.x + inverseK.1 * b.y, inverseK.2 * b.x + inverseK.3 * b.y)
                if x.x >= 0 && x.y >= 0 { finish(x); break }
                // Case 2: point 1 active, point 2 separating.
                x = SIMD2(-normalMass[0] * b.x, 0)
                var vn2 = k12 * x.x + b.y
                if x.x >= 0 && vn2 >= 0 { finish(x); break }
                // Case 3: point 2 active.
                x = SIMD2(0, -normalMass[1] * b.y)
                let vn1 = k12 * x.y + b.x
                if x.y >= 0 && vn1 >= 0 { finish(x); break }
                // Case 4: both separating.
                x = .zero
                vn2 = b.y
                if b.x >= 0 && vn2 >= 0 { finish(x); break }
            } while false
        }
        write(&s, A, B)
    }

    /// `SolvePositionConstraints` for this contact (`b2PositionSolverManifold`): each point
    /// pushed out to −slop, by at most `maximumLinearCorrection`; returns the least separation.
    func solvePosition(_ s: inout SolverBodies, _ ctx: JointStepContext) -> Double {
        var A = s.state(a), B = s.state(b)
        var minSeparation = 0.0
        for n in 0..<manifold.pointCount {
            let xfA = Transform(p: A.c, angle: A.angle), xfB = Transform(p: B.c, angle: B.angle)
            var normal: SIMD2<Double>, point: SIMD2<Double>, separation: Double
            switch manifold.kind {
            case .circles:
                let pA = xfA.apply(manifold.localPoint), pB = xfB.apply(manifold.points[0].localPoint)
                let d = pB - pA, length = Vec2.length(d)
                normal = length > 0 ? d / length : SIMD2(1, 0)
                point = 0.5 * (pA + pB)
                separation = Vec2.dot(pB - pA, normal) - radiusA - radiusB
            case .faceA:
                normal = xfA.rotate(manifold.localNormal)
                let plane = xfA.apply(manifold.localPoint), clip = xfB.apply(manifold.points[n].localPoint)
                separation = Vec2.dot(clip - plane, normal) - radiusA - radiusB
                point = clip
            case .faceB:
                normal = xfB.rotate(manifold.localNormal)
                let plane = xfB.apply(manifold.localPoint), clip = xfA.apply(manifold.points[n].localPoint)
                separation = Vec2.dot(clip - plane, normal) - radiusA - radiusB
                point = clip
                normal = -normal
            }
            let ra = point - A.c, rb = point - B.c
            minSeparation = min(minSeparation, separation)
            // Baumgarte 0.2, the slop left as overlap, the step clamped.
            let C = min(max(0.2 * (separation + ctx.linearSlop), -ctx.maximumLinearCorrection), 0)
            let rnA = Vec2.cross(ra, normal), rnB = Vec2.cross(rb, normal)
            let K = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let impulse = K > 0 ? -C / K : 0
            let P = impulse * normal
            A.c -= mA * P; A.angle -= iA * Vec2.cross(ra, P)
            B.c += mB * P; B.angle += iB * Vec2.cross(rb, P)
        }
        if mA != 0 || iA != 0 { s.setPosition(a, A.c, A.angle) }
        if mB != 0 || iB != 0 { s.setPosition(b, B.c, B.angle) }
        return minSeparation
    }

    /// The world points and normal impulses for `PostSolve`.
    func report(_ s: SolverBodies) -> (points: UpToTwo<SIMD2<Double>>, impulses: UpToTwo<Double>) {
        let A = s.state(a), B = s.state(b)
        let world = WorldManifold(manifold, Transform(p: A.c, angle: A.angle), radiusA, Transform(p: B.c, angle: B.angle), radiusB)
        var impulses = UpToTwo<Double>()
        for n in 0..<pointCount { impulses.append(normalImpulse[n]) }
        return (world.points, impulses)
    }
}

/// One value per manifold point, at most two, stored inline.
struct PointPair<Value> {
    private var first: Value, second: Value

    init(_ value: Value) { first = value; second = value }

    subscript(n: Int) -> Value {
        @inline(__always) get { n == 0 ? first : second }
        @inline(__always) set { if n == 0 { first = newValue } else { second = newValue } }
    }
}
