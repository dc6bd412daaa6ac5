import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// The anchored-spring step on several threads: how items are split, and that the result
/// does not depend on the thread count to the last bit.
final class ParallelStepTests: XCTestCase {
    /// The split these tests force (`minimumItemsPerThread`), smaller than the default so
    /// worlds stay small; the split's code is the same for every value.
    static let perThread = 24_576

    func testThreadRangesCoverEveryItemOnceOnBlockBoundaries() {
        var random = SeededGenerator(seed: 7)
        for perThread in [Self.perThread, AnchoredSpringStep.defaultItemsPerThread] {
        for trial in 0..<2_000 {
            let count = trial < 20 ? trial * perThread / 4 : Int(random.nextUnit() * 3_000_000)
            let threads = 1 + Int(random.nextUnit() * 8)
            let used = AnchoredSpringStep.threadCount(count: count, threads: threads, minimumPerThread: perThread)
            let ranges = (0..<used).map { AnchoredSpringStep.threadRange($0, of: used, count: count) }
            XCTAssertEqual(ranges.first?.lowerBound, 0)
            XCTAssertEqual(ranges.last?.upperBound, count)
            XCTAssertLessThanOrEqual(ranges.count, threads)
            for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
            for range in ranges { XCTAssertEqual(range.lowerBound % 256, 0, "count \(count), threads \(threads)") }
            if ranges.count > 1 {
                for range in ranges {
                    XCTAssertGreaterThanOrEqual(range.count, perThread - 256, "count \(count), threads \(threads)")
                }
            } else {
                XCTAssert(threads == 1 || count < 2 * perThread, "count \(count), threads \(threads): one range")
            }
        }
        }
    }

    /// A large mixed world (zero and non-zero lengths, resting items, joints, resistance)
    /// stepped with 1, 2, 3 and 5 threads ends in the same bits.
    func testResultsAreBitIdenticalForEveryThreadCount() throws {
        let lengthsCases: [Bool] = [false, true]
        for withLengths in lengthsCases {
            var states: [[UInt64]] = []
            for threads in [1, 2, 3, 5] {
                var configuration = WorldConfiguration()
                configuration.threads = threads
                configuration.minimumItemsPerThread = Self.perThread
                configuration.resistance = withLengths ? 0.7 : 0
                let world = try World(configuration: configuration)
                let animator = try DynamicAnimator(world: world)
                var random = SeededGenerator(seed: 11)
                var items: [ItemID] = []
                let count = 3 * Self.perThread + 123
                for i in 0..<count {
                    let anchor = SIMD2(Double(i % 300) * 12, Double(i / 300) * 12)
                    // Every ninth item starts at its anchor at rest: it falls asleep early.
                    let offset = i % 9 == 0 ? SIMD2<Double>.zero
                        : SIMD2(random.nextUnit() * 60 - 30, random.nextUnit() * 60 - 30)
                    let velocity = i % 9 == 0 ? SIMD2<Double>.zero
                        : SIMD2(random.nextUnit() * 200 - 100, random.nextUnit() * 200 - 100)
                    let item = try world.addItem(center: anchor + offset, size: SIMD2(4, 4), velocity: velocity)
                    let length = withLengths && i % 2 == 0 ? random.nextUnit() * 5 : 0
                    try world.attach(item, to: anchor, SpringParameters(length: length, damping: random.nextUnit(),
                                                                        frequency: 0.5 + 3 * random.nextUnit()))
                    items.append(item)
                }
                // A few items joined pairwise go through the joint solver alongside.
                for k in stride(from: 1, to: 40, by: 2) {
                    try world.connect(items[k], items[k + 1], SpringParameters(length: 3, damping: 0.4, frequency: 2))
                }
                // The split really happens: 73,851 items give three ranges at most.
                XCTAssertEqual(world.anchoredStepThreads, min(threads, 3))
                try animator.advanceFrames(150)
                var state: [UInt64] = [UInt64(world.isPaused ? 1 : 0)]
                for item in items {
                    let p = try world.position(item), v = try world.velocity(item)
                    state += [p.x.bitPattern, p.y.bitPattern, v.x.bitPattern, v.y.bitPattern]
                    state.append(try world.isResting(item) ? 1 : 0)
                }
                states.append(state)
            }
            // The run must have something to compare: some items asleep, some awake.
            let resting = stride(from: 5, to: states[0].count, by: 5).filter { states[0][$0] == 1 }.count
            XCTAssertGreaterThan(resting, 0)
            XCTAssertLessThan(resting, 3 * Self.perThread)
            for k in 1..<states.count {
                XCTAssert(states[k] == states[0], "threads case \(k) differs (lengths: \(withLengths))")
            }
        }
    }

    func testSmallWorldsAndTheExactSolverUseOneThread() throws {
        for solver in SolverKind.allCases {
            var configuration = WorldConfiguration()
            configuration.solver = solver
            configuration.threads = 4
            configuration.minimumItemsPerThread = Self.perThread
            let world = try World(configuration: configuration)
            for i in 0..<(2 * Self.perThread - 1) {
                let item = try world.addItem(center: SIMD2(Double(i), 5))
                try world.attach(item, to: SIMD2(Double(i), 0), SpringParameters(damping: 0.5, frequency: 1))
            }
            XCTAssertEqual(world.anchoredStepThreads, 1, "\(solver): under twice itemsPerThread")
            try world.attach(try world.addItem(center: SIMD2(0, 5)), to: .zero, SpringParameters(damping: 0.5, frequency: 1))
            XCTAssertEqual(world.anchoredStepThreads, solver == .uikit ? 2 : 1, "\(solver): at twice itemsPerThread")
        }
    }

    func testThreadCountIsValidated() {
        var configuration = WorldConfiguration()
        configuration.threads = -1
        XCTAssertThrowsError(try World(configuration: configuration))
        configuration.threads = 257
        XCTAssertThrowsError(try World(configuration: configuration))
        configuration.threads = 0
        configuration.minimumItemsPerThread = 255
        XCTAssertThrowsError(try World(configuration: configuration))
        XCTAssertEqual(WorldConfiguration().minimumItemsPerThread, AnchoredSpringStep.defaultItemsPerThread)
    }
}
