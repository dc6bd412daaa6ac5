import CLua
import Foundation

/// Builds the `springkit` module table that `require "springkit"` returns.
enum SpringKitModule {
    static func install(in lua: LuaState, session: ScriptSession) {
        lua.preload("springkit") { call in
            let module = ModuleBuilder(lua: call.lua, session: session)
            lua_createtable(call.L, 0, 32)
            module.addCore()
            module.addExpectations()
            module.addConversions()
            module.addTraces()
            module.addDynamics()
            module.addScenarios()
            module.addScroll()
            module.addLayouts()
            return 1
        }
        installLibraryModules(in: lua, session: session)
    }

    /// Makes `require "lib.NAME"` load `lib/NAME.lua` beside the script (text only, sandboxed like
    /// the script; NAME is letters, digits and `_`; read like `springkit.load_trace` reads, so a
    /// link out of the script's folder tree or a FIFO is refused). The folder is listed once, sorted.
    static func installLibraryModules(in lua: LuaState, session: ScriptSession) {
        let folder = (session.scriptPath as NSString).deletingLastPathComponent
        let libraryFolder = folder.isEmpty ? "lib" : folder + "/lib"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: libraryFolder) else { return }
        for file in names.sorted() where file.hasSuffix(".lua") {
            let name = String(file.dropLast(4))
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { continue }
            let path = libraryFolder + "/" + file
            let files = session.files
            lua.preload("lib." + name) { call in
                let source: [UInt8]
                do {
                    source = try ScriptRunner.checkedScriptText(try files.read("lib/" + file).bytes, path: path)
                } catch let error as ScriptFileAccess.Refusal {
                    throw ScriptError(.file, error.description)
                }
                let first = try call.lua.run(source: source, chunkName: "@" + path, results: 1)
                if call.isNil(first) { call.push(true) }
                return 1
            }
        }
    }
}

/// Adds functions to the module table on top of the stack.
struct ModuleBuilder {
    let lua: LuaState
    let session: ScriptSession

    /// `springkit.NAME = function`; errors name it `springkit.NAME`.
    func function(_ name: String, _ body: @escaping LuaFunction.Body) {
        lua.pushFunction("springkit.\(name)", body)
        lua.setField(-2, name)
    }

    func constant(_ name: String, _ value: String) {
        lua.push(value)
        lua.setField(-2, name)
    }
}
