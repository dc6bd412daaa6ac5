import SpringKitSupport

/// A rejected call to a scenario: the rubber menu, the gallery (and its selection) and dot
/// art. (A dot image that cannot be read is a `DotImageError`; gesture rules the scenarios
/// share with the gesture player are `MotionError`s.) `description` is the reason a user
/// reads; the Lua binding reports every case against the argument at fault.
public enum ScenarioError: SpringKitError, Equatable {
    /// A value outside what it may be; the text names the value and what it may be.
    case invalidParameter(String)
    /// An index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// A reorder whose source or destination is outside `0..<count`.
    case dragOutOfRange(source: Int, destination: Int, count: Int)
    /// A dot-art snapshot that does not list each of the `count` identifiers exactly once.
    case invalidSnapshot(count: Int)

    public var description: String {
        switch self {
        case .invalidParameter(let text): return text
        case .indexOutOfRange(let index, let count): return "index \(index) is out of range 0…\(count - 1)"
        case .dragOutOfRange(let source, let destination, let count):
            return "drag indices must be in 0…\(count - 1) (got \(source) → \(destination))"
        case .invalidSnapshot(let count): return "a snapshot must list each of the \(count) identifiers once"
        }
    }

    public var blamesArguments: Bool { true }
}
