import CLua

/// A flag that stops a script run from another thread: give it to the run
/// (`ScriptOptions.cancellation`) and call `cancel()`. The run fails within about a thousand
/// VM instructions or the engine's next charge of work, with the reason
/// "cancelled: a newer run replaced this one" (`ScriptError` of kind `.timeout`), and its state
/// is closed as after any failure. The studio cancels a re-run that a newer slider change made
/// stale.
public final class ScriptCancellation: @unchecked Sendable {
    /// Read by the run's thread (the Lua count hook, `LuaResourceBudget.charge`), raised by any.
    let flag: UnsafeMutablePointer<Int32>

    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit { flag.deallocate() }

    /// Asks the run to stop. Idempotent; safe from any thread.
    public func cancel() { skl_raise_flag(flag) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { skl_read_flag(flag) != 0 }
}
