import Foundation
import XCTest
@testable import SpringKitDynamics

/// Every compiled variant of the anchored-spring kernel this machine runs (AVX-512, AVX2,
/// baseline) gives the same bytes: `simrun bench kernels` steps 24 seeded worlds through the
/// world's own path with each (the release build when `SIMRUN_RELEASE` names it, as
/// `make test` does: there the variants are vectorized and the large worlds take the
/// prefetching path), and the golden scripts pass (tolerance 0) with each forced by
/// `SPRINGKIT_KERNEL`. Prints which variants it compared.
final class KernelVariantTests: XCTestCase {
    /// The release simrun of `make test`, else nil (the debug one next to the tests).
    static var release: URL? {
        ProcessInfo.processInfo.environment["SIMRUN_RELEASE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    func testEveryVariantGivesIdenticalBytes() throws {
        let result = try Simrun.run(["bench", "kernels"], binary: Self.release)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let summary = result.stdout.split(separator: "\n").last { $0.hasPrefix("kernel variants: ") }.map(String.init) ?? "no summary"
        let variants = SpringKernelVariant.supported.map(\.name).joined(separator: ", ")
        let workloads = Self.release == nil ? 22 : 24
        XCTAssertEqual(summary, "kernel variants: \(variants) — \(workloads) workloads, identical bytes", result.stdout)
        XCTAssertEqual(SpringKernelVariant.supported.last, .baseline, "baseline runs everywhere")
        #if arch(x86_64)
        XCTAssertTrue(SpringKernelVariant.avx2.isSupported || !SpringKernelVariant.avx512.isSupported, "an AVX-512 CPU runs AVX2")
        #else
        XCTAssertEqual(SpringKernelVariant.supported, [.baseline], "only x86-64 builds hold the AVX variants")
        #endif
        print(summary + (Self.release == nil ? " (debug build)" : " (release build)"))
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
        let release = Self.release
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
