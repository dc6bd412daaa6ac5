import SpringKitSupport
import Foundation

/// A damped spring as mass, stiffness and damping coefficient (m x'' + c x' + k x = 0),
/// convertible to and from the parameter conventions of UIKit, SwiftUI, Core Animation,
/// Rebound, Origami, POP, Framer Motion and Android. Formulas and sources: docs/tuning.md.
public struct SpringModel: Equatable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Natural angular frequency ω = √(k/m).
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// From an angular frequency and damping ratio, with mass 1 (k = ω², c = 2ζω;
    /// `SpringSoftness.coefficients`).
    public init(angularFrequency omega: Double, dampingRatio zeta: Double) {
        let k = SpringSoftness.coefficients(mass: 1, angularFrequency: omega, dampingRatio: zeta)
        self.init(mass: 1, stiffness: k.stiffness, damping: k.damping)
    }
}

/// The spring parameter conventions `simrun convert` and `springkit.convert` know.
public enum SpringConvention: String, CaseIterable, Sendable {
    case uikit, swiftui, swiftuiDuration = "swiftui-duration", caspring, rebound, origami, pop, framer, android

    /// Parameter names, in the order they are printed.
    public var keys: [String] {
        switch self {
        case .uikit: return ["frequency", "damping"]
        case .swiftui: return ["response", "dampingFraction"]
        case .swiftuiDuration: return ["duration", "bounce"]
        case .caspring, .framer: return ["mass", "stiffness", "damping"]
        case .rebound, .origami: return ["tension", "friction"]
        case .pop: return ["bounciness", "speed"]
        case .android: return ["stiffness", "dampingRatio"]
        }
    }

    /// Defaults for keys that may be left out (mass 1).
    var defaults: [String: Double] { keys.contains("mass") ? ["mass": 1] : [:] }

    /// Values a convention cannot take (an unknown or missing key, a spring out of range).
    public struct ConversionError: SpringKitError, Equatable {
        public var description: String
        public var blamesArguments: Bool { true }
    }

    /// Builds the spring from this convention's parameters; refuses values whose spring is
    /// out of a double's range (a stiffness that overflows, or underflows to 0).
    public func model(_ values: [String: Double]) throws -> SpringModel {
        let spring = try unchecked(values)
        guard spring.mass.isFinite, spring.mass > 0, spring.stiffness.isFinite, spring.stiffness > 0, spring.damping.isFinite,
              spring.angularFrequency.isFinite, spring.angularFrequency > 0, spring.dampingRatio.isFinite else {
            throw ConversionError(description: "these values give a spring out of range (mass \(NumberFormat.shortest(spring.mass)), stiffness \(NumberFormat.shortest(spring.stiffness)), damping \(NumberFormat.shortest(spring.damping)))")
        }
        return spring
    }

    private func unchecked(_ values: [String: Double]) throws -> SpringModel {
        for key in values.keys where !keys.contains(key) {
            throw ConversionError(description: "\(rawValue) takes \(keys.joined(separator: ", ")); unknown key '\(key)'")
        }
        func value(_ key: String) throws -> Double {
            guard let v = values[key] ?? defaults[key] else {
                throw ConversionError(description: "\(rawValue) needs \(keys.map { $0 + "=…" }.joined(separator: " ")) (missing \(key))")
            }
            guard v.isFinite else { throw ConversionError(description: "\(key) must be finite") }
            return v
        }
        func positive(_ key: String) throws -> Double {
            let v = try value(key)
            guard v > 0 else { throw ConversionError(description: "\(key) must be > 0, got \(NumberFormat.shortest(v))") }
            return v
        }
        func nonNegative(_ key: String) throws -> Double {
            let v = try value(key)
            guard v >= 0 else { throw ConversionError(description: "\(key) must be ≥ 0, got \(NumberFormat.shortest(v))") }
            return v
        }
        switch self {
        case .uikit:
            return SpringModel(angularFrequency: SpringSoftness.angularFrequency(hertz: try positive("frequency")), dampingRatio: try nonNegative("damping"))
        case .swiftui:
            return SpringModel(angularFrequency: SpringSoftness.angularFrequency(period: try positive("response")), dampingRatio: try nonNegative("dampingFraction"))
        case .swiftuiDuration:
            let bounce = try value("bounce")
            guard bounce > -1 && bounce <= 1 else { throw ConversionError(description: "bounce must be in (-1, 1], got \(NumberFormat.shortest(bounce))") }
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            return SpringModel(angularFrequency: SpringSoftness.angularFrequency(period: try positive("duration")), dampingRatio: zeta)
        case .caspring, .framer:
            return SpringModel(mass: try positive("mass"), stiffness: try positive("stiffness"), damping: try nonNegative("damping"))
        case .rebound:
            return SpringModel(mass: 1, stiffness: try positive("tension"), damping: try nonNegative("friction"))
        case .origami:
            // Origami has no negative values; from 0 up its tension and friction map to a spring.
            return SpringModel(mass: 1, stiffness: Origami.reboundTension(try nonNegative("tension")),
                               damping: Origami.reboundFriction(try nonNegative("friction")))
        case .pop:
            let origami = Pop.origami(bounciness: try nonNegative("bounciness"), speed: try nonNegative("speed"))
            return SpringModel(mass: 1, stiffness: Origami.reboundTension(origami.tension), damping: Origami.reboundFriction(origami.friction))
        case .android:
            return SpringModel(angularFrequency: (try positive("stiffness")).squareRoot(), dampingRatio: try nonNegative("dampingRatio"))
        }
    }

