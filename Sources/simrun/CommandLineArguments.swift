import SpringKitSim

/// A usage error: exit status 2 with a one-line reason.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Walks the arguments of one subcommand: flags with values, switches and positionals.
struct CommandLineArguments {
    private var remaining: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        remaining = arguments
        self.command = command
    }

    var isEmpty: Bool { remaining.isEmpty }

    /// Takes the next argument.
    mutating func next() -> String? { remaining.isEmpty ? nil : remaining.removeFirst() }

    /// The value after a flag (`--trace FILE`) or in `--trace=FILE` form.
    mutating func value(for flag: String, inline: String?) throws -> String {
        if let inline { return inline }
        guard let value = next(), !(value.hasPrefix("--") && value.count > 2) else {
            throw UsageError("\(prefix)\(flag) needs a value (see '\(helpCommand)')")
        }
        return value
    }

    /// The value of a flag that may be given once; `current` is its value so far.
    mutating func singleValue(for flag: String, inline: String?, current: String?) throws -> String {
        guard current == nil else { throw UsageError("\(prefix)\(flag) given twice") }
        let value = try value(for: flag, inline: inline)
        guard !value.isEmpty else { throw UsageError("\(prefix)\(flag): empty value") }
        return value
    }

    /// A switch (`--quiet`) takes no value: `--quiet=yes` is refused.
    func checkSwitch(_ flag: String, inline: String?) throws {
        if inline != nil { throw UsageError("\(prefix)\(flag) takes no value") }
    }

    private var prefix: String { command == "simrun" ? "" : command + ": " }

    /// Where the command's options are explained.
    private var helpCommand: String { command == "simrun" ? "simrun --help" : "simrun help " + command }

    /// The error for an option the command does not know, naming the nearest option its help
    /// lists when that one is a likely typo:
    /// `unknown option '--parm' (did you mean '--param'? see 'simrun --help')`.
    /// - Complexity: O(the help's length + options²), as `options(listedIn:)`.
    func unknownOption(_ flag: String, help: String) -> UsageError {
        Self.unknownOption(flag, help: help, prefix: prefix, see: helpCommand)
    }

    /// `PREFIXunknown option 'FLAG' (did you mean '--…'? see 'SEE')`, the suggestion only when close.
    static func unknownOption(_ flag: String, help: String, prefix: String, see: String) -> UsageError {
        UsageError("\(prefix)unknown option '\(flag)' (\(didYouMean(flag, among: options(listedIn: help) + ["--help"]))see '\(see)')")
    }

    /// `did you mean 'NAME'? ` for the candidate nearest `word` when it is a likely typo, else
    /// empty: the start of an error's parenthesis.
    /// - Complexity: O(`word.count` · the candidates' total length).
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        EditDistance.nearest(to: word, among: candidates).map { "did you mean '\($0)'? " } ?? ""
    }

    /// The error for a second positional argument where the command takes one script. A stray
    /// `NAME=VALUE` (a `--param` given two values) gets the flag it needs:
    /// `one script at a time (got 'a.lua' and 'frequency=2'; to set a parameter: --param frequency=2)`.
    func secondScript(_ first: String, _ second: String) -> UsageError {
        let hint = Self.parameterHint(second).map { "; " + $0 } ?? ""
        return UsageError("\(prefix)one script at a time (got '\(first)' and '\(second)'\(hint))")
    }

    /// `to set a parameter: --param NAME=VALUE` for a positional argument that looks like one
    /// (a `--param` given two values), else nil.
    static func parameterHint(_ argument: String) -> String? {
        looksLikeAssignment(argument) ? "to set a parameter: --param \(argument)" : nil
    }

    /// True for `NAME=VALUE` with NAME a Lua identifier and some VALUE: what `--param` takes.
    private static func looksLikeAssignment(_ argument: String) -> Bool {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
              argument.index(after: equals) != argument.endIndex else { return false }
        let name = argument[..<equals]
        return name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The options a help text lists: the flags that open its option lines, such as
    /// `  --trace FILE   where …`, `  --abs TOL, --rel TOL   …` or `  --quiet, -q   …`
    /// (each line's text before its first run of two spaces). Flags mentioned in prose are not
    /// options of the command and are left out.
    /// - Complexity: O(the help's length + options²).
    static func options(listedIn help: String) -> [String] {
        var options: [String] = []
        for line in help.split(separator: "\n") {
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("-") else { continue }
            let head = text.range(of: "  ").map { text[..<$0.lowerBound] } ?? text
            for word in head.split(separator: " ") where word.hasPrefix("-") {
                let flag = String(word.filter { $0 != "," })
                if !options.contains(flag) { options.append(flag) }
            }
        }
        return options
    }

    /// Splits `--flag=value` into its parts.
    static func split(_ argument: String) -> (flag: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static func positiveInteger(_ text: String, flag: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw UsageError("\(flag): '\(text)' is not a positive whole number") }
        return value
    }

    /// A whole number in `range`, else a usage error naming the flag and the range.
    static func integer(_ text: String, flag: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(flag): '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func nonNegativeNumber(_ text: String, flag: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError("\(flag): '\(text)' is not a number ≥ 0")
        }
        return value
    }
}

