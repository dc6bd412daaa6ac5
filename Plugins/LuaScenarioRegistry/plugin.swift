import PackagePlugin

/// Generates SpringKitScripting's list of Lua scenarios (`ModuleBuilder.luaScenarioTypes`) from
/// the `extension NAME: LuaScenario` declarations of its sources, so a scenario's binding file
/// alone registers it (docs/adding-a-scenario.md). Swift cannot enumerate a protocol's
/// conformers at run time on Linux, so the list is written at build time instead of by hand.
@main
struct LuaScenarioRegistry: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.path).sorted { $0.string < $1.string }
        let output = context.pluginWorkDirectory.appending("LuaScenarioTypes.swift")
        return [.buildCommand(displayName: "Listing \(target.name)'s Lua scenarios",
                              executable: try context.tool(named: "LuaScenarioRegistryGenerator").path,
                              arguments: [target.directory.string, output.string] + sources.map(\.string),
                              inputFiles: sources, outputFiles: [output])]
    }
}
