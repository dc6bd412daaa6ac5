import SpringKitSupport

/// A failure while loading or running a script. `message` starts with `file:line:` when
/// the error has a source position; `traceback` holds Lua's stack traceback when known.
public struct ScriptError: SpringKitError, Equatable {
    public enum Kind: String, Sendable { case syntax, runtime, budget, memory, timeout, file }
    public var kind: Kind
    public var message: String
    public var traceback: String

    public init(_ kind: Kind, _ message: String, traceback: String = "") {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    public var description: String { message }
    /// A script's failure carries its own position and message; nothing to blame on an argument.
    public var blamesArguments: Bool { false }
}
