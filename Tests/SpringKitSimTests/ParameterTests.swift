import XCTest
@testable import SpringKitScripting

/// `springkit.param`, `--param`, `--params FILE` and `--list-params`.
final class ParameterTests: XCTestCase {
    var directory: URL!
    var script: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        script = try writeFile(directory, "params.lua", """
        local sk = require "springkit"
        local damping = sk.param("damping", 0.5, {min = 0, max = 2, step = 0.05, doc = "damping ratio"})
        local frequency = sk.param("frequency", 0.8, {min = 0.1, max = 10, doc = "Hz"})
        local free = sk.param("free", 3)
        sk.metric("damping", damping)
        sk.metric("frequency", frequency)
        sk.metric("free", free)
        """)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func run(_ overrides: [String]) throws -> ScriptRun {
        var options = ScriptOptions()
        options.output = nil
        for assignment in overrides { try options.parameters.addOverride(assignment) }
        return try ScriptRunner.run(path: script, options: options)
    }

    func testDefaultsAndOverrides() throws {
        let defaults = try run([])
        XCTAssertEqual(defaults.metric("damping"), 0.5)
        XCTAssertEqual(defaults.metric("frequency"), 0.8)
        let changed = try run(["damping=1.25", "free=-7.5", "frequency=10"])
        XCTAssertEqual(changed.metric("damping"), 1.25)
        XCTAssertEqual(changed.metric("free"), -7.5)
        XCTAssertEqual(changed.metric("frequency"), 10)
        XCTAssertEqual(changed.parameters.headerText, "damping=1.25 frequency=10 free=-7.5")
        XCTAssertEqual(try run(["damping=0.1", "damping=0.2"]).metric("damping"), 0.2, "the last override wins")
    }

    func testInvalidValuesAreRejectedNamingTheParameter() {
        let cases: [(String, String)] = [
            ("damping=nan", "'damping'"), ("damping=inf", "'damping'"), ("damping=-infinity", "'damping'"),
            ("damping=", "'damping': an empty value"), ("damping=soft", "'damping': 'soft'"),
            ("damping=0x10", "'damping'"), ("=1", "empty name"), ("damping", "expected NAME=VALUE"),
        ]
        for (assignment, expected) in cases {
            var parameters = ScriptParameters()
            XCTAssertThrowsError(try parameters.addOverride(assignment), assignment) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(assignment): \(error)")
            }
        }
    }

    func testOutOfRangeAndUnknownNames() {
        XCTAssertThrowsError(try run(["damping=2.5"])) { error in
            XCTAssertEqual("\(error)", "parameter 'damping': value 2.5 is above the maximum 2")
        }
        XCTAssertThrowsError(try run(["frequency=0"])) { error in
            XCTAssertEqual("\(error)", "parameter 'frequency': value 0 is below the minimum 0.1")
        }
        XCTAssertThrowsError(try run(["dampng=1"])) { error in
            XCTAssertEqual("\(error)", "unknown parameter 'dampng' (the script declares: damping, frequency, free)")
        }
    }

    func testBadDeclarations() throws {
        let cases = [
            ("sk.param('a', 5, {min = 0, max = 1})", "default 5 is above the maximum 1"),
            ("sk.param('a', 0, {min = 2, max = 1})", "min 2 is above max 1"),
            ("sk.param('a', 0, {step = 0})", "step must be a positive number"),
            ("sk.param('a', 0); sk.param('a', 1)", "declared twice"),
            ("sk.param('a', 0, {mni = 0})", "unknown field 'mni'"),
            ("sk.param('a', 0/0)", "finite number expected"),
        ]
        for (line, expected) in cases {
            let path = try writeFile(directory, "decl.lua", "local sk = require 'springkit'\n\(line)\n")
            var options = ScriptOptions()
            options.output = nil
            XCTAssertThrowsError(try ScriptRunner.run(path: path, options: options), line) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(line): \(error)")
            }
        }
    }

    func testCommandLineExitCodesAndListing() throws {
        XCTAssertEqual(try Simrun.run([script, "--quiet", "--param", "damping=0.7"]).status, 0)
        for bad in ["damping=nan", "damping=", "damping=abc", "damping=9", "nope=1", "damping=inf"] {
            let result = try Simrun.run([script, "--quiet", "--param", bad])
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line for \(bad): \(result.stderr)")
        }
        let listing = try Simrun.run([script, "--list-params"])
        XCTAssertEqual(listing.status, 0)
        XCTAssertTrue(listing.stdout.contains("damping     0.5       0         2         0.05      -     damping ratio"), listing.stdout)
        XCTAssertTrue(listing.stdout.contains("free        3         -         -         -         -     "), listing.stdout)
    }

    func testParamsFile() throws {
        let file = try writeFile(directory, "tuned.params", "# saved by simrun tune\ndamping=0.9\n\nfrequency = 2\n")
        let result = try Simrun.run([script, "--params", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("damping: 0.9"), result.stdout)
        XCTAssertTrue(result.stdout.contains("frequency: 2"), result.stdout)
        let bad = try writeFile(directory, "bad.params", "damping=0.9\nfrequency=fast\n")
        let failed = try Simrun.run([script, "--params", bad])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.contains("bad.params:2: invalid value for parameter 'frequency'"), failed.stderr)
    }
}
