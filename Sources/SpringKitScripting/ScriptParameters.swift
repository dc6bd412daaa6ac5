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
/// range, or is not a finite number; or a declaration that contradicts itself or another
/// (`springkit.param`, `springkit.preset`).
///
/// A fault with a place — a script's declaration, a line of a `--params` file — starts with
/// that place (`scripts/list.lua:12: …`); one given on the command line has none.
public struct ParameterError: SpringKitError, Equatable {
    public var description: String
    /// Overrides and declarations are at fault, not the arguments of the call that found it.
    public var blamesArguments: Bool { false }
    public init(_ description: String) { self.description = description }

    /// The error `description` names, prefixed with `place` when there is one.
    package init(_ description: String, at place: SourcePlace?) {
        self.description = place.map { "\($0): \(description)" } ?? description
    }
}

/// A file and a line: where a script declared something (as Lua names the script in its
/// own error messages), or a line of a `--params` file.
package struct SourcePlace: Equatable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    package var description: String { "\(file):\(line)" }

    /// This place as a message at `other` names it: `line N` in the same file, else `file:N`.
    package func named(from other: SourcePlace?) -> String {
        other?.file == file ? "line \(line)" : description
    }
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
    /// Where each parameter was declared, by name (absent when the place is unknown).
    package private(set) var parameterPlaces: [String: SourcePlace] = [:]
    /// Where each preset was declared, by name.
    private var presetPlaces: [String: SourcePlace] = [:]
    /// The `--params` file line of each override read from one, by name.
    private var overridePlaces: [String: SourcePlace] = [:]

    public init() {}

    /// Adds an override given as `name=value` text.
    /// Errors show the text with control characters escaped (`\r`, `\0`), so they stay on one line.
    /// - Complexity: O(the text's length + overrides).
    public mutating func addOverride(_ assignment: String) throws {
        try addOverride(assignment, from: nil)
    }

    private mutating func addOverride(_ assignment: String, from place: SourcePlace?) throws {
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
        setOverride(name, value, from: place)
    }

    /// Sets an override by name (replacing an earlier one of that name).
    /// - Complexity: O(overrides).
    public mutating func setOverride(_ name: String, _ value: Double) {
        setOverride(name, value, from: nil)
    }

    /// Sets an override read at `place` (nil: given on the command line or by a tool).
    private mutating func setOverride(_ name: String, _ value: Double, from place: SourcePlace?) {
        overrides.removeAll { $0.name == name }
        overrides.append((name, value))
        overridePlaces[name] = place
    }

    /// Reads `name=value` lines; blank lines and `#` comments are skipped. `\r\n` line ends
    /// and a leading byte order mark are accepted; errors name `path:line`.
    /// - Complexity: O(the text's length + lines × overrides): each line replaces an earlier
    ///   override of its name.
    public mutating func addOverrides(fileText: String, path: String) throws {
        for (number, rawLine) in TextLines.split(fileText).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let place = SourcePlace(file: path, line: number + 1)
            do {
                try addOverride(line, from: place)
            } catch let error as ParameterError {
                throw ParameterError(error.description, at: place)
            }
        }
    }

    /// Whether `name` can name a parameter: ASCII letters, digits and `_`, not starting with a
    /// digit (it is written into `--params` files, trace headers and `--param NAME=VALUE`).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }

    /// Records a declaration made at `place` and returns the value the script gets. Each
    /// preset declared before it that sets it must hold a value in its range.
    /// Errors start with `place` (a preset's fault names the preset's line too).
    /// - Complexity: O(declarations + presets' values + overrides).
    mutating func declare(name: String, defaultValue: Double, minimum: Double?, maximum: Double?,
                          step: Double?, unit: String = "", doc: String, at place: SourcePlace? = nil) throws -> Double {
        func failure(_ message: String) -> ParameterError { ParameterError(message, at: place) }
        // A name is written into --params files, the trace's params header and --param NAME=VALUE.
        guard Self.isValidName(name) else {
            throw failure("parameter name '\(VisibleText.escaped(name))': letters, digits and _, not starting with a digit")
        }
        if declarations.contains(where: { $0.name == name }) {
            let first = parameterPlaces[name].map { " (first at \($0.named(from: place)))" } ?? ""
            throw failure("parameter '\(name)' is declared twice\(first)")
        }
        guard defaultValue.isFinite else { throw failure("parameter '\(name)': default must be finite") }
        for (bound, label) in [(minimum, "min"), (maximum, "max")] where bound.map({ !$0.isFinite }) ?? false {
            throw failure("parameter '\(name)': \(label) must be a finite number")
        }
        if let minimum, let maximum, minimum > maximum {
            throw failure("parameter '\(name)': min \(NumberFormat.shortest(minimum)) is above max \(NumberFormat.shortest(maximum))")
        }
        if let step, !(step > 0 && step.isFinite) {
            throw failure("parameter '\(name)': step must be a positive number")
        }
        if let problem = Self.rangeProblem(defaultValue, minimum, maximum) {
            throw failure("parameter '\(name)': default \(NumberFormat.shortest(defaultValue)) is \(problem)")
        }
        var value = defaultValue
        for preset in presets {
            guard let presetValue = preset.values.first(where: { $0.name == name }) else { continue }
            if let problem = Self.rangeProblem(presetValue.value, minimum, maximum) {
                let presetPlace = presetPlaces[preset.name].map { " (\($0.named(from: place)))" } ?? ""
                throw failure("preset '\(preset.name)'\(presetPlace) sets \(name)=\(NumberFormat.shortest(presetValue.value)), \(problem)")
            }
            if preset.name == selectedPreset { value = presetValue.value }
        }
        if let override = overrides.last(where: { $0.name == name }) {
            if let problem = Self.rangeProblem(override.value, minimum, maximum) {
                throw ParameterError("parameter '\(name)': value \(NumberFormat.shortest(override.value)) is \(problem)",
                                     at: overridePlaces[name])
            }
            value = override.value
        }
        declarations.append(ParameterDeclaration(name: name, defaultValue: defaultValue, minimum: minimum,
                                                 maximum: maximum, step: step, doc: doc, unit: unit, value: value))
        parameterPlaces[name] = place
        return value
    }

    /// Why `value` lies outside `[minimum, maximum]` (`above the maximum 5`); nil when inside.
    private static func rangeProblem(_ value: Double, _ minimum: Double?, _ maximum: Double?) -> String? {
        if let minimum, value < minimum { return "below the minimum \(NumberFormat.shortest(minimum))" }
        if let maximum, value > maximum { return "above the maximum \(NumberFormat.shortest(maximum))" }
        return nil
    }

    /// Records a preset declared at `place`. Presets come before the parameters they set (a
    /// parameter's value is fixed when it is declared); names are unique; values are finite.
    /// Errors start with `place`.
    /// - Complexity: O(presets + values × declarations).
    mutating func declarePreset(name: String, values: [(String, Double)], doc: String, at place: SourcePlace? = nil) throws {
        func failure(_ message: String) -> ParameterError { ParameterError(message, at: place) }
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "=" || $0 == "," }) else {
            throw failure("preset name '\(name)' must be non-empty, without spaces, '=' or ','")
        }
        if presets.contains(where: { $0.name == name }) {
            let first = presetPlaces[name].map { " (first at \($0.named(from: place)))" } ?? ""
            throw failure("preset '\(name)' is declared twice\(first)")
        }
        for (key, value) in values {
            guard value.isFinite else { throw failure("preset '\(name)': value of '\(key)' must be finite") }
            if declarations.contains(where: { $0.name == key }) {
                let declared = parameterPlaces[key].map { " (\($0.named(from: place)))" } ?? ""
                throw failure("preset '\(name)' sets '\(key)', which is already declared\(declared): declare presets before the parameters they set")
            }
        }
        let sorted = values.sorted { $0.0 < $1.0 }.map { PresetDeclaration.ParameterValue(name: $0.0, value: $0.1) }
        presets.append(PresetDeclaration(name: name, values: sorted, doc: doc))
        presetPlaces[name] = place
    }

    /// Fails when `--preset` names no preset the script declared, or a preset sets a
    /// parameter the script never declared.
    /// - Complexity: O(presets' values × declarations).
    func checkPresets() throws {
        for preset in presets {
            for value in preset.values where !declarations.contains(where: { $0.name == value.name }) {
                throw ParameterError("preset '\(preset.name)' sets '\(value.name)', which the script does not declare",
                                     at: presetPlaces[preset.name])
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
            throw ParameterError("unknown parameter '\(VisibleText.escaped(override.name))' (the script declares: \(known.isEmpty ? "none" : known))",
                                 at: overridePlaces[override.name])
        }
    }

    /// `name=value` pairs in declaration order, as in a trace's `# params:` line.
    /// - Complexity: O(declarations).
    public var headerText: String {
        declarations.map { "\($0.name)=\(NumberFormat.shortest($0.value))" }.joined(separator: " ")
    }
}
