import Foundation
import SpringKitSupport

/// A tunable value a script declares with `springkit.param(name, default, {min=, max=, step=, unit=, doc=})`.
public struct ParameterDeclaration: Equatable, Sendable {
    public var name: String
    public var defaultValue: Double
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    public var doc: String
    /// The value's unit for people (`"Hz"`, `"pt"`); empty when none was declared.
    public var unit: String = ""
    /// The value the script received: the default or an override.
    public var value: Double
}

/// An invalid parameter: an override that names no parameter, lies outside its
/// range, or is not a finite number.
public struct ParameterError: SpringKitError, Equatable {
    public var description: String
    /// Overrides and declarations are at fault, not the arguments of the call that found it.
    public var blamesArguments: Bool { false }
    public init(_ description: String) { self.description = description }
}

/// A named set of parameter values a script declares with `springkit.preset(name, {NAME = value, ...})`
/// and a user picks with `--preset NAME`.
public struct PresetDeclaration: Equatable, Sendable {
    public var name: String
    /// Values by parameter name, sorted by name.
    public var values: [ParameterValue]
    public var doc: String

    public struct ParameterValue: Equatable, Sendable {
        public var name: String
        public var value: Double
    }

    /// `NAME=value` pairs, as `--list-params` shows them.
    /// - Complexity: O(values).
    public var valuesText: String { values.map { "\($0.name)=\(NumberFormat.shortest($0.value))" }.joined(separator: " ") }
}

/// Parameter overrides (`--param`, `--params FILE`, `--preset`, the tuner, sweeps) and the
/// declarations the script made, in declaration order.
///
/// A declared parameter takes, in order of precedence: an override, the selected preset's
/// value, its default.
public struct ScriptParameters: Sendable {
    /// Overrides by name, in the order given; a later one wins.
    public private(set) var overrides: [(name: String, value: Double)] = []
    public private(set) var declarations: [ParameterDeclaration] = []
    /// The preset chosen with `--preset NAME` (nil: none).
    public var selectedPreset: String?
    /// The presets the script declared, in declaration order.
    public private(set) var presets: [PresetDeclaration] = []

    public init() {}

    /// Adds an override given as `name=value` text.
    /// Errors show the text with control characters escaped (`\r`, `\0`), so they stay on one line.
    /// - Complexity: O(the text's length + overrides).
    public mutating func addOverride(_ assignment: String) throws {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw ParameterError("invalid parameter '\(VisibleText.escaped(assignment))': expected NAME=VALUE")
        }
        let name = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces)
        let text = String(assignment[assignment.index(after: equals)...])
        guard !name.isEmpty else { throw ParameterError("invalid parameter '\(VisibleText.escaped(assignment))': empty name") }
        guard let value = NumberFormat.parseFinite(text) else {
            let shown = text.isEmpty ? "an empty value" : "'\(VisibleText.escaped(text))'"
            throw ParameterError("invalid value for parameter '\(VisibleText.escaped(name))': \(shown) is not a finite number")
        }
        setOverride(name, value)
    }

    /// Sets an override by name (replacing an earlier one of that name).
    /// - Complexity: O(overrides).
    public mutating func setOverride(_ name: String, _ value: Double) {
        overrides.removeAll { $0.name == name }
        overrides.append((name, value))
    }

    /// Reads `name=value` lines; blank lines and `#` comments are skipped. `\r\n` line ends
    /// and a leading byte order mark are accepted; errors name `path:line`.
    /// - Complexity: O(the text's length + lines × overrides): each line replaces an earlier
    ///   override of its name.
    public mutating func addOverrides(fileText: String, path: String) throws {
        for (number, rawLine) in TextLines.split(fileText).enumerated() {
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
                          step: Double?, unit: String = "", doc: String) throws -> Double {
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
        if let preset = presets.first(where: { $0.name == selectedPreset }),
           let presetValue = preset.values.first(where: { $0.name == name }) {
            try Self.checkRange(name, presetValue.value, minimum, maximum, what: "preset '\(preset.name)' value")
            value = presetValue.value
        }
        if let override = overrides.last(where: { $0.name == name }) {
            try Self.checkRange(name, override.value, minimum, maximum, what: "value")
            value = override.value
        }
        declarations.append(ParameterDeclaration(name: name, defaultValue: defaultValue, minimum: minimum,
                                                 maximum: maximum, step: step, doc: doc, unit: unit, value: value))
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

    /// Records a preset. Presets come before the parameters they set (a parameter's value
    /// is fixed when it is declared); names are unique; values are finite.
    mutating func declarePreset(name: String, values: [(String, Double)], doc: String) throws {
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "=" || $0 == "," }) else {
            throw ParameterError("preset name '\(name)' must be non-empty, without spaces, '=' or ','")
        }
        if presets.contains(where: { $0.name == name }) { throw ParameterError("preset '\(name)' is declared twice") }
        for (key, value) in values {
            guard value.isFinite else { throw ParameterError("preset '\(name)': value of '\(key)' must be finite") }
            if declarations.contains(where: { $0.name == key }) {
                throw ParameterError("preset '\(name)' sets '\(key)', which is already declared: declare presets before the parameters they set")
            }
        }
        let sorted = values.sorted { $0.0 < $1.0 }.map { PresetDeclaration.ParameterValue(name: $0.0, value: $0.1) }
        presets.append(PresetDeclaration(name: name, values: sorted, doc: doc))
    }

    /// Fails when `--preset` names no preset the script declared, or a preset sets a
    /// parameter the script never declared.
    /// - Complexity: O(presets' values × declarations).
    func checkPresets() throws {
        for preset in presets {
            for value in preset.values where !declarations.contains(where: { $0.name == value.name }) {
                throw ParameterError("preset '\(preset.name)' sets '\(value.name)', which the script does not declare")
            }
        }
        guard let selectedPreset else { return }
        guard presets.contains(where: { $0.name == selectedPreset }) else {
            let known = presets.map(\.name).joined(separator: ", ")
            throw ParameterError("unknown preset '\(selectedPreset)' (the script declares: \(known.isEmpty ? "none" : known))")
        }
    }

    /// Fails when an override names a parameter the script did not declare.
    /// - Complexity: O(overrides × declarations).
    func checkAllOverridesDeclared() throws {
        for override in overrides where !declarations.contains(where: { $0.name == override.name }) {
            let known = declarations.map(\.name).joined(separator: ", ")
            throw ParameterError("unknown parameter '\(VisibleText.escaped(override.name))' (the script declares: \(known.isEmpty ? "none" : known))")
        }
    }

    /// `name=value` pairs in declaration order, as in a trace's `# params:` line.
    /// - Complexity: O(declarations).
    public var headerText: String {
        declarations.map { "\($0.name)=\(NumberFormat.shortest($0.value))" }.joined(separator: " ")
    }
}
