/// Work and memory the engine may spend on behalf of whoever drives it — for a script, its
/// `--max-instructions` budget and `--max-memory` cap. Engine loops charge work (one unit
/// weighs about one Lua VM instruction) and reserve memory before allocations that grow
/// with their input, so a script that asks for too much ends with a reason instead of
/// hanging or exhausting the machine.
public protocol ResourceBudget: AnyObject {
    /// Spends `units` of work; throws once the budget is spent.
    func charge(_ units: Int) throws
    /// Reserves `bytes` before they are allocated; throws (reserving nothing) when they would pass the cap.
    func reserve(bytes: Int) throws
    /// Gives back bytes reserved earlier.
    func release(bytes: Int)
    /// The most bytes one allocation could get (the cap; `Int.max` when there is none).
    var byteLimit: Int { get }
}

/// The bytes one object reserved from a budget; they go back when the object goes.
package final class BudgetReservation {
    package let budget: ResourceBudget?
    private(set) var bytes = 0

    package init(_ budget: ResourceBudget?) { self.budget = budget }

    /// Reserves `count` elements of `bytesEach` (overflow counts as too much).
    package func reserve(_ count: Int, bytesEach: Int) throws {
        guard let budget else { return }
        let (total, overflow) = count.multipliedReportingOverflow(by: bytesEach)
        try budget.reserve(bytes: overflow ? Int.max : total)
        bytes += total
    }

    /// Charges `count` × `unitsEach` units of work (saturating).
    package func charge(_ count: Int, unitsEach: Int = 1) throws {
        guard let budget else { return }
        let (total, overflow) = count.multipliedReportingOverflow(by: unitsEach)
        try budget.charge(overflow ? Int.max : total)
    }

    deinit { if bytes > 0 { budget?.release(bytes: bytes) } }
}
