import SpringKitMath
import SpringKitSupport

/// What a field does to one body in one sub-step (PhysicsKit's `evalVelocity` / `evalForce`).
public enum FieldEffect: Equatable, Sendable {
    /// The field does not act: the body is outside its region, or one of Apple's zero tests
    /// answered 0 (strength, mass or charge too small; the body at the centre).
    case none
    /// A force in newtons, in metres' axes (x right, y down, as UIKit's points), exactly what
    /// PhysicsKit's `evalForce` adds: the island applies `v += h · F / m` (m in kg), i.e. an
    /// acceleration of `100 · F / m` pt/s².
    case force(SIMD2<Double>)
    /// A velocity field's velocity in pt/s: it replaces the body's velocity for this sub-step
    /// (gravity, other fields and forces are ignored; linear damping still applies after).
    case velocity(SIMD2<Double>)
}

/// One `UIFieldBehavior`: its kind, parameters and region, and the pure evaluation PhysicsKit
/// runs once per sub-step for every body in the field (charon `UIFieldBehavior.md` §0, §10).
///
/// **Units.** At the boundary, as UIKit's API: `position` and `minimumRadius` in points,
/// `direction` in UIKit's unscaled units (a linear gravity of (3, 4) accelerates by (3, 4) m/s²
/// = (300, 400) pt/s²; a velocity field of (3, 4) sets (300, 400) pt/s; a drag field's medium
/// moves at `direction` m/s), `strength`, `falloff`, `smoothness`, `animationSpeed` unitless.
/// The evaluation takes the body's position (pt), velocity (pt/s), mass (kg, UIKit's
/// density × width × height / 100²), charge and the world time (s), and answers a force in
/// newtons or a velocity in pt/s (`FieldEffect`). 100 pt per metre.
///
/// **Storage as UIKit's.** Every setter rounds to `Float` first, as PhysicsKit stores it:
/// `position` is kept as `Float(x) * 0.01` metres and reads back `Double(stored) * 100` (so
/// (30, 40) reads back (29.9999982, 39.9999976)); `minimumRadius` is kept as `Float(r) * 0.01`
/// metres and reads back `stored / 0.01` in Float (3 reads back 3); the others are kept as Float.
/// `smoothness` and `animationSpeed` are kept only by noise and turbulence fields (the others
/// read 0 after a set). A setter cannot throw: call `validate()` after setting (the factories
/// validate their arguments).
///
/// **Evaluation** (`effect`): the force formulas of §10.2 in `Double`, from the stored
/// parameters; noise and turbulence exactly as the host computes them in `Float` (M7,
/// `FieldNoise`). See docs/fields.md for every formula, quirk and departure.
public struct Field {
    /// The field's kind: one per `UIFieldBehavior` factory.
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case linearGravity, radialGravity, electric, magnetic, spring, vortex, drag, velocity, noise, turbulence, custom

        /// The kind in words, as messages name it ("radial gravity").
        public var description: String {
            switch self {
            case .linearGravity: return "linear gravity"
            case .radialGravity: return "radial gravity"
            default: return rawValue
            }
        }

