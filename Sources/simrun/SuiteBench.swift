import Foundation
import SpringKitSim

/// `simrun bench suite`: named scenes in Box2D's benchmark style, each run with repeats,
/// the Box2D 2.4.1 and Chipmunk 7 peers beside the dynamics scenes, ratios printed, the
/// memory floor derived in the same run, and the figures written as CSV per machine.
/// `bench/suite` builds the peers and runs it from the repository root.
enum SuiteBench {
    static let help = """
    usage: simrun bench suite [--repeats N] [--peers DIR] [--results DIR] [--scenes NAME,...]

    Runs the scene suite from the repository root (bench/suite builds the peers and calls this).
      --repeats N     runs per figure (default 3); ranges are min…max, ratios use the medians
      --peers DIR     folder holding the built peers 'box2d' and 'chipmunk' (bench/peers --build DIR)
      --results DIR   write DIR/MACHINE.csv (MACHINE: os-arch-Ncpu-kernel, no host name)
      --scenes LIST   only these scenes (comma-separated)

    scenes: \(scenes.map(\.name).joined(separator: ", "))
    Read the ratios, not the milliseconds: the machine may be shared.
    """

    struct Scene {
        var name: String
        var summary: String
        var run: (inout Suite) throws -> Void
    }

    static let scenes: [Scene] = [
        Scene(name: "triad", summary: "STREAM-style triad a = b + s·c over 3 × 64 MB, one thread: memory bandwidth", run: triad),
        Scene(name: "grid-1k", summary: "1,000 anchored springs (ns per spring-step), peers beside", run: { try grid(&$0, 1_000) }),
        Scene(name: "grid-100k", summary: "100,000 anchored springs, peers beside", run: { try grid(&$0, 100_000) }),
        Scene(name: "grid-1M", summary: "1,000,000 anchored springs, peers beside; against the memory floor", run: { try grid(&$0, 1_000_000) }),
        Scene(name: "threads-crossover", summary: "1 against 2 threads from 65,536 to 1,048,576 springs (the split threshold)", run: crossover),
        Scene(name: "rubbermenu-1M", summary: "the rubber menu's gesture with 1,000,000 items against 100 (µs per frame)", run: rubberMenu),
        Scene(name: "springy-list-10k", summary: "a springy list of 10,000 items, all attached, scrolled and released (a Swift scene)", run: springyList),
        Scene(name: "dotart-256", summary: "bench/scenes/dotart256.lua with trace and report: wall, peak memory, report size", run: dotArt),
        Scene(name: "sweep-2000", summary: "a 2,000-point rubber-menu sweep with --jobs 1 and --jobs 2 (points per second)", run: sweep),
        Scene(name: "check-scripts", summary: "'simrun check scripts/' on the shipped scripts", run: checkScripts),
        Scene(name: "check-1M", summary: "'simrun check' of bench/scenes/rows_1m.lua (1,000,000 rows recorded with tr:add)", run: checkMillion),
        Scene(name: "lua-world-1M", summary: "building 1,000,000 items with springs from Lua: batch calls against one call per item", run: luaWorld),
    ]

    /// What the scenes measured, for the CSV and the closing lines.
    struct Suite {
        var repeats: Int
        var peers: String?
        var rows: [(scene: String, figure: String, unit: String, values: [Double])] = []
        var bandwidth: Double?          // bytes per second, from the triad
        var notes: [String] = []

