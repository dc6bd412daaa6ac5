import SpringKitSupport
import SpringKitTrace
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport

/// A gesture played into a script's scenario from outside the script: a recorded gesture file
/// (`simrun SCRIPT --gesture FILE`, `simrun check`) or the studio's pointer, live.
///
/// It takes over at the script's first gesture call on a scenario that can be driven (the rubber
/// menu's and `sk.animator`'s `touch_down`, `drag`, `move_to`, `release`; the gallery's `tap`,
/// `drag`, `move`): from there the scenario plays the drive's steps, one display frame per
/// `.frame` step, with the same finger, velocity tracker and release rule as a scripted gesture
/// (the finger's velocity over the last 0.1 s, `VelocityTracker`, unless the step gives one).
/// When the steps run out the script ends there: its later gestures, metrics and expectations
/// do not run, and the run's trace and report are those of the driven scenario (for a script
/// built on `sk.animator`, the first `sk.trace` and `sk.report` it made).
public final class GestureDrive: @unchecked Sendable {
    public enum Step: Equatable, Sendable {
        /// A finger goes down at this point (viewport coordinates, points); takes no time.
        case down(SIMD2<Double>)
        /// One display frame with the finger here (while it is down).
        case move(SIMD2<Double>)
        /// Display frames with no finger down (or the finger where it is).
        case wait(frames: Int)
        /// The finger lifts with this velocity (points/s), or the tracker's when nil.
        case up(velocity: SIMD2<Double>?)
    }

    /// Where the steps come from: the next one, or nil when the gesture is over. A live source
    /// blocks until the next step is known.
    private let next: () -> Step?
    /// Every step played, in order (idle frames joined): the gesture a file records.
    public private(set) var played: [Step] = []
    /// Called after every frame played, with the scenario's newest report frame (nil when it
    /// records none) and its frame number.
    public var frameEnded: ((_ frame: ReportData.Frame?, _ number: Int, _ finger: SIMD2<Double>?) -> Void)?
    /// Called once when the drive takes over (before any step), with the scenario's state then.
    public var tookOver: ((_ frame: ReportData.Frame?, _ viewport: SIMD2<Double>, _ edgeInset: Double) -> Void)?
    /// True once the drive has taken over a scenario; `finished` once its steps ran out.
    public private(set) var started = false
    public private(set) var finished = false
    /// What the drive took over (`rubber_menu`, `animator`, `gallery`), for messages.
    public private(set) var targetKind = ""

    public init(next: @escaping () -> Step?) { self.next = next }

    /// A drive over a fixed list of steps.
    public convenience init(steps: [Step]) {
        var index = 0
        self.init(next: {
            guard index < steps.count else { return nil }
            defer { index += 1 }
            return steps[index]
        })
    }

    /// The error that ends the script where the drive's steps ran out (ScriptRunner catches it).
    struct Finished: Error, CustomStringConvertible {
        var description: String { "the recorded gesture is over" }
    }

    /// Plays every step into `target`, then throws `Finished`.
    func takeOver(_ target: DrivenTarget) throws -> Never {
        guard !started else { throw Finished() }
        started = true
        targetKind = target.kind
        tookOver?(target.latestFrame(), target.viewport, target.edgeInset)
        var tracker = try VelocityTracker()
        var finger: SIMD2<Double>?
        while let step = next() {
            switch step {
            case .down(let p):
                guard finger == nil else { continue }
                try target.down(p)
                finger = p
                tracker.reset()
                try tracker.add(time: target.time, position: p)
                played.append(step)
            case .move(let p):
                guard finger != nil else {
                    try playIdle(target, 1)
                    continue
                }
                try target.frame(finger: p)
                finger = p
                try tracker.add(time: target.time, position: p)
                played.append(step)
                frameEnded?(target.latestFrame(), target.frameNumber, finger)
            case .wait(let frames):
                if let held = finger {
                    // A finger held still: frames at the same place (the tracker sees them).
                    for _ in 0..<max(0, frames) {
                        try target.frame(finger: held)
                        try tracker.add(time: target.time, position: held)
                        played.append(.move(held))
                        frameEnded?(target.latestFrame(), target.frameNumber, held)
                    }
                } else {
                    try playIdle(target, frames)
                }
            case .up(let velocity):
                guard finger != nil else { continue }
                let v = velocity ?? tracker.velocity
                try target.up(velocity: v)
                finger = nil
                played.append(.up(velocity: velocity))
            }
        }
        finished = true
        throw Finished()
    }

    private func playIdle(_ target: DrivenTarget, _ frames: Int) throws {
        for _ in 0..<max(0, frames) {
            try target.frame(finger: nil)
            if case .wait(let n)? = played.last { played[played.count - 1] = .wait(frames: n + 1) } else { played.append(.wait(frames: 1)) }
            frameEnded?(target.latestFrame(), target.frameNumber, nil)
        }
    }
}

/// A scenario the drive can play into (the rubber menu, `sk.animator`, the gallery).
protocol DrivenTarget: AnyObject {
    var kind: String { get }
    var time: Double { get }
    var frameNumber: Int { get }
    var viewport: SIMD2<Double> { get }
    func down(_ point: SIMD2<Double>) throws
    /// One display frame; the finger at `finger` when it is down, else none.
    func frame(finger: SIMD2<Double>?) throws
    func up(velocity: SIMD2<Double>) throws
    func latestFrame() -> ReportData.Frame?
    /// The cap of the cells' top-edge curve in its report (for drawing).
    var edgeInset: Double { get }
    /// The run's trace and report when the drive ends the script.
    func result() -> (trace: Trace?, report: ReportData?)
}
