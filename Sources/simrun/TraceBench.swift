import Foundation
import SpringKitSim

enum TraceBench {
    /// Reads two 1,000,000-row trace files and compares them, as `simrun check` does.
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
        var actual = golden
        actual.setMetadata("params", "damping=0.5")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-bench-trace-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("golden.csv").path, b = directory.appendingPathComponent("actual.csv").path
        try AtomicFile.write(TraceCSV.text(golden), to: a)
        try AtomicFile.write(TraceCSV.text(actual), to: b)
        var comparison: TraceComparison?
        let seconds = try Stopwatch.best(3) {
            let expected = try TraceCSV.read(path: a), got = try TraceCSV.read(path: b)
            comparison = try TraceComparison.compare(golden: expected, actual: got, tolerances: ToleranceSpec())
        }
        let size = (try FileManager.default.attributesOfItem(atPath: a)[.size] as? Int) ?? 0
        print("two traces of \(rows) rows (\(NumberFormat.fixed(Double(size) / 1e6, 1)) MB each): read both and compare in \(NumberFormat.fixed(seconds, 3)) s (target < 1 s); passed: \(comparison?.passed ?? false)")
    }
}
