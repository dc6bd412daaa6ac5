import SpringKitSupport

/// How a `World` steps. Defaults follow UIKit Dynamics as measured on the host (see
/// docs/physics.md, "UIKit as measured"). UIKit runs Box2D in metres at 100 points per metre
/// (`pointsPerMeter`), so every Box2D tolerance acts here at 100 times its number, in points.
/// The display frame and the screen scale belong to the animator above the world
/// (`AnimatorConfiguration` in SpringKitMotion).
public struct WorldConfiguration: Equatable, Sendable {
    /// Points per Box2D metre in UIKit Dynamics (PhysicsKit's `_ptmRatio`, measured).
    public static let pointsPerMeter = 100.0
    /// UIKit's fixed sub-step: the `Float` nearest 1/120, 0.008333333767950535 s (measured).
    /// It is a little longer than 1/120, so the first 1/60 frame holds one sub-step and
    /// every later one two.
    public static let uikitStep: Double = 0.008333333767950535   // Double(Float(1.0 / 120)), exactly

    /// The fixed internal step, seconds (UIKit: `Float(1/120)`, `uikitStep`).
    public var stepDuration: Double = 0.008333333767950535   // uikitStep
    public var velocityIterations: Int = 8
    public var positionIterations: Int = 3
    /// Choosing `.exact` also sets `resistance` to 0: the exact solver steps springs only
    /// (set a resistance after it and the world refuses it when made).
    public var solver: SolverKind = .uikit {
        didSet { if solver == .exact && oldValue != .exact { resistance = 0 } }
    }
    /// Distance under which a joint applies nothing (Box2D's linear slop, 0.005 m), points: 0.5.
    public var linearSlop: Double = 0.5
    /// Largest position correction of a rigid joint per iteration (Box2D's
    /// `b2_maxLinearCorrection`, 0.2 m), points: 20.
    public var maximumLinearCorrection: Double = 20
    /// Largest distance an item moves in one step (Box2D's `b2_maxTranslation`, 2 m), points:
    /// 200. A faster item's velocity is scaled down to it before positions are integrated.
    public var maximumTranslation: Double = 200
    /// Linear damping of every item, 1/s (`UIDynamicItemBehavior.resistance`, Box2D's
    /// `linearDamping`): each step v ← v / (1 + h · resistance). UIKit's bodies start at 0.1
    /// (measured; Apple's documentation says 0). 0: none.
    public var resistance: Double = 0.1
    /// An item rests once its speed stays at or under this (points/s) ...
    public var restSpeed: Double = 1
    /// ... for this long (seconds), counted as Box2D counts it (see `restStepsAsBox2DCounts`).
    /// `.infinity` turns sleeping off.
    public var restTime: Double = 0.5
    /// Threads the anchored-spring step may use: 0 (default) one per active processor,
    /// 1 none but the caller's. Items are independent in that step and each is computed
    /// the same way on any thread, so results are bit-identical for every value; worlds
    /// under twice `minimumItemsPerThread` items stay on the caller's thread.
    public var threads: Int = 0
    /// Fewest items a thread of the anchored-spring step is given (`threads` is lowered to
    /// fit). The default is the documented constant `simrun bench suite` justifies (scene
    /// `threads-crossover`); any value gives the same results. For measurements and tuning.
    public var minimumItemsPerThread: Int = WorldConfiguration.defaultMinimumItemsPerThread
    /// The default of `minimumItemsPerThread`: 131,072, so worlds split from 262,144 items.
    public static let defaultMinimumItemsPerThread = AnchoredSpringStep.defaultItemsPerThread
    /// The compiled variant of the anchored-spring kernel: the process's choice by default
    /// (`SpringKernelVariant.selection`); `simrun bench kernels` sets each supported one in turn.
    package var kernel: SpringKernelVariant = SpringKernelVariant.selection.variant

    public init() {}

    /// Throws when a value is out of its domain.
    public func validate() throws {
        func require(_ ok: Bool, _ text: String) throws { if !ok { throw DynamicsError.invalidParameter(text) } }
        try require(stepDuration.isFinite && stepDuration > 0, "step must be a positive number of seconds, got \(NumberFormat.shortest(stepDuration))")
        try require((1...1000).contains(velocityIterations), "velocity iterations must be 1…1000, got \(velocityIterations)")
        try require((0...1000).contains(positionIterations), "position iterations must be 0…1000, got \(positionIterations)")
        try require(linearSlop.isFinite && linearSlop >= 0, "linear slop must be ≥ 0")
        try require(maximumLinearCorrection.isFinite && maximumLinearCorrection > 0, "maximum linear correction must be positive")
        try require(maximumTranslation > 0 && !maximumTranslation.isNaN,
                    "maximum translation must be a positive number of points (or infinite), got \(NumberFormat.shortest(maximumTranslation))")
        try require(resistance.isFinite && resistance >= 0, "resistance must be a finite number ≥ 0, got \(NumberFormat.shortest(resistance))")
        try require(restSpeed.isFinite && restSpeed >= 0,
                    "rest speed must be a finite number ≥ 0 (an infinite rest time turns resting off), got \(NumberFormat.shortest(restSpeed))")
        try require(!restTime.isNaN && restTime >= 0, "rest time must be ≥ 0 (or infinite), got \(NumberFormat.shortest(restTime))")
        try require((0...256).contains(threads), "threads must be 0…256 (0: one per processor), got \(threads)")
        try require(minimumItemsPerThread >= 256, "minimum items per thread must be ≥ 256, got \(minimumItemsPerThread)")
        try require(kernel.isSupported, "the \(kernel.name) kernel does not run on this machine")
        if solver == .exact && resistance != 0 {
            throw DynamicsError.unsupportedByExactSolver("resistance \(NumberFormat.shortest(resistance)) is not a spring (set it to 0)")
        }
    }

    /// Fixed steps an item must spend at or under `restSpeed` before it rests: as Box2D
    /// counts them, adding the step (as a `Float`) to a `Float` timer until it reaches
    /// `restTime` (`b2Island::Solve`: `sleepTime += h`, `sleepTime >= b2_timeToSleep`). For
    /// 0.5 s at UIKit's step that is 61 steps, not 60: sixty `Float` steps sum to just under 0.5.
    /// Beyond 2²⁰ steps, and for an infinite `restTime`, the exact quotient is used instead.
    /// - Complexity: O(restTime / stepDuration), at most 2²⁰ additions; `World` computes it once.
    func restStepsAsBox2DCounts() -> Double {
        let quotient = restTime / stepDuration
        guard quotient.isFinite, quotient < 1_048_576 else { return min(Double(Int32.max), (quotient - 1e-9).rounded(.up)) }
        let h = Float(stepDuration), target = Float(restTime)
        var timer: Float = 0
        var steps = 0.0
        while timer < target {
            timer += h
            steps += 1
        }
        return steps
    }
}
