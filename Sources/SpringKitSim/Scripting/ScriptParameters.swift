/// A tunable value a script declares with `springkit.param(name, default, {min=, max=, step=, doc=})`.
public struct ParameterDeclaration: Equatable, Sendable {
    public var name: String
    public var defaultValue: Double
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    public var doc: String
    /// The value the script received: the default or an override.
    public var value: Double
}

/// An invalid parameter: an override that names no parameter, lies outside its
/// range, or is not a finite number.
public struct ParameterError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Parameter overrides (`--param`, `--params FILE`, the tuner, sweeps) and the
/// declarations the script made, in declaration order.
public struct ScriptParameters: Sendable {
    /// Overrides by name, in the order given; a later one wins.
    public private(set) var overrides: [(name: String, value: Double)] = []
    public private(set) var declarations: [ParameterDeclaration] = []

    public init() {}

    /// Adds an override given as `name=value` text.
    public mutating func addOverride(_ assignment: String) throws {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw ParameterError("invalid parameter '\(assignment)': expected NAME=VALUE")
        }
        let name = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces)
        let text = String(assignment[assignment.index(after: equals)...])
        guard !name.isEmpty else { throw ParameterError("invalid parameter '\(assignment)': empty name") }
        guard let value = NumberFormat.parseFinite(text) else {
            let shown = text.isEmpty ? "an empty value" : "'\(text)'"
            throw ParameterError("invalid value for parameter '\(name)': \(shown) is not a finite number")
        }
        setOverride(name, value)
    }

    public mutating func setOverride(_ name: String, _ value: Double) {
        overrides.removeAll { $0.name == name }
        overrides.append((name, value))
    }

    /// Reads `name=value` lines; blank lines and `#` comments are skipped.
    public mutating func addOverrides(fileText: String, path: String) throws {
        for (number, rawLine) in fileText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                try addOverride(line)
            } catch let error as ParameterError {
                throw ParameterError("\(path):\(number + 1): \(error.description)")
            }
        }
    }

    /// Records a declaration and returns the value the script gets.
    mutating func declare(name: String, defaultValue: Double, minimum: Double?, maximum: Double?,
                          step: Double?, doc: String) throws -> Double {
        if declarations.contains(where: { $0.name == name }) {
            throw ParameterError("parameter '\(name)' is declared twice")
        }
        guard defaultValue.isFinite else { throw ParameterError("parameter '\(name)': default must be finite") }
        if let minimum, let maximum, minimum > maximum {
            throw ParameterError("parameter '\(name)': min \(NumberFormat.shortest(minimum)) is above max \(NumberFormat.shortest(maximum))")
        }
        if let step, !(step > 0 && step.isFinite) {
            throw ParameterError("parameter '\(name)': step must be a positive number")
        }
        try Self.checkRange(name, defaultValue, minimum, maximum, what: "default")
        var value = defaultValue
        if let override = overrides.last(where: { $0.name == name }) {
            try Self.checkRange(name, override.value, minimum, maximum, what: "value")
            value = override.value
        }
        declarations.append(ParameterDeclaration(name: name, defaultValue: defaultValue, minimum: minimum,
                                                 maximum: maximum, step: step, doc: doc, value: value))
        return value
    }

    private static func checkRange(_ name: String, _ value: Double, _ minimum: Double?, _ maximum: Double?, what: String) throws {
        if let minimum, value < minimum {
            throw ParameterError("parameter '\(name)': \(what) \(NumberFormat.shortest(value)) is below the minimum \(NumberFormat.shortest(minimum))")
        }
        if let maximum, value > maximum {
            throw ParameterError("parameter '\(name)': \(what) \(NumberFormat.shortest(value)) is above the maximum \(NumberFormat.shortest(maximum))")
        }
    }

    /// Fails when an override names a parameter the script did not declare.
    public func checkAllOverridesDeclared() throws {
        for override in overrides where !declarations.contains(where: { $0.name == override.name }) {
            let known = declarations.map(\.name).joined(separator: ", ")
            throw ParameterError("unknown parameter '\(override.name)' (the script declares: \(known.isEmpty ? "none" : known))")
        }
    }

    /// `name=value` pairs in declaration order, as in a trace's `# params:` line.
    public var headerText: String {
        declarations.map { "\($0.name)=\(NumberFormat.shortest($0.value))" }.joined(separator: " ")
    }
}

import Foundation