        /// Whether the field keeps `smoothness` and `animationSpeed` (UIKit's noise flag).
        public var isNoise: Bool { self == .noise || self == .turbulence }
    }

    /// A custom field's force (`fieldWithEvaluationBlock:`): given the body's position in the
    /// field's local space in **points**, its velocity in **m/s**, its mass (kg), its charge and
    /// the world time (s), the force in newtons. Its result is not multiplied by the strength and
    /// takes no falloff; a strength under 2^-15 turns the field off. It must answer a finite
    /// vector (else `effect` throws `FieldError.invalidCustomForce`); what it throws, `effect`
    /// rethrows.
    public typealias CustomForce = (_ position: SIMD2<Double>, _ velocity: SIMD2<Double>, _ mass: Double,
                                    _ charge: Double, _ time: Double) throws -> SIMD2<Double>

    /// 100 pt per metre (UIKit's `PKGet_PTM_RATIO()` once an animator exists).
    static let pointsPerMeter = 100.0   // WorldConfiguration.pointsPerMeter (the folders stay acyclic)
    /// `PKGet_INV_PTM_RATIO()` as PhysicsKit multiplies with it, in Float.
    static let inverseRatio: Float = 0.01
    /// PhysicsKit's threshold for "zero" (strength, mass × strength, charge × strength, falloff,
    /// drag's relative speed).
    static let tiny = 0x1p-15
    /// The radial and spring fields' "at the centre" threshold, `1e-5f` (0x3727c5ac).
    static let centreThreshold = Double(Float(1e-5))

    public let kind: Kind
    var storedPosition: SIMD2<Float>
    var storedStrength: Float = 1
    var storedFalloff: Float
    var storedMinimumRadius: Float = 0x1p-15
    var storedDirection: SIMD2<Float>
    var storedSmoothness: Float = 0
    var storedAnimationSpeed: Float = 0
    /// Where the field acts, in its local space (points). `FieldRegion.infinite` by default.
    public var region: FieldRegion = .infinite
    /// The noise tables (noise and turbulence only).
    let noise: FieldNoise?
    /// The seed of a noise or turbulence field's permutation: `nil` for the host's (Perlin's).
    public let seed: UInt64?
    /// The custom field's force (custom only).
    public let customForce: CustomForce?

    private init(kind: Kind, position: SIMD2<Double> = .zero, direction: SIMD2<Double> = .zero,
                 seed: UInt64? = nil, customForce: CustomForce? = nil) {
        self.kind = kind
        storedPosition = Self.metres(position)
        storedDirection = SIMD2<Float>(Float(direction.x), Float(direction.y))
        switch kind {
        case .radialGravity: storedFalloff = 2
        case .spring: storedFalloff = -1
        case .electric, .magnetic: storedFalloff = 1
        default: storedFalloff = 0
        }
        self.seed = kind.isNoise ? seed : nil
        noise = kind.isNoise ? FieldNoise(seed: seed) : nil
        self.customForce = customForce
    }

    // MARK: Factories (UIKit's, with its defaults: charon §10.1)

    /// `linearGravityFieldWithVector:`: a uniform acceleration of `direction` m/s² (mass
    /// independent). Falloff 0.
    public static func linearGravity(direction: SIMD2<Double>) throws -> Field {
        try checkVector(direction, "direction", of: .linearGravity)
        return Field(kind: .linearGravity, direction: direction)
    }

    /// `radialGravityFieldWithPosition:`: an acceleration of `strength · fall(r)` m/s² toward
    /// `position` (pt) for a positive strength. Falloff 2.
    public static func radialGravity(position: SIMD2<Double>) throws -> Field {
        try checkVector(position, "position", of: .radialGravity)
        return Field(kind: .radialGravity, position: position)
    }

    /// `electricField`: a force `strength · charge · fall(r)` N away from the position. Falloff 1.
    public static func electric() -> Field { Field(kind: .electric) }

    /// `magneticField`: a force `strength · (v.y, −v.x) · fall(r)` N (v in m/s), for any non-zero
    /// charge (Apple's: the charge's sign and size are no factor). Falloff 1.
    public static func magnetic() -> Field { Field(kind: .magnetic) }

    /// `springField`: Hooke's force `−strength · p` N (p in metres from the position), not
    /// mass-scaled. Falloff −1.
    public static func spring() -> Field { Field(kind: .spring) }

    /// `vortexField`: a tangential force `strength · (−p̂.y, p̂.x) · fall(r) / m` N (Apple's: it
    /// divides by the mass once more). Falloff 0.
    public static func vortex() -> Field { Field(kind: .vortex) }

    /// `dragField`: `−strength · u · |u| · fall(r)` N, u = v − direction (m/s). Falloff 0.
    public static func drag() -> Field { Field(kind: .drag) }

    /// `velocityFieldWithVector:`: sets the velocity to `direction` m/s (`direction · 100` pt/s)
    /// while the body is in the region; strength, falloff and minimum radius are ignored.
    public static func velocity(direction: SIMD2<Double>) throws -> Field {
        try checkVector(direction, "direction", of: .velocity)
        return Field(kind: .velocity, direction: direction)
    }

    /// `noiseFieldWithSmoothness:animationSpeed:`: Gustavson's simplex noise force (M7).
    /// `seed: nil` (the default) uses the host's permutation, the same as Apple's; another seed
    /// shuffles it (a departure, for varied scenes).
    public static func noise(smoothness: Double, animationSpeed: Double, seed: UInt64? = nil) throws -> Field {
        try noiseKind(.noise, smoothness: smoothness, animationSpeed: animationSpeed, seed: seed)
    }

    /// `turbulenceFieldWithSmoothness:animationSpeed:`: the noise force times `m · |v|²`
    /// (v in m/s), so it acts only on moving bodies. `seed` as for `noise`.
    public static func turbulence(smoothness: Double, animationSpeed: Double, seed: UInt64? = nil) throws -> Field {
        try noiseKind(.turbulence, smoothness: smoothness, animationSpeed: animationSpeed, seed: seed)
    }

    /// `fieldWithEvaluationBlock:`: the function's vector is the force (see `CustomForce`).
    public static func custom(_ force: @escaping CustomForce) -> Field {
        Field(kind: .custom, customForce: force)
    }

    private static func noiseKind(_ kind: Kind, smoothness: Double, animationSpeed: Double, seed: UInt64?) throws -> Field {
        try checkFieldNumber(smoothness, "smoothness", of: "\(kind) field")
        try checkFieldNumber(animationSpeed, "animationSpeed", of: "\(kind) field")
        var field = Field(kind: kind, seed: seed)
        field.smoothness = smoothness
        field.animationSpeed = animationSpeed
        return field
    }

    private static func checkVector(_ v: SIMD2<Double>, _ name: String, of kind: Kind) throws {
        try checkFieldNumber(v.x, "\(name).x", of: "\(kind) field")
        try checkFieldNumber(v.y, "\(name).y", of: "\(kind) field")
    }

    private static func metres(_ points: SIMD2<Double>) -> SIMD2<Float> {
        SIMD2<Float>(Float(points.x) * inverseRatio, Float(points.y) * inverseRatio)
    }

    // MARK: Properties (UIKit's getters and setters)

    /// The field's position in points (`(double)stored * 100`, stored as `Float(x) * 0.01` m).
    public var position: SIMD2<Double> {
        get { SIMD2<Double>(storedPosition) * Self.pointsPerMeter }
        set { storedPosition = Self.metres(newValue) }
    }

    /// The strength S, stored as Float. Default 1.
    public var strength: Double {
        get { Double(storedStrength) }
        set { storedStrength = Float(newValue) }
    }

    /// The falloff exponent k: the force scales with `max(r, minimumRadius)^−k` (none when
    /// |k| < 2^-15). Stored as Float. Defaults: radial gravity 2, spring −1, electric and
    /// magnetic 1, the others 0.
    public var falloff: Double {
        get { Double(storedFalloff) }
        set { storedFalloff = Float(newValue) }
    }

    /// The radius (points) below which the falloff takes its value at that radius. Stored as
    /// `Float(r) * 0.01` m, read back as `stored / 0.01` in Float. Default 2^-15 m =
    /// 0.00305175781 pt. Must be ≥ 0.
    public var minimumRadius: Double {
        get { Double(storedMinimumRadius / Self.inverseRatio) }
        set { storedMinimumRadius = Float(newValue) * Self.inverseRatio }
    }

    /// The direction (linear gravity: m/s²; velocity: m/s; drag: the medium's velocity, m/s),
    /// not scaled by 100; stored as Float. Default (0, 0) but for the two vector factories.
    public var direction: SIMD2<Double> {
        get { SIMD2<Double>(storedDirection) }
        set { storedDirection = SIMD2<Float>(Float(newValue.x), Float(newValue.y)) }
    }

    /// The noise's smoothness (0…1 typical; ≤ 0 acts as 0): the noise's spatial frequency is
    /// `1.25 / (max(s, 0) + 0.0833333358) − 1` per metre. Kept by noise and turbulence only;
    /// the other kinds read 0.
    public var smoothness: Double {
        get { kind.isNoise ? Double(storedSmoothness) : 0 }
        set { if kind.isNoise { storedSmoothness = Float(newValue) } }
    }

    /// How fast the noise moves and its gradients turn (the noise's time is
    /// `Float(t · animationSpeed)`). Kept by noise and turbulence only; the others read 0.
    public var animationSpeed: Double {
        get { kind.isNoise ? Double(storedAnimationSpeed) : 0 }
        set { if kind.isNoise { storedAnimationSpeed = Float(newValue) } }
    }

    /// Throws `FieldError.invalidParameter` unless every stored number is finite (a value out
    /// of `Float`'s range, ±3.4e38, stores as infinity) and `minimumRadius` is ≥ 0. The message
    /// names the field's kind and the property.
    /// - Complexity: O(1).
    public func validate() throws {
        let owner = "\(kind) field"
        try checkFieldNumber(position.x, "position.x", of: owner)
        try checkFieldNumber(position.y, "position.y", of: owner)
        try checkFieldNumber(strength, "strength", of: owner)
        try checkFieldNumber(falloff, "falloff", of: owner)
        try checkFieldNumber(minimumRadius, "minimumRadius", of: owner, minimum: 0)
        try checkFieldNumber(direction.x, "direction.x", of: owner)
        try checkFieldNumber(direction.y, "direction.y", of: owner)
        try checkFieldNumber(smoothness, "smoothness", of: owner)
        try checkFieldNumber(animationSpeed, "animationSpeed", of: owner)
    }

    // MARK: Evaluation

    /// PhysicsKit's `calculatedFalloff`, in Double: 1 when |k| < 2^-15, else
    /// `max(r, rmin)^−k` (`DMath.pow`, not the platform's), r and rmin in metres.
    /// - Complexity: O(1).
    @inline(__always)
    func fall(_ r: Double) -> Double {
        let k = Double(storedFalloff)
        if abs(k) < Self.tiny { return 1 }
        let rmin = Double(storedMinimumRadius)
        return DMath.pow(r < rmin ? rmin : r, -k)
    }

    /// What the field does to one body this sub-step.
    ///
    /// - Parameters:
    ///   - position: the body's position (its item's center), points, world space.
    ///   - velocity: the body's velocity, pt/s.
    ///   - mass: the body's mass, kg (UIKit: density × width × height / 100²); finite and > 0.
    ///   - charge: the body's charge (UIKit's `charge`, 0 by default).
    ///   - time: the world time after this sub-step, seconds, accumulated in Double from
    ///     `Double(Float(1/120))` (charon §0: the noise depends on its last bits).
    /// - Returns: `.none` outside the region or when a zero test answers 0; `.velocity` (pt/s)
    ///   for a velocity field; else `.force` in newtons (§10.2). A force that is not finite
    ///   (Apple's electric field at r = 0 answers NaN) is dropped: `.none` (a departure).
    /// - Throws: only for a custom field: what its function throws, or
    ///   `FieldError.invalidCustomForce` when it answers a vector that is not finite.
    /// - Complexity: O(1) (a custom field: its function's cost).
    public func effect(position: SIMD2<Double>, velocity: SIMD2<Double>, mass: Double, charge: Double,
                       time: Double) throws -> FieldEffect {
        let local = position - self.position
        guard region.contains(local) else { return .none }
        let ppm = Self.pointsPerMeter
        let s = Double(storedStrength)
        let force: SIMD2<Double>
        switch kind {
        case .velocity:
            return .velocity(SIMD2<Double>(storedDirection) * ppm)
        case .noise, .turbulence:
            guard let noise else { return .none }
            let p = SIMD2<Float>(Float(position.x / ppm), Float(position.y / ppm))
            guard var f = noise.force(p: p, f: storedPosition, time: time, strength: storedStrength, falloff: storedFalloff,
                                      minimumRadius: storedMinimumRadius, smoothness: storedSmoothness,
                                      animationSpeed: storedAnimationSpeed) else { return .none }
            if kind == .turbulence {
                let v = SIMD2<Float>(Float(velocity.x / ppm), Float(velocity.y / ppm))
                let speed = (0 + (v.x * v.x + v.y * v.y)).squareRoot()
                let m = Float(mass)
                f = SIMD2(((f.x * m) * speed) * speed, ((f.y * m) * speed) * speed)
            }
            force = SIMD2<Double>(f)
        case .custom:
            guard abs(s) >= Self.tiny, let customForce else { return .none }
            let f = try customForce(local, velocity / ppm, mass, charge, time)
            guard f.x.isFinite && f.y.isFinite else {
                throw FieldError.invalidCustomForce(
                    "custom field: the force must be finite, got (\(NumberFormat.shortest(f.x)), \(NumberFormat.shortest(f.y)))")
            }
            return .force(f)
        default:
            // p = body − field, metres; r = |p|.
            let d = position / ppm - SIMD2<Double>(storedPosition)
            let r = (d.x * d.x + d.y * d.y).squareRoot()
            switch kind {
            case .linearGravity:
                guard abs(mass * s) >= Self.tiny else { return .none }
                force = SIMD2<Double>(storedDirection) * s * mass * fall(r)
            case .radialGravity:
                guard abs(mass * s) >= Self.tiny, r * r >= Self.centreThreshold else { return .none }
                force = (d / r) * (-(mass * s) * fall(r))
            case .electric:
                guard abs(charge * s) >= Self.tiny else { return .none }
                force = (d / r) * (charge * s * fall(r))
            case .magnetic:
                guard abs(charge * s) >= Self.tiny else { return .none }
                let v = velocity / ppm
                force = SIMD2(v.y, -v.x) * (s * fall(r))
            case .spring:
                guard abs(s) >= Self.tiny, r >= Self.centreThreshold else { return .none }
                force = (d / r) * (-s * fall(r))
            case .vortex:
                guard abs(mass * s) >= Self.tiny else { return .none }
                force = SIMD2(d.y / r, -d.x / r) * (-s * fall(r)) / mass
            case .drag:
                guard abs(s) >= Self.tiny else { return .none }
                let u = velocity / ppm - SIMD2<Double>(storedDirection)
                let speed = (u.x * u.x + u.y * u.y).squareRoot()
                guard speed > Self.tiny else { return .none }
                force = u * speed * (-s) * fall(r)
            default:
                return .none
            }
        }
        guard force.x.isFinite && force.y.isFinite else { return .none }
        return .force(force)
    }
}