    /// This convention's parameters for `spring`, or nil when it cannot express it
    /// (POP's bounciness outside its range, or a value out of a double's range). Origami's
    /// may be negative where the spring is softer than Origami goes: see `accepts`.
    public func values(_ spring: SpringModel) -> [String: Double]? {
        guard let values = unchecked(spring), values.values.allSatisfy(\.isFinite) else { return nil }
        return values
    }

    /// Whether the convention's own tools take `values` (from `values(_:)`): every value but
    /// Origami's negative tension or friction (it has no negative values).
    public func accepts(_ values: [String: Double]) -> Bool {
        self != .origami || values.values.allSatisfy { $0 >= 0 }
    }

    private func unchecked(_ spring: SpringModel) -> [String: Double]? {
        let omega = spring.angularFrequency, zeta = spring.dampingRatio
        let tension = spring.stiffness / spring.mass, friction = spring.damping / spring.mass
        switch self {
        case .uikit: return ["frequency": SpringSoftness.hertz(angularFrequency: omega), "damping": zeta]
        case .swiftui: return ["response": SpringSoftness.period(angularFrequency: omega), "dampingFraction": zeta]
        case .swiftuiDuration: return ["duration": SpringSoftness.period(angularFrequency: omega), "bounce": zeta <= 1 ? 1 - zeta : 1 / zeta - 1]
        case .caspring, .framer: return ["mass": spring.mass, "stiffness": spring.stiffness, "damping": spring.damping]
        case .rebound: return ["tension": tension, "friction": friction]
        case .origami: return ["tension": Origami.origamiTension(tension), "friction": Origami.origamiFriction(friction)]
        case .pop:
            guard let p = Pop.bouncinessAndSpeed(origamiTension: Origami.origamiTension(tension),
                                                  origamiFriction: Origami.origamiFriction(friction)) else { return nil }
            return ["bounciness": p.bounciness, "speed": p.speed]
        case .android: return ["stiffness": tension, "dampingRatio": zeta]
        }
    }
}

/// Origami's tension and friction, as Rebound's `OrigamiValueConverter` maps them.
enum Origami {
    static func reboundTension(_ origami: Double) -> Double { (origami - 30) * 3.62 + 194 }
    static func reboundFriction(_ origami: Double) -> Double { (origami - 8) * 3 + 25 }
    static func origamiTension(_ rebound: Double) -> Double { (rebound - 194) / 3.62 + 30 }
    static func origamiFriction(_ rebound: Double) -> Double { (rebound - 25) / 3 + 8 }
}

/// POP's bounciness and speed, as Rebound's `BouncyConversion` maps them to Origami values.
enum Pop {
    static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double { (value - start) / (end - start) }
    static func project(_ n: Double, _ start: Double, _ end: Double) -> Double { start + n * (end - start) }
    static func linear(_ t: Double, _ start: Double, _ end: Double) -> Double { t * end + (1 - t) * start }
    static func quadraticOut(_ t: Double, _ start: Double, _ end: Double) -> Double { linear(2 * t - t * t, start, end) }

    /// Friction with no bounce for a (bouncy) tension: three cubic fits.
    static func noBounceFriction(_ tension: Double) -> Double {
        let t = tension
        if t <= 18 { return 0.0007 * t * t * t - 0.031 * t * t + 0.64 * t + 1.28 }
        if t <= 44 { return 0.000044 * t * t * t - 0.006 * t * t + 0.36 * t + 2 }
        return 0.00000045 * t * t * t - 0.000332 * t * t + 0.1078 * t + 5.84
    }

    static func origami(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        let b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let tension = project(normalize(speed / 1.7, 0, 20), 0.5, 200)
        return (tension, quadraticOut(b, noBounceFriction(tension), 0.01))
    }

    static func bouncinessAndSpeed(origamiTension tension: Double, origamiFriction friction: Double) -> (bounciness: Double, speed: Double)? {
        let speed = normalize(tension, 0.5, 200) * 20 * 1.7
        let start = noBounceFriction(tension)
        let q = (friction - start) / (0.01 - start)      // 2b − b²
        guard speed >= 0, q >= 0, q <= 1 else { return nil }
        let b = 1 - (1 - q).squareRoot()
        return (normalize(b, 0, 0.8) * 20 * 1.7, speed)
    }
}
