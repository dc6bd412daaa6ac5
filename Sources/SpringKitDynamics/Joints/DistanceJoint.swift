/// Box2D 2.2.1's distance joint, UIKit's `UIAttachmentBehavior`: the anchors on A and B (body
/// centres plus offsets that turn with their bodies) are held `length` apart, softly at
/// `frequency` Hz with damping ratio ζ, or rigidly at frequency 0. Within the linear slop the
/// axis is undefined and the joint applies nothing (its dead zone, with its impulse dropped as
/// Box2D 2.4 drops it); a soft joint has no position correction.
struct DistanceJoint {
    var a: Int, b: Int
    var localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>
    var length: Double, frequency: Double, dampingRatio: Double
    /// Accumulated impulse, kept between steps for warm starting.
    var impulse = 0.0
    // Prepared each step.
    private var u = SIMD2<Double>.zero, rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    private var mass = 0.0, gamma = 0.0, bias = 0.0

    init(a: Int, b: Int, localAnchorA: SIMD2<Double>, localAnchorB: SIMD2<Double>, length: Double, frequency: Double, dampingRatio: Double) {
        self.a = a; self.b = b
        self.localAnchorA = localAnchorA; self.localAnchorB = localAnchorB
        self.length = length; self.frequency = frequency; self.dampingRatio = dampingRatio
    }

    /// `InitVelocityConstraints`, with warm starting.
    mutating func prepare(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) {
        var A = bodies.state(a), B = bodies.state(b)
        rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA)
        rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        u = B.c + rB - A.c - rA
        let distance = Vec2.length(u)
        guard distance > ctx.linearSlop else {
            u = .zero; mass = 0; gamma = 0; bias = 0; impulse = 0
            return
        }
        u /= distance
        let crA = Vec2.cross(rA, u), crB = Vec2.cross(rB, u)
        var inverseMass = A.m + A.i * crA * crA + B.m + B.i * crB * crB
        mass = inverseMass != 0 ? 1 / inverseMass : 0
        if frequency > 0 {
            let omega = 2 * Double.pi * frequency
            let d = 2 * mass * dampingRatio * omega, k = mass * omega * omega
            gamma = ctx.h * (d + ctx.h * k)
            gamma = gamma != 0 ? 1 / gamma : 0
            bias = (distance - length) * ctx.h * k * gamma
            inverseMass += gamma
            mass = inverseMass != 0 ? 1 / inverseMass : 0
        } else {
            gamma = 0; bias = 0
        }
        let P = impulse * u
        A.applyVelocity(-P, at: rA); B.applyVelocity(P, at: rB)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    /// `SolveVelocityConstraints`: λ = −m (Ċ + bias + γ Λ).
    mutating func solveVelocity(_ bodies: SolverBodyPointers) {
        var A = bodies.state(a), B = bodies.state(b)
        let vpA = A.v + Vec2.cross(A.w, rA), vpB = B.v + Vec2.cross(B.w, rB)
        let cdot = Vec2.dot(u, vpB - vpA)
        let lambda = -mass * (cdot + bias + gamma * impulse)
        impulse += lambda
        let P = lambda * u
        A.applyVelocity(-P, at: rA); B.applyVelocity(P, at: rB)
        bodies.setVelocity(a, A.v, A.w); bodies.setVelocity(b, B.v, B.w)
    }

    /// `SolvePositionConstraints`: rigid joints only, each correction clamped; whether the
    /// error is within the slop.
    mutating func solvePosition(_ bodies: SolverBodyPointers, _ ctx: JointStepContext) -> Bool {
        guard frequency == 0 else { return true }
        var A = bodies.state(a), B = bodies.state(b)
        let rA = Vec2.rotate(bodies.rotation(a, angle: A.angle), localAnchorA), rB = Vec2.rotate(bodies.rotation(b, angle: B.angle), localAnchorB)
        var d = B.c + rB - A.c - rA
        let distance = Vec2.length(d)
        guard distance > 0 else { return true }
        d /= distance
        let C = min(max(distance - length, -ctx.maximumLinearCorrection), ctx.maximumLinearCorrection)
        let P = -mass * C * d
        A.applyPosition(-P, at: rA); B.applyPosition(P, at: rB)
        bodies.setPosition(a, A.c, A.angle); bodies.setPosition(b, B.c, B.angle)
        return abs(C) < ctx.linearSlop
    }
}
