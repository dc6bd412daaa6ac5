import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitMath
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScenarios
@testable import SpringKitReport
@testable import SpringKitScripting
@testable import SpringKitTools

/// Every compiled variant of the anchored-spring kernel this machine runs (AVX-512, AVX2,
/// baseline) gives the same bytes: on seeded worlds stepped through the world's own path,
/// and on the golden scripts (tolerance 0) with the variant forced by `SPRINGKIT_KERNEL`. Prints which
/// variants it compared.
final class KernelVariantTests: XCTestCase {
    /// One seeded world: sizes around the vector widths (4 and 8 doubles) and the kernel's
    /// 256-item block, with tails that fill no whole vector.
    struct Workload: CustomStringConvertible {
        var count: Int
        var withLengths: Bool
        var resistance: Double
        var description: String {
            "\(count) items, \(withLengths ? "lengths" : "zero lengths"), resistance \(NumberFormat.shortest(resistance))"
        }
    }

    static let workloads: [Workload] = [1, 3, 7, 9, 31, 255, 257, 1_029].flatMap { count in
        [Workload(count: count, withLengths: false, resistance: 0), Workload(count: count, withLengths: true, resistance: 0.7)]
    } + [Workload(count: 4_099, withLengths: false, resistance: 0), Workload(count: 4_099, withLengths: true, resistance: 0)]

    /// The world's state after `frames` frames with `kernel`: every item's position, velocity
    /// and resting flag as bits, then whether the world paused.
    static func finalState(_ workload: Workload, kernel: SpringKernelVariant, frames: Int = 90) throws -> [UInt64] {
        var configuration = WorldConfiguration()
        configuration.kernel = kernel
        configuration.threads = 1
        configuration.resistance = workload.resistance
        let world = try World(configuration: configuration)
        var random = SeededGenerator(seed: UInt64(workload.count) &* 31 &+ (workload.withLengths ? 1 : 0))
        var items: [ItemID] = []
        for i in 0..<workload.count {
            let anchor = SIMD2(Double(i % 40) * 10, Double(i / 40) * 10)
            // Every seventh item starts at its anchor and still (the dead zone, then asleep),
            // every fifth close to rest (asleep within the run); the rest swing.
            let scale = i % 7 == 0 ? 0 : i % 5 == 0 ? 0.02 : 1.0
            let offset = SIMD2(random.nextUnit() * 40 - 20, random.nextUnit() * 40 - 20) * scale
            let velocity = SIMD2(random.nextUnit() * 300 - 150, random.nextUnit() * 300 - 150) * scale
            let item = try world.addItem(center: anchor + offset, size: SIMD2(4, 4), velocity: velocity)
            items.append(item)
            // Every eleventh item hangs on no anchor (a lane the kernel leaves untouched).
            if i % 11 == 10 { continue }
            let length = workload.withLengths && i % 2 == 0 ? random.nextUnit() * 6 : 0
            try world.attach(item, to: anchor, SpringParameters(length: length, damping: random.nextUnit(),
                                                                frequency: 0.5 + 3 * random.nextUnit()))
        }
        try world.advanceFrames(frames)
        var state: [UInt64] = []
        state.reserveCapacity(5 * items.count + 1)
        for item in items {
            let p = try world.position(item), v = try world.velocity(item)
            state += [p.x.bitPattern, p.y.bitPattern, v.x.bitPattern, v.y.bitPattern, try world.isResting(item) ? 1 : 0]
        }
        state.append(world.isPaused ? 1 : 0)
        return state
    }

    func testEveryVariantGivesIdenticalBytes() throws {
        let variants = SpringKernelVariant.supported
        XCTAssertEqual(variants.last, .baseline, "baseline runs everywhere")
        #if arch(x86_64)
        XCTAssertTrue(variants.contains(.avx2) || !SpringKernelVariant.avx512.isSupported, "an AVX-512 CPU runs AVX2")
        #else
        XCTAssertEqual(variants, [.baseline], "only x86-64 builds hold the AVX variants")
        #endif
        var resting = 0, swinging = 0
        for workload in Self.workloads {
            let reference = try Self.finalState(workload, kernel: .baseline)
            // Something happened worth comparing: items left their start, some sleep, some swing.
            XCTAssertNotEqual(reference, try Self.finalState(workload, kernel: .baseline, frames: 1), "\(workload)")
            for k in stride(from: 4, to: reference.count - 1, by: 5) { if reference[k] == 1 { resting += 1 } else { swinging += 1 } }
            for variant in variants where variant != .baseline {
                let state = try Self.finalState(workload, kernel: variant)
                if state != reference {
                    let first = state.indices.first { $0 < reference.count && state[$0] != reference[$0] } ?? 0
                    XCTFail("\(variant.name) differs from baseline on \(workload): item \(first / 5), value \(first % 5)")
                }
            }
        }
        XCTAssertGreaterThan(resting, 0)
        XCTAssertGreaterThan(swinging, 0)
        print("kernel variants: \(variants.map(\.name).joined(separator: ", ")) — \(Self.workloads.count) workloads, identical bytes")
    }

