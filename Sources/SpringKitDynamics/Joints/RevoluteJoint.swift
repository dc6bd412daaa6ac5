/// Box2D's revolute joint, UIKit's pin attachment (`pinAttachmentWithItem:attachedToItem:
/// attachedToAnchor:`, and a rigid attachment of no length whose anchor is within 1 pt of its
/// item): the two anchors held together, the bodies free to turn about them, with UIKit's
/// `frictionTorque` as a motor of speed 0 and that maximum torque, and `attachmentRange` as an
/// angle limit. Solved as Box2D 2.4 solves it: the point as one 2 × 2 block, the motor and
/// the limit's two sides as separate rows.
struct RevoluteJoint {
    // What every velocity pass reads comes first (the point block: 96 bytes), then the motor's
    // and the limit's, then what only the preparation reads; the flag and the optional last
    // (no padding between the doubles).
    var a: Int, b: Int
    private var rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    private var k11 = 0.0, k12 = 0.0, k22 = 0.0
    /// The point block's 1 / det, kept for the step's velocity passes (`Vec2.inverseDeterminant`).
    private var inverseDeterminant = 0.0
    var impulse = SIMD2<Double>.zero
    /// Motor of speed 0 (UIKit's friction torque), in world torque units; 0: none.
    var frictionTorque = 0.0
    var motorImpulse = 0.0, lowerImpulse = 0.0, upperImpulse = 0.0
    private var axialMass = 0.0, angle = 0.0
    var localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>
    /// Angle B − angle A when made (the limit is relative to it).
    var referenceAngle: Double
    private var fixedRotation = true
    /// Angle limit (radians, relative to `referenceAngle`); nil: none.
    var limit: ClosedRange<Double>?

    init(a: Int, b: Int, localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>, referenceAngle: Double) {
        self.a = a; self.b = b
        self.localAnchorA = localAnchorA; self.localAnchorB = localAnchorB
        self.referenceAngle = referenceAngle
    }

    mutating func prepare(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA)
        rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        k11 = A.m + B.m + rA.y * rA.y * A.i + rB.y * rB.y * B.i
        k12 = -rA.y * rA.x * A.i - rB.y * rB.x * B.i
        k22 = A.m + B.m + rA.x * rA.x * A.i + rB.x * rB.x * B.i
        inverseDeterminant = Vec2.inverseDeterminant(k11, k12, k12, k22)
        axialMass = A.i + B.i
        fixedRotation = axialMass == 0
        if axialMass > 0 { axialMass = 1 / axialMass }
        angle = B.angle - A.angle - referenceAngle
        if frictionTorque == 0 || fixedRotation { motorImpulse = 0 }
        if limit == nil || fixedRotation { lowerImpulse = 0; upperImpulse = 0 }
        let axial = motorImpulse + lowerImpulse - upperImpulse
        A.v -= A.m * impulse; A.w -= A.i * (Vec2.cross(rA, impulse) + axial)
        B.v += B.m * impulse; B.w += B.i * (Vec2.cross(rB, impulse) + axial)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solveVelocity(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        if frictionTorque > 0 && !fixedRotation {
            let lambda = -axialMass * (B.w - A.w)
            let old = motorImpulse, most = ctx.h * frictionTorque
            motorImpulse = min(max(old + lambda, -most), most)
            let applied = motorImpulse - old
            A.w -= A.i * applied; B.w += B.i * applied
        }
        if let limit, !fixedRotation {
            // Lower side.
            var C = angle - limit.lowerBound
            var lambda = -axialMass * (B.w - A.w + max(C, 0) * ctx.inverseH)
            var old = lowerImpulse
            lowerImpulse = max(old + lambda, 0)
            lambda = lowerImpulse - old
            A.w -= A.i * lambda; B.w += B.i * lambda
            // Upper side (the sign reversed).
            C = limit.upperBound - angle
            lambda = -axialMass * (A.w - B.w + max(C, 0) * ctx.inverseH)
            old = upperImpulse
            upperImpulse = max(old + lambda, 0)
            lambda = upperImpulse - old
            A.w += A.i * lambda; B.w -= B.i * lambda
        }
        // The point.
        let cdot = B.v + Vec2.cross(B.w, rB) - A.v - Vec2.cross(A.w, rA)
        let lambda = Vec2.solve22(k11, k12, k12, k22, inverseDeterminant: inverseDeterminant, -cdot)
        impulse += lambda
        A.v -= A.m * lambda; A.w -= A.i * Vec2.cross(rA, lambda)
        B.v += B.m * lambda; B.w += B.i * Vec2.cross(rB, lambda)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solvePosition(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) -> Bool {
        var A = bodies.state(a), B = bodies.state(b)
        var angularError = 0.0
        if let limit, !fixedRotation {
            let current = B.angle - A.angle - referenceAngle
            var C = 0.0
            if abs(limit.upperBound - limit.lowerBound) < 2 * ctx.angularSlop {
                C = min(max(current - limit.lowerBound, -ctx.maximumAngularCorrection), ctx.maximumAngularCorrection)
            } else if current <= limit.lowerBound {
                C = min(max(current - limit.lowerBound + ctx.angularSlop, -ctx.maximumAngularCorrection), 0)
            } else if current >= limit.upperBound {
                C = min(max(current - limit.upperBound - ctx.angularSlop, 0), ctx.maximumAngularCorrection)
            }
            let lambda = -axialMass * C
            A.angle -= A.i * lambda; B.angle += B.i * lambda
            angularError = abs(C)
        }
        let rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA), rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        let C = B.c + rB - A.c - rA
        let positionError = Vec2.length(C)
        let k11 = A.m + B.m + A.i * rA.y * rA.y + B.i * rB.y * rB.y
        let k12 = -A.i * rA.x * rA.y - B.i * rB.x * rB.y
        let k22 = A.m + B.m + A.i * rA.x * rA.x + B.i * rB.x * rB.x
        let lambda = -Vec2.solve22(k11, k12, k12, k22, C)
        A.c -= A.m * lambda; A.angle -= A.i * Vec2.cross(rA, lambda)
        B.c += B.m * lambda; B.angle += B.i * Vec2.cross(rB, lambda)
        bodies.setPosition(a, A.c, A.angle); bodies.setPosition(b, B.c, B.angle)
        return positionError <= ctx.linearSlop && angularError <= ctx.angularSlop
    }
}
