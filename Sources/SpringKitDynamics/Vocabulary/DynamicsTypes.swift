import SpringKitSupport

/// Identifies an item of a `World`; stays valid until the item is removed.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: ItemID, b: ItemID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "item \(rawValue)" }
}

/// Identifies a spring of a `World`; stays valid until the spring is removed.
public struct SpringID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: SpringID, b: SpringID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "spring \(rawValue)" }
}

/// A `UIAttachmentBehavior`'s spring: rest length in points, damping ratio ζ
/// (1 = critical), frequency in Hz. Frequency 0 makes the attachment rigid.
/// The defaults are UIKit's: frequency 0, damping 0.
public struct SpringParameters: Equatable, Sendable {
    public var length: Double
    public var damping: Double
    public var frequency: Double

    public init(length: Double = 0, damping: Double = 0, frequency: Double = 0) {
        self.length = length
        self.damping = damping
        self.frequency = frequency
    }

    public var isRigid: Bool { frequency == 0 }

    /// Throws when a value is negative or not finite.
    public func validate() throws {
        for (name, value) in [("length", length), ("damping", damping), ("frequency", frequency)] {
            guard value.isFinite else { throw DynamicsError.invalidParameter("\(name) must be finite, got \(value)") }
            guard value >= 0 else { throw DynamicsError.invalidParameter("\(name) must be ≥ 0, got \(NumberFormat.shortest(value))") }
        }
    }
}

/// How springs are stepped.
public enum SolverKind: String, Sendable, CaseIterable {
    /// UIKit Dynamics: Box2D 2.3-style soft distance joints, 8 velocity iterations,
    /// position correction for rigid joints; an anchored spring is exactly implicit Euler.
    case uikit
    /// The closed-form step of a linear spring (exp(A h)); zero-length anchored springs only.
    case exact
}

/// A rejected call to the world: its configuration, items, springs and stepping. (The
/// layers above throw their own: `MotionError`, `ScenarioError`.) `description` is the
/// reason a user reads.
public enum DynamicsError: SpringKitError, Equatable {
    /// A value outside what it may be (a spring's length, damping or frequency, a world
    /// setting); the text names the value and what it may be.
    case invalidParameter(String)
    /// An item identifier this world does not hold (never added, or removed).
    case unknownItem(ItemID)
    /// A spring identifier this world does not hold (never attached, or removed).
    case unknownSpring(SpringID)
    /// The exact solver was chosen for a world it cannot step (a spring that is not a
    /// zero-length spring to an anchor, or resistance); the text says what.
    case unsupportedByExactSolver(String)
    /// `anchor` / `setAnchor` on a spring between two items.
    case noAnchor(SpringID)

    /// Every case but `unsupportedByExactSolver`, which is the world's state rather than the
    /// fault of the call that found it (a configuration that asks for it is still reported
    /// against the configuration).
    public var blamesArguments: Bool {
        if case .unsupportedByExactSolver = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .invalidParameter(let text): return text
        case .unknownItem(let id): return "no \(id) in this world"
        case .unknownSpring(let id): return "no \(id) in this world"
        case .unsupportedByExactSolver(let text): return "the exact solver cannot step this world: \(text)"
        case .noAnchor(let id): return "\(id) joins two items and has no anchor"
        }
    }
}
