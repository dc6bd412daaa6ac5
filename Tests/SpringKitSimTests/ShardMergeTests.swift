import Foundation
import XCTest
@testable import SpringKitTools

/// `--shard i/n` and `simrun merge`: a suite and a sweep run as shards and merged give exactly
/// the bytes one run writes and prints — through GNU parallel as CI would, and directly with
/// failures, errors and uneven splits.
final class ShardMergeTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        for name in ["spring.lua", "rubbermenu.lua", "gallery.lua", "dotart.lua"] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/\(name)"), encoding: .utf8)
            try writeFile(directory, "scripts/\(name)", text)
        }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scripts/images"),
                                         to: directory.appendingPathComponent("scripts/images"))
        XCTAssertEqual(try Simrun.run(["check", "scripts", "--update"], in: directory).status, 0)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func read(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    /// Runs a shell command in the test folder (with simrun on PATH) and returns its status.
    @discardableResult
    private func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Simrun.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        environment["CI"] = nil
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testThreeShardsThroughGNUParallelMergeToOneRunsBytes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") || FileManager.default.isExecutableFile(atPath: "/opt/homebrew/bin/parallel")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/parallel") else {
            throw unavailable("GNU parallel is not installed (tools/install-deps --test installs it)")
        }
        // One run.
        XCTAssertEqual(try shell("simrun check scripts --no-timings --junit one.xml > one.out"), 0)
        let sweep = "simrun sweep scripts/spring.lua --param damping=0.1:1.5:0.1 --param frequency=0.5:2:0.5 --metric 'overshoot (x)' --jobs 1"
        XCTAssertEqual(try shell("\(sweep) --csv one.csv > one-sweep.out"), 0)
        // Three shards at once through GNU parallel, merged.
        XCTAssertEqual(try shell("parallel --halt now,fail=1 -j 3 'simrun check scripts --no-timings --shard {}/3 --junit shard-{}.xml > shard-{}.out' ::: 1 2 3"), 0)
        XCTAssertEqual(try shell("simrun merge shard-3.xml shard-1.xml shard-2.xml --junit merged.xml > merged.out"), 0)
        XCTAssertEqual(try shell("parallel --halt now,fail=1 -j 3 \"\(sweep) --shard {}/3 --csv part-{}.csv > part-{}.out\" ::: 1 2 3"), 0)
        XCTAssertEqual(try shell("simrun merge part-2.csv part-3.csv part-1.csv --csv merged.csv > merged-sweep.out"), 0)

        XCTAssertEqual(try read("merged.xml"), try read("one.xml"), "the JUnit file, byte for byte")
        XCTAssertEqual(try read("merged.out"), try read("one.out"), "the printed output and summary, byte for byte")
        XCTAssertEqual(try read("merged.csv"), try read("one.csv"), "the sweep CSV, byte for byte")
        let table = { (name: String) throws -> [Substring] in
            String(decoding: try self.read(name), as: UTF8.self).split(separator: "\n").dropLast()
        }
        XCTAssertEqual(try table("merged-sweep.out"), try table("one-sweep.out"), "the printed table (all but the timing line)")
        XCTAssertEqual(try table("one-sweep.out").count, 1 + 15 * 4)
        // Each shard wrote only its own part.
        for k in 1...3 {
            let cases = try JUnitReport.parse(String(decoding: try read("shard-\(k).xml"), as: UTF8.self), path: "x").cases.count
            XCTAssertGreaterThan(cases, 0)
            XCTAssertLessThan(cases, try JUnitReport.parse(String(decoding: try read("one.xml"), as: UTF8.self), path: "x").cases.count)
        }
    }

    func testFailuresErrorsAndMoreShardsThanScriptsMergeExactly() throws {
        // One golden differs, one script is broken, and there are more shards than scripts.
        let spring = directory.appendingPathComponent("scripts/spring.lua")
        let source = try String(contentsOf: spring, encoding: .utf8)
        try writeFile(directory, "scripts/spring.lua", source.replacingOccurrences(of: "sk.param(\"damping\", 0.5,", with: "sk.param(\"damping\", 0.6,"))
        try writeFile(directory, "scripts/zz_broken.lua", "local sk = require \"springkit\"\nerror(\"broken \\0 on purpose\")\n")
        let one = try Simrun.run(["check", "scripts", "--no-timings", "--junit", "one.xml"], in: directory)
        XCTAssertEqual(one.status, 2)
        var outputs: [Simrun.Result] = []
        for k in 1...7 {
            outputs.append(try Simrun.run(["check", "scripts", "--no-timings", "--shard", "\(k)/7", "--junit", "s\(k).xml"], in: directory))
        }
        let merged = try Simrun.run(["merge"] + (1...7).reversed().map { "s\($0).xml" } + ["--junit", "merged.xml"], in: directory)
        XCTAssertEqual(merged.status, one.status)
        XCTAssertEqual(merged.stdout, one.stdout)
        let reasons = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("simrun: ") } }
        XCTAssertEqual(reasons(merged.stderr), reasons(one.stderr), "the bad input's reason, as one run gives it")
        XCTAssertEqual(reasons(one.stderr).count, 1, one.stderr)
        XCTAssertEqual(try read("merged.xml"), try read("one.xml"))
        XCTAssertTrue(outputs.contains { $0.stdout == "check: 0 passed, 0 failed\n" }, "a shard with no script still writes its files")
        // A missing or repeated shard is bad input, never a silent partial merge.
        let missing = try Simrun.run(["merge", "s1.xml", "s2.xml"], in: directory)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "simrun: merge: shards 3/7, 4/7, 5/7, 6/7, 7/7 missing\n")
        let twice = try Simrun.run(["merge", "s1.xml", "s1.xml"], in: directory)
        XCTAssertTrue(twice.stderr.hasPrefix("simrun: merge: s1.xml and s1.xml are both shard 1/7"), twice.stderr)
        for bad in [["check", "scripts", "--shard", "0/3"], ["check", "scripts", "--shard", "4/3"], ["sweep", "scripts/spring.lua", "--param", "damping=0.1:1:0.1", "--shard", "x"]] {
            let result = try Simrun.run(bad, in: directory)
            XCTAssertEqual(result.status, 2, bad.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix("simrun: --shard: "), result.stderr)
        }
    }

    func testSweepShardsWithTiesAndDescendingMergeExactly() throws {
        // Every point reports the same frame count: the ranking is all ties, kept in grid order.
        let args = ["sweep", "scripts/spring.lua", "--param", "damping=0.1:0.7:0.1", "--param", "seconds=1:2:1", "--metric", "frames", "--descending", "--jobs", "1"]
        let one = try Simrun.run(args + ["--csv", "one.csv"], in: directory)
        XCTAssertEqual(one.status, 0, one.stderr)
        for k in 1...3 { XCTAssertEqual(try Simrun.run(args + ["--shard", "\(k)/3", "--csv", "p\(k).csv"], in: directory).status, 0) }
        let merged = try Simrun.run(["merge", "p3.csv", "p1.csv", "p2.csv", "--descending", "--csv", "merged.csv"], in: directory)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(try read("merged.csv"), try read("one.csv"))
        XCTAssertEqual(merged.stdout.split(separator: "\n").dropLast(), one.stdout.split(separator: "\n").dropLast())
        XCTAssertEqual(merged.stdout.split(separator: "\n").last, "14 points from 3 files; wrote merged.csv")
        // Overlapping inputs are refused (a shard's CSV names its shard, so one given twice is
        // told as such, and a part of the shards is refused); a sweep with a failing point
        // writes nothing to merge.
        let twice = try Simrun.run(["merge", "p1.csv", "p1.csv", "p2.csv", "p3.csv"], in: directory)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("p1.csv and p1.csv are both shard 1/3"), twice.stderr)
        let part = try Simrun.run(["merge", "p1.csv", "p2.csv"], in: directory)
        XCTAssertEqual(part.stderr, "simrun: merge: shard 3/3 missing\n")
        try writeFile(directory, "scripts/s.lua", "local sk = require \"springkit\"\nlocal d = sk.param(\"d\", 0)\nif d > 1 then error(\"no\") end\nsk.metric(\"m\", d)\n")
        let failing = try Simrun.run(["sweep", "scripts/s.lua", "--param", "d=0:3:1", "--shard", "2/2", "--csv", "f.csv"], in: directory)
        XCTAssertEqual(failing.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("f.csv").path))
    }
}
