/// A soft spring of frequency f (Hz) and damping ratio ζ stepped by h: the one place where
/// f becomes ω = 2πf and (m, ω, ζ) become stiffness and damping, in the manner of Box2D
/// v3's `b2MakeSoft(hertz, zeta, h)`. Every solver takes its terms from here:
///
/// - the anchored fast path (`anchoredTerms`: implicit Euler's D and h ω² D),
/// - the joint solver (`joint(effectiveMass:)`: Box2D 2.3's γ and bias),
/// - the exact step (`ExactStepMatrix(_:)` reads ω, ζ and h),
/// - the spring conventions (`SpringModel`, `SpringConvention`: k, c and f ↔ ω).
///
/// Box2D v3 folds a soft constraint into three numbers, with a = hω(2ζ + hω):
/// `biasRate` ω / (2ζ + hω), `massScale` a / (1 + a) and `impulseScale` 1 / (1 + a).
/// UIKit's PhysicsKit is Box2D 2.3, and every golden trace depends on the bits of 2.3's
/// forms, so the terms here keep those forms, each computed with the operations, order and
/// association of the step it came from. In exact arithmetic they are v3's numbers:
/// the fast path's D is `impulseScale` (D − 1 = −`massScale`, h ω² D = `biasRate` ·
/// `massScale`), and the joint's γ and bias give the same impulse as v3's
/// −m · massScale · (Ċ + biasRate · C) − impulseScale · λ.
package struct SpringSoftness: Equatable, Sendable {
    /// ω = 2πf, radians per second (0: rigid).
    package var angularFrequency: Double
    /// ζ (1 = critical).
    package var dampingRatio: Double
    /// The fixed step h, seconds.
    package var step: Double

    /// The softness of a spring of `hertz` and damping ratio `zeta` stepped by `h`
    /// (`b2MakeSoft(hertz, zeta, h)`).
    package init(frequency hertz: Double, dampingRatio zeta: Double, step h: Double) {
        self.init(angularFrequency: SpringSoftness.angularFrequency(hertz: hertz), dampingRatio: zeta, step: h)
    }

    package init(angularFrequency omega: Double, dampingRatio zeta: Double, step h: Double) {
        angularFrequency = omega
        dampingRatio = zeta
        step = h
    }

    /// Frequency 0 (or not a positive number): a rigid joint, no softness
    /// (`b2MakeSoft` returns {0, 1, 0} for it).
    package var isRigid: Bool { !(angularFrequency > 0) }

    /// ω = 2πf.
    package static func angularFrequency(hertz: Double) -> Double { 2 * Double.pi * hertz }
    /// f = ω / 2π.
    package static func hertz(angularFrequency omega: Double) -> Double { omega / (2 * Double.pi) }
    /// ω = 2π / T for a period (SwiftUI's response and duration).
    package static func angularFrequency(period: Double) -> Double { 2 * Double.pi / period }
    /// T = 2π / ω.
    package static func period(angularFrequency omega: Double) -> Double { 2 * Double.pi / omega }

    /// Stiffness k = m ω² and damping coefficient c = 2 m ζ ω of a spring on mass m
    /// (m x'' + c x' + k x = 0). With m = 1 the products by m are exact, so mass-1 callers
    /// get the bits of ω · ω and 2ζ · ω.
    package static func coefficients(mass m: Double, angularFrequency omega: Double,
                                     dampingRatio zeta: Double) -> (stiffness: Double, damping: Double) {
        (m * omega * omega, 2 * m * zeta * omega)
    }

    /// The anchored fast path's velocity terms: D − 1 and h ω² D, with
    /// D = 1 / (1 + 2ζωh + ω²h²) the implicit-Euler divisor (v3's `impulseScale`). Stiffness
    /// and damping are per unit mass, so the motion does not depend on mass.
    package var anchoredTerms: (dampingMinusOne: Double, stiffness: Double) {
        let omega = angularFrequency, h = step
        let perUnitMass = SpringSoftness.coefficients(mass: 1, angularFrequency: omega, dampingRatio: dampingRatio)
        let divisor = 1 / (1 + perUnitMass.damping * h + perUnitMass.stiffness * h * h)
        return (divisor - 1, h * omega * omega * divisor)
    }

    /// Box2D 2.3's soft distance joint on `effectiveMass` m (`b2DistanceJoint::InitVelocityConstraints`):
    /// γ = 1 / (h (c + h k)) with k = m ω², c = 2 m ζ ω (0 when that is 0), and the bias of a
    /// position error C is C h k γ. A rigid joint has γ = 0 and bias 0.
    package func joint(effectiveMass m: Double) -> JointSoftness {
        guard !isRigid else { return JointSoftness(gamma: 0, stiffness: 0, step: step, isRigid: true) }
        let k = SpringSoftness.coefficients(mass: m, angularFrequency: angularFrequency, dampingRatio: dampingRatio)
        let h = step
        var gamma = h * (k.damping + h * k.stiffness)
        gamma = gamma != 0 ? 1 / gamma : 0
        return JointSoftness(gamma: gamma, stiffness: k.stiffness, step: h, isRigid: false)
    }
}

/// One joint's softness for one step (`SpringSoftness.joint(effectiveMass:)`).
package struct JointSoftness: Equatable, Sendable {
    /// γ: added to the joint's inverse effective mass, and the share of the accumulated
    /// impulse the velocity constraint feeds back (0: rigid).
    package var gamma: Double
    /// k = m ω² on the joint's effective mass (0: rigid).
    package var stiffness: Double
    /// The fixed step h, seconds.
    package var step: Double
    /// Frequency 0: no softness, no bias (rigid joints are corrected in position instead).
    package var isRigid: Bool

    /// The velocity bias of a position error C (|p_b − p_a| − length): C h k γ, 0 when rigid.
    package func bias(positionError c: Double) -> Double {
        isRigid ? 0 : c * step * stiffness * gamma
    }
}
