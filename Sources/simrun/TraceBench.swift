import Foundation
import SpringKitSim

enum TraceBench {
    /// Reads two 1,000,000-row trace files and compares them, as `simrun check` does (rows
    /// matched by (frame, id), the golden read in 1 MiB pieces).
    static func run() throws {
        let rows = 1_000_000
        var golden = Trace(columns: ["x", "y", "stretch"])
        golden.reserveRows(rows)
        var random = SeededGenerator(seed: 9)
        for r in 0..<rows {
            golden.append(frame: r / 8, t: Double(r / 8) / 60, id: r % 8,
                          random.nextUnit() * 320, random.nextUnit() * 10_000, random.nextUnit() * 70 - 35)
        }
        golden.setMetadata("params", "damping=0.5")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-bench-trace-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("golden.csv").path
        try AtomicFile.write(TraceCSV.text(golden), to: a)
        let size = (try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int) ?? 0
        print("traces of \(rows) rows, \(NumberFormat.fixed(Double(size) / 1e6, 1)) MB each; read both files and compare (best of 3):")
        for (label, share) in [("identical", 0), ("1% of rows differ", 100), ("every row differs", 1)] {
            var actual = golden
            if share > 0 {
                var perturbed = Trace(columns: ["x", "y", "stretch"])
                perturbed.metadata = golden.metadata
                for r in 0..<rows {
                    let nudge = r % share == 0 ? 1e-12 : 0
                    perturbed.append(frame: Int(golden.value(row: r, column: 0)), t: golden.value(row: r, column: 1),
                                     id: Int(golden.value(row: r, column: 2)), golden.value(row: r, column: 3) + nudge,
                                     golden.value(row: r, column: 4), golden.value(row: r, column: 5))
                }
                actual = perturbed
            }
            let b = directory.appendingPathComponent("actual.csv").path
            try AtomicFile.write(TraceCSV.text(actual), to: b)
            var comparison: TraceComparison?
            let seconds = try Stopwatch.best(3) {
                // As simrun check: the golden streamed from its file, the new trace as text in memory.
                guard let g = FileManager.default.contents(atPath: b) else {
                    throw UsageError("bench: cannot read the traces it wrote")
                }
                comparison = try TraceComparison.compare(goldenPath: a, actualText: String(decoding: g, as: UTF8.self),
                                                         tolerances: ToleranceSpec(absolute: 1e-9, relative: 0))
            }
            print("  \(label.padding(toLength: 18, withPad: " ", startingAt: 0)) \(NumberFormat.fixed(seconds, 3)) s (target < 1 s); within tolerance: \(comparison?.passed ?? false)")
        }
    }
}
