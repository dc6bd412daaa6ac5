import SpringKitSupport
import SpringKitMotion
import SpringKitScripting
import Foundation

/// A parameter sweep: a script run at every point of a grid, in parallel, each point with
/// its own Lua state. Results come back in grid order whatever the number of jobs.
package enum Sweep {
    /// One swept parameter: `NAME=START:STOP:STEP` (STOP included when on the grid).
    package struct Axis: Equatable, Sendable {
        package var name: String
        package var values: [Double]

        package init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }

        package init(parsing assignment: String) throws {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw ParameterError("invalid sweep '\(assignment)': expected NAME=START:STOP:STEP")
            }
            name = String(assignment[..<equals])
            guard !name.isEmpty else { throw ParameterError("invalid sweep '\(assignment)': empty parameter name") }
            let parts = assignment[assignment.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let start = NumberFormat.parseFinite(parts[0]), let stop = NumberFormat.parseFinite(parts[1]),
                  let step = NumberFormat.parseFinite(parts[2]) else {
                throw ParameterError("invalid sweep '\(assignment)': expected NAME=START:STOP:STEP with finite numbers")
            }
            guard step > 0, stop >= start else { throw ParameterError("sweep '\(name)': STEP must be > 0 and STOP ≥ START") }
            // Checked as a Double before any conversion: a span of 1e19 steps, or one that
            // overflows to infinity, is refused instead of trapping.
            let steps = ((stop - start) / step + 1e-9).rounded(.down)
            guard steps.isFinite, steps < Double(Sweep.maximumValuesPerAxis) else {
                let shown = steps.isFinite ? NumberFormat.human(steps + 1) : "too many"
                throw ParameterError("sweep '\(name)': \(shown) values; at most \(Sweep.maximumValuesPerAxis) per parameter")
            }
            let count = Int(steps) + 1
            // Computed from the index (not accumulated), so 0.1:0.9:0.1 gives 0.1, 0.2, … exactly as typed.
            values = (0..<count).map { k in
                let value = start + Double(k) * step
                let scaled = value * 1e12
                return abs(scaled) < 9e15 ? scaled.rounded() / 1e12 : value
            }
            for k in values.indices.dropFirst() where !(values[k] > values[k - 1]) || !values[k].isFinite {
                throw ParameterError("sweep '\(name)': STEP \(NumberFormat.shortest(step)) is below the precision of values near \(NumberFormat.shortest(values[k]))")
            }
        }
    }

    /// Most values one swept parameter may take.
    package static let maximumValuesPerAxis = 100_000
    /// Most points a whole grid may have.
    package static let maximumPoints = 1_000_000

    /// Refuses a grid that names a parameter twice or has more than `maximumPoints` points.
    package static func validate(_ axes: [Axis]) throws {
        var seen: Set<String> = []
        var points = 1
        for axis in axes {
            guard seen.insert(axis.name).inserted else { throw ParameterError("sweep: '\(axis.name)' is swept twice") }
            let (product, overflow) = points.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, product <= maximumPoints else {
                throw ParameterError("sweep: the grid has more than \(maximumPoints) points (\(axes.map { String($0.values.count) }.joined(separator: " × ")))")
            }
            points = product
        }
    }

    package struct Point: Sendable {
        /// Parameter values, in axis order.
        package var values: [Double]
        package var metrics: [ScriptRun.Metric]
        /// Why the run failed, when it did.
        package var failure: String?
    }

    /// Every combination of the axes' values, first axis slowest.
    package static func grid(_ axes: [Axis]) -> [[Double]] {
        axes.reduce([[]]) { partial, axis in partial.flatMap { prefix in axis.values.map { prefix + [$0] } } }
    }

    /// Runs `script` at every grid point with `jobs` threads; `progress(done, total)` is
    /// called (serially) as points finish. When the system refuses to create threads, the
    /// points run on the threads it did create, or on the calling thread: never a hang.
    /// `only` picks a block of the grid (a shard's); its points come back in grid order.
    package static func run(script: String, axes: [Axis], base: ScriptOptions, jobs: Int, only: Range<Int>? = nil,
                           progress: ((Int, Int) -> Void)? = nil) -> [Point] {
        let all = grid(axes)
        let points = only.map { Array(all[$0.clamped(to: all.indices)]) } ?? all
        var results: [Point] = []
        results.reserveCapacity(points.count)
        OrderedParallelMap.run(count: points.count, jobs: jobs, { k in
            runPoint(script: script, axes: axes, values: points[k], base: base)
        }, progress: progress) { _, point in results.append(point) }
        return results
    }

    /// One point, run alone. It keeps only metrics, so its scenarios record no trace or
    /// report — unless the script reads one, and then it runs again with recording.
    package static func runPoint(script: String, axes: [Axis], values: [Double], base: ScriptOptions) -> Point {
        var options = base
        options.output = nil
        options.recordsOutputs = false
        for (axis, value) in zip(axes, values) { options.parameters.setOverride(axis.name, value) }
        do {
            let run: ScriptRun
            do {
                run = try ScriptRunner.run(path: script, options: options)
            } catch is ScriptRunner.RecordingNeeded {
                options.recordsOutputs = true
                run = try ScriptRunner.run(path: script, options: options)
            }
            return Point(values: values, metrics: run.metrics, failure: nil)
        } catch let error as ScriptError {
            return Point(values: values, metrics: [], failure: error.message)
        } catch {
            return Point(values: values, metrics: [], failure: "\(error)")
        }
    }

    /// The metric of `point` whose name matches `name` (case and `_`/space insensitive).
    package static func metric(_ point: Point, named name: String) -> Double? {
        metric(point.metrics, named: name)
    }

    package static func metric(_ metrics: [ScriptRun.Metric], named name: String) -> Double? {
        let key = normalized(name)
        return metrics.last { normalized($0.name) == key }?.value
    }

    /// The metric `name` of every point, resolved once (a name is normalised once per
    /// distinct spelling, not once per comparison).
    /// - Complexity: O(points × metrics per point).
    package static func metricValues(_ points: [Point], named name: String) -> [Double?] {
        let key = normalized(name)
        var keyOf: [String: Bool] = [:]
        return points.map { point in
            point.metrics.last { metric in
                if let matches = keyOf[metric.name] { return matches }
                let matches = normalized(metric.name) == key
                keyOf[metric.name] = matches
                return matches
            }?.value
        }
    }

    /// Point indices ranked by `values` (ascending, or `descending`), points without a value
    /// last, ties in grid order — the order `simrun sweep` prints.
    /// - Complexity: O(n log n) comparisons of two numbers.
    package static func ranking(_ values: [Double?], descending: Bool) -> [Int] {
        values.indices.sorted { a, b in
            // NaN ranks after every number (points without a value come last), so the order is total.
            switch (values[a], values[b]) {
            case let (x?, y?) where x.isNaN || y.isNaN: return x.isNaN == y.isNaN ? a < b : y.isNaN
            case let (x?, y?): return x != y ? (descending ? x > y : x < y) : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a < b
            }
        }
    }

    /// `"Settle time"` → `settle_time`: how metric names are matched and printed.
    package static func normalized(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "_").filter { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
