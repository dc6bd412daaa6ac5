/// Box2D's weld joint, UIKit's fixed attachment (`fixedAttachmentWithItem:attachedToItem:
/// attachedToAnchor:`): the two anchors held together and the relative angle held at its value
/// when made, rigidly (UIKit's fixed attachment has no softness), as Box2D 2.4 solves it (one
/// 3 × 3 block).
struct WeldJoint {
    // What the velocity passes read comes first (128 bytes: two cache lines), then the rest.
    var a: Int, b: Int
    private var rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    private var mass = SymmetricMat33.zero
    var impulse = SIMD3<Double>.zero
    var localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>
    var referenceAngle: Double

    init(a: Int, b: Int, localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>, referenceAngle: Double) {
        self.a = a; self.b = b
        self.localAnchorA = localAnchorA; self.localAnchorB = localAnchorB
        self.referenceAngle = referenceAngle
    }

    private static func matrix(_ A: JointBody, _ B: JointBody, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>) -> Mat33 {
        let mA = A.m, mB = B.m, iA = A.i, iB = B.i
        return Mat33(ex: SIMD3(mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB, -rA.y * rA.x * iA - rB.y * rB.x * iB, -rA.y * iA - rB.y * iB),
                     ey: SIMD3(-rA.y * rA.x * iA - rB.y * rB.x * iB, mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB, rA.x * iA + rB.x * iB),
                     ez: SIMD3(-rA.y * iA - rB.y * iB, rA.x * iA + rB.x * iB, iA + iB))
    }

    mutating func prepare(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA)
        rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        mass = Self.matrix(A, B, rA, rB).symmetricInverse()
        let P = SIMD2(impulse.x, impulse.y)
        A.v -= A.m * P; A.w -= A.i * (Vec2.cross(rA, P) + impulse.z)
        B.v += B.m * P; B.w += B.i * (Vec2.cross(rB, P) + impulse.z)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solveVelocity(_ bodies: SolverBodyPointers) {
        var A = bodies.state(a), B = bodies.state(b)
        let cdot1 = B.v + Vec2.cross(B.w, rB) - A.v - Vec2.cross(A.w, rA)
        let cdot2 = B.w - A.w
        let lambda = -mass.times(SIMD3(cdot1.x, cdot1.y, cdot2))
        impulse += lambda
        let P = SIMD2(lambda.x, lambda.y)
        A.v -= A.m * P; A.w -= A.i * (Vec2.cross(rA, P) + lambda.z)
        B.v += B.m * P; B.w += B.i * (Vec2.cross(rB, P) + lambda.z)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solvePosition(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) -> Bool {
        var A = bodies.state(a), B = bodies.state(b)
        let rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA), rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        let K = Self.matrix(A, B, rA, rB)
        let C1 = B.c + rB - A.c - rA, C2 = B.angle - A.angle - referenceAngle
        let positionError = Vec2.length(C1), angularError = abs(C2)
        var lambda: SIMD3<Double>
        if K.ez.z > 0 {
            lambda = -K.solve33(SIMD3(C1.x, C1.y, C2))
        } else {
            let l2 = -K.solve22(C1)
            lambda = SIMD3(l2.x, l2.y, 0)
        }
        let P = SIMD2(lambda.x, lambda.y)
        A.c -= A.m * P; A.angle -= A.i * (Vec2.cross(rA, P) + lambda.z)
        B.c += B.m * P; B.angle += B.i * (Vec2.cross(rB, P) + lambda.z)
        bodies.setPosition(a, A.c, A.angle); bodies.setPosition(b, B.c, B.angle)
        return positionError <= ctx.linearSlop && angularError <= ctx.angularSlop
    }
}
