import Foundation

// LuaScenarioRegistryGenerator ROOT OUTPUT SOURCE...
//
// Writes OUTPUT: `ModuleBuilder.luaScenarioTypes`, every type a SOURCE declares `LuaScenario` for
// (`extension NAME: LuaScenario`, or a class or struct with it in its inheritance list), ordered by
// file (paths relative to ROOT) and line, with the imports of those files. A declaration that names
// `LuaScenario` in a form this reader does not know is an error, never a silent omission.
// Run by the LuaScenarioRegistry build-tool plugin (Plugins/).

struct Failure: Error, CustomStringConvertible { let description: String }

let declaration = try NSRegularExpression(pattern:
    #"^\s*(?:(?:public|package|internal|fileprivate|private|final)\s+)*(extension|class|struct|enum|actor)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:<[^>]*>)?\s*:\s*([^{]*)"#)
let importLine = try NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*import\s+\w+"#)

func matches(_ regex: NSRegularExpression, _ line: String) -> NSTextCheckingResult? {
    regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
}

func group(_ match: NSTextCheckingResult, _ index: Int, _ line: String) -> String {
    String(line[Range(match.range(at: index), in: line)!])
}

/// The scenario types `text` declares, and its import lines (when it declares any).
func scan(_ text: String, path: String) throws -> (types: [String], imports: [String]) {
    var types: [String] = [], imports: [String] = []
    for (number, raw) in text.components(separatedBy: "\n").enumerated() {
        let line = raw.components(separatedBy: "//").first!
        if matches(importLine, line) != nil { imports.append(line.trimmingCharacters(in: .whitespaces)) }
        guard line.range(of: #"\bLuaScenario\b"#, options: .regularExpression) != nil else { continue }
        if let m = matches(declaration, line) {
            let inherited = group(m, 3, line).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if inherited.contains("LuaScenario") { types.append(group(m, 2, line)); continue }
        }
        // Where else the name may stand: the protocol itself, generic constraints, conditional uses.
        let known = [#"^\s*protocol\s+LuaScenario\b"#, #"<[^>]*:\s*LuaScenario\b"#, #"any\s+LuaScenario\b"#,
                     #"where\s+\w+\s*:\s*LuaScenario\b"#, #"as\??\s*LuaScenario\b"#, #"LuaScenario\.Type"#,
                     #"^\s*\w+\s*:\s*LuaScenario\b"#]
        guard known.contains(where: { line.range(of: $0, options: .regularExpression) != nil }) else {
            throw Failure(description: "\(path):\(number + 1): error: a declaration names LuaScenario in a form the scenario list cannot read; write `extension NAME: LuaScenario {` on one line")
        }
    }
    return (types, types.isEmpty ? [] : imports)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: LuaScenarioRegistryGenerator ROOT OUTPUT SOURCE...\n".utf8))
    exit(2)
}
let root = arguments.first!, output = arguments.dropFirst().first!
var entries: [(type: String, file: String)] = []
var imports = Set<String>()
do {
    for path in arguments.dropFirst(2).sorted() where path != output {
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        let found = try scan(try String(contentsOfFile: path, encoding: .utf8), path: path)
        entries += found.types.map { ($0, relative) }
        imports.formUnion(found.imports)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

var text = """
// Generated at build time by LuaScenarioRegistryGenerator (the LuaScenarioRegistry plugin) from the
// `extension NAME: LuaScenario` declarations of this target's sources. Do not edit: a scenario's
// binding file registers it.

"""
text += imports.sorted().map { $0 + "\n" }.joined()
text += """

extension ModuleBuilder {
    /// Every Swift scenario with a Lua class: `addScenarios()` defines each one's binding.
    static let luaScenarioTypes: [any LuaScenario.Type] = [

"""
text += entries.map { "        \($0.type).self,   // \($0.file)\n" }.joined()
text += "    ]\n}\n"
let url = URL(fileURLWithPath: output)
if (try? String(contentsOf: url, encoding: .utf8)) != text {
    try text.write(to: url, atomically: true, encoding: .utf8)
}