        mutating func record(_ scene: String, _ figure: String, _ unit: String, _ values: [Double]) {
            rows.append((scene, figure, unit, values))
        }
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        var repeats = 3
        var peers: String?
        var results: String?
        var chosen: [String]?
        var k = 0
        func value(_ flag: String) throws -> String {
            k += 1
            guard k < arguments.count else { throw UsageError("bench suite: \(flag) needs a value") }
            return arguments[k]
        }
        while k < arguments.count {
            switch arguments[k] {
            case "--repeats":
                guard let n = Int(try value("--repeats")), (1...100).contains(n) else { throw UsageError("bench suite: --repeats must be 1…100") }
                repeats = n
            case "--peers": peers = try value("--peers")
            case "--results": results = try value("--results")
            case "--scenes":
                let names = try value("--scenes").split(separator: ",").map(String.init)
                for name in names where !scenes.contains(where: { $0.name == name }) {
                    throw UsageError("bench suite: unknown scene '\(name)' (scenes: \(scenes.map(\.name).joined(separator: ", ")))")
                }
                chosen = names
            case "--help", "-h":
                print(help)
                return 0
            default: throw CommandLineArguments.unknownOption(arguments[k], help: help, prefix: "bench suite: ", see: "simrun bench suite --help")
            }
            k += 1
        }
        guard FileManager.default.fileExists(atPath: "scripts/rubbermenu.lua"), FileManager.default.fileExists(atPath: "bench/scenes") else {
            throw UsageError("bench suite: run it from the repository root (bench/suite does)")
        }
        #if DEBUG
        print("note: this is a debug build; figures are only meaningful from 'swift build -c release'")
        #endif
        var suite = Suite(repeats: repeats, peers: peers)
        print("machine: \(machineLabel); kernel \(DynamicsBench.kernelLabel); \(repeats) runs per figure; ranges min…max, ratios of medians")
        print("read the ratios, not the milliseconds: the machine may be shared")
        if peers == nil { print("peers: not given (bench/suite builds them and passes --peers)") }
        // The triad runs first when the 1M grid runs, so its floor is derived in the same run.
        var selected = scenes.filter { chosen?.contains($0.name) ?? true }
        if selected.contains(where: { $0.name == "grid-1M" }) && !selected.contains(where: { $0.name == "triad" }) {
            selected.insert(scenes[0], at: 0)
        }
        for scene in selected {
            print("== \(scene.name): \(scene.summary)")
            fflush(stdout)
            try scene.run(&suite)
            fflush(stdout)
        }
        if let results { try writeResults(suite, into: results) }
        return 0
    }

    // MARK: Helpers

