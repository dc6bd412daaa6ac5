import SpringKitTrace
import SpringKitSupport
import SpringKitMotion
import SpringKitReport

/// `springkit.expect{...}`: declares a property of the returned trace for `simrun check`.
extension ModuleBuilder {
    /// The criteria `springkit.expect` accepts; exactly one per call.
    static let expectationCriteria = ["settles_within", "overshoot_at_most", "oscillations_at_most", "at_rest", "within", "no_gap"]

    func addExpectations() {
        let session = self.session
        function("expect") { call in try Self.expect(call, session) }
    }

    /// `springkit.expect{name =, id =, column =, from =, to =, target =, epsilon =, CRITERION = …}`:
    /// declares an expectation the run checks on its trace.
    private static func expect(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let spec = try call.table(1)!
        try spec.rejectUnknownKeys(Set(["name", "id", "column", "from", "to", "target", "epsilon"] + Self.expectationCriteria))
        let given = Self.expectationCriteria.filter { spec.has($0) }
        guard given.count == 1 else {
            throw call.argumentError(1, given.isEmpty ? "give one of: \(Self.expectationCriteria.joined(separator: ", "))"
                                                      : "give only one of \(given.joined(separator: ", ")) per expectation")
        }
        let (criterion, epsilonDefault) = try expectationCriterion(given[0], spec, call)
        let columns = try expectationColumns(spec, call, criterion: criterion, given: given[0])
        let finite = { (key: String) in try expectationNumber(spec, call, key) }
        let from = try finite("from") ?? -.infinity, to = try finite("to") ?? .infinity
        guard from <= to else { throw call.argumentError(1, "field 'from' is after field 'to'") }
        let epsilon = try finite("epsilon") ?? epsilonDefault
        guard epsilon >= 0 else { throw call.argumentError(1, "field 'epsilon': must be ≥ 0") }
        let id = try spec.integer("id")
        let name = try spec.string("name") ?? TraceExpectation.defaultName(criterion, id: id, columns: columns)
        guard !name.isEmpty, !name.contains("\n") else { throw call.argumentError(1, "field 'name': one line of text expected") }
        guard !session.expectations.contains(where: { $0.name == name }) else {
            throw call.argumentError(1, "an expectation named '\(name)' is already declared (names must be unique)")
        }
        guard session.expectations.count < 10_000 else { throw call.argumentError(1, "at most 10000 expectations per script") }
        session.expectations.append(TraceExpectation(name: name, criterion: criterion, id: id, columns: columns, from: from, to: to,
                                                     target: try finite("target"), epsilon: epsilon, line: call.callerLine))
        return 0
    }

    /// A field that must be a finite number when given.
    private static func expectationNumber(_ spec: LuaTableArgument, _ call: LuaCall, _ key: String) throws -> Double? {
        guard let value = try spec.number(key) else { return nil }
        guard value.isFinite else { throw call.argumentError(1, "field '\(key)': finite number expected, got \(NumberFormat.shortest(value))") }
        return value
    }

    /// The expectation's criterion from its one criterion field, and its default epsilon.
    private static func expectationCriterion(_ given: String, _ spec: LuaTableArgument, _ call: LuaCall) throws
        -> (TraceExpectation.Criterion, epsilonDefault: Double) {
        func limit(_ key: String) throws -> Double {
            let value = try expectationNumber(spec, call, key)!
            guard value >= 0 else { throw call.argumentError(1, "field '\(key)': must be ≥ 0") }
            return value
        }
        switch given {
        case "settles_within": return (.settlesWithin(try limit("settles_within")), 0.5)
        case "overshoot_at_most": return (.overshootAtMost(try limit("overshoot_at_most")), 0.5)
        case "oscillations_at_most": return (.oscillationsAtMost(try limit("oscillations_at_most")), 0.5)
        case "at_rest":
            guard let frames = try spec.integer("at_rest"), frames >= 1, frames <= 100_000_000 else {
                throw call.argumentError(1, "field 'at_rest': a number of frames from 1 to 100000000 expected")
            }
            return (.atRest(frames: frames), 0.5)
        case "within":
            let bounds: [Double] = try spec.withTable("within") { table in try table?.numbers() ?? [] }
            guard bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
                throw call.argumentError(1, "field 'within': {min, max} with finite min ≤ max expected")
            }
            return (.within(min: bounds[0], max: bounds[1]), 0.5)
        default:
            return (.noGap(extent: try limit("no_gap")), 0)
        }
    }

    /// The expectation's columns: `column` as a name or a list; `at_rest` defaults to x and y.
    private static func expectationColumns(_ spec: LuaTableArgument, _ call: LuaCall, criterion: TraceExpectation.Criterion,
                                           given: String) throws -> [String] {
        var columns: [String]
        if spec.has("column"), (try? spec.string("column")) == nil {
            columns = try spec.withTable("column") { table in try table?.strings() ?? [] }
        } else {
            columns = try spec.string("column").map { [$0] } ?? []
        }
        if columns.isEmpty {
            guard case .atRest = criterion else { throw call.argumentError(1, "field 'column' is required") }
            columns = ["x", "y"]
        }
        switch criterion {
        case .settlesWithin, .overshootAtMost, .oscillationsAtMost, .noGap:
            guard columns.count == 1 else { throw call.argumentError(1, "field 'column': one column name expected for \(given)") }
        default: break
        }
        return columns
    }
}
