import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpringKitSim

/// The flags every command that runs scripts accepts: `--param`, `--params`, `--preset`, `--seed`,
/// `--allow-io`, `--max-instructions`, `--max-memory`, `--timeout`.
enum ScriptOptionFlags {
    static let help = """
      --param NAME=VALUE     override a declared parameter (repeatable)
      --params FILE          read NAME=VALUE lines (as written by 'simrun tune')
      --preset NAME          start from a preset the script declares (--param still wins)
      --seed N               seed of springkit.random, math.random and the dot-art shuffles (default 1)
      --allow-io             open Lua's io library and loadfile/dofile (text only), and let
                             scripts load traces and images from outside their own folder
      --max-instructions N   instruction budget of each script run, shared by the Lua VM and
                             the engine's loops (default 250000000)
      --max-memory MIB       memory cap of each script run in MiB: Lua's allocations plus what
                             the engine reserves for the script (default 512, at most \(ScriptLimits.memoryCeiling >> 20))
      --timeout SECONDS      wall-clock limit of each script run (default \(NumberFormat.human(defaultTimeout)))
    """

    /// The wall-clock limit of a script run unless `--timeout` says otherwise.
    static let defaultTimeout = 60.0

    /// Script options as the command line starts them: the default `--timeout`, and a run
    /// stuck past it where no check reaches (C code) ends the process with exit status 2.
    static func defaults() -> ScriptOptions {
        var options = ScriptOptions()
        options.limits.timeout = defaultTimeout
        options.onHardTimeout = { reason in
            // Nothing has been written yet (outputs are written after a run returns), and the
            // stuck thread cannot be unwound: report and leave at once, without exit handlers.
            fflush(stdout)
            StandardError.write("simrun: " + VisibleText.escaped(reason) + "\n")
            _exit(2)
        }
        return options
    }

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
            let text = try args.value(for: flag, inline: inline)
            let mebibytes = try CommandLineArguments.positiveInteger(text, flag: flag)
            let largest = ScriptLimits.memoryCeiling >> 20
            guard mebibytes <= largest else { throw UsageError("--max-memory: '\(text)' MiB is more than the largest cap, \(largest) MiB (8 TiB)") }
            options.limits.maxMemory = mebibytes << 20
        case "--timeout":
            let text = try args.value(for: flag, inline: inline)
            guard let seconds = NumberFormat.parseFinite(text), seconds > 0, seconds <= 1e6 else {
                throw UsageError("--timeout: '\(text)' is not a number of seconds in (0, 1000000]")
            }
            options.limits.timeout = seconds
        default:
            return false
        }
        return true
    }
}
