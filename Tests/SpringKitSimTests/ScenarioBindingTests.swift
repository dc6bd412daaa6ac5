import XCTest
@testable import SpringKitScripting
@testable import SpringKitTools

/// The methods and properties every scenario's Lua class shares (`ModuleBuilder.defineScenario`):
/// the same names, results, argument checks and messages on the rubber menu, the dot art and
/// the gallery.
final class ScenarioBindingTests: XCTestCase {
    /// Each scenario's constructor call (its `luaExample`) and its class's short name: every
    /// `LuaScenario` the build lists (`ModuleBuilder.luaScenarioTypes`).
    static let scenarios = ModuleBuilder.luaScenarioTypes.map { type in
        (type.luaExample, String(type.luaClass.name.dropFirst("springkit.".count)))
    }

    var directory: URL!
    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    private func lua(_ body: String, recordsOutputs: Bool = true) throws -> ScriptRun {
        try runLuaChecks(body, in: directory, name: "shared.lua", recordsOutputs: recordsOutputs)
    }

    func testEveryScenarioWaitsAndReportsAlike() throws {
        for (make, name) in Self.scenarios {
            try lua("""
            local s = \(make)
            assert(s.frame == 0 and s.time == 0, "a new scenario is at frame 0")
            assert(math.type(s.frame) == "integer")
            s:wait(0.1)
            assert(s.frame == 6, "0.1 s is 6 frames of 1/60 s, got " .. s.frame)
            assert(math.abs(s.time - 0.1) < 1e-9, "time " .. s.time)
            local before = s.time
            local rested, seconds = s:wait_until_rest(20)
            assert(rested == true and s.at_rest == true, "it comes to rest")
            assert(math.abs(seconds - (s.time - before)) < 1e-12, "wait_until_rest gives the seconds it waited")
            local again, none = s:wait_until_rest()
            assert(again == true and none == 0, "at rest it waits no frame")
            local tr = s:trace()
            local columns = tr:columns()
            assert(columns[1] == "frame" and columns[2] == "t" and columns[3] == "id", "a scenario trace starts frame, t, id")
            assert(tr:rows() > 0, "it recorded rows")
            local rep = s:report("shared")
            assert(rep.title == "shared" and rep.frames > 0, "report(title) renames the report")
            assert(s:report().title ~= "shared", "the title is the returned report's alone")
            """)
        }
    }

    func testEveryScenarioChecksItsArgumentsAlike() throws {
        for (make, name) in Self.scenarios {
            try lua("""
            local s = \(make)
            fails("bad argument #1 to '\(name):wait' (seconds must be a finite number ≥ 0, got -1)", s.wait, s, -1)
            fails("bad argument #1 to '\(name):wait' (number expected, got string)", s.wait, s, "x")
            fails("bad argument #1 to '\(name):wait_until_rest' (limit must be a finite number ≥ 0, got nan)", s.wait_until_rest, s, 0/0)
            fails("bad argument #1 to '\(name):wait_until_rest' (limit must be a finite number ≥ 0, got inf)", s.wait_until_rest, s, math.huge)
            fails("bad argument #1 to '\(name):report' (string expected, got table)", s.report, s, {})
            fails("calling '\(name):trace' on bad self (springkit.\(name) expected, got no value)", s.trace)
            fails("calling '\(name):wait' on bad self (springkit.\(name) expected, got number)", s.wait, 1, 1)
            assert(s.frame == 0, "a refused wait plays no frame")
            """)
        }
    }

    /// A run that records nothing (a sweep point): reading a scenario's trace or report asks for
    /// a recorded rerun, whatever the scenario.
    func testReadingAnUnrecordedRecordingAsksForARecordedRun() throws {
        for (make, name) in Self.scenarios {
            for read in ["s:trace():rows()", "s:report().frames"] {
                XCTAssertThrowsError(try lua("local s = \(make)\nlocal n = \(read)", recordsOutputs: false), "\(name) \(read)") { error in
                    XCTAssertTrue(error is ScriptRunner.RecordingNeeded, "\(name) \(read): \(error)")
                }
            }
            XCTAssertNoThrow(try lua("local s = \(make)\nlocal tr, rep = s:trace(), s:report()", recordsOutputs: false),
                             "\(name): holding an unrecorded recording is no read")
        }
    }
}
