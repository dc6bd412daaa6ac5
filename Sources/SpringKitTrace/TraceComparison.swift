import SpringKitSupport

/// The result of comparing a trace with its golden: rows matched by (frame, id), the
/// rows only one of them has, and per column the largest difference over matched rows.
public struct TraceComparison: Sendable {
    /// One compared value (the largest difference of a column, or the first beyond tolerance).
    public struct Difference: Equatable, Sendable, CustomStringConvertible {
        public var frame: Double
        public var t: Double
        public var id: Double
        public var column: String
        public var expected: Double
        public var actual: Double
        /// What was allowed there: abs + rel · |expected| (0 for non-finite values: they match only themselves).
        public var allowed: Double

        /// |actual − expected|; infinite when a non-finite value meets a different value.
        public var magnitude: Double { TraceComparison.magnitude(expected: expected, actual: actual) }

        public var description: String {
            "frame \(NumberFormat.shortest(frame)), id \(NumberFormat.shortest(id)), column \(column): expected \(NumberFormat.significant(expected)), got \(NumberFormat.significant(actual)) (|Δ| \(NumberFormat.significant(magnitude)), allowed \(NumberFormat.significant(allowed)))"
        }
    }

    /// Per column, over the matched rows.
    public struct ColumnSummary: Sendable {
        public var name: String
        /// The largest |Δ| (nil while every matched value is identical).
        public var largest: Difference?
        /// Values beyond tolerance.
        public var beyondTolerance = 0
    }

    /// Rows of one id that only one of the two traces has, over consecutive rows of that id.
    public struct RowRun: Equatable, Sendable {
        public enum Side: Sendable { case onlyInNew, onlyInGolden }
        public var id: Double
        public var side: Side
        public var firstFrame: Double
        public var lastFrame: Double
        public var rows: Int

        /// "id 12 appears at frames 40–87 in the new run, not in the golden".
        public var sentence: String {
            let frames = firstFrame == lastFrame ? "frame \(NumberFormat.shortest(firstFrame))"
                : "frames \(NumberFormat.shortest(firstFrame))–\(NumberFormat.shortest(lastFrame))"
            switch side {
            case .onlyInNew: return "id \(NumberFormat.shortest(id)) appears at \(frames) in the new run, not in the golden"
            case .onlyInGolden: return "id \(NumberFormat.shortest(id)) vanishes at \(frames): in the golden, not in the new run"
            }
        }
    }

    public var columns: [ColumnSummary] = []
    /// Rows in the golden, in the new trace, and in both (same frame and id).
    public var expectedRows = 0
    public var actualRows = 0
    public var matchedRows = 0
    /// Runs of rows only one trace has, ordered by first frame then id; at most `maximumRowRuns` kept.
    public var rowRuns: [RowRun] = []
    /// How many runs there were in all (`rowRuns` may hold fewer).
    public var rowRunCount = 0
    public static let maximumRowRuns = 1000
    /// The first value beyond tolerance, in (frame, id, column) order.
    public var firstDifference: Difference?
    /// The first frame where anything differs: a value beyond tolerance, or a row only one trace has.
    public var firstDivergentFrame: Double?
    public var firstDivergentTime: Double?
    /// Metadata that differs (`params`, `seed`): (key, golden value, new value).
    public var metadataDifferences: [(key: String, expected: String, actual: String)] = []

    /// Values beyond tolerance, over all columns.
    public var differingValues: Int { columns.reduce(0) { $0 + $1.beyondTolerance } }
    public var rowsOnlyInGolden: Int { expectedRows - matchedRows }
    public var rowsOnlyInNew: Int { actualRows - matchedRows }

    /// The largest |Δ| of any column.
    public var largestDifference: Difference? {
        columns.compactMap(\.largest).reduce(nil) { best, d in
            guard let best else { return d }
            return d.magnitude > best.magnitude ? d : best
        }
    }

    public var passed: Bool {
        differingValues == 0 && rowsOnlyInGolden == 0 && rowsOnlyInNew == 0 && metadataDifferences.isEmpty
    }

    /// A failure in one line (JUnit's message, the GitHub annotation's title line).
    public var summary: String {
        var parts: [String] = []
        if let params = metadataDifferences.first(where: { $0.key == "params" }) {
            parts.append("params changed: " + Self.parameterChanges(golden: params.expected, new: params.actual).joined(separator: ", "))
        }
        for m in metadataDifferences where m.key != "params" {
            parts.append("\(m.key) changed: \(VisibleText.escaped(m.expected)) → \(VisibleText.escaped(m.actual))")
        }
        if differingValues > 0 { parts.append("\(differingValues) values beyond tolerance") }
        if let largest = largestDifference, largest.magnitude > 0 {
            parts.append("largest |Δ| \(NumberFormat.significant(largest.magnitude)) (\(largest.column) at frame \(NumberFormat.shortest(largest.frame)), id \(NumberFormat.shortest(largest.id)))")
        }
        if rowsOnlyInNew > 0 { parts.append("\(rowsOnlyInNew) rows only in the new run") }
        if rowsOnlyInGolden > 0 { parts.append("\(rowsOnlyInGolden) rows only in the golden") }
        if let frame = firstDivergentFrame { parts.append("first divergent frame \(NumberFormat.shortest(frame))") }
        return parts.joined(separator: "; ")
    }

