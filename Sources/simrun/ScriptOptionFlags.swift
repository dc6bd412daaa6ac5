import Foundation
import SpringKitSim

/// The flags every command that runs scripts accepts: `--param`, `--params`, `--preset`, `--seed`,
/// `--allow-io`, `--max-instructions`, `--max-memory`.
enum ScriptOptionFlags {
    static let help = """
      --param NAME=VALUE     override a declared parameter (repeatable)
      --params FILE          read NAME=VALUE lines (as written by 'simrun tune')
      --preset NAME          start from a preset the script declares (--param still wins)
      --seed N               seed of springkit.random, math.random and the dot-art shuffles (default 1)
      --allow-io             open Lua's io library and loadfile/dofile (text only)
      --max-instructions N   Lua instruction budget (default 250000000)
      --max-memory MIB       Lua memory cap in MiB (default 512)
    """

    /// Consumes `flag` when it is a script option; returns false when it is not one.
    static func consume(_ flag: String, inline: String?, from args: inout CommandLineArguments,
                        into options: inout ScriptOptions) throws -> Bool {
        switch flag {
        case "--param":
            try options.parameters.addOverride(try args.value(for: flag, inline: inline))
        case "--params":
            let path = try args.value(for: flag, inline: inline)
            let text: String
            do {
                text = try InputFile.text(path)
            } catch let error as InputFile.ReadError {
                throw UsageError("--params: \(error)")
            }
            try options.parameters.addOverrides(fileText: text, path: path)
        case "--preset":
            let name = try args.value(for: flag, inline: inline)
            guard !name.isEmpty else { throw UsageError("--preset: empty name") }
            options.parameters.selectedPreset = name
        case "--seed":
            let text = try args.value(for: flag, inline: inline)
            guard let seed = UInt64(text) else { throw UsageError("--seed: '\(text)' is not a whole number ≥ 0") }
            options.seed = seed
        case "--allow-io":
            options.limits.allowIO = true
        case "--max-instructions":
            options.limits.maxInstructions = Int64(try CommandLineArguments.positiveInteger(try args.value(for: flag, inline: inline), flag: flag))
        case "--max-memory":
            options.limits.maxMemory = try CommandLineArguments.positiveInteger(try args.value(for: flag, inline: inline), flag: flag) << 20
        default:
            return false
        }
        return true
    }
}
