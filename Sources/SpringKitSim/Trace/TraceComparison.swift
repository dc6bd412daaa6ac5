/// The result of comparing a trace with its golden, column by column.
public struct TraceComparison: Sendable {
    /// One value that differs beyond its tolerance (or the largest difference found).
    public struct Difference: Equatable, Sendable, CustomStringConvertible {
        /// Row in the trace (0-based), and that row's frame and id.
        public var row: Int
        public var frame: Double
        public var id: Double
        public var column: String
        public var expected: Double
        public var actual: Double
        /// What was allowed there: abs + rel · |expected|.
        public var allowed: Double

        public var magnitude: Double { abs(actual - expected) }

        public var description: String {
            "frame \(NumberFormat.shortest(frame)), id \(NumberFormat.shortest(id)), column \(column): expected \(NumberFormat.shortest(expected)), got \(NumberFormat.shortest(actual)) (|Δ| \(NumberFormat.shortest(magnitude)), allowed \(NumberFormat.shortest(allowed)))"
        }
    }

    /// The first value beyond tolerance, in row-then-column order.
    public var firstDifference: Difference?
    /// The largest |Δ| anywhere (within tolerance or not).
    public var largestDifference: Difference?
    /// How many values are beyond tolerance.
    public var differingValues = 0
    /// Rows in the golden and in the new trace.
    public var expectedRows = 0
    public var actualRows = 0
    /// Metadata that differs (`params`, `seed`): (key, golden value, new value).
    public var metadataDifferences: [(key: String, expected: String, actual: String)] = []

    public var passed: Bool { differingValues == 0 && expectedRows == actualRows && metadataDifferences.isEmpty }

    /// A failure's one-line summary.
    public var summary: String {
        var parts: [String] = []
        if let first = firstDifference { parts.append("first difference at \(first)") }
        if expectedRows != actualRows { parts.append("\(actualRows) rows, golden has \(expectedRows)") }
        for m in metadataDifferences { parts.append("\(m.key) differ: golden '\(m.expected)', now '\(m.actual)'") }
        if differingValues > 0, let largest = largestDifference {
            parts.append("\(differingValues) values differ; largest |Δ| \(NumberFormat.shortest(largest.magnitude)) at frame \(NumberFormat.shortest(largest.frame)), id \(NumberFormat.shortest(largest.id)), column \(largest.column)")
        }
        return parts.joined(separator: "; ")
    }

    /// A header that cannot be compared (different columns).
    public struct HeaderMismatch: Error, CustomStringConvertible, Equatable {
        public var expected: [String]
        public var actual: [String]
        public var description: String {
            "header mismatch: golden has columns \(expected.joined(separator: ",")), the script records \(actual.joined(separator: ","))"
        }
    }

    /// Metadata keys that must agree for a trace to match (the script path may differ by cwd).
    public static let comparedMetadata = ["params", "seed"]

    /// Compares `actual` with `golden`. Values pass when `|a − e| ≤ abs + rel·|e|` (NaN equals NaN).
    public static func compare(golden: Trace, actual: Trace, tolerances: ToleranceSpec) throws -> TraceComparison {
        guard golden.columns == actual.columns else { throw HeaderMismatch(expected: golden.columns, actual: actual.columns) }
        var result = TraceComparison()
        result.expectedRows = golden.rowCount
        result.actualRows = actual.rowCount
        for key in comparedMetadata {
            let e = golden.metadataValue(key) ?? "", a = actual.metadataValue(key) ?? ""
            if e != a { result.metadataDifferences.append((key, e, a)) }
        }
        let width = golden.columns.count
        let bounds = golden.columns.map { tolerances.bounds(for: $0) }
        let rows = min(golden.rowCount, actual.rowCount)
        for row in 0..<rows {
            for c in 0..<width {
                result.record(expected: golden.value(row: row, column: c), actual: actual.value(row: row, column: c),
                              bounds: bounds[c]) {
                    (row, golden.value(row: row, column: 0), golden.value(row: row, column: 2), golden.columns[c])
                }
            }
        }
        return result
    }

    /// Counts one compared value: passes when |actual − expected| ≤ abs + rel·|expected|
    /// (NaN equals NaN). Keeps the first value beyond tolerance and the largest difference;
    /// `location` (row, frame, id, column) is only asked for when one of those changes.
    mutating func record(expected: Double, actual: Double, bounds: (absolute: Double, relative: Double),
                         location: () throws -> (row: Int, frame: Double, id: Double, column: String)) rethrows {
        if expected.isNaN && actual.isNaN { return }
        let magnitude = abs(actual - expected)
        let allowed = bounds.absolute + bounds.relative * abs(expected)
        let largest = magnitude > (largestDifference?.magnitude ?? -1) || (largestDifference == nil && magnitude.isNaN)
        let beyond = !(magnitude <= allowed)
        if largest || (beyond && firstDifference == nil) {
            let at = try location()
            let difference = Difference(row: at.row, frame: at.frame, id: at.id, column: at.column,
                                        expected: expected, actual: actual, allowed: allowed)
            if largest { largestDifference = difference }
            if beyond && firstDifference == nil { firstDifference = difference }
        }
        if beyond { differingValues += 1 }
    }
}
