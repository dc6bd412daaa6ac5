import Foundation
import XCTest
@testable import SpringKitScripting

/// Runs the shipped `scripts/NAME.lua` without output, from `preset` (when given) with
/// `--param`-style overrides (`"name=value"`).
func runShippedScript(_ name: String, preset: String? = nil, _ overrides: [String] = []) throws -> ScriptRun {
    var options = ScriptOptions()
    options.output = nil
    options.parameters.selectedPreset = preset
    for assignment in overrides { try options.parameters.addOverride(assignment) }
    return try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/\(name).lua").path, options: options)
}

/// A metric the run must have reported (a test failure naming it otherwise).
func requiredMetric(_ run: ScriptRun, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
    try XCTUnwrap(run.metric(name), "metric '\(name)'", file: file, line: line)
}
