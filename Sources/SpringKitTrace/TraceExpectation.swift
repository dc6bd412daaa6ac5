import SpringKitSupport

/// A property of a script's trace that `simrun check` tests next to its golden, declared with
/// `springkit.expect{...}`: settle time, overshoot, oscillations, residual motion at rest,
/// staying in bounds, no gap between adjacent items. Each is scoped to one item (or all) and
/// a time window. Settle time, overshoot and oscillations are `TraceMetrics`' definitions.
public struct TraceExpectation: Equatable, Sendable {
    public enum Criterion: Equatable, Sendable {
        /// Settles (stays within `epsilon` of `target` to the window's end) at most this many seconds after the window starts.
        case settlesWithin(Double)
        /// Overshoot past `target` at most this many percent of the initial distance.
        case overshootAtMost(Double)
        /// At most this many full oscillations about `target` (hysteresis `epsilon`).
        case oscillationsAtMost(Double)
        /// Over the window's last N frames, no value of the columns moves more than `epsilon` from one frame to the next.
        case atRest(frames: Int)
        /// Every value of the columns stays in [min, max].
        case within(min: Double, max: Double)
        /// Items with consecutive ids, in the same frame, are at most `extent + epsilon` apart along the column.
        case noGap(extent: Double)
    }

    public var name: String
    public var criterion: Criterion
    /// The item (nil: every item).
    public var id: Int?
    public var columns: [String]
    /// The time window, in seconds (inclusive).
    public var from: Double
    public var to: Double
    /// The rest value for settle time, overshoot and oscillations; nil: the window's last value.
    public var target: Double?
    public var epsilon: Double
    /// The script line that declared it (0 when unknown).
    public var line: Int

    public init(name: String, criterion: Criterion, id: Int?, columns: [String], from: Double = -.infinity,
                to: Double = .infinity, target: Double? = nil, epsilon: Double, line: Int = 0) {
        self.name = name; self.criterion = criterion; self.id = id; self.columns = columns
        self.from = from; self.to = to; self.target = target; self.epsilon = epsilon; self.line = line
    }

    /// What an evaluation found: `measured` for the report ("settles at 1.25 s"),
    /// and when failed a one-line `reason`.
    public struct Result: Equatable, Sendable {
        public var passed: Bool
        public var measured: String
        public var reason: String?
    }

    /// A name that says what is expected, for expectations declared without one.
    /// - Complexity: O(columns).
    public static func defaultName(_ criterion: Criterion, id: Int?, columns: [String]) -> String {
        let subject = columns.joined(separator: ",") + (id.map { " of id \($0)" } ?? "")
        switch criterion {
        case .settlesWithin(let t): return "\(subject) settles within \(NumberFormat.shortest(t)) s"
        case .overshootAtMost(let p): return "\(subject) overshoots at most \(NumberFormat.shortest(p)) %"
        case .oscillationsAtMost(let n): return "\(subject) oscillates at most \(NumberFormat.shortest(n)) times"
        case .atRest(let frames): return "\(subject) at rest over the last \(frames) frames"
        case .within(let lo, let hi): return "\(subject) stays within [\(NumberFormat.shortest(lo)), \(NumberFormat.shortest(hi))]"
        case .noGap: return "no gap between adjacent items along \(columns.joined(separator: ","))"
        }
    }

    /// Evaluates the expectation on `trace`.
    /// - Complexity: O(rows · columns) of the trace.
    public func evaluate(_ trace: Trace) -> Result {
        var columnIndices: [Int] = []
        for column in columns {
            guard let c = trace.columnIndex(column) else {
                return Result(passed: false, measured: "-", reason: "the trace has no column '\(column)' (columns: \(trace.columns.joined(separator: ",")))")
            }
            columnIndices.append(c)
        }
        let rows = (0..<trace.rowCount).filter { r in
            let t = trace.value(row: r, column: 1)
            return t >= from && t <= to && (id == nil || trace.value(row: r, column: 2) == Double(id!))
        }
        guard !rows.isEmpty else {
            return Result(passed: false, measured: "-", reason: "no rows in the window" + (id.map { " for id \($0)" } ?? ""))
        }
        switch criterion {
        case .settlesWithin, .overshootAtMost, .oscillationsAtMost:
            // One signal: several items' rows interleaved would be measured as one.
            let first = trace.value(row: rows[0], column: 2)
            if id == nil, let other = rows.first(where: { trace.value(row: $0, column: 2) != first }) {
                return Result(passed: false, measured: "-", reason: "the window holds several items (ids \(NumberFormat.shortest(first)) and \(NumberFormat.shortest(trace.value(row: other, column: 2))), …): give id")
            }
        default: break
        }
        let f = NumberFormat.significant
        let result = Self.verdict
        let c = columnIndices[0]
        let t = rows.map { trace.value(row: $0, column: 1) }
        let values = rows.map { trace.value(row: $0, column: c) }
        let target = self.target ?? values.last!
        switch criterion {
        case .settlesWithin(let limit):
            guard let settled = TraceMetrics.settleTime(t: t, values: values, target: target, epsilon: epsilon) else {
                return Result(passed: false, measured: "not settled", reason: "still more than \(f(epsilon, 4)) from \(f(target, 4)) at t = \(f(t.last!, 4)) s (the window's end)")
            }
            let after = settled - t[0]
            return result(after <= limit, "settles \(f(after, 4)) s after t = \(f(t[0], 4)) s", "≤ \(f(limit, 4)) s")
        case .overshootAtMost(let limit):
            let overshoot = TraceMetrics.overshootPercent(values: values, target: target)
            return result(overshoot <= limit, "overshoot \(f(overshoot, 4)) %", "≤ \(f(limit, 4)) %")
        case .oscillationsAtMost(let limit):
            let count = TraceMetrics.oscillations(values: values, target: target, epsilon: epsilon)
            return result(count <= limit, "\(f(count, 4)) oscillations", "≤ \(f(limit, 4))")
        case .atRest(let frames):
            let motion = residualMotion(trace, rows: rows, columns: columnIndices, frames: frames)
            return result(motion.largest <= epsilon,
                          "largest per-frame |Δ| \(f(motion.largest, 4))" + (motion.largest > 0 ? " (\(motion.where))" : ""),
                          "≤ \(f(epsilon, 4)) over the last \(frames) frames")
        case .within(let lo, let hi):
            return withinResult(trace, rows: rows, columns: columnIndices, lo: lo, hi: hi)
        case .noGap(let extent):
            return noGapResult(trace, rows: rows, column: c, extent: extent)
        }
    }

