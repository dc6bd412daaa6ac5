import Foundation
import SpringKitSim

/// `simrun bench kernels`: every compiled variant of the anchored-spring kernel this machine
/// runs steps the same seeded worlds through `World`'s own path; their bytes must be equal
/// (exit 1 when not). Prints each variant's ns per spring-step on the largest world.
/// `KernelVariantTests` runs it against the release build, where the variants are vectorized.
enum KernelBench {
    /// One seeded world: sizes around the vector widths (2, 4 and 8 doubles) and the kernel's
    /// 128-item block, with tails that fill no whole vector, and one large enough for the
    /// kernel's prefetching path (262,144 items a call and more).
    struct Workload: CustomStringConvertible {
        var count: Int
        var withLengths: Bool
        var resistance: Double
        var frames: Int
        var description: String {
            "\(count) items, \(withLengths ? "lengths" : "zero lengths"), resistance \(NumberFormat.shortest(resistance))"
        }
    }

    static let largeCount = 262_144 + 1_029

    /// A debug build leaves the two large worlds out: its unoptimized Swift takes some 15 s
    /// to build and read them, and its C kernel is not vectorized (nor does it prefetch
    /// differently from what the release build does).
    static let workloads: [Workload] = [1, 3, 7, 9, 31, 127, 129, 255, 257, 1_029, 4_099].flatMap { count in
        [Workload(count: count, withLengths: false, resistance: 0, frames: 90),
         Workload(count: count, withLengths: true, resistance: 0.7, frames: 90)]
    } + (isDebugBuild ? [] : [Workload(count: largeCount, withLengths: false, resistance: 0, frames: 40),
                              Workload(count: largeCount, withLengths: true, resistance: 0.7, frames: 40)])

    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    /// A world's state after stepping: every item's position, velocity and resting flag as
    /// bits, then whether the world paused; and the seconds the frames took.
    struct Outcome {
        var state: [UInt64]
        var seconds: Double
    }

    /// Steps `workload` with `kernel` on `threads` threads of at least `perThread` items.
    static func run(_ workload: Workload, kernel: SpringKernelVariant, threads: Int = 1,
                    perThread: Int = WorldConfiguration.defaultMinimumItemsPerThread) throws -> Outcome {
        var configuration = WorldConfiguration()
        configuration.kernel = kernel
        configuration.threads = threads
        configuration.minimumItemsPerThread = perThread
        configuration.resistance = workload.resistance
        let world = try World(configuration: configuration)
        world.reserveCapacity(items: workload.count, springs: workload.count)
        var random = SeededGenerator(seed: UInt64(workload.count) &* 31 &+ (workload.withLengths ? 1 : 0))
        var items: [ItemID] = []
        items.reserveCapacity(workload.count)
        for i in 0..<workload.count {
            let anchor = SIMD2(Double(i % 40) * 10, Double(i / 40) * 10)
            // Every seventh item starts at its anchor and still (the dead zone, then asleep),
            // every fifth close to rest (asleep within the run); the rest swing.
            let scale = i % 7 == 0 ? 0 : i % 5 == 0 ? 0.02 : 1.0
            let offset = SIMD2(random.nextUnit() * 40 - 20, random.nextUnit() * 40 - 20) * scale
            // In the worlds with lengths every thirteenth item is flung 200 times as fast (up
            // to 30,000 pt/s on each axis, 42,400 in all): many over Box2D's maximum
            // translation (24,000 pt/s), which the kernel finishes outside its vector loop.
            let flung = workload.withLengths && i % 13 == 3 ? 200.0 : 1
            let velocity = SIMD2(random.nextUnit() * 300 - 150, random.nextUnit() * 300 - 150) * scale * flung
            items.append(try world.addItem(center: anchor + offset, size: SIMD2(4, 4), velocity: velocity))
            // Every eleventh item hangs on no anchor (a lane the kernel leaves untouched), held
            // in place as UIKit's anchored item (a static body), so the figure below is the
            // kernel's alone rather than that of free bodies drifting beside it.
            if i % 11 == 10 {
                var properties = try world.bodyProperties(items[i])
                properties.isAnchored = true
                try world.setBodyProperties(items[i], properties)
                continue
            }
            let length = workload.withLengths && i % 2 == 0 ? random.nextUnit() * 6 : 0
            try world.attach(items[i], to: anchor, SpringParameters(length: length, damping: random.nextUnit(),
                                                                    frequency: 0.5 + 3 * random.nextUnit()))
        }
        let animator = try DynamicAnimator(world: world)
        try animator.advanceFrame()  // classify, and the first frame
        let seconds = try Stopwatch.seconds { try animator.advanceFrames(workload.frames - 1) }
        var state: [UInt64] = []
        state.reserveCapacity(5 * items.count + 1)
        for item in items {
            let p = try world.position(item), v = try world.velocity(item)
            state += [p.x.bitPattern, p.y.bitPattern, v.x.bitPattern, v.y.bitPattern, try world.isResting(item) ? 1 : 0]
        }
        state.append(world.isPaused ? 1 : 0)
        return Outcome(state: state, seconds: seconds)
    }

