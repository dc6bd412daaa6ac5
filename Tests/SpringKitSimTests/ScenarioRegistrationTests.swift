import CLua
import Foundation
import XCTest
@testable import SpringKitScripting

/// A Swift scenario registers itself: its binding's `extension NAME: LuaScenario` is read at build
/// time (the LuaScenarioRegistry plugin writes `ModuleBuilder.luaScenarioTypes`), and nothing else
/// lists it. These tests fail when a `LuaScenario` of the sources is not reachable from Lua.
final class ScenarioRegistrationTests: XCTestCase {
    /// The types the sources declare `LuaScenario` for, read here on their own terms (any
    /// declaration, over several lines too), not with the generator's reader.
    static func declaredScenarios() throws -> [String] {
        let declaration = try NSRegularExpression(pattern:
            #"\b(?:extension|class|struct|enum|actor)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:<[^>{]*>)?\s*:([^{]*)\{"#)
        var names: [String] = []
        // LuaScenario is internal to SpringKitScripting: only its sources can conform to it.
        let root = repositoryRoot.appendingPathComponent("Sources/SpringKitScripting")
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
                .replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #""(?:[^"\\\n]|\\.)*""#, with: "\"\"", options: .regularExpression)
            for m in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let inherited = String(text[Range(m.range(at: 2), in: text)!])
                if inherited.range(of: #"(^|[\s,])LuaScenario\b"#, options: .regularExpression) != nil {
                    names.append(String(text[Range(m.range(at: 1), in: text)!]))
                }
            }
        }
        return names.sorted()
    }

    func testEveryLuaScenarioOfTheSourcesIsRegistered() throws {
        let declared = try Self.declaredScenarios()
        XCTAssertGreaterThanOrEqual(declared.count, 3, "the rubber menu, the dot art and the gallery at least")
        XCTAssertEqual(ModuleBuilder.luaScenarioTypes.map { String(describing: $0) }.sorted(), declared,
                       "a LuaScenario the build did not list (write `extension NAME: LuaScenario {` on one line)")
    }

    /// Each registered scenario is built from Lua with its `luaExample`, and the object is of its
    /// class, with the shared scenario methods.
    func testEveryRegisteredScenarioIsReachableFromLua() throws {
        for type in ModuleBuilder.luaScenarioTypes {
            let lua = try LuaState()
            SpringKitModule.install(in: lua, session: ScriptSession(scriptPath: "x.lua", parameters: ScriptParameters(), seed: 1))
            try lua.run("sk = require 'springkit'\nscenario = \(type.luaExample)\nassert(type(scenario.wait) == 'function')")
            let L = lua.L
            lua_getglobal(L, "scenario")
            XCTAssertNotEqual(lua_getmetatable(L, -1), 0, "\(type): \(type.luaExample) returns no object")
            lua_getfield(L, -1, "__name")
            XCTAssertEqual(lua.string(at: -1), type.luaClass.name, "\(type): \(type.luaExample) builds another class")
            lua_settop(L, 0)
        }
    }
}
