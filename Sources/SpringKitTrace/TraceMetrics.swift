import SpringKitSupport

/// Metrics of a motion signal sampled at times `t` (seconds).
///
/// All functions take the signal relative to its rest value `target`.
public enum TraceMetrics {
    /// The first sample time after which the signal stays within `epsilon` of `target`
    /// to the end; `nil` when the last sample is still outside. A signal that never leaves
    /// the band settles at its first sample.
    /// - Complexity: O(samples).
    public static func settleTime(t: [Double], values: [Double], target: Double, epsilon: Double) -> Double? {
        precondition(t.count == values.count)
        guard !values.isEmpty else { return nil }
        var i = values.count - 1
        guard abs(values[i] - target) <= epsilon else { return nil }
        while i > 0 && abs(values[i - 1] - target) <= epsilon { i -= 1 }
        return t[i]
    }

    /// Overshoot in percent of the peak: after the sample farthest from `target` (the first
    /// such), how far the signal goes past the target on the other side, at most, relative
    /// to that farthest distance. A step that starts at its farthest point (released from a
    /// pull) is measured against its start; a flick from rest against its first swing.
    /// 0 when the signal never leaves the target or never crosses it.
    /// - Complexity: O(samples).
    public static func overshootPercent(values: [Double], target: Double) -> Double {
        guard let (peakIndex, peak) = farthest(from: target, in: values), peak > 0 else { return 0 }
        let side: Double = values[peakIndex] > target ? 1 : -1
        var beyond = 0.0
        for v in values[peakIndex...] {
            let d = (target - v) * side
            if d > beyond { beyond = d }
        }
        return beyond / peak * 100
    }

    /// The largest absolute value.
    /// - Complexity: O(samples).
    public static func peak(values: [Double]) -> Double {
        farthest(from: 0, in: values)?.distance ?? 0
    }

    /// The first sample farthest from `target` and its distance (NaN samples are passed over;
    /// the first sample at distance 0 when none is farther); nil for no samples.
    /// - Complexity: O(samples).
    public static func farthest(from target: Double, in values: [Double]) -> (index: Int, distance: Double)? {
        guard !values.isEmpty else { return nil }
        var index = 0, distance = 0.0
        for (k, v) in values.enumerated() where abs(v - target) > distance {
            distance = abs(v - target)
            index = k
        }
        return (index, distance)
    }

    /// Half-oscillations: how many times the signal crosses from more than `epsilon`
    /// above the target to more than `epsilon` below it, or back (hysteresis `epsilon`).
    /// - Complexity: O(samples).
    public static func crossings(values: [Double], target: Double, epsilon: Double) -> Int {
        var side = 0
        var count = 0
        for v in values {
            let d = v - target
            let now = d > epsilon ? 1 : (d < -epsilon ? -1 : 0)
            if now != 0 {
                if side != 0 && now != side { count += 1 }
                side = now
            }
        }
        return count
    }

    /// Full oscillations: crossings / 2.
    public static func oscillations(values: [Double], target: Double, epsilon: Double) -> Double {
        Double(crossings(values: values, target: target, epsilon: epsilon)) / 2
    }
}

extension TraceMetrics {
    /// The readouts the tuner and the studio show for a watched series, built from the
    /// functions above about the series' final (rest) value: settle time and oscillations
    /// with band `epsilon`; peak = the largest distance from rest; overshoot as
    /// `overshootPercent` (past rest after that peak, in percent of the peak). A series that has not
    /// stayed in the band for `restDuration` seconds at its end is still moving, so its final
    /// value is no rest value: its settle time is nil.
    public struct Readouts: Equatable, Sendable {
        public var settleTime: Double?
        public var overshootPercent: Double
        public var peak: Double
        public var oscillations: Double

        /// - Complexity: O(n) in the number of samples.
        public init(times: [Double], values: [Double], epsilon: Double = 0.5, restDuration: Double = 0.1) {
            let target = values.last ?? 0
            let settle = TraceMetrics.settleTime(t: times, values: values, target: target, epsilon: epsilon)
            settleTime = settle.flatMap { (times.last ?? $0) - $0 >= restDuration - 1e-9 ? $0 : nil }
            peak = TraceMetrics.farthest(from: target, in: values)?.distance ?? 0
            overshootPercent = TraceMetrics.overshootPercent(values: values, target: target)
            oscillations = TraceMetrics.oscillations(values: values, target: target, epsilon: epsilon)
        }
    }
}

extension Trace {
    /// Times and values of one column for the rows of one item (`id`), or of all rows when `id` is nil.
    /// - Complexity: O(rows).
    public func series(column name: String, id: Int?) -> (t: [Double], values: [Double])? {
        guard let c = columnIndex(name), let tc = columnIndex("t"), let ic = columnIndex("id") else { return nil }
        var times: [Double] = []
        var values: [Double] = []
        for row in 0..<rowCount where id == nil || value(row: row, column: ic) == Double(id!) {
            times.append(value(row: row, column: tc))
            values.append(value(row: row, column: c))
        }
        return (times, values)
    }
}
