import SpringKitSupport
import CLua

/// The instruction budget, deadline or memory cap ran out inside a Swift function.
struct ScriptLimitError: Error {
    var message: String
}

/// The engine's side of a script's limits: work is charged to the VM's instruction count
/// (so the script and the engine spend one budget) and memory is counted with Lua's own
/// allocations against one cap.
final class LuaResourceBudget: ResourceBudget {
    static let memoryMessageMarker = "memory limit exceeded"
    private let runtime: UnsafeMutablePointer<skl_Runtime>
    /// Units charged since the clock was last read: the deadline is checked once per
    /// `clockInterval` units (at once for a larger charge), as the count hook checks it once
    /// per so many VM instructions — reading the clock costs more than a small charge's work.
    private var unitsSinceClock = 0
    static let clockInterval = 4096

    /// Runs a full collection (set while the state is open): a reservation the cap refuses
    /// is tried again after it, as Lua itself collects before refusing an allocation.
    var collectGarbage: (() -> Void)?

    init(_ runtime: UnsafeMutablePointer<skl_Runtime>) { self.runtime = runtime }
    deinit { runtime.deallocate() }

    static func describeLimit(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    func charge(_ units: Int) throws {
        let rt = runtime
        let (used, overflow) = rt.pointee.instructionsUsed.addingReportingOverflow(Int64(clamping: units))
        rt.pointee.instructionsUsed = overflow ? Int64.max : used
        let limit = rt.pointee.instructionLimit
        unitsSinceClock = unitsSinceClock &+ max(1, min(units, Self.clockInterval))
        if rt.pointee.cancelled == 0 && skl_cancel_requested(rt) != 0 { rt.pointee.cancelled = 1; rt.pointee.timedOut = 1 }
        var overTime = rt.pointee.timedOut != 0
        if !overTime && rt.pointee.deadline != 0 && unitsSinceClock >= Self.clockInterval {
            unitsSinceClock = 0
            overTime = skl_now() > rt.pointee.deadline
        }
        if overTime {
            rt.pointee.timedOut = 1
            if rt.pointee.cancelled != 0 { throw ScriptLimitError(message: SKL_CANCELLED_MESSAGE) }
            throw ScriptLimitError(message: "timed out after \(NumberFormat.human(rt.pointee.timeoutSeconds)) s of wall-clock time (raise it with --timeout)")
        }
        if limit != 0 && rt.pointee.instructionsUsed > limit {
            rt.pointee.budgetExceeded = 1
            throw ScriptLimitError(message: "instruction budget exceeded (\(limit) instructions; raise it with --max-instructions)")
        }
    }

    func reserve(bytes: Int) throws {
        let rt = runtime
        let limit = rt.pointee.memoryLimit
        func fits() -> Bool {
            let inUse = rt.pointee.memoryUsed + rt.pointee.engineBytes
            return limit == 0 || (bytes >= 0 && inUse <= limit && bytes <= limit - inUse)
        }
        if !fits(), bytes <= limit, let collectGarbage { collectGarbage() }
        if !fits() {
            throw ScriptLimitError(message: "\(Self.memoryMessageMarker) (\(Self.describeLimit(limit)); this call needs \(bytes == Int.max ? "more than that" : "\(bytes) bytes") more; raise it with --max-memory)")
        }
        rt.pointee.engineBytes += bytes
        rt.pointee.memoryPeak = max(rt.pointee.memoryPeak, rt.pointee.memoryUsed + rt.pointee.engineBytes)
    }

    var byteLimit: Int { runtime.pointee.memoryLimit == 0 ? Int.max : runtime.pointee.memoryLimit }

    func release(bytes: Int) {
        runtime.pointee.engineBytes -= min(bytes, runtime.pointee.engineBytes)
    }
}
