import Foundation
import SpringKitSim

enum RubberMenuBench {
    /// The default scenario's gesture (drag 600 pt up in 0.6 s, release, wait for rest) on an
    /// unrecorded menu of `items` items. - Returns: the frames it took.
    static func defaultGesture(items: Int) throws -> Int {
        var configuration = RubberMenu.Configuration()
        configuration.itemCount = items
        configuration.record = false
        let menu = try RubberMenu(configuration: configuration)
        try menu.touchDown(at: SIMD2(160, 300))
        try menu.drag(by: SIMD2(0, -600), seconds: 0.6)
        try menu.release()
        try menu.waitUntilRest(limit: 10)
        return menu.frame
    }

    static func run() throws {
        // The default gesture on menus of 100 and 1,000,000 items: the cost of a frame must not grow with N.
        var perFrame: [Int: Double] = [:]
        for n in [100, 1_000_000] {
            let seconds = try Stopwatch.best(5) {
                perFrame[n] = Double(try defaultGesture(items: n))
            }
            let frames = perFrame[n]!
            perFrame[n] = seconds / frames
            print("items \(String(n).padding(toLength: 9, withPad: " ", startingAt: 0)) \(Int(frames)) frames, \(NumberFormat.fixed(seconds / frames * 1e6, 2)) µs per frame")
        }
        print("per-frame cost, 1,000,000 vs 100 items: \(NumberFormat.fixed(perFrame[1_000_000]! / perFrame[100]!, 2))× (target ≤ 1.5×)")

        // The main job end to end, as a user runs it: process start, script, trace and report written.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = FileManager.default.fileExists(atPath: "scripts/rubbermenu.lua") ? "scripts/rubbermenu.lua" : nil
        guard let script else {
            print("wall time: skipped (run from the repository root to time scripts/rubbermenu.lua)")
            return
        }
        var wall = Double.infinity
        for _ in 0..<5 {
            let run = try ChildProcess.runChecked(ChildProcess.simrun, [script, "--quiet", "--trace", directory.appendingPathComponent("t.csv").path,
                                                                        "--report", directory.appendingPathComponent("r.html").path])
            wall = min(wall, run.seconds)
        }
        print("wall time of 'simrun \(script)' (best of 5): \(NumberFormat.fixed(wall, 3)) s (target < 0.2 s)")
    }
}
