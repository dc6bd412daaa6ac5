import XCTest
@testable import SpringKitSupport
@testable import SpringKitScripting

/// Errors raised from Swift callbacks leave nothing behind on the Swift side: the
/// trampoline raises the Lua error only after the Swift frame has returned.
final class SwiftCallbackLeakTests: XCTestCase {
    /// Counts live instances; a frame skipped by `longjmp` would leave some alive.
    final class Tracked {
        static var live = 0
        let payload = [Double](repeating: 1, count: 64)
        init() { Tracked.live += 1 }
        deinit { Tracked.live -= 1 }
    }

    func testErrorsFromSwiftUnderPcallLeakNothing() throws {
        let lua = try LuaState()
        var deferredRuns = 0
        lua.setGlobalFunction("fails") { call in
            let tracked = Tracked()
            defer { deferredRuns += 1 }
            let label = "owned string \(tracked.payload.count)"
            throw LuaArgumentError(position: 1, detail: label, isMethod: false)
        }
        Tracked.live = 0
        try lua.run("for i = 1, 1000 do assert(not pcall(fails, i)) end")
        XCTAssertEqual(Tracked.live, 0)
        XCTAssertEqual(deferredRuns, 1000, "every defer ran")
        let afterFirstThousand = ProcessMemory.residentBytes()

        try lua.run("for i = 1, 99000 do local ok, err = pcall(fails, i); assert(not ok and err:find('owned string 64', 1, true)) end")
        XCTAssertEqual(Tracked.live, 0, "no instance outlived its frame")
        XCTAssertEqual(deferredRuns, 100_000)
        let afterAll = ProcessMemory.residentBytes()
        if afterFirstThousand > 0 {
            XCTAssertLessThanOrEqual(Double(afterAll), 1.1 * Double(afterFirstThousand),
                                     "resident \(afterAll) bytes after 100,000 errors vs \(afterFirstThousand) after 1,000")
        }
    }

    func testErrorMessageFromSwiftCarriesTheCallersPosition() throws {
        let lua = try LuaState()
        lua.setGlobalFunction("check") { call in
            _ = try call.number(1)
            return 0
        }
        XCTAssertThrowsError(try lua.run("\n\ncheck('x')", name: "@probe.lua")) { error in
            XCTAssertEqual((error as? ScriptError)?.message, "probe.lua:3: bad argument #1 to 'check' (number expected, got string)")
        }
    }

    func testLuaStatesAreReleased() throws {
        weak var released: LuaState?
        do {
            let lua = try LuaState()
            SpringKitModule.install(in: lua, session: ScriptSession(scriptPath: "x.lua", parameters: ScriptParameters(), seed: 1))
            try lua.run("local sk = require 'springkit'; local tr = sk.trace{'x'}; tr:add(0, 0, 0, 1)")
            released = lua
        }
        XCTAssertNil(released, "a LuaState has no reference cycle through its functions")
    }
}
