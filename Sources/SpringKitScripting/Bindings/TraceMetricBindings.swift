import SpringKitTrace
import SpringKitMotion
import SpringKitReport

/// Trace methods computing metrics: `tr:settle_time{...}`, `tr:overshoot{...}`,
/// `tr:peak{...}`, `tr:oscillations{...}`. Each takes `{column =, id =, target = 0, epsilon = 0.5,
/// from =, to =}`; `from` and `to` (seconds, inclusive) limit the rows to a time window.
extension ModuleBuilder {
    var traceMetricMethods: [(String, LuaFunction.Body)] {
        func selection(_ call: LuaCall) throws -> (t: [Double], values: [Double], target: Double, epsilon: Double) {
            let box = try call.object(1, TraceBox.self, LuaClasses.trace)
            // A metric reads every row: charged as work, so a loop of them ends with the budget.
            try call.lua.budget.charge(box.trace.rowCount)
            let spec = try call.table(2)!
            try spec.rejectUnknownKeys(["column", "id", "target", "epsilon", "from", "to"])
            guard let column = try spec.string("column") else { throw call.argumentError(2, "field 'column' is required") }
            let id = try spec.integer("id")
            guard let series = box.trace.series(column: column, id: id) else {
                throw call.argumentError(2, "no column '\(column)' (columns: \(box.trace.columns.joined(separator: ",")))")
            }
            let epsilon = try spec.number("epsilon", default: 0.5)
            guard epsilon >= 0 else { throw call.argumentError(2, "field 'epsilon': must be ≥ 0") }
            let from = try spec.number("from") ?? -.infinity, to = try spec.number("to") ?? .infinity
            guard !from.isNaN, !to.isNaN, from <= to else { throw call.argumentError(2, "fields 'from' and 'to': a time window with from ≤ to expected") }
            let target = try spec.number("target", default: 0)
            guard target.isFinite else { throw call.argumentError(2, "field 'target': finite number expected") }
            guard from > -.infinity || to < .infinity else { return (series.t, series.values, target, epsilon) }
            let window = series.t.indices.filter { series.t[$0] >= from && series.t[$0] <= to }
            return (window.map { series.t[$0] }, window.map { series.values[$0] }, target, epsilon)
        }
        return [
            ("settle_time", { call in
                let s = try selection(call)
                if let time = TraceMetrics.settleTime(t: s.t, values: s.values, target: s.target, epsilon: s.epsilon) {
                    call.push(time)
                } else {
                    call.pushNil()
                }
                return 1
            }),
            ("overshoot", { call in
                let s = try selection(call)
                call.push(TraceMetrics.overshootPercent(values: s.values, target: s.target))
                return 1
            }),
            ("peak", { call in
                let s = try selection(call)
                call.push(TraceMetrics.peak(values: s.values.map { $0 - s.target }))
                return 1
            }),
            ("oscillations", { call in
                let s = try selection(call)
                call.push(TraceMetrics.oscillations(values: s.values, target: s.target, epsilon: s.epsilon))
                return 1
            }),
        ]
    }
}
