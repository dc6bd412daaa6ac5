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
        var largestMagnitude = -1.0
        golden.values.withUnsafeBufferPointer { e in
            actual.values.withUnsafeBufferPointer { a in
                for row in 0..<rows {
                    let base = row * width
                    for c in 0..<width {
                        let expected = e[base + c], value = a[base + c]
                        let magnitude = abs(value - expected)
                        let allowed = bounds[c].absolute + bounds[c].relative * abs(expected)
                        let equalNaN = expected.isNaN && value.isNaN
                        if magnitude > largestMagnitude && !equalNaN {
                            largestMagnitude = magnitude
                            result.largestDifference = difference(golden, row, c, expected, value, allowed)
                        }
                        if !(magnitude <= allowed) && !equalNaN {
                            result.differingValues += 1
                            if result.firstDifference == nil {
                                result.firstDifference = difference(golden, row, c, expected, value, allowed)
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    private static func difference(_ trace: Trace, _ row: Int, _ column: Int, _ expected: Double, _ actual: Double, _ allowed: Double) -> Difference {
        Difference(row: row, frame: trace.value(row: row, column: 0), id: trace.value(row: row, column: 2),
                   column: trace.columns[column], expected: expected, actual: actual, allowed: allowed)
    }
}
