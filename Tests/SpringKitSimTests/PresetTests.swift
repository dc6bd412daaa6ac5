import XCTest
@testable import SpringKitScripting

/// `springkit.preset`, `--preset NAME` and the presets listed by `--list-params`.
final class PresetTests: XCTestCase {
    var directory: URL!
    var script: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        script = try writeFile(directory, "presets.lua", """
        local sk = require "springkit"
        sk.preset("Soft", {damping = 0.3, frequency = 0.5}, "a soft spring")
        sk.preset("Stiff", {damping = 1, frequency = 4})
        local damping = sk.param("damping", 0.5, {min = 0, max = 2})
        local frequency = sk.param("frequency", 0.8, {min = 0.1, max = 10})
        local length = sk.param("length", 0)
        sk.metric("damping", damping)
        sk.metric("frequency", frequency)
        sk.metric("length", length)
        """)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func run(preset: String?, _ overrides: [String] = [], path: String? = nil) throws -> ScriptRun {
        var options = ScriptOptions()
        options.output = nil
        options.parameters.selectedPreset = preset
        for assignment in overrides { try options.parameters.addOverride(assignment) }
        return try ScriptRunner.run(path: path ?? script, options: options)
    }

    func testPresetValuesSitBetweenDefaultsAndOverrides() throws {
        let plain = try run(preset: nil)
        XCTAssertEqual(plain.metric("damping"), 0.5)
        let soft = try run(preset: "Soft")
        XCTAssertEqual(soft.metric("damping"), 0.3)
        XCTAssertEqual(soft.metric("frequency"), 0.5)
        XCTAssertEqual(soft.metric("length"), 0, "a parameter the preset does not set keeps its default")
        XCTAssertEqual(soft.parameters.headerText, "damping=0.3 frequency=0.5 length=0")
        let overridden = try run(preset: "Stiff", ["damping=0.7"])
        XCTAssertEqual(overridden.metric("damping"), 0.7, "--param wins over the preset")
        XCTAssertEqual(overridden.metric("frequency"), 4)
        XCTAssertEqual(overridden.parameters.presets.map(\.name), ["Soft", "Stiff"])
        XCTAssertEqual(overridden.parameters.presets[0].valuesText, "damping=0.3 frequency=0.5")
    }

    func testUnknownPresetNamesTheDeclaredOnes() {
        XCTAssertThrowsError(try run(preset: "Medium")) { error in
            XCTAssertEqual("\(error)", "unknown preset 'Medium' (the script declares: Soft, Stiff)")
        }
    }

    func testBadPresetDeclarations() throws {
        let cases = [
            ("sk.preset('A', {x = 1}); sk.preset('A', {x = 2}); sk.param('x', 0)", "preset 'A' is declared twice"),
            ("sk.param('x', 0); sk.preset('A', {x = 1})", "declare presets before the parameters they set"),
            ("sk.preset('A', {y = 1}); sk.param('x', 0)", "preset 'A' sets 'y', which the script does not declare"),
            ("sk.preset('A', {x = 0/0})", "field 'x': finite number expected"),
            ("sk.preset('A', {x = 'soft'})", "field 'x': number expected"),
            ("sk.preset('A', {1, 2})", "got array elements"),
            ("sk.preset('two words', {x = 1})", "without spaces"),
            ("sk.preset('A', {x = 5}); sk.param('x', 0, {max = 1})", "preset 'A' (line 2) sets x=5, above the maximum 1"),
        ]
        for (line, expected) in cases {
            let path = try writeFile(directory, "decl.lua", "local sk = require 'springkit'\n\(line)\n")
            XCTAssertThrowsError(try run(preset: nil, path: path), line) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(line): \(error)")
            }
        }
    }

    func testCommandLine() throws {
        let soft = try Simrun.run([script, "--preset", "Soft"])
        XCTAssertEqual(soft.status, 0, soft.stderr)
        XCTAssertTrue(soft.stdout.contains("damping: 0.3"), soft.stdout)
        let unknown = try Simrun.run([script, "--preset=Nope", "--quiet"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "simrun: unknown preset 'Nope' (the script declares: Soft, Stiff)\n")
        let listing = try Simrun.run([script, "--list-params"])
        XCTAssertEqual(listing.status, 0)
        XCTAssertTrue(listing.stdout.contains("presets (pick with --preset NAME):\n  Soft   damping=0.3 frequency=0.5  (a soft spring)\n  Stiff  damping=1 frequency=4"), listing.stdout)
        let sweep = try Simrun.run(["sweep", script, "--preset", "Stiff", "--param", "damping=0.1:0.2:0.1", "--metric", "frequency",
                                    "--csv", directory.appendingPathComponent("s.csv").path, "--svg", directory.appendingPathComponent("s.svg").path])
        XCTAssertEqual(sweep.status, 0, sweep.stderr)
        let csv = try String(contentsOfFile: directory.appendingPathComponent("s.csv").path)
        XCTAssertTrue(csv.contains(",4"), "the preset's frequency reaches every sweep point: \(csv)")
    }
}
