import Foundation
import SpringKitSim
import SpringKitTools

enum SweepBench {
    static func run() throws {
        guard FileManager.default.fileExists(atPath: "scripts/rubbermenu.lua") else {
            print("skipped: run from the repository root to sweep scripts/rubbermenu.lua")
            return
        }
        let axes = [try Sweep.Axis(parsing: "damping=0.1:1:0.1"), try Sweep.Axis(parsing: "frequency=0.5:10:0.5")]
        var times: [Int: Double] = [:]
        var results: [Int: [Sweep.Point]] = [:]
        for jobs in [1, 2] {
            times[jobs] = Stopwatch.best(5) {
                results[jobs] = Sweep.run(script: "scripts/rubbermenu.lua", axes: axes, base: ScriptOptions(), jobs: jobs)
            }
        }
        let count = results[1]!.count
        let same = zip(results[1]!, results[2]!).allSatisfy { $0.metrics == $1.metrics && $0.values == $1.values }
        print("\(count) points (best of 5): --jobs 1 \(NumberFormat.fixed(times[1]!, 2)) s, --jobs 2 \(NumberFormat.fixed(times[2]!, 2)) s: \(NumberFormat.fixed(times[1]! / times[2]!, 2))× faster (target ≥ 1.6×); identical results: \(same)")
    }
}
