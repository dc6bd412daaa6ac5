import CLua
import XCTest
@testable import SpringKitScripting

/// Every Lua binding (module function and class method) is called by a test or a shipped
/// script: the bindings are listed from a live Lua state, not from a hand-kept list.
final class BindingCoverageTests: XCTestCase {
    /// Module functions, and methods by class (`World` → `add_item`, ...), sorted.
    static func bindings() throws -> (functions: [String], methods: [(String, String)]) {
        let lua = try LuaState()
        SpringKitModule.install(in: lua, session: ScriptSession(scriptPath: "x.lua", parameters: ScriptParameters(), seed: 1))
        try lua.run("springkit = require 'springkit'")
        let L = lua.L
        func keys(_ index: Int32, functionsOnly: Bool) -> [String] {
            var names: [String] = []
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                if !functionsOnly || lua_type(L, -1) == LUA_TFUNCTION, let name = lua.string(at: -2) { names.append(name) }
                skl_pop(L, 1)
            }
            return names.sorted()
        }
        lua_getglobal(L, "springkit")
        let functions = keys(lua_gettop(L), functionsOnly: true)
        skl_pop(L, 1)
        // Every class's method table, as `LuaObjectClass.define` registers it (`springkit.World.methods`).
        var methods: [(String, String)] = []
        for key in keys(skl_registryindex(), functionsOnly: false) where key.hasPrefix("springkit.") && key.hasSuffix(".methods") {
            let className = String(key.dropFirst("springkit.".count).dropLast(".methods".count))
            lua_getfield(L, skl_registryindex(), key)
            if skl_istable(L, -1) != 0 { methods += keys(lua_gettop(L), functionsOnly: false).map { (className, $0) } }
            skl_pop(L, 1)
        }
        return (functions, methods)
    }

    /// The text of every test and every shipped script (and its library modules).
    static func corpus() throws -> String {
        var text = ""
        for folder in ["Tests", "scripts"] {
            let root = repositoryRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            for case let url as URL in files where ["swift", "lua"].contains(url.pathExtension) && url.lastPathComponent != "BindingCoverageTests.swift" {
                text += try String(contentsOf: url, encoding: .utf8) + "\n"
            }
        }
        return text
    }

    func testEveryBindingIsCalledByATestOrAScript() throws {
        let (functions, methods) = try Self.bindings()
        XCTAssertGreaterThan(functions.count, 25, "the listing found the module functions: \(functions)")
        XCTAssertGreaterThan(methods.count, 90, "the listing found the methods")
        let corpus = try Self.corpus()
        let uncalledFunctions = functions.filter { name in
            !["sk.\(name)(", "sk.\(name){", "sk.\(name) {", "springkit.\(name)(", "sk.\(name)\""].contains { corpus.contains($0) }
        }
        let uncalledMethods = methods.filter { _, name in !corpus.contains(":\(name)(") && !corpus.contains(":\(name){") && !corpus.contains(":\(name) {") }
        XCTAssertEqual(uncalledFunctions, [], "module functions no test or script calls")
        XCTAssertEqual(uncalledMethods.map { "\($0):\($1)" }, [], "methods no test or script calls")
        print("bindings: \(functions.count) module functions, \(methods.count) methods, all called")
    }
}
