import SpringKitSim

/// `simrun convert FROM key=value...`: one spring in every convention.
enum ConvertCommand {
    static var help: String {
        """
        usage: simrun convert FROM KEY=VALUE... [--digits N]

        --digits N   decimals printed, 0 to 15 (default 4)

        Prints the spring in every convention. FROM and its keys:
        \(SpringConvention.allCases.map { "  \($0.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0))\($0.keys.joined(separator: " "))" }.joined(separator: "\n"))
        (mass defaults to 1.) Formulas and sources: docs/tuning.md.
        example: simrun convert swiftui-duration duration=0.5 bounce=0.3
        """
    }

    /// The most decimals `--digits` prints (a double holds about 15 to 17 significant digits).
    static let maximumDigits = 15

    static func run(_ arguments: [String]) throws -> Int32 {
        var args = CommandLineArguments(arguments, command: "convert")
        var from: SpringConvention?
        var values: [String: Double] = [:]
        var digits = 4
        var digitsText: String?
        while let argument = args.next() {
            let (flag, inline) = CommandLineArguments.split(argument)
            switch flag {
            case "--help", "-h":
                print(help)
                return 0
            case "--digits":
                digitsText = try args.singleValue(for: flag, inline: inline, current: digitsText)
                digits = try CommandLineArguments.integer(digitsText!, flag: flag, in: 0...maximumDigits)
            default:
                if flag.hasPrefix("--") { throw args.unknownOption(flag, help: help) }
                if from == nil {
                    guard let convention = SpringConvention(rawValue: argument) else {
                        let names = SpringConvention.allCases.map(\.rawValue)
                        throw UsageError("convert: unknown convention '\(argument)' (\(CommandLineArguments.didYouMean(argument, among: names))one of: \(names.joined(separator: ", ")))")
                    }
                    from = convention
                    continue
                }
                guard let equals = argument.firstIndex(of: "="), let value = NumberFormat.parseFinite(String(argument[argument.index(after: equals)...])) else {
                    throw UsageError("convert: expected KEY=VALUE with a finite number, got '\(argument)'")
                }
                let key = String(argument[..<equals])
                guard values.updateValue(value, forKey: key) == nil else { throw UsageError("convert: \(key) given twice") }
            }
        }
        guard let from else { throw UsageError("convert: which convention? (see 'simrun help convert')") }
        let spring: SpringModel
        do {
            spring = try from.model(values)
        } catch let error as SpringConvention.ConversionError {
            throw UsageError("convert: \(error)")
        }
        for convention in SpringConvention.allCases {
            let name = convention.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)
            guard let converted = convention.values(spring), convention.accepts(converted) else {
                print("\(name)(cannot express this spring)")
                continue
            }
            print(name + convention.keys.map { "\($0)=\(shown(converted[$0]!, digits: digits))" }.joined(separator: " "))
        }
        return 0
    }

    /// A value with `digits` decimals; one too small for them (a response of 6e-154 s) in
    /// significant digits rather than as a 0 it is not.
    static func shown(_ value: Double, digits: Int) -> String {
        let text = NumberFormat.human(value, decimals: digits)
        guard value != 0, text == "0" || text == "-0" else { return text }
        return NumberFormat.significant(value, digits: max(digits, 1))
    }
}
