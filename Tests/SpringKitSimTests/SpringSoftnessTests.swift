import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitMath
@testable import SpringKitDynamics

/// `SpringSoftness`, the one softness both solvers take their terms from: its terms are Box2D
/// v3's `b2MakeSoft` numbers in exact arithmetic, and both solvers step a spring alike from it.
final class SpringSoftnessTests: XCTestCase {
    /// Box2D v3's `b2MakeSoft(hertz, zeta, h)`, written here independently of the project.
    static func makeSoft(hertz: Double, zeta: Double, h: Double) -> (biasRate: Double, massScale: Double, impulseScale: Double) {
        if hertz == 0 { return (0, 1, 0) }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        return (omega / a1, a2 * a3, a3)
    }

    func testTermsAreBox2DVersion3Softness() {
        var random = SeededGenerator(seed: 14)
        for _ in 0..<5_000 {
            let hertz = 0.05 + random.nextUnit() * 20, zeta = random.nextUnit() * 3
            let h = 1 / (30 + random.nextUnit() * 450), m = 0.01 + random.nextUnit() * 1e4
            let error = random.nextUnit() * 400 - 200
            let v3 = Self.makeSoft(hertz: hertz, zeta: zeta, h: h)
            let softness = SpringSoftness(frequency: hertz, dampingRatio: zeta, step: h)
            let where_ = "f \(hertz) ζ \(zeta) h \(h) m \(m)"
            // The fast path: D = impulseScale, D − 1 = −massScale, h ω² D = biasRate · massScale.
            let anchored = softness.anchoredTerms
            XCTAssertEqual(anchored.dampingMinusOne + 1, v3.impulseScale, accuracy: 1e-13, where_)
            XCTAssertEqual(-anchored.dampingMinusOne, v3.massScale, accuracy: 1e-13 * max(1, v3.massScale), where_)
            XCTAssertEqual(anchored.stiffness, v3.biasRate * v3.massScale, accuracy: 1e-12 * v3.biasRate * v3.massScale, where_)
            // The joint (Box2D 2.3): 1 / (1/m + γ) = m · massScale, its bias = biasRate · C, and
            // the share of the accumulated impulse fed back, m′γ, = impulseScale.
            let joint = softness.joint(effectiveMass: m)
            let softMass = 1 / (1 / m + joint.gamma)
            XCTAssertEqual(softMass, m * v3.massScale, accuracy: 1e-12 * m * v3.massScale, where_)
            XCTAssertEqual(joint.bias(positionError: error), v3.biasRate * error, accuracy: 1e-12 * abs(v3.biasRate * error), where_)
            XCTAssertEqual(softMass * joint.gamma, v3.impulseScale, accuracy: 1e-12, where_)
        }
    }

    func testRigidSpringHasNoSoftness() {
        let rigid = SpringSoftness(frequency: 0, dampingRatio: 0.7, step: 1.0 / 120)
        XCTAssertTrue(rigid.isRigid)
        let joint = rigid.joint(effectiveMass: 3)
        XCTAssertEqual(joint.gamma, 0)
        // A positive zero: a negative zero would reach velocities through the constraint.
        XCTAssertEqual(joint.bias(positionError: -5).bitPattern, Double(0).bitPattern)
        XCTAssertFalse(SpringSoftness(frequency: .leastNonzeroMagnitude, dampingRatio: 0, step: 1.0 / 120).isRigid)
        XCTAssertFalse(SpringSoftness(frequency: 0.8, dampingRatio: 0, step: 1.0 / 120).joint(effectiveMass: 1).isRigid)
    }

