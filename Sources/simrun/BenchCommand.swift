import Foundation
import SpringKitSim

/// `simrun bench [SECTION]...`: prints speed and memory figures of a release build.
enum BenchCommand {
    static let sections: [(name: String, summary: String, run: () throws -> Void)] = [
        ("dynamics", "ns per spring-step and bytes per spring for 1,000 / 100,000 / 1,000,000 anchored springs", DynamicsBench.run),
        ("rubbermenu", "per-frame cost with 100 vs 1,000,000 items; wall time of 'simrun scripts/rubbermenu.lua'", RubberMenuBench.run),
        ("traces", "reading and comparing two 1,000,000-row traces", TraceBench.run),
        ("sweep", "a 200-point sweep of the rubber menu with --jobs 1 and --jobs 2", SweepBench.run),
        ("dotart", "a 256×256 canvas (65,536 springs): one change run to rest, simulated frames per wall second", DotArtBench.run),
        ("bodies", "ns per body-step: 100,000 free bodies under gravity and a field; 1,000 chains of 10 pin / weld joints", BodiesBench.run),
        ("collision", "ns per body-step of contacts: a 20-level pyramid; 10,000 boxes falling into a container", CollisionBench.run),
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        if arguments.first == "suite" { return try SuiteBench.run(Array(arguments.dropFirst())) }
        if arguments.first == "kernels" { return try KernelBench.run(Array(arguments.dropFirst())) }
        var chosen: [String] = []
        for (k, argument) in arguments.enumerated() {
            if argument == "--help" || argument == "-h" {
                print(help)
                return 0
            }
            guard sections.contains(where: { $0.name == argument }) else {
                // `suite` and `kernels` are commands of their own: only the first word can be one.
                let names = sections.map(\.name) + (k == 0 ? ["suite", "kernels"] : [])
                throw UsageError("bench: unknown section '\(argument)' (\(CommandLineArguments.didYouMean(argument, among: names))sections: \(names.joined(separator: ", ")))")
            }
            chosen.append(argument)
        }
        #if DEBUG
        print("note: this is a debug build; figures are only meaningful from 'swift build -c release'")
        #endif
        // Whichever sections run, the figures depend on the kernel variant and the cores.
        print("kernel: \(DynamicsBench.kernelLabel); \(ProcessInfo.processInfo.activeProcessorCount) processors")
        for section in sections where chosen.isEmpty || chosen.contains(section.name) {
            print("== \(section.name): \(section.summary)")
            try section.run()
            fflush(stdout)
        }
        return 0
    }

    static var help: String {
        "usage: simrun bench [SECTION]...\n       simrun bench suite [options]   (the scene suite; see 'simrun bench suite --help', bench/suite)\n       simrun bench kernels           (every kernel variant on the same worlds: identical bytes; exit 1 if not)\n\nsections:\n" + sections.map { "  \($0.name.padding(toLength: 12, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n")
    }
}

/// Wall-clock timing for benchmarks only (the simulation never reads a clock).
enum Stopwatch {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The fastest of `repeats` runs.
    static func best(_ repeats: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<repeats { best = min(best, try seconds(body)) }
        return best
    }
}

/// The `threads` settings a benchmark compares: the default (0, one per processor) first,
/// then 1 — or only 1 on a single processor.
enum BenchThreads {
    static let settings = ProcessInfo.processInfo.activeProcessorCount > 1 ? [0, 1] : [1]

    static func label(_ setting: Int) -> String { setting == 0 ? "default" : "1 thread" }

    /// "1 thread", "2 threads", …
    static func count(_ threads: Int) -> String { "\(threads) thread\(threads == 1 ? "" : "s")" }
}

enum DynamicsBench {
    /// The kernel variant in use, and whether `SPRINGKIT_KERNEL` forced it.
    static var kernelLabel: String {
        let request = ProcessInfo.processInfo.environment["SPRINGKIT_KERNEL"] ?? ""
        return World.kernelName + (request.isEmpty || request == "auto" ? "" : " (forced by SPRINGKIT_KERNEL)")
    }