    func testTheSwitchChoosesOnlyWhatRuns() {
        let all: [SpringKernelVariant] = [.avx512, .avx2, .baseline]
        XCTAssertTrue(SpringKernelVariant.choose(nil, supported: all) == (.avx512, nil))
        XCTAssertTrue(SpringKernelVariant.choose("", supported: all) == (.avx512, nil))
        XCTAssertTrue(SpringKernelVariant.choose("auto", supported: [.avx2, .baseline]) == (.avx2, nil))
        XCTAssertTrue(SpringKernelVariant.choose("avx2", supported: all) == (.avx2, nil))
        XCTAssertTrue(SpringKernelVariant.choose("baseline", supported: all) == (.baseline, nil))
        // A variant the machine cannot run is not forced: the fastest runs, and the reason is given.
        let unsupported = SpringKernelVariant.choose("avx512", supported: [.avx2, .baseline])
        XCTAssertEqual(unsupported.variant, .avx2)
        XCTAssertEqual(unsupported.problem, "SPRINGKIT_KERNEL=avx512: this machine cannot run the avx512 kernel (it runs avx2, baseline)")
        let arm = SpringKernelVariant.choose("avx2", supported: [.baseline])
        XCTAssertEqual(arm.variant, .baseline)
        XCTAssertEqual(arm.problem, "SPRINGKIT_KERNEL=avx2: this machine cannot run the avx2 kernel (it runs baseline)")
        for bad in ["AVX2", "sse", "avx512 ", "fastest\n"] {
            let chosen = SpringKernelVariant.choose(bad, supported: all)
            XCTAssertEqual(chosen.variant, .avx512, bad)
            XCTAssertTrue(chosen.problem?.contains(": unknown kernel variant (known: avx512, avx2, baseline, auto; this machine runs avx512, avx2, baseline)") == true,
                          chosen.problem ?? "nil")
            XCTAssertFalse(chosen.problem?.contains("\n") ?? true)
        }
        // A world refuses a variant this machine does not run.
        for variant in SpringKernelVariant.allCases where !variant.isSupported {
            var configuration = WorldConfiguration()
            configuration.kernel = variant
            XCTAssertThrowsError(try World(configuration: configuration), variant.name)
        }
    }

    /// The golden scripts pass with every variant forced; a switch that cannot be followed
    /// stops simrun with exit status 2 and one line.
    func testGoldenScriptsPassWithEachForcedVariant() throws {
        let release = ProcessInfo.processInfo.environment["SIMRUN_RELEASE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        var checked: [String] = []
        for variant in SpringKernelVariant.supported {
            // Tolerances 0: the same values as the goldens (printed in shortest round-trip form,
            // so the same bits). CI set: a failing check writes nothing into the repository.
            let result = try Simrun.run(["check", "scripts/", "--abs", "0", "--rel", "0"], in: repositoryRoot,
                                        environment: ["SPRINGKIT_KERNEL": variant.name, "CI": "true"], binary: release)
            XCTAssertEqual(result.status, 0, "\(variant.name): \(result.stdout.suffix(2_000))\(result.stderr)")
            let summary = result.stdout.split(separator: "\n").last { $0.hasPrefix("check: ") }.map(String.init) ?? "no summary"
            XCTAssertTrue(summary.hasSuffix(" passed, 0 failed"), "\(variant.name): \(summary)")
            checked.append("\(variant.name) \(summary.dropFirst("check: ".count))")
        }
        for (value, expected) in [("avx9", "simrun: SPRINGKIT_KERNEL=avx9: unknown kernel variant (known: avx512, avx2, baseline, auto;")]
            + SpringKernelVariant.allCases.filter { !$0.isSupported }.map { ($0.name, "simrun: SPRINGKIT_KERNEL=\($0.name): this machine cannot run") } {
            let result = try Simrun.run(["scripts/spring.lua", "--quiet"], in: repositoryRoot,
                                        environment: ["SPRINGKIT_KERNEL": value], binary: release)
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.stderr.hasPrefix(expected), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
        print("golden scripts with each kernel variant forced: \(checked.joined(separator: "; "))")
    }
}
