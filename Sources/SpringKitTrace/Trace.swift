import SpringKitSupport

/// A motion trace: one row per (frame, item), columns `frame`, `t`, `id` first and
/// then the scenario's own. Values are stored row-major in one contiguous array.
public struct Trace: Equatable, Sendable {
    /// The `# key: value` comment lines, in order (`script`, `params`, `seed`, …).
    public var metadata: [(key: String, value: String)]
    public private(set) var columns: [String]
    /// Row-major values: row r, column c is `values[r * columns.count + c]`.
    public private(set) var values: [Double]

    public static let formatLine = "# springkit-trace 1"
    public static let leadingColumns = ["frame", "t", "id"]

    /// A new, empty trace with `frame,t,id` followed by `columns`.
    public init(columns: [String]) {
        self.metadata = []
        self.columns = Trace.leadingColumns + columns
        self.values = []
    }

    init(metadata: [(key: String, value: String)], allColumns: [String], values: [Double]) {
        self.metadata = metadata
        self.columns = allColumns
        self.values = values
    }

    public var rowCount: Int { columns.isEmpty ? 0 : values.count / columns.count }

    /// The number of columns (`frame`, `t`, `id` included).
    public var width: Int { columns.count }

    public func value(row: Int, column: Int) -> Double { values[row * columns.count + column] }

    /// - Complexity: O(columns).
    public func columnIndex(_ name: String) -> Int? { columns.firstIndex(of: name) }

    /// Appends one row; `row.count` must equal `columns.count`.
    public mutating func append(row: [Double]) {
        precondition(row.count == columns.count, "trace row has \(row.count) values for \(columns.count) columns")
        values.append(contentsOf: row)
    }

    /// Appends one row, its value in column c given by `value(c)`, in place; when `value`
    /// throws, nothing is appended.
    /// - Complexity: O(columns), amortized.
    public mutating func appendRow(_ value: (Int) throws -> Double) rethrows {
        let start = values.count
        do {
            for c in 0..<columns.count { values.append(try value(c)) }
        } catch {
            values.removeSubrange(start...)
            throw error
        }
    }

    /// Appends one row that `fill` writes at the pointer (room for `width` values) when it
    /// returns true; appends nothing when it returns false.
    public mutating func appendRow(filling fill: (UnsafeMutablePointer<Double>) -> Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(columns.count, 1)) { row in
            guard fill(row.baseAddress!) else { return false }
            values.append(contentsOf: UnsafeBufferPointer(rebasing: row[..<columns.count]))
            return true
        }
    }

    /// Removes the last row (none when the trace is empty).
    public mutating func removeLastRow() {
        guard rowCount > 0 else { return }
        values.removeLast(columns.count)
    }

    /// Why the last row cannot follow the one before it, or nil when it can: rows go in
    /// increasing (frame, id), both finite, as `simrun check` reads a golden back.
    /// - Complexity: O(1).
    public func lastRowOrderProblem() -> String? {
        let n = rowCount
        guard n > 0, columns.count >= 3 else { return nil }
        let frame = value(row: n - 1, column: 0), id = value(row: n - 1, column: 2)
        guard frame.isFinite, id.isFinite else { return "frame and id must be finite numbers" }
        guard n > 1 else { return nil }
        let before = (value(row: n - 2, column: 0), value(row: n - 2, column: 2))
        if (frame, id) > before { return nil }
        func key(_ f: Double, _ i: Double) -> String { "frame \(NumberFormat.shortest(f)), id \(NumberFormat.shortest(i))" }
        return (frame, id) == before ? "repeats the previous row's \(key(frame, id)) (rows go in increasing (frame, id), as simrun check reads them back)"
            : "\(key(frame, id)) comes after \(key(before.0, before.1)) (rows go in increasing (frame, id), as simrun check reads them back)"
    }

    /// Appends one row from its parts without building an intermediate array.
    public mutating func append(frame: Int, t: Double, id: Int, _ rest: Double...) {
        precondition(rest.count + 3 == columns.count, "trace row has \(rest.count + 3) values for \(columns.count) columns")
        values.append(Double(frame))
        values.append(t)
        values.append(Double(id))
        values.append(contentsOf: rest)
    }

    /// Appends whole rows, row-major (`rows.count` a multiple of `columns.count`).
    /// - Complexity: O(`rows.count`).
    public mutating func append(rows: [Double]) {
        precondition(rows.count % max(1, columns.count) == 0, "trace rows of \(rows.count) values for \(columns.count) columns")
        values.append(contentsOf: rows)
    }

    /// - Complexity: O(rows × columns) when it grows the storage.
    public mutating func reserveRows(_ count: Int) { values.reserveCapacity(count * columns.count) }

    /// All values of one column, in row order.
    /// - Complexity: O(rows).
    public func column(_ index: Int) -> [Double] {
        stride(from: index, to: values.count, by: columns.count).map { values[$0] }
    }

    /// The value of a metadata key, when present.
    /// - Complexity: O(metadata lines).
    public func metadataValue(_ key: String) -> String? { metadata.last { $0.key == key }?.value }

    /// - Complexity: O(metadata lines).
    public mutating func setMetadata(_ key: String, _ value: String) {
        if let i = metadata.firstIndex(where: { $0.key == key }) {
            metadata[i].value = value
        } else {
            metadata.append((key, value))
        }
    }

    public static func == (a: Trace, b: Trace) -> Bool {
        a.columns == b.columns && a.values.elementsEqual(b.values, by: { $0.bitPattern == $1.bitPattern })
            && a.metadata.elementsEqual(b.metadata, by: { $0.key == $1.key && $0.value == $1.value })
    }
}