    static func run() throws {
        // The default runs first, so the peak below is that of one 1,000,000-spring world,
        // not of two built one after the other.
        let settings = BenchThreads.settings
        print("frames of 1/60 s (2 fixed steps each), best of 3; no resistance")
        print("ns per spring-step: " + settings.map { $0 == 0 ? "default threads (threads = 0; 'used' says how many ran)" : "1 thread" }.joined(separator: ", "))
        let columns = ["springs"] + settings.map(BenchThreads.label) + (settings[0] == 0 ? ["used"] : []) + ["bytes/spring", "steps"]
        print(columns.map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined())
        var peak = 0
        var atTarget: [String] = []
        for n in [1_000, 100_000, 1_000_000] {
            let frames = max(10, min(1_000, 100_000_000 / n))
            var cells = [String(n)]
            var used = 1
            var bytes = 0.0
            for threads in settings {
                let world = try makeWorld(n, threads: threads)
                let animator = try DynamicAnimator(world: world)
                try animator.advanceFrame()  // classify and warm up
                let seconds = try Stopwatch.best(3) { try animator.advanceFrames(frames) }
                cells.append(NumberFormat.fixed(seconds * 1e9 / Double(n * frames * 2), 3))
                bytes = Double(world.memoryFootprint) / Double(n)
                if threads == settings[0] {
                    peak = ProcessMemory.peakResidentBytes()
                    used = world.anchoredStepThreads
                }
            }
            if n == 100_000 {
                atTarget = zip(settings, cells.dropFirst()).map { setting, ns in
                    "\(ns) ns with \(setting == 0 ? "the default (\(BenchThreads.count(used)))" : "1 thread")"
                }
            }
            cells += (settings[0] == 0 ? [String(used)] : []) + [NumberFormat.fixed(bytes, 1), String(frames * 2)]
            print(cells.map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined())
        }
        print("100,000 springs: \(atTarget.joined(separator: ", ")) per spring-step (target ≤ 2)")
        let resisted = try makeWorld(100_000, threads: 1, resistance: WorldConfiguration().resistance)
        let resistedAnimator = try DynamicAnimator(world: resisted)
        try resistedAnimator.advanceFrame()
        let resistedSeconds = try Stopwatch.best(3) { try resistedAnimator.advanceFrames(1_000) }
        print("100,000 springs with UIKit's default resistance (\(NumberFormat.shortest(WorldConfiguration().resistance))), 1 thread: "
              + "\(NumberFormat.fixed(resistedSeconds * 1e9 / Double(100_000 * 1_000 * 2), 3)) ns per spring-step (the table: no resistance)")
        print("peak resident memory with one 1,000,000-spring world: \(NumberFormat.fixed(Double(peak) / 1e6, 1)) MB (target ≤ 200)")
    }

    /// n items on zero-length anchored springs, spread so none starts at rest. Without
    /// resistance: the world the first two waves measured (from the fidelity issue until the
    /// kernel's marked lanes it had UIKit's 0.1), so figures compare with the build before
    /// bodies (`bench/dynamics-vs-base`); UIKit's default resistance (two more
    /// multiplications a step) gets the line under the table.
    static func makeWorld(_ n: Int, threads: Int = 0, resistance: Double = 0) throws -> World {
        var configuration = WorldConfiguration()
        configuration.restTime = .infinity
        configuration.threads = threads
        configuration.resistance = resistance
        return try makeWorld(n, configuration: configuration)
    }

    static func makeWorld(_ n: Int, configuration: WorldConfiguration) throws -> World {
        let world = try World(configuration: configuration)
        world.reserveCapacity(items: n, springs: n)
        var random = SeededGenerator(seed: 1)
        for i in 0..<n {
            let anchor = SIMD2(Double(i % 1000) * 10, Double(i / 1000) * 10)
            let offset = SIMD2(random.nextUnit() * 40 - 20, random.nextUnit() * 40 - 20)
            let item = try world.addItem(center: anchor + offset, size: SIMD2(8, 8))
            try world.attach(item, to: anchor, SpringParameters(length: 0, damping: 0.1, frequency: 0.8 + random.nextUnit()))
        }
        return world
    }
}
