import SpringKitSupport
import SpringKitMath
import SpringKitMotion
import CLua

/// `springkit.param`, `preset`, `metric`, `tolerance`, `seed`, `random`, `version`.
extension ModuleBuilder {
    func addCore() {
        let session = self.session
        constant("version", SpringKitVersion.string)

        function("param") { call in try Self.param(call, session) }

        function("preset") { call in try Self.preset(call, session) }

        function("metric") { call in
            let name = try call.string(1)
            let value = try call.number(2)
            let unit = call.isNil(3) ? "" : try call.string(3)
            session.metrics.append(ScriptRun.Metric(name: name, value: value, unit: unit))
            return 0
        }

        function("tolerance") { call in try Self.tolerance(call, session) }

        function("seed") { call in
            call.push(Int(truncatingIfNeeded: session.seed))
            return 1
        }

        function("random") { call in
            if call.isNil(1) {
                call.push(session.random.nextUnit())
                return 1
            }
            let low = call.isNil(2) ? 1 : try call.integer(1)
            let high = call.isNil(2) ? try call.integer(1) : try call.integer(2)
            guard low <= high else { throw call.argumentError(call.isNil(2) ? 1 : 2, "interval is empty") }
            call.push(Int.random(in: low...high, using: &session.random))
            return 1
        }
    }

    /// `springkit.param(name, default, {min =, max =, step =, unit =, doc =})` → the value (the default or its override).
    private static func param(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let name = try call.string(1)
        let defaultValue = try call.finiteNumber(2)
        let options = try call.table(3, optional: true)
        try options?.rejectUnknownKeys(["min", "max", "step", "unit", "doc"])
        do {
            let value = try session.parameters.declare(
                name: name, defaultValue: defaultValue,
                minimum: try options?.number("min"), maximum: try options?.number("max"),
                step: try options?.number("step"), unit: try options?.string("unit") ?? "",
                doc: try options?.string("doc") ?? "", at: call.callerPlace)
            call.push(value)
            return 1
        } catch let error as ParameterError {
            session.parameterError = error
            throw ScriptError(.runtime, error.description)
        }
    }

    /// `springkit.preset(name, {NAME = value, ...}, [doc])`.
    private static func preset(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let name = try call.string(1)
        let table = try call.table(2)!
        let doc = call.isNil(3) ? "" : try call.string(3)
        var values: [(String, Double)] = []
        for key in try table.stringKeys() {
            guard let value = try table.number(key), value.isFinite else {
                throw call.argumentError(2, "field '\(key)': finite number expected")
            }
            values.append((key, value))
        }
        guard Int(lua_rawlen(call.L, table.index)) == 0 else {
            throw call.argumentError(2, "expected {NAME = value, ...}, got array elements")
        }
        do {
            try session.parameters.declarePreset(name: name, values: values, doc: doc, at: call.callerPlace)
        } catch let error as ParameterError {
            session.parameterError = error
            throw ScriptError(.runtime, error.description)
        }
        return 0
    }

    /// `springkit.tolerance{abs =, rel =, columns =}`: the check tolerances, per column too.
    private static func tolerance(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let spec = try call.table(1)!
        try spec.rejectUnknownKeys(["abs", "rel", "columns"])
        var tolerances = session.tolerances
        tolerances.absolute = try spec.number("abs") ?? tolerances.absolute
        tolerances.relative = try spec.number("rel") ?? tolerances.relative
        guard tolerances.absolute >= 0, tolerances.relative >= 0 else {
            throw call.argumentError(1, "tolerances must be ≥ 0")
        }
        // columns = {x = {abs = 1e-6, rel = 0}, ...}: read in sorted key order.
        try spec.withTable("columns") { columns in
            guard let columns else { return }
            for name in try columns.stringKeys() {
                try columns.withTable(name) { entry in
                    guard let entry else { return }
                    try entry.rejectUnknownKeys(["abs", "rel"])
                    let absolute = try entry.number("abs", default: tolerances.absolute)
                    let relative = try entry.number("rel", default: tolerances.relative)
                    guard absolute >= 0, relative >= 0 else { throw call.argumentError(1, "column '\(name)': tolerances must be ≥ 0") }
                    tolerances.columns[name] = (absolute, relative)
                }
            }
        }
        session.tolerances = tolerances
        return 0
    }
}

/// `springkit.convert(from, {key = value})` → `{uikit = {frequency =, damping =}, swiftui = {...}, ...}`.
extension ModuleBuilder {
    func addConversions() {
        function("convert") { call in
            let name = try call.string(1)
            guard let from = SpringConvention(rawValue: name) else {
                throw call.argumentError(1, "unknown convention '\(name)' (one of: \(SpringConvention.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let spec = try call.table(2)!
            var values: [String: Double] = [:]
            for key in try spec.stringKeys() { values[key] = try spec.number(key) }
            let spring = try call.checked(2) { try from.model(values) }
            lua_createtable(call.L, 0, Int32(SpringConvention.allCases.count))
            for convention in SpringConvention.allCases {
                guard let converted = convention.values(spring) else { continue }
                lua_createtable(call.L, 0, Int32(converted.count))
                for key in convention.keys {
                    call.push(converted[key]!)
                    call.lua.setField(-2, key)
                }
                call.lua.setField(-2, convention.rawValue)
            }
            return 1
        }
    }
}
