/// Limits a script runs under.
public struct ScriptLimits: Sendable, Equatable {
    /// VM instructions before the script is stopped (0: unlimited).
    public var maxInstructions: Int64 = 250_000_000
    /// Bytes Lua may allocate (0: unlimited). Allocations made by Swift code are not counted against it.
    public var maxMemory: Int = 512 << 20
    /// Opens the `io` library and `loadfile`/`dofile` (text chunks only), and lets
    /// `springkit.load_trace`/`load_dot_image` read files outside the script's folder tree.
    public var allowIO = false
    /// Wall-clock seconds before the script is stopped (0: no limit). Checked by the
    /// instruction hook and the engine's work charges; see `ScriptOptions.onHardTimeout`
    /// for code (such as C pattern matching) that reaches neither.
    public var timeout: Double = 0

    /// The most `maxMemory` may be: 2^43 bytes (8 TiB).
    public static let memoryCeiling = 1 << 43

    public init(maxInstructions: Int64 = 250_000_000, maxMemory: Int = 512 << 20, allowIO: Bool = false,
                timeout: Double = 0) {
        self.maxInstructions = maxInstructions
        self.maxMemory = maxMemory
        self.allowIO = allowIO
        self.timeout = timeout
    }
}
