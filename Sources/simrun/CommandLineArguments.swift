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
            throw UsageError("\(prefix)\(flag) needs a value (see '\(command == "simrun" ? "simrun --help" : "simrun help " + command)')")
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
