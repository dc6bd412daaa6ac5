/// Box2D's prismatic joint, UIKit's sliding attachment (`slidingAttachmentWithItem:attachedToItem:
/// attachmentAnchor:axisOfTranslation:`): B may slide along A's axis (which turns with A), not
/// across it, and the two keep their relative angle; `attachmentRange` limits the translation.
/// Solved as Box2D 2.4 solves it without a motor: the perpendicular and angular rows as one
/// 2 × 2 block, the limit's two sides as separate rows.
struct PrismaticJoint {
    var a: Int, b: Int
    var localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>
    /// The axis in A's frame (unit).
    var localAxisA: SIMD2<Double>
    var referenceAngle: Double
    /// Translation limit along the axis, points; nil: none.
    var limit: ClosedRange<Double>?
    var impulse = SIMD2<Double>.zero, lowerImpulse = 0.0, upperImpulse = 0.0
    private var axis = SIMD2<Double>.zero, perp = SIMD2<Double>.zero
    private var s1 = 0.0, s2 = 0.0, a1 = 0.0, a2 = 0.0, k11 = 0.0, k12 = 0.0, k22 = 0.0
    private var axialMass = 0.0, translation = 0.0
    /// The 2 × 2 block's 1 / det, kept for the step's velocity passes (`Vec2.inverseDeterminant`).
    private var inverseDeterminant = 0.0

    init(a: Int, b: Int, localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>, localAxisA: SIMD2<Double>, referenceAngle: Double) {
        self.a = a; self.b = b
        self.localAnchorA = localAnchorA; self.localAnchorB = localAnchorB
        self.localAxisA = localAxisA; self.referenceAngle = referenceAngle
    }

    mutating func prepare(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        let qA = bodies.rotation(a, angle: A.angle)
        let rA = Vec2.rotate(qA, localAnchorA), rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        let d = B.c - A.c + rB - rA
        axis = Vec2.rotate(qA, localAxisA)
        a1 = Vec2.cross(d + rA, axis); a2 = Vec2.cross(rB, axis)
        axialMass = A.m + B.m + A.i * a1 * a1 + B.i * a2 * a2
        if axialMass > 0 { axialMass = 1 / axialMass }
        perp = SIMD2(-axis.y, axis.x)
        s1 = Vec2.cross(d + rA, perp); s2 = Vec2.cross(rB, perp)
        k11 = A.m + B.m + A.i * s1 * s1 + B.i * s2 * s2
        k12 = A.i * s1 + B.i * s2
        k22 = A.i + B.i
        if k22 == 0 { k22 = 1 }   // bodies that cannot turn
        inverseDeterminant = Vec2.inverseDeterminant(k11, k12, k12, k22)
        if limit != nil { translation = Vec2.dot(axis, d) } else { lowerImpulse = 0; upperImpulse = 0 }
        let axial = lowerImpulse - upperImpulse
        let P = impulse.x * perp + axial * axis
        let LA = impulse.x * s1 + impulse.y + axial * a1, LB = impulse.x * s2 + impulse.y + axial * a2
        A.v -= A.m * P; A.w -= A.i * LA
        B.v += B.m * P; B.w += B.i * LB
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solveVelocity(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        if let limit {
            var C = translation - limit.lowerBound
            var cdot = Vec2.dot(axis, B.v - A.v) + a2 * B.w - a1 * A.w
            var lambda = -axialMass * (cdot + max(C, 0) * ctx.inverseH)
            var old = lowerImpulse
            lowerImpulse = max(old + lambda, 0)
            lambda = lowerImpulse - old
            A.v -= A.m * lambda * axis; A.w -= A.i * lambda * a1
            B.v += B.m * lambda * axis; B.w += B.i * lambda * a2
            C = limit.upperBound - translation
            cdot = Vec2.dot(axis, A.v - B.v) + a1 * A.w - a2 * B.w
            lambda = -axialMass * (cdot + max(C, 0) * ctx.inverseH)
            old = upperImpulse
            upperImpulse = max(old + lambda, 0)
            lambda = upperImpulse - old
            A.v += A.m * lambda * axis; A.w += A.i * lambda * a1
            B.v -= B.m * lambda * axis; B.w -= B.i * lambda * a2
        }
        let cdot = SIMD2(Vec2.dot(perp, B.v - A.v) + s2 * B.w - s1 * A.w, B.w - A.w)
        let df = Vec2.solve22(k11, k12, k12, k22, inverseDeterminant: inverseDeterminant, -cdot)
        impulse += df
        let P = df.x * perp
        A.v -= A.m * P; A.w -= A.i * (df.x * s1 + df.y)
        B.v += B.m * P; B.w += B.i * (df.x * s2 + df.y)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solvePosition(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) -> Bool {
        var A = bodies.state(a), B = bodies.state(b)
        let qA = bodies.rotation(a, angle: A.angle)
        let rA = Vec2.rotate(qA, localAnchorA), rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        let d = B.c + rB - A.c - rA
        let axis = Vec2.rotate(qA, localAxisA), perp = SIMD2(-axis.y, axis.x)
        let a1 = Vec2.cross(d + rA, axis), a2 = Vec2.cross(rB, axis)
        let s1 = Vec2.cross(d + rA, perp), s2 = Vec2.cross(rB, perp)
        let C1 = SIMD2(Vec2.dot(perp, d), B.angle - A.angle - referenceAngle)
        var linearError = abs(C1.x)
        let angularError = abs(C1.y)
        var active = false, C2 = 0.0
        if let limit {
            let t = Vec2.dot(axis, d)
            if abs(limit.upperBound - limit.lowerBound) < 2 * ctx.linearSlop {
                C2 = min(max(t, -ctx.maximumLinearCorrection), ctx.maximumLinearCorrection)
                linearError = max(linearError, abs(t)); active = true
            } else if t <= limit.lowerBound {
                C2 = min(max(t - limit.lowerBound + ctx.linearSlop, -ctx.maximumLinearCorrection), 0)
                linearError = max(linearError, limit.lowerBound - t); active = true
            } else if t >= limit.upperBound {
                C2 = min(max(t - limit.upperBound - ctx.linearSlop, 0), ctx.maximumLinearCorrection)
                linearError = max(linearError, t - limit.upperBound); active = true
            }
        }
        let k11 = A.m + B.m + A.i * s1 * s1 + B.i * s2 * s2, k12 = A.i * s1 + B.i * s2
        var k22 = A.i + B.i
        if k22 == 0 { k22 = 1 }
        var lambda: SIMD3<Double>
        if active {
            let k13 = A.i * s1 * a1 + B.i * s2 * a2, k23 = A.i * a1 + B.i * a2
            let k33 = A.m + B.m + A.i * a1 * a1 + B.i * a2 * a2
            let K = Mat33(ex: SIMD3(k11, k12, k13), ey: SIMD3(k12, k22, k23), ez: SIMD3(k13, k23, k33))
            lambda = K.solve33(-SIMD3(C1.x, C1.y, C2))
        } else {
            let l2 = Vec2.solve22(k11, k12, k12, k22, -C1)
            lambda = SIMD3(l2.x, l2.y, 0)
        }
        let P = lambda.x * perp + lambda.z * axis
        A.c -= A.m * P; A.angle -= A.i * (lambda.x * s1 + lambda.y + lambda.z * a1)
        B.c += B.m * P; B.angle += B.i * (lambda.x * s2 + lambda.y + lambda.z * a2)
        bodies.setPosition(a, A.c, A.angle); bodies.setPosition(b, B.c, B.angle)
        return linearError <= ctx.linearSlop && angularError <= ctx.angularSlop
    }
}