    /// `within`: the value furthest outside [lo, hi] among the window's rows and columns.
    private func withinResult(_ trace: Trace, rows: [Int], columns columnIndices: [Int], lo: Double, hi: Double) -> Result {
        let f = NumberFormat.significant
        let result = Self.verdict
        var worst: (excess: Double, at: String)?
        for r in rows {
            for c in columnIndices {
                let v = trace.value(row: r, column: c)
                let excess = v.isNaN ? .infinity : max(lo - v, v - hi)
                if excess > 0 && excess > (worst?.excess ?? 0) {
                    worst = (excess, "\(trace.columns[c]) = \(f(v, 4)) at frame \(NumberFormat.shortest(trace.value(row: r, column: 0))), id \(NumberFormat.shortest(trace.value(row: r, column: 2)))")
                }
            }
        }
        if let worst { return result(false, worst.at, "within [\(f(lo, 4)), \(f(hi, 4))]") }
        return result(true, "all values within [\(f(lo, 4)), \(f(hi, 4))]", "")
    }

    /// `no_gap`: the widest gap between adjacent items (consecutive ids in one frame) along the column.
    private func noGapResult(_ trace: Trace, rows: [Int], column c: Int, extent: Double) -> Result {
        let f = NumberFormat.significant
        let result = Self.verdict
        // Rows are ordered by frame, then id: adjacent items are consecutive rows.
        var widest: (gap: Double, at: String)?
        for (a, b) in zip(rows, rows.dropFirst()) {
            let frame = trace.value(row: a, column: 0)
            guard trace.value(row: b, column: 0) == frame, trace.value(row: b, column: 2) == trace.value(row: a, column: 2) + 1 else { continue }
            let gap = abs(trace.value(row: b, column: c) - trace.value(row: a, column: c)) - extent
            if gap > (widest?.gap ?? -.infinity) {
                widest = (gap, "ids \(NumberFormat.shortest(trace.value(row: a, column: 2)))–\(NumberFormat.shortest(trace.value(row: b, column: 2))) at frame \(NumberFormat.shortest(frame))")
            }
        }
        guard let widest else { return Result(passed: false, measured: "-", reason: "no two adjacent ids share a frame in the window") }
        let shown = widest.gap > 0 ? "gap \(f(widest.gap, 4)) (\(widest.at))" : "no gap (narrowest overlap \(f(-widest.gap, 4)), \(widest.at))"
        return result(widest.gap <= epsilon, shown, "≤ \(f(epsilon, 4))")
    }

    private static func verdict(_ passed: Bool, _ measured: String, _ limit: String) -> Result {
        Result(passed: passed, measured: measured, reason: passed ? nil : "\(measured), expected \(limit)")
    }

    /// The largest |value − the same id's value one frame earlier| among the window's last `frames` frames.
    private func residualMotion(_ trace: Trace, rows: [Int], columns: [Int], frames: Int) -> (largest: Double, where: String) {
        var distinct: [Double] = []
        for r in rows {
            let frame = trace.value(row: r, column: 0)
            if distinct.last != frame { distinct.append(frame) }
        }
        let first = distinct[max(0, distinct.count - frames)]
        // Each item's previous row, by id: its values are read from the trace, not copied.
        var previous: [Double: Int] = [:]
        var largest = 0.0, at = ""
        for r in rows {
            let frame = trace.value(row: r, column: 0), item = trace.value(row: r, column: 2)
            if frame >= first, let before = previous[item] {
                for c in columns {
                    let delta = TraceComparison.magnitude(expected: trace.value(row: before, column: c), actual: trace.value(row: r, column: c))
                    if delta > largest {
                        largest = delta
                        at = "\(trace.columns[c]) of id \(NumberFormat.shortest(item)) at frame \(NumberFormat.shortest(frame))"
                    }
                }
            }
            previous[item] = r
        }
        return (largest, at)
    }
}
