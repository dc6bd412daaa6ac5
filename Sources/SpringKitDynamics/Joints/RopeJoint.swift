/// Box2D 2.2.1's rope joint, UIKit's limit attachment (`limitAttachmentWithItem:offsetFromCenter:
/// attachedToItem:offsetFromCenter:`): the anchors may come closer, never farther apart than
/// `maximumLength`. Solved as 2.2.1 solves it: a one-sided velocity row that looks ahead by
/// the remaining slack, and a position correction of the excess.
struct RopeJoint {
    var a: Int, b: Int
    var localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>
    var maximumLength: Double
    var impulse = 0.0
    private var u = SIMD2<Double>.zero, rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    private var mass = 0.0, length = 0.0

    init(a: Int, b: Int, localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>, maximumLength: Double) {
        self.a = a; self.b = b
        self.localAnchorA = localAnchorA; self.localAnchorB = localAnchorB
        self.maximumLength = maximumLength
    }

    mutating func prepare(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA)
        rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        u = B.c + rB - A.c - rA
        length = Vec2.length(u)
        guard length > ctx.linearSlop else {
            u = .zero; mass = 0; impulse = 0
            return
        }
        u /= length
        let crA = Vec2.cross(rA, u), crB = Vec2.cross(rB, u)
        let inverseMass = A.m + A.i * crA * crA + B.m + B.i * crB * crB
        mass = inverseMass != 0 ? 1 / inverseMass : 0
        let P = impulse * u
        A.applyVelocity(-P, at: rA); B.applyVelocity(P, at: rB)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solveVelocity(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        let vpA = A.v + Vec2.cross(A.w, rA), vpB = B.v + Vec2.cross(B.w, rB)
        let C = length - maximumLength
        var cdot = Vec2.dot(u, vpB - vpA)
        if C < 0 { cdot += ctx.inverseH * C }   // predictive: only what would overshoot the slack
        var lambda = -mass * cdot
        let old = impulse
        impulse = min(0, impulse + lambda)
        lambda = impulse - old
        let P = lambda * u
        A.applyVelocity(-P, at: rA); B.applyVelocity(P, at: rB)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    mutating func solvePosition(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) -> Bool {
        var A = bodies.state(a), B = bodies.state(b)
        let rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA), rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        var d = B.c + rB - A.c - rA
        let distance = Vec2.length(d)
        guard distance > 0 else { return true }
        d /= distance
        let C = min(max(distance - maximumLength, 0), ctx.maximumLinearCorrection)
        let P = -mass * C * d
        A.applyPosition(-P, at: rA); B.applyPosition(P, at: rB)
        bodies.setPosition(a, A.c, A.angle); bodies.setPosition(b, B.c, B.angle)
        return distance - maximumLength < ctx.linearSlop
    }
}