/// One option of a command: its names, how its value is read, and what it does with it.
struct CommandOption {
    enum Kind {
        /// `--flag VALUE` or `--flag=VALUE`, any number of times.
        case value
        /// A value that may be given once (`--trace FILE`): a second is "given twice", an empty one refused.
        case once
        /// A switch: `--quiet=yes` is refused.
        case toggle
        /// A switch that ignores an inline value (`--update`, `--no-open`).
        case bare
    }
    let names: [String]
    let kind: Kind
    /// Receives the value (empty for switches).
    let take: (String) throws -> Void

    static func value(_ names: String..., take: @escaping (String) throws -> Void) -> CommandOption {
        CommandOption(names: names, kind: .value, take: take)
    }
    static func once(_ names: String..., take: @escaping (String) throws -> Void) -> CommandOption {
        CommandOption(names: names, kind: .once, take: take)
    }
    static func toggle(_ names: String..., take: @escaping () throws -> Void) -> CommandOption {
        CommandOption(names: names, kind: .toggle) { _ in try take() }
    }
    static func bare(_ names: String..., take: @escaping () throws -> Void) -> CommandOption {
        CommandOption(names: names, kind: .bare) { _ in try take() }
    }
}

extension CommandLineArguments {
    /// Reads every argument of the command, the one loop all commands share: `first` may claim
    /// an argument (the script options, `ScriptOptionFlags.consume`), then the command's
    /// `options`, then `--help`/`-h`; an unknown option is refused with the nearest one `help`
    /// lists; anything else is positional (`oneScript`: a second one is refused at once).
    /// - Returns: the positional arguments, or nil when help was asked for (the caller prints it).
    mutating func parse(_ options: [CommandOption], help: String, oneScript: Bool = false,
                        first: ((_ flag: String, _ inline: String?, _ args: inout CommandLineArguments) throws -> Bool)? = nil)
        throws -> [String]? {
        var positionals: [String] = []
        var given: Set<String> = []
        while let argument = next() {
            let (flag, inline) = Self.split(argument)
            if let first, try first(flag, inline, &self) { continue }
            if let option = options.first(where: { $0.names.contains(flag) }) {
                try read(option, flag: flag, inline: inline, given: &given)
                continue
            }
            if flag == "--help" || flag == "-h" { return nil }
            if flag.hasPrefix("-") && flag.count > 1 { throw unknownOption(flag, help: help) }
            if oneScript, let script = positionals.first { throw secondScript(script, argument) }
            positionals.append(argument)
        }
        return positionals
    }

    private mutating func read(_ option: CommandOption, flag: String, inline: String?, given: inout Set<String>) throws {
        switch option.kind {
        case .value: try option.take(try value(for: flag, inline: inline))
        case .once:
            let key = option.names[0]
            let value = try singleValue(for: flag, inline: inline, current: given.contains(key) ? key : nil)
            given.insert(key)
            try option.take(value)
        case .toggle:
            try checkSwitch(flag, inline: inline)
            try option.take("")
        case .bare: try option.take("")
        }
    }
}
