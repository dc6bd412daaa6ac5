import XCTest
@testable import SpringKitTools

/// When `simrun check` writes goldens: `--update` always; the environment switch only outside CI.
final class GoldenUpdatePolicyTests: XCTestCase {
    func testTheSwitchWritesOutsideCIAndIsRefusedInIt() {
        XCTAssertEqual(GoldenUpdatePolicy(explicitUpdate: false, environment: [:]), GoldenUpdatePolicy(explicitUpdate: false, environment: ["CI": "true"]))
        XCTAssertFalse(GoldenUpdatePolicy(explicitUpdate: false, environment: [:]).update)
        XCTAssertTrue(GoldenUpdatePolicy(explicitUpdate: true, environment: ["CI": "1"]).update)
        let local = GoldenUpdatePolicy(explicitUpdate: false, environment: ["SPRINGKIT_UPDATE_GOLDENS": "1"])
        XCTAssertTrue(local.update)
        XCTAssertNil(local.warning)
        let ci = GoldenUpdatePolicy(explicitUpdate: false, environment: ["SPRINGKIT_UPDATE_GOLDENS": "yes", "CI": "true"])
        XCTAssertFalse(ci.update)
        XCTAssertEqual(ci.warning, "simrun check: CI is set, so SPRINGKIT_UPDATE_GOLDENS is ignored (pass --update to write)")
        XCTAssertFalse(GoldenUpdatePolicy(explicitUpdate: false, environment: ["SPRINGKIT_UPDATE_GOLDENS": "0", "CI": "true"]).update)
        XCTAssertNil(GoldenUpdatePolicy(explicitUpdate: false, environment: ["SPRINGKIT_UPDATE_GOLDENS": "false", "CI": "true"]).warning)
    }

    func testSwitchesAreOnUnlessEmptyZeroFalseOrNo() {
        for on in ["1", "true", "YES", "on", "x"] { XCTAssertTrue(GoldenUpdatePolicy.isSet(on), on) }
        for off in [nil, "", "0", "false", "False", "no", "NO"] { XCTAssertFalse(GoldenUpdatePolicy.isSet(off), off ?? "nil") }
    }
}

/// A check's closing line and exit status, the same for one run and for merged shards.
final class CheckTallyTests: XCTestCase {
    func testErrorsCountAsFailedAndDecideTheStatus() {
        let cases: [JUnitReport.Parsed.Kind] = [.passed, .passed, .skipped, .failure]
        XCTAssertEqual(CheckTally(cases).summaryLine, "check: 2 passed, 1 failed, 1 skipped")
        XCTAssertEqual(CheckTally(cases).exitStatus, 1)
        XCTAssertEqual(CheckTally(cases + [.error]).summaryLine, "check: 2 passed, 2 failed, 1 skipped")
        XCTAssertEqual(CheckTally(cases + [.error]).exitStatus, 2)
        XCTAssertEqual(CheckTally([JUnitReport.Parsed.Kind.passed]).summaryLine, "check: 1 passed, 0 failed")
        XCTAssertEqual(CheckTally([JUnitReport.Parsed.Kind]()).exitStatus, 0)
    }
}