    /// Where two states first differ, in words.
    static func firstDifference(_ a: [UInt64], _ b: [UInt64]) -> String {
        let k = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
        return k == a.count - 1 ? "the paused flag" : "item \(k / 5), \(["x", "y", "vx", "vy", "resting"][k % 5])"
    }

    /// Prints the comparison; returns 0 when every variant gave the reference's bytes, else 1.
    static func run(_ arguments: [String]) throws -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            print(help)
            return 0
        }
        guard arguments.isEmpty else { throw UsageError("bench kernels takes no arguments (see 'simrun bench kernels --help')") }
        #if DEBUG
        print("note: this is a debug build: the C kernel is not vectorized and the \(largeCount)-item worlds are left out (make test runs the release build)")
        #endif
        let variants = SpringKernelVariant.supported
        let reference = SpringKernelVariant.baseline
        var differences: [String] = []
        var resting = 0, swinging = 0
        var seconds: [SpringKernelVariant: Double] = [:]
        for workload in workloads {
            let expected = try run(workload, kernel: reference)
            for k in stride(from: 4, to: expected.state.count - 1, by: 5) {
                if expected.state[k] == 1 { resting += 1 } else { swinging += 1 }
            }
            if workload.count == largeCount && !workload.withLengths { seconds[reference] = expected.seconds }
            for variant in variants where variant != reference {
                let outcome = try run(workload, kernel: variant)
                if workload.count == largeCount && !workload.withLengths { seconds[variant] = outcome.seconds }
                if outcome.state != expected.state {
                    differences.append("\(variant.name) on \(workload): \(firstDifference(outcome.state, expected.state))")
                }
            }
            // The large world again on two threads: ranges under the prefetching size.
            if workload.count == largeCount {
                let split = try run(workload, kernel: reference, threads: 2, perThread: 256)
                if split.state != expected.state {
                    differences.append("\(reference.name) on 2 threads on \(workload): \(firstDifference(split.state, expected.state))")
                }
            }
        }
        if let large = workloads.first(where: { $0.count == largeCount }) {
            let stepsTimed = Double(large.count * (large.frames - 1) * 2)
            print("ns per spring-step on \(large) (1 thread, one run): "
                  + variants.map { "\($0.name) \(NumberFormat.fixed((seconds[$0] ?? .nan) * 1e9 / stepsTimed, 3))" }.joined(separator: ", "))
        }
        print("items at the end, over the \(workloads.count) workloads: \(resting) resting, \(swinging) not (both must occur)")
        let names = variants.map(\.name).joined(separator: ", ")
        if differences.isEmpty && resting > 0 && swinging > 0 {
            print("kernel variants: \(names) — \(workloads.count) workloads, identical bytes")
            return 0
        }
        for difference in differences { print("DIFFERENT " + difference) }
        print("kernel variants: \(names) — \(workloads.count) workloads, \(differences.count) differ"
              + (resting > 0 && swinging > 0 ? "" : "; the workloads did not both rest and swing"))
        return 1
    }

    static let help = """
        usage: simrun bench kernels

        Steps \(workloads.count) seeded worlds (1 to \(largeCount) items) with every kernel variant this machine
        runs (\(SpringKernelVariant.supported.map(\.name).joined(separator: ", "))) and the largest also on 2 threads; exit 1 unless every
        position, velocity and resting flag has the same bits. SPRINGKIT_KERNEL does not apply here.
        """
}
