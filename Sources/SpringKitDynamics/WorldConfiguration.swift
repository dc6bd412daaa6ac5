import SpringKitSupport

/// How a `World` steps. Defaults follow UIKit Dynamics (see docs/physics.md). The display
/// frame and the screen scale belong to the animator above the world
/// (`AnimatorConfiguration` in SpringKitMotion).
public struct WorldConfiguration: Equatable, Sendable {
    /// The fixed internal step, seconds (UIKit: 1/120).
    public var stepDuration: Double = 1.0 / 120
    public var velocityIterations: Int = 8
    public var positionIterations: Int = 3
    public var solver: SolverKind = .uikit
    /// Distance under which a joint applies nothing (Box2D's linear slop), points.
    public var linearSlop: Double = 0.005
    /// Largest position correction of a rigid joint per iteration, points.
    public var maximumLinearCorrection: Double = 0.2
    /// Linear damping of every item, 1/s (`UIDynamicItemBehavior.resistance`, Box2D's
    /// `linearDamping`): each step v ← v / (1 + h · resistance). 0: none.
    public var resistance: Double = 0
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
    /// 0.5 s at 1/120 s that is 61 steps, not 60: sixty `Float` steps sum to 0.49999985.
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
