import Foundation

/// The commands `simrun NAME …` runs; any other first argument is a script path.
struct Subcommand {
    var name: String
    var run: ([String]) throws -> Int32

    /// In the order the help lists them.
    static let all = [
        Subcommand(name: "check", run: CheckCommand.run),
        Subcommand(name: "tune", run: TuneCommand.run),
        Subcommand(name: "studio", run: StudioCommand.run),
        Subcommand(name: "sweep", run: SweepCommand.run),
        Subcommand(name: "merge", run: MergeCommand.run),
        Subcommand(name: "convert", run: ConvertCommand.run),
        Subcommand(name: "bench", run: BenchCommand.run),
    ]

    /// Every word that may come first besides a script: the commands and `help`.
    static var names: [String] { all.map(\.name) + ["help"] }

    static func named(_ name: String) -> Subcommand? { all.first { $0.name == name } }

    /// The error for a first argument that is neither a command nor plausibly a script — no
    /// such file, no `.lua` ending, no `/` — such as a mistyped command (`simrun chek`):
    /// `unknown command 'chek' (did you mean 'check'? commands: …; or give a script path)`.
    /// Nil when the argument should be run as a script, whose own errors then apply
    /// (`missing.lua: no such file`).
    static func unknownCommandError(_ first: String) -> UsageError? {
        var info = stat()
        guard !first.isEmpty, !first.hasPrefix("-"), !first.hasSuffix(".lua"), !first.contains("/"),
              lstat(first, &info) != 0 else { return nil }
        let parameterHint = CommandLineArguments.parameterHint(first).map { "; " + $0 } ?? ""
        return UsageError("unknown command '\(first)' (\(CommandLineArguments.didYouMean(first, among: names))"
                          + "commands: \(names.joined(separator: ", ")); or give a script path\(parameterHint))")
    }
}