    /// The mass-1 coefficients are the bits of ω·ω and 2ζ·ω (what `SpringModel` and the fast
    /// path computed before they shared this function), and the f ↔ ω conversions invert.
    func testCoefficientsAndConversions() {
        var random = SeededGenerator(seed: 2)
        for _ in 0..<2_000 {
            let omega = random.nextUnit() * 200, zeta = random.nextUnit() * 4
            let k = SpringSoftness.coefficients(mass: 1, angularFrequency: omega, dampingRatio: zeta)
            XCTAssertEqual(k.stiffness.bitPattern, (omega * omega).bitPattern)
            XCTAssertEqual(k.damping.bitPattern, (2 * zeta * omega).bitPattern)
            let m = 0.5 + random.nextUnit() * 10
            let heavy = SpringSoftness.coefficients(mass: m, angularFrequency: omega, dampingRatio: zeta)
            XCTAssertEqual(heavy.stiffness, m * omega * omega, accuracy: 1e-12 * max(1, heavy.stiffness))
            XCTAssertEqual(heavy.damping, 2 * m * zeta * omega, accuracy: 1e-12 * max(1, heavy.damping))
            let hertz = random.nextUnit() * 30 + 1e-3
            XCTAssertEqual(SpringSoftness.hertz(angularFrequency: SpringSoftness.angularFrequency(hertz: hertz)), hertz, accuracy: 1e-14 * hertz)
            XCTAssertEqual(SpringSoftness.period(angularFrequency: SpringSoftness.angularFrequency(period: 1 / hertz)), 1 / hertz,
                           accuracy: 1e-14 / hertz)
        }
        let model = SpringModel(angularFrequency: SpringSoftness.angularFrequency(hertz: 0.8), dampingRatio: 0.5)
        XCTAssertEqual(model.stiffness, pow(2 * Double.pi * 0.8, 2), accuracy: 1e-12)
        XCTAssertEqual(model.damping, 2 * 0.5 * 2 * Double.pi * 0.8, accuracy: 1e-12)
    }

    /// One item on an anchor, stepped by the fast path (`AnchoredSpringStep`) and by the joint
    /// solver from the same softness, stays on the same path: one anchored joint converges in
    /// the first velocity iteration, so the two differ only in rounding.
    func testBothSolversStepAnAnchoredSpringAlike() throws {
        var random = SeededGenerator(seed: 5)
        var configuration = WorldConfiguration()
        configuration.restTime = .infinity
        let h = configuration.stepDuration
        for _ in 0..<60 {
            let parameters = SpringParameters(length: random.nextUnit() < 0.5 ? 0 : random.nextUnit() * 60,
                                              damping: random.nextUnit() * 2, frequency: 0.2 + random.nextUnit() * 5)
            let anchor = SIMD2(random.nextUnit() * 300, random.nextUnit() * 300)
            let start = anchor + SIMD2(random.nextUnit() * 200 - 100, random.nextUnit() * 200 - 100)
            let velocity = SIMD2(random.nextUnit() * 600 - 300, random.nextUnit() * 600 - 300)
            let mass = 0.1 + random.nextUnit() * 1e4

            var fast = ItemStore()
            _ = fast.append(center: start, velocity: velocity, mass: mass)
            let k = AnchoredSpringStep.Coefficients(SpringSoftness(frequency: parameters.frequency, dampingRatio: parameters.damping, step: h),
                                                    length: parameters.length)
            fast.anchoredRest[0] = 0
            fast.anchorX[0] = anchor.x; fast.anchorY[0] = anchor.y
            fast.dampingMinusOne[0] = k.dampingMinusOne; fast.stiffness[0] = k.stiffness; fast.stiffnessLength[0] = k.stiffnessLength

            var jointItems = ItemStore()
            _ = jointItems.append(center: start, velocity: velocity, mass: mass)
            var springs = SpringStore()
            _ = springs.append(itemA: 0, itemB: -1, anchor: anchor, parameters: parameters)
            var solver = JointSolver()
            solver.reset(springs: [0], items: [0], itemSprings: springs, bodyOfItem: [-1])
            var bodies = BodyStore()

            var scale = (start - anchor).x.magnitude + (start - anchor).y.magnitude + 1
            for step in 0..<240 {
                _ = AnchoredSpringStep.advance(&fast, steps: 1, h: h, slop: configuration.linearSlop, resistance: configuration.resistance,
                                               maximumTranslation: configuration.maximumTranslation, restSpeed: 1,
                                               restStepsToSleep: .infinity, zeroLength: parameters.length == 0, threads: 1)
                _ = try solver.step(&jointItems, &springs, &bodies, forces: BodyForces(gravity: .zero, fields: FieldSet(), time: 0), configuration: configuration, restSteps: .infinity)
                let a = fast.position(0), b = jointItems.position(0)
                scale = max(scale, (a - anchor).x.magnitude + (a - anchor).y.magnitude)
                let gap = max(abs(a.x - b.x), abs(a.y - b.y))
                XCTAssertLessThan(gap, 1e-9 * scale, "\(parameters), mass \(mass), step \(step): fast path \(a), joint solver \(b)")
                if gap >= 1e-9 * scale { return }
            }
        }
    }
}
