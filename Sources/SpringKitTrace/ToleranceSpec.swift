import SpringKitSupport

/// How closely a trace must match its golden: a value passes when
/// `|actual − expected| ≤ abs + rel · |expected|`. Columns may override both.
public struct ToleranceSpec: Equatable, Sendable {
    public static let defaultAbsolute = 1e-9
    public static let defaultRelative = 1e-9

    public var absolute: Double = ToleranceSpec.defaultAbsolute
    public var relative: Double = ToleranceSpec.defaultRelative
    /// Per-column overrides, declared by the script with `springkit.tolerance{columns = {...}}`.
    public var columns: [String: (absolute: Double, relative: Double)] = [:]

    public init(absolute: Double = ToleranceSpec.defaultAbsolute, relative: Double = ToleranceSpec.defaultRelative) {
        self.absolute = absolute
        self.relative = relative
    }

    public func bounds(for column: String) -> (absolute: Double, relative: Double) {
        columns[column] ?? (absolute, relative)
    }

    /// - Complexity: O(columns with their own tolerance).
    public static func == (a: ToleranceSpec, b: ToleranceSpec) -> Bool {
        a.absolute == b.absolute && a.relative == b.relative
            && a.columns.count == b.columns.count
            && a.columns.allSatisfy { key, value in b.columns[key].map { $0 == value } ?? false }
    }
}