    /// A failure as several short lines: what changed in the inputs, the rows one run
    /// lacks, the first divergent frame, and a per-column table.
    /// - Complexity: O(columns + parameters + `rowRunLimit`).
    public func reportLines(tolerances: ToleranceSpec, rowRunLimit: Int = 5) -> [String] {
        var lines: [String] = []
        if let params = metadataDifferences.first(where: { $0.key == "params" }) {
            lines.append("params changed: " + Self.parameterChanges(golden: params.expected, new: params.actual).joined(separator: ", "))
        }
        for m in metadataDifferences where m.key != "params" {
            lines.append("\(m.key) changed: golden \(VisibleText.escaped(m.expected)), now \(VisibleText.escaped(m.actual))")
        }
        lines.append("rows: \(matchedRows) matched by (frame, id); \(rowsOnlyInNew) only in the new run, \(rowsOnlyInGolden) only in the golden")
        for run in rowRuns.prefix(rowRunLimit) { lines.append("  " + run.sentence) }
        if rowRunCount > rowRunLimit { lines.append("  … and \(rowRunCount - rowRunLimit) more runs of rows in one trace only") }
        if let frame = firstDivergentFrame {
            var line = "first divergent frame: \(NumberFormat.shortest(frame))"
            if let t = firstDivergentTime { line += " (t \(NumberFormat.significant(t)) s)" }
            if let first = firstDifference, first.frame == frame {
                line += ": id \(NumberFormat.shortest(first.id)) \(first.column) golden \(NumberFormat.significant(first.expected)), now \(NumberFormat.significant(first.actual))"
            } else if let run = rowRuns.first, run.firstFrame == frame {
                line += ": " + run.sentence
            }
            lines.append(line)
        }
        let compared = columns.filter { !Trace.leadingColumns.contains($0.name) || $0.name == "t" }
        var table = [["column", "largest |Δ|", "at (frame, id)", "over tolerance", "tolerance"]]
        for column in compared {
            let bounds = tolerances.bounds(for: column.name)
            let tolerance = bounds.relative == 0 ? NumberFormat.shortest(bounds.absolute)
                : "\(NumberFormat.shortest(bounds.absolute)) + \(NumberFormat.shortest(bounds.relative))·|golden|"
            table.append([
                column.name,
                NumberFormat.significant(column.largest?.magnitude ?? 0),
                column.largest.map { "\(NumberFormat.shortest($0.frame)), \(NumberFormat.shortest($0.id))" } ?? "-",
                String(column.beyondTolerance),
                tolerance,
            ])
        }
        let widths = (0..<table[0].count).map { c in table.map { $0[c].count }.max() ?? 0 }
        for row in table {
            lines.append(zip(row, widths).enumerated().map { c, cell in
                c == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1 + 2, withPad: " ", startingAt: 0)
            }.joined())
        }
        return lines
    }

    /// The parameters whose values differ between two `params` headers (`name=value ...`):
    /// `damping 0.5 → 0.6`, `+ new=1`, `− gone=2`, in the new header's order.
    /// - Complexity: O(n) in the two headers' lengths.
    public static func parameterChanges(golden: String, new: String) -> [String] {
        let before = parameterPairs(golden), after = parameterPairs(new)
        var changes: [String] = []
        for (name, value) in after {
            if let old = before.first(where: { $0.name == name }) {
                if old.value != value { changes.append("\(name) \(old.value) → \(value)") }
            } else {
                changes.append("+ \(name)=\(value)")
            }
        }
        for (name, value) in before where !after.contains(where: { $0.name == name }) {
            changes.append("− \(name)=\(value)")
        }
        return changes.isEmpty ? ["golden '\(VisibleText.escaped(golden))', now '\(VisibleText.escaped(new))'"] : changes
    }

    /// Names of the parameters whose values differ (or that only one header has).
    /// - Complexity: O(n) in the two headers' lengths.
    public static func changedParameterNames(golden: String, new: String) -> [String] {
        let before = parameterPairs(golden), after = parameterPairs(new)
        return after.filter { pair in before.first { $0.name == pair.name }?.value != pair.value }.map(\.name)
    }

    static func parameterPairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: " ").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (VisibleText.escaped(String(parts[0])), VisibleText.escaped(parts.count > 1 ? String(parts[1]) : ""))
        }
    }

    /// A header that cannot be compared (different columns).
    public struct HeaderMismatch: SpringKitError, Equatable {
        public var blamesArguments: Bool { false }
        public var expected: [String]
        public var actual: [String]
        public var description: String {
            "header mismatch: golden has columns \(VisibleText.escaped(expected.joined(separator: ","))), the script records \(actual.joined(separator: ","))"
        }
    }

    /// Metadata keys that must agree for a trace to match (the script path may differ by cwd).
    public static let comparedMetadata = ["params", "seed"]

    /// |actual − expected|; for non-finite values 0 when identical (inf = inf, NaN = NaN), else infinite.
    public static func magnitude(expected: Double, actual: Double) -> Double {
        if expected.isFinite && actual.isFinite { return abs(actual - expected) }
        let identical = (expected.isNaN && actual.isNaN) || expected == actual
        return identical ? 0 : .infinity
    }

    /// Whether a value passes: |actual − expected| ≤ abs + rel·|expected| for finite values;
    /// a non-finite value passes only against the identical value.
    public static func withinTolerance(expected: Double, actual: Double, bounds: (absolute: Double, relative: Double)) -> Bool {
        guard expected.isFinite && actual.isFinite else { return magnitude(expected: expected, actual: actual) == 0 }
        return abs(actual - expected) <= bounds.absolute + bounds.relative * abs(expected)
    }

    /// Compares `actual` with `golden` (traces in memory).
    public static func compare(golden: Trace, actual: Trace, tolerances: ToleranceSpec) throws -> TraceComparison {
        let goldenReader = TraceLineReader(text: TraceCSV.text(golden), path: "(golden)")
        return try compare(golden: goldenReader, actual: TraceLineReader(text: TraceCSV.text(actual), path: "(new trace)"),
                           tolerances: tolerances)
    }
}
