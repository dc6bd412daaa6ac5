/// An error of one of the engine's layers, each layer throwing its own type:
/// `DynamicsError` (the world), `MotionError` (scroll view, layouts, culler, velocity
/// tracker, gestures, frame clock), `ScenarioError` and `DotImageError` (rubber menu, gallery,
/// dot art, dot images), `TraceFormatError` (reading traces), `ScriptError` and
/// `ParameterError` (scripts), and the support errors (`InputFile.ReadError`,
/// `AtomicFile.WriteError`, `SpringConvention.ConversionError`).
///
/// `description` is the one-line reason a user reads (no `simrun:` prefix and no position:
/// the caller adds those), so every layer reports in the same way and a binding turns any of
/// them into a message with one rule.
public protocol SpringKitError: Error, CustomStringConvertible {
    /// True when the values passed to the call that threw are at fault (a parameter out of
    /// range, an index outside the list, a gesture step out of order): the Lua binding reports
    /// it against the argument (`bad argument #N to 'f' (…)`). False when the fault lies
    /// elsewhere (a world the exact solver cannot step, a file that cannot be read or written):
    /// the binding names the function only (`f: …`).
    var blamesArguments: Bool { get }
}