    /// `--results DIR`: every figure's runs as DIR/MACHINE.csv (min, median, max).
    private static func writeResults(_ suite: Suite, into results: String) throws {
        var csv = "machine,scene,figure,unit,runs,min,median,max\n"
        for row in suite.rows {
            let s = row.values.sorted()
            csv += [machineLabel, row.scene, row.figure, row.unit, String(s.count), NumberFormat.human(s.first ?? .nan, decimals: 6),
                    NumberFormat.human(median(s), decimals: 6), NumberFormat.human(s.last ?? .nan, decimals: 6)]
                .map(csvField).joined(separator: ",") + "\n"
        }
        let path = "\(results)/\(machineLabel).csv"
        try AtomicFile.write(csv, to: path)
        print("figures: \(path)")
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line end (RFC 4180).
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// os-arch-Ncpu-kernel: names the kind of machine, never the machine.
    static var machineLabel: String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(name.sysname).lowercased())-\(text(name.machine))-\(ProcessInfo.processInfo.activeProcessorCount)cpu-\(World.kernelName)"
    }

    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let s = sorted.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func range(_ values: [Double], _ decimals: Int) -> String {
        let s = values.sorted()
        guard let lo = s.first, let hi = s.last else { return "-" }
        return lo == hi ? NumberFormat.fixed(lo, decimals) : "\(NumberFormat.fixed(lo, decimals))…\(NumberFormat.fixed(hi, decimals))"
    }

    static func ratio(_ a: [Double], _ b: [Double]) -> String { NumberFormat.fixed(median(a) / median(b), 2) + "×" }

    static func repeated(_ suite: Suite, _ body: () throws -> Double) rethrows -> [Double] {
        try (0..<suite.repeats).map { _ in try body() }
    }

    static func line(_ cells: [String], _ widths: [Int]) {
        print(zip(cells, widths).map { $0.padding(toLength: max($1, $0.count + 1), withPad: " ", startingAt: 0) }.joined())
    }

    // MARK: Scenes

    /// a[i] = b[i] + s·c[i] over arrays of 8,388,608 doubles (64 MB each); 24 bytes per
    /// element counted (two read, one written), as STREAM counts them.
    final class Triad {
        static let count = 8 << 20
        let a = UnsafeMutablePointer<Double>.allocate(capacity: Triad.count)
        let b = UnsafeMutablePointer<Double>.allocate(capacity: Triad.count)
        let c = UnsafeMutablePointer<Double>.allocate(capacity: Triad.count)

        init() {
            a.initialize(repeating: 0, count: Triad.count); b.initialize(repeating: 1, count: Triad.count)
            c.initialize(repeating: 2, count: Triad.count)
        }

        deinit { a.deallocate(); b.deallocate(); c.deallocate() }

        /// Bytes per second of the fastest of `passes` passes.
        /// - Complexity: O(passes × 8,388,608).
        func bandwidth(passes: Int = 3) -> Double {
            let n = Triad.count, s = 3.0
            let (a, b, c) = (a, b, c)
            return Double(24 * n) / Stopwatch.best(passes) { for i in 0..<n { a[i] = b[i] + s * c[i] } }
        }

        /// A sum over the result, printed so the passes cannot be optimised away.
        var checksum: Double { stride(from: 0, to: Triad.count, by: 4096).reduce(0) { $0 + a[$1] } }
    }

    /// The triad scene: the best of the runs is the bandwidth the 1M grid's floor divides by.
    static func triad(_ suite: inout Suite) throws {
        let triad = Triad()
        let rates = repeated(suite) { triad.bandwidth() }
        suite.bandwidth = rates.max()
        suite.record("triad", "bandwidth", "GB/s", rates.map { $0 / 1e9 })
        print("triad bandwidth: \(range(rates.map { $0 / 1e9 }, 1)) GB/s (one thread; checksum \(NumberFormat.human(triad.checksum)))")
    }

    /// ns per spring-step with 1 thread and the default, and the peers at the same size.
    static func grid(_ suite: inout Suite, _ n: Int) throws {
        let scene = n == 1_000 ? "grid-1k" : n == 100_000 ? "grid-100k" : "grid-1M"
        let frames = max(10, min(1_000, 100_000_000 / n))
        var figures: [(String, [Double])] = []
        var used = 1
        // The kernel's pass over memory per frame: 9 arrays of 8 bytes read (position,
        // velocity, rest counter, anchor, the three step coefficients; the fourth, stiffness
        // × length, only when some spring has a length) and 5 written; the frame's second
        // step runs on the block while it is in L1.
        let bytesPerStep = Double((9 + 5) * 8) / 2
        // At 1M a triad runs just before each 1-thread run: its floor is that of the moment.
        let triad = n == 1_000_000 ? Triad() : nil
        var pairedFloors: [Double] = []
        for threads in BenchThreads.settings.reversed() {   // 1 thread first, then the default
            let world = try DynamicsBench.makeWorld(n, threads: threads)
            let animator = try DynamicAnimator(world: world)
            try animator.advanceFrame()
            let values = try repeated(suite) {
                if threads == 1, let triad { pairedFloors.append(bytesPerStep / triad.bandwidth() * 1e9) }
                return try Stopwatch.best(1) { try animator.advanceFrames(frames) } * 1e9 / Double(n * frames * 2)
            }
            if threads == 0 { used = world.anchoredStepThreads }
            figures.append((threads == 0 ? "default (\(BenchThreads.count(used)))" : "1 thread", values))
            suite.record(scene, threads == 0 ? "ns per spring-step, default threads" : "ns per spring-step, 1 thread", "ns", values)
        }
        let peers = try peerFigures(&suite, n, scene: scene)
        line(["", "ns per spring-step", "× ours, 1 thread"], [28, 22, 16])
        let ours = figures[0].1
        for (label, values) in figures + peers {
            line([label, range(values, 3), ratio(values, ours)], [28, 22, 16])
        }
        if figures.count > 1 {
            print("default threads against 1: \(ratio(figures[1].1, ours)) the time (≤ 1.00× means never slower)")
        }
        if n == 1_000_000, let bandwidth = suite.bandwidth {
            let floor = bytesPerStep / bandwidth * 1e9
            suite.record(scene, "memory floor", "ns", [floor])
            let single = median(ours)
            print("memory floor: \(NumberFormat.fixed(bytesPerStep, 0)) bytes per spring-step (72 read + 40 written per pass of 2 steps) ÷ "
                  + "\(NumberFormat.fixed(bandwidth / 1e9, 1)) GB/s = \(NumberFormat.fixed(floor, 3)) ns; "
                  + "1 thread is \(NumberFormat.fixed(single / floor, 2))× the floor (target ≤ 1.1×)")
            // On a shared machine the best triad and the median kernel run may meet memory
            // under different loads; a triad just before each run compares like with like.
            let paired = zip(ours, pairedFloors).map { $0 / $1 }
            suite.record(scene, "1 thread against the floor of its moment", "ratio", paired)
            print("paired (a triad just before each 1-thread run): 1 thread is \(range(paired, 2))× the floor of its moment, "
                  + "median \(NumberFormat.fixed(median(paired), 2))×")
            // STREAM counts 24 bytes per triad element, but a store that misses first reads
            // its line (write-allocate), so the memory may move 32: then the true floor is ¾.
            print("counting the triad's write-allocate (32 bytes moved per element, not 24) the floor is "
                  + "\(NumberFormat.fixed(floor * 0.75, 3)) ns and 1 thread \(NumberFormat.fixed(single / (floor * 0.75), 2))× it")
        }
    }

    /// The peers' ns per spring-step at `n` springs (Box2D, Chipmunk), those built in --peers.
    private static func peerFigures(_ suite: inout Suite, _ n: Int, scene: String) throws -> [(String, [Double])] {
        var peers: [(String, [Double])] = []
        guard let directory = suite.peers else { return peers }
        for (program, name) in [("box2d", "Box2D 2.4.1"), ("chipmunk", "Chipmunk 7")] {
            let path = "\(directory)/\(program)"
            guard FileManager.default.isExecutableFile(atPath: path) else { continue }
            let steps = n >= 1_000_000 ? 2 : 2_000_000 / n
            let values = try repeated(suite) {
                let run = try ChildProcess.runChecked(path, [String(n), String(steps)])
                let last = run.output.split(separator: "\n").last?.split(separator: " ") ?? []
                guard last.count >= 2, let ns = Double(last[1]) else { throw UsageError("bench suite: \(name) printed no figure") }
                return ns
            }
            peers.append((name, values))
            suite.record(scene, "ns per spring-step, \(name)", "ns", values)
        }
        return peers
    }

    /// 1 against 2 threads (the split forced) at sizes around the threshold.
    static func crossover(_ suite: inout Suite) throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else {
            print("skipped: one processor")
            return
        }
        let threshold = 2 * WorldConfiguration.defaultMinimumItemsPerThread
        line(["springs", "1 thread (ns)", "2 threads (ns)", "2 against 1", "default uses"], [12, 18, 18, 14, 14])
        for n in [65_536, 131_072, 262_144, 524_288, 1_048_576] {
            var figures: [[Double]] = []
            for threads in [1, 2] {
                var configuration = WorldConfiguration()
                configuration.restTime = .infinity
                configuration.threads = threads
                configuration.minimumItemsPerThread = 256
                let animator = try DynamicAnimator(world: DynamicsBench.makeWorld(n, configuration: configuration))
                try animator.advanceFrame()
                let frames = max(10, 50_000_000 / n)
                figures.append(try repeated(suite) {
                    try Stopwatch.best(1) { try animator.advanceFrames(frames) } * 1e9 / Double(n * frames * 2)
                })
            }
            suite.record("threads-crossover", "ns per spring-step at \(n), 1 thread", "ns", figures[0])
            suite.record("threads-crossover", "ns per spring-step at \(n), 2 threads", "ns", figures[1])
            line([String(n), range(figures[0], 3), range(figures[1], 3), ratio(figures[1], figures[0]),
                  n >= threshold ? "2 threads" : "1 thread"], [12, 18, 18, 14, 14])
        }
        print("the default splits from \(threshold) springs (WorldConfiguration.minimumItemsPerThread = \(WorldConfiguration.defaultMinimumItemsPerThread)): "
              + "below it a second thread should not pay on this machine")
    }

    static func rubberMenu(_ suite: inout Suite) throws {
        var perFrame: [Int: [Double]] = [:]
        for n in [100, 1_000_000] {
            perFrame[n] = try repeated(suite) {
                var frames = 0
                let seconds = try Stopwatch.seconds {
                    frames = try RubberMenuBench.defaultGesture(items: n)
                }
                return seconds / Double(frames) * 1e6
            }
            suite.record("rubbermenu-1M", "µs per frame, \(n) items", "µs", perFrame[n]!)
        }
        print("µs per frame: 100 items \(range(perFrame[100]!, 2)), 1,000,000 items \(range(perFrame[1_000_000]!, 2)); "
              + "1,000,000 against 100: \(ratio(perFrame[1_000_000]!, perFrame[100]!)) (target ≤ 1.5×)")
    }

    /// THSpringyCollectionView's rule on a list of 10,000 items, every one attached (no
    /// culling: the worst case): each bounds change shifts every item by
    /// `r = |touch − anchor| / 500`, then the world steps. No springy list script ships, so
    /// the scene is built here in Swift on `DynamicAnimator` and `RubberMenuLayout.resistedShift`.
    static func springyList(_ suite: inout Suite) throws {
        let n = 10_000
        var perFrame: [Int: [Double]] = [:]
        for threads in BenchThreads.settings.reversed() {
            perFrame[threads] = try repeated(suite) {
                var configuration = WorldConfiguration()
                configuration.threads = threads
                let world = try World(configuration: configuration)
                let animator = try DynamicAnimator(world: world)
                world.reserveCapacity(items: n, springs: n)
                var items: [ItemID] = [], anchors: [Double] = []
                for i in 0..<n {
                    let y = 22 + Double(i) * 44
                    let item = try world.addItem(center: SIMD2(160, y), size: SIMD2(300, 40))
                    try world.attach(item, to: SIMD2(160, y), SpringParameters(length: 0, damping: 0.5, frequency: 0.7))
                    items.append(item)
                    anchors.append(y)
                }
                var frames = 0
                let seconds = try Stopwatch.seconds {
                    // Drag 600 pt up over 36 frames with the finger at y = 300 (content), then release.
                    for k in 0..<36 {
                        let delta = 600.0 / 36, touch = 300.0 + Double(k) * delta
                        for (i, item) in items.enumerated() {
                            var p = try world.position(item)
                            p.y += RubberMenuLayout.resistedShift(delta: delta, touchY: touch, anchorY: anchors[i], resistance: 500, maxStretch: .infinity)
                            try world.setPosition(item, p)
                        }
                        try animator.advanceFrame()
                        frames += 1
                    }
                    while !animator.isPaused && frames < 1_200 {
                        try animator.advanceFrame()
                        frames += 1
                    }
                }
                return seconds / Double(frames) * 1e6
            }
            suite.record("springy-list-10k", threads == 0 ? "µs per frame, default threads" : "µs per frame, 1 thread", "µs", perFrame[threads]!)
        }
        print("µs per frame (drag of 36 frames shifting all 10,000 items, then to rest): 1 thread \(range(perFrame[1]!, 1))"
              + (perFrame[0].map { ", default \(range($0, 1)): \(ratio($0, perFrame[1]!)) the time of 1 thread" } ?? ""))
    }

    static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("springkit-suite-\(getpid())-\(name)")
    }

    static func dotArt(_ suite: inout Suite) throws {
        let directory = scratch("dotart")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("r.html").path
        var peaks: [Double] = [], sizes: [Double] = [], cpu: [Double] = []
        let walls = try repeated(suite) {
            let run = try ChildProcess.runChecked(ChildProcess.simrun, ["bench/scenes/dotart256.lua", "--quiet",
                                                  "--trace", directory.appendingPathComponent("t.csv").path, "--report", report])
            peaks.append(Double(run.peakResidentBytes) / 1e6)
            cpu.append(run.cpuSeconds)
            sizes.append(Double((try FileManager.default.attributesOfItem(atPath: report)[.size] as? Int) ?? 0) / 1e6)
            return run.seconds
        }
        suite.record("dotart-256", "wall with trace and report", "s", walls)
        suite.record("dotart-256", "CPU with trace and report", "s", cpu)
        suite.record("dotart-256", "peak resident", "MB", peaks)
        suite.record("dotart-256", "report size", "MB", sizes)
        print("65,536 dots, one change to whole, trace and report written: \(range(walls, 3)) s wall (target ≤ 1; CPU \(range(cpu, 3)) s), "
              + "\(range(peaks, 0)) MB peak (target ≤ 300), report \(range(sizes, 1)) MB (target ≤ 20)")
        // Threads: the same change in process, the default against 1 thread.
        var byThreads: [Int: [Double]] = [:]
        for threads in BenchThreads.settings.reversed() {
            byThreads[threads] = try repeated(suite) {
                var configuration = DotArt.Configuration()
                configuration.columns = 256
                configuration.rows = 256
                configuration.world.threads = threads
                let art = try DotArt(configuration: configuration, seed: 1)
                return try Stopwatch.seconds {
                    try art.change(to: DotImage.blank(width: 256, height: 256))
                    _ = try art.waitUntilWhole(limit: 30)
                }
            }
            suite.record("dotart-256", threads == 0 ? "change to whole, default threads" : "change to whole, 1 thread", "s", byThreads[threads]!)
        }
        if let d = byThreads[0], let one = byThreads[1] {
            print("in process, a change to whole with recording: 1 thread \(range(one, 3)) s, default \(range(d, 3)) s: \(ratio(d, one)) the time of 1 thread")
        }
    }

    static func sweep(_ suite: inout Suite) throws {
        let directory = scratch("sweep")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["sweep", "scripts/rubbermenu.lua", "--param", "damping=0.05:5:0.05", "--param", "frequency=0.5:10:0.5",
                         "--csv", directory.appendingPathComponent("s.csv").path, "--svg", directory.appendingPathComponent("s.svg").path]
        var rates: [Int: [Double]] = [:], cpuRates: [Double] = [], cpu: [Int: [Double]] = [:]
        for jobs in [1, 2] {
            rates[jobs] = try repeated(suite) {
                let run = try ChildProcess.runChecked(ChildProcess.simrun, arguments + ["--jobs", String(jobs)])
                if jobs == 1 { cpuRates.append(2_000 / run.cpuSeconds) }
                cpu[jobs, default: []].append(run.cpuSeconds)
                return 2_000 / run.seconds
            }
            suite.record("sweep-2000", "points per second (wall, whole command), --jobs \(jobs)", "points/s", rates[jobs]!)
        }
        suite.record("sweep-2000", "points per CPU second, --jobs 1", "points/s", cpuRates)
        suite.record("sweep-2000", "CPU seconds, --jobs 2", "s", cpu[2]!)
        print("2,000 points, whole command (start, probe run, grid, table, CSV, SVG): --jobs 1 \(range(rates[1]!, 0)) points/s, "
              + "--jobs 2 \(range(rates[2]!, 0)) points/s (target ≥ 3,000); 2 jobs against 1: \(ratio(rates[2]!, rates[1]!)) (target ≥ 1.85×); "
              + "\(range(cpuRates, 0)) points per CPU second with 1 job; 2 jobs used \(ratio(cpu[2]!, cpu[1]!)) the CPU time of 1 "
              + "(1.00× = no cost of running two at once: on two idle cores the grid scales by about 2×)")
    }

    static func checkScripts(_ suite: inout Suite) throws {
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: "scripts")) ?? []).filter { $0.hasSuffix(".lua") }.count
        var cpu: [Double] = []
        let walls = try repeated(suite) {
            let run = try ChildProcess.runChecked(ChildProcess.simrun, ["check", "scripts/"])
            cpu.append(run.cpuSeconds)
            return run.seconds
        }
        suite.record("check-scripts", "wall, \(count) scripts", "s", walls)
        suite.record("check-scripts", "CPU, \(count) scripts", "s", cpu)
        print("simrun check scripts/ (\(count) scripts): \(range(walls.map { $0 * 1e3 }, 1)) ms wall (target ≤ 40), CPU \(range(cpu.map { $0 * 1e3 }, 1)) ms")
    }

    static func checkMillion(_ suite: inout Suite) throws {
        let directory = scratch("check")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("rows_1m.lua").path
        try FileManager.default.copyItem(atPath: "bench/scenes/rows_1m.lua", toPath: script)
        _ = try ChildProcess.runChecked(ChildProcess.simrun, ["check", directory.path, "--update"])
        var peaks: [Double] = [], cpu: [Double] = []
        let walls = try repeated(suite) {
            let run = try ChildProcess.runChecked(ChildProcess.simrun, ["check", directory.path])
            peaks.append(Double(run.peakResidentBytes) / 1e6)
            cpu.append(run.cpuSeconds)
            return run.seconds
        }
        let run = try repeated(suite) {
            try ChildProcess.runChecked(ChildProcess.simrun, [script, "--quiet", "--trace", directory.appendingPathComponent("t.csv").path]).seconds
        }
        suite.record("check-1M", "check wall", "s", walls)
        suite.record("check-1M", "check peak resident", "MB", peaks)
        suite.record("check-1M", "check CPU", "s", cpu)
        suite.record("check-1M", "run and write the trace, wall", "s", run)
        print("1,000,000 rows: check \(range(walls, 3)) s wall (target ≤ 0.6; CPU \(range(cpu, 3)) s), \(range(peaks, 0)) MB peak (target ≤ 200); "
              + "of it, recording with tr:add and writing the CSV: \(range(run, 3)) s")
    }

    static func luaWorld(_ suite: inout Suite) throws {
        func runs(_ n: Int, batch: Int) throws -> [ChildProcess.Result] {
            try (0..<suite.repeats).map { _ in
                try ChildProcess.runChecked(ChildProcess.simrun, ["bench/scenes/world_building.lua", "--quiet",
                                                                  "--param", "n=\(n)", "--param", "batch=\(batch)"])
            }
        }
        var perItem: [Int: [Double]] = [:], perItemCPU: [Int: [Double]] = [:]
        for batch in [1, 0] {
            let empty = try runs(0, batch: batch)
            let emptyWall = median(empty.map(\.seconds)), emptyCPU = median(empty.map(\.cpuSeconds))
            let full = try runs(1_000_000, batch: batch)
            perItem[batch] = full.map { ($0.seconds - emptyWall) / 1e6 * 1e6 }
            perItemCPU[batch] = full.map { ($0.cpuSeconds - emptyCPU) / 1e6 * 1e6 }
            let label = batch == 1 ? "add_items + attach_all" : "add_item + attach"
            suite.record("lua-world-1M", "µs per item, \(label), wall", "µs", perItem[batch]!)
            suite.record("lua-world-1M", "µs per item, \(label), CPU", "µs", perItemCPU[batch]!)
        }
        print("µs per item with its spring (Lua loop filling the arrays included; start-up subtracted): batch \(range(perItem[1]!, 3)) "
              + "(target ≤ 0.5; CPU \(range(perItemCPU[1]!, 3))), one call per item \(range(perItem[0]!, 3)) (CPU \(range(perItemCPU[0]!, 3))): "
              + "batch is \(ratio(perItemCPU[1]!, perItemCPU[0]!)) the CPU time")
    }
}
