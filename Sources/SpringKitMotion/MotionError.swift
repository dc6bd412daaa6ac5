import SpringKitSupport

/// A rejected call to the motion layer: the scroll view, the layouts, the spring culler, the
/// velocity tracker, the gesture player and the frame clock. (The world's own errors are
/// `DynamicsError`; the scenarios' are `ScenarioError`.) `description` is the reason a user
/// reads; the Lua binding reports every case against the argument at fault.
public enum MotionError: SpringKitError, Equatable {
    /// A value outside what it may be (not finite, negative, zero where it must be
    /// positive); the text names the value and what it may be.
    case invalidParameter(String)
    /// A setting (a configuration's property, named as in Swift: `cellHeight`) outside what it
    /// may be: `reason` says what it must be. The layers above name the setting in their own
    /// words (the Lua binding's field `cell_height`).
    case invalidSetting(name: String, reason: String)
    /// A gesture step that needs a finger down came while none was: `step` names it
    /// (`drag`), or nil for a touch move or release.
    case noFingerDown(step: String?)
    /// A velocity sample earlier than the one before it.
    case sampleTimeDecreased(time: Double, previous: Double)
    /// A duration whose frame count does not fit a whole number.
    case tooManyFrames(seconds: Double)

    public var description: String {
        switch self {
        case .invalidParameter(let text): return text
        case .invalidSetting(let name, let reason): return "\(name) \(reason)"
        case .noFingerDown(let step?): return "\(step) needs a finger down"
        case .noFingerDown(nil): return "no finger is down"
        case .sampleTimeDecreased(let time, let previous):
            return "velocity sample times must not decrease (\(NumberFormat.shortest(time)) after \(NumberFormat.shortest(previous)))"
        case .tooManyFrames(let seconds): return "\(NumberFormat.shortest(seconds)) s is more frames than can be counted"
        }
    }

    public var blamesArguments: Bool { true }
}
