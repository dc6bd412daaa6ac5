import SpringKitTrace
import SpringKitMotion
import SpringKitReport
import CLua

/// `springkit.trace{columns}`, `springkit.load_trace(path)` and the Trace methods.
extension ModuleBuilder {
    /// `tr:add(...)`: the row goes straight into the trace's storage (no row array, no copy).
    static func addRow(_ call: LuaCall, to trace: inout Trace) throws {
        let width = trace.columns.count
        guard call.argumentCount - 1 == Int32(width) else {
            throw call.argumentError(Int32(width) + 1 < call.argumentCount ? call.argumentCount : call.argumentCount + 1,
                "expected \(width) values (\(trace.columns.joined(separator: ","))), got \(call.argumentCount - 1)")
        }
        // Every value a number (the common case): read in C in one go; else value by value,
        // for the error that names the argument.
        let appended = trace.appendRow(filling: { row in skl_tonumbers(call.L, 2, Int32(width), row) != 0 })
        if !appended { try trace.appendRow { c in try call.number(Int32(c) + 2) } }
        // A row `simrun check` could not read back from a golden is refused here, where it is made.
        if let problem = trace.lastRowOrderProblem() {
            trace.removeLastRow()
            throw call.argumentError(2, problem)
        }
    }

    func addTraces() {
        let session = self.session
        LuaClasses.trace.define(in: lua, methods: [
            ("add", { call in
                let box = try call.object(1, TraceBox.self, LuaClasses.trace)
                let reservation = box.reservation
                try box.modifyTrace { trace in
                    let width = trace.width
                    try reservation.charge(1, unitsEach: width)
                    try reservation.reserve(width, bytesEach: MemoryLayout<Double>.stride)
                    try Self.addRow(call, to: &trace)
                }
                return 0
            }),
        ] + Self.traceReadingMethods + traceMetricMethods)
        function("trace") { call in try Self.newTrace(call, session) }
        function("load_trace") { call in try Self.loadTrace(call, session) }
    }

    /// A trace's columns, a column's values, its row count, one value, a metadata entry.
    private static var traceReadingMethods: [(String, LuaFunction.Body)] {
        [
            ("columns", { call in
                let box = try call.object(1, TraceBox.self, LuaClasses.trace)
                lua_createtable(call.L, Int32(box.trace.columns.count), 0)
                for (i, name) in box.trace.columns.enumerated() {
                    call.push(name)
                    lua_rawseti(call.L, -2, lua_Integer(i + 1))
                }
                return 1
            }),
            ("column", { call in
                let box = try call.object(1, TraceBox.self, LuaClasses.trace)
                let name = try call.string(2)
                guard let index = box.trace.columnIndex(name) else {
                    throw call.argumentError(2, "no column '\(name)' (columns: \(box.trace.columns.joined(separator: ",")))")
                }
                try call.reserveResult(box.trace.rowCount, bytesEach: LuaNumberRule.bytesPerArrayElement)
                call.pushArray(box.trace.column(index))
                return 1
            }),
            ("rows", { call in
                let box = try call.object(1, TraceBox.self, LuaClasses.trace)
                call.push(box.trace.rowCount)
                return 1
            }),
            ("value", { call in
                let box = try call.object(1, TraceBox.self, LuaClasses.trace)
                let row = try call.integer(2, "row")
                let name = try call.string(3)
                guard row >= 1, row <= box.trace.rowCount else {
                    throw call.argumentError(2, box.trace.rowCount == 0 ? "row \(row): the trace has no rows"
                                                : "row \(row) out of range 1…\(box.trace.rowCount)")
                }
                guard let column = box.trace.columnIndex(name) else {
                    throw call.argumentError(3, "no column '\(name)'")
                }
                call.push(box.trace.value(row: row - 1, column: column))
                return 1
            }),
            ("metadata", { call in
                let box = try call.object(1, TraceBox.self, LuaClasses.trace)
                let key = try call.string(2)
                if let value = box.trace.metadataValue(key) { call.push(value) } else { call.pushNil() }
                return 1
            }),
        ]
    }

    /// `springkit.trace{column, ...}`: an empty trace with the scenario's columns after frame, t, id.
    private static func newTrace(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let spec = try call.table(1)!
        let columns = try spec.strings()
        for name in columns where Trace.leadingColumns.contains(name) {
            throw call.argumentError(1, "'\(name)' is always the trace's own column; list only the scenario's columns")
        }
        guard Set(columns).count == columns.count else { throw call.argumentError(1, "repeated column name") }
        for name in columns where name.isEmpty || name.contains(",") || name.contains("\n") {
            throw call.argumentError(1, "invalid column name '\(name)'")
        }
        let box = TraceBox(Trace(columns: columns), budget: session.budget)
        if session.firstTrace == nil { session.firstTrace = box }
        call.push(box, as: LuaClasses.trace)
        return 1
    }

    /// `springkit.load_trace(path)`: a trace CSV read back.
    private static func loadTrace(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let given = try call.string(1)
        do {
            let file = try session.files.read(given)
            let trace = try TraceCSV.parse(file.bytes, path: file.path)
            let box = TraceBox(trace, budget: session.budget)
            try box.reservation.reserve(trace.values.count, bytesEach: MemoryLayout<Double>.stride)
            call.push(box, as: LuaClasses.trace)
        } catch let error as TraceFormatError {
            throw call.argumentError(1, error.description)
        } catch let error as ScriptFileAccess.Refusal {
            throw call.argumentError(1, error.description)
        }
        return 1
    }
}
