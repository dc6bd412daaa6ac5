@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitMath
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitReport

/// The determinism hash: FNV-1a 64 over a trace's non-comment CSV lines, printed by
/// `simrun check` and `simrun SCRIPT`.
final class DeterminismHashTests: XCTestCase {
    func testFNV1aReferenceVectors() {
        XCTAssertEqual(DeterminismHash.fnv1a([UInt8]()), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(DeterminismHash.fnv1a(Array("a".utf8)), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(DeterminismHash.fnv1a(Array("foobar".utf8)), 0x8594_4171_f739_67e8)
        XCTAssertEqual(DeterminismHash.hex(0xaf63_dc4c_8601_ec8c), "af63dc4c8601ec8c")
        XCTAssertEqual(DeterminismHash.hex(0x1f), "000000000000001f")
    }

    func testCommentLinesAreLeftOutAndEveryBitCounts() {
        var trace = Trace(columns: ["x"])
        trace.append(frame: 0, t: 0, id: 0, 1.5)
        trace.append(frame: 1, t: 1.0 / 60, id: 0, 1.25)
        trace.setMetadata("script", "a.lua")
        let hash = trace.determinismHash
        XCTAssertEqual(hash, DeterminismHash.fnv1a(Array("frame,t,id,x\n0,0,0,1.5\n1,0.016666666666666666,0,1.25\n".utf8)))
        var moved = trace
        moved.setMetadata("script", "elsewhere/b.lua")
        moved.setMetadata("params", "damping=0.5")
        XCTAssertEqual(moved.determinismHash, hash, "metadata is not motion")
        var ulp = Trace(columns: ["x"])
        ulp.append(frame: 0, t: 0, id: 0, 1.5)
        ulp.append(frame: 1, t: 1.0 / 60, id: 0, 1.25.nextUp)
        XCTAssertNotEqual(ulp.determinismHash, hash, "one ulp changes the hash")
        // A '#' inside a line is data; only lines starting with it are comments.
        XCTAssertNotEqual(DeterminismHash.of(csv: Array("a\nb#c\n".utf8)), DeterminismHash.of(csv: Array("a\n".utf8)))
        XCTAssertEqual(DeterminismHash.of(csv: Array("# x\na\n#y\n".utf8)), DeterminismHash.fnv1a(Array("a\n".utf8)))
    }

    /// `simrun check` prints one `hash SCRIPT HEX` line per trace, equal to the hash of the
    /// golden it matched byte for byte; `simrun SCRIPT` prints the same hash in its summary.
    func testCheckAndRunPrintTheHashOfTheGolden() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spring = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/spring.lua"), encoding: .utf8)
        try writeFile(directory, "scripts/spring.lua", spring)
        XCTAssertEqual(try Simrun.run(["check", "scripts", "--update"], in: directory).status, 0)
        let golden = try Data(contentsOf: directory.appendingPathComponent("scripts/__traces__/spring.csv"))
        let expected = DeterminismHash.hex(DeterminismHash.of(csv: golden))
        let check = try Simrun.run(["check", "scripts"], in: directory)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("\nhash scripts/spring.lua \(expected)\n"), check.stdout)
        let run = try Simrun.run(["scripts/spring.lua", "--trace", "out/spring.csv"], in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("trace: out/spring.csv (181 rows, hash \(expected))"), run.stdout)
    }
}

extension DeterminismHashTests {
    /// Values that depend on every `DMath` function — exact-solver step matrices over damping
    /// and frequency, and a fling's deceleration frame by frame — hash to one pinned value on
    /// every platform (recorded on Linux x86_64; macOS must print the same). A change to DMath
    /// that moves any of them by one ulp changes the hash.
    func testMathDependentValuesHashAlikeOnEveryPlatform() {
        var trace = Trace(columns: ["a", "b", "c", "d"])
        var row = 0
        for zeta in [0, 0.1, 0.5, 0.9, 1, 1.5, 3] {
            for frequency in [0.25, 0.8, 1, 2, 7.5, 30] {
                let m = ExactStepMatrix(damping: zeta, frequency: frequency, step: 1.0 / 120)
                let late = ExactStepMatrix.solution(x0: 100, v0: -40, damping: zeta, frequency: frequency, time: 12.345)
                trace.append(frame: row, t: zeta, id: 0, m.m00, m.m01, m.m10, m.m11)
                trace.append(frame: row, t: frequency, id: 1, late.x, late.v, 0, 0)
                row += 1
            }
        }
        for rate in [ScrollPhysics.normalDecelerationRate, ScrollPhysics.fastDecelerationRate] {
            for frame in 0..<600 {
                let (x, v) = ScrollPhysics.decelerate(x0: 10, v0: -2500, rate: rate, time: Double(frame) / 60)
                trace.append(frame: frame, t: Double(frame) / 60, id: 2, x, v, ScrollPhysics.decelerationDistance(v0: -2500, rate: rate), 0)
            }
        }
        XCTAssertEqual(DeterminismHash.hex(trace.determinismHash), "ca9f42d91f0263bf", "DMath's values moved (or the platform rounds differently)")
    }
}
