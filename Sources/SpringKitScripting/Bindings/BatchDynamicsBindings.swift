import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import CLua

/// `w:add_items{...}` and `w:attach_all{...}`: many items or springs in one call, their
/// values given as arrays (columns), so a large world costs one binding call instead of one
/// per item. Every value is read and checked before anything is added: a bad element fails
/// the call with nothing added.
extension ModuleBuilder {
    /// Most items or springs one call adds.
    static let batchLimit = 100_000_000

    var batchWorldMethods: [(String, LuaFunction.Body)] {
        [
            ("add_items", { call in
                let w = try call.object(1, DynamicAnimator.self, LuaClasses.world).world
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["x", "y", "vx", "vy", "width", "height", "density"])
                let x = try BatchColumn(spec, "x", count: nil, default: nil)
                let n = x.count
                let y = try BatchColumn(spec, "y", count: n, default: nil)
                let vx = try BatchColumn(spec, "vx", count: n, default: 0), vy = try BatchColumn(spec, "vy", count: n, default: 0)
                let width = try BatchColumn(spec, "width", count: n, default: 1), height = try BatchColumn(spec, "height", count: n, default: 1)
                let density = try BatchColumn(spec, "density", count: n, default: 1)
                try x.requireFinite(); try y.requireFinite(); try vx.requireFinite(); try vy.requireFinite()
                try width.require("finite and ≥ 0") { $0.isFinite && $0 >= 0 }
                try height.require("finite and ≥ 0") { $0.isFinite && $0 >= 0 }
                try density.require("a positive number") { $0.isFinite && $0 > 0 }
                w.reserveCapacity(items: w.itemCount + n, springs: w.springCount)
                var first = -1
                try call.checked(2) {
                    for k in 0..<n {
                        let id = try w.addItem(center: SIMD2(x[k], y[k]), size: SIMD2(width[k], height[k]),
                                               density: density[k], velocity: SIMD2(vx[k], vy[k]))
                        if k == 0 { first = Int(id.rawValue) }
                    }
                }
                if n > 0 { call.push(first) } else { call.pushNil() }
                call.push(n)
                return 2
            }),
            ("attach_all", { call in
                let w = try call.object(1, DynamicAnimator.self, LuaClasses.world).world
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["items", "first", "anchor_x", "anchor_y", "length", "damping", "frequency"])
                let ax = try BatchColumn(spec, "anchor_x", count: nil, default: nil)
                let n = ax.count
                let ay = try BatchColumn(spec, "anchor_y", count: n, default: nil)
                let defaults = SpringParameters()
                let length = try BatchColumn(spec, "length", count: n, default: defaults.length)
                let damping = try BatchColumn(spec, "damping", count: n, default: defaults.damping)
                let frequency = try BatchColumn(spec, "frequency", count: n, default: defaults.frequency)
                try ax.requireFinite(); try ay.requireFinite()
                let items: BatchColumn
                switch (spec.has("items"), try spec.integer("first")) {
                case (true, nil): items = try BatchColumn(spec, "items", count: n, default: nil)
                case (false, let first?): items = .sequence(start: Double(first), count: n, call: call, position: 2)
                default: throw call.argumentError(2, "give either 'items' (an array of item ids) or 'first' (the first of n consecutive ids)")
                }
                try items.require("an item of this world") { id in
                    id.rounded() == id && abs(id) <= Double(Int32.max) && w.contains(ItemID(rawValue: Int32(id)))
                }
                // One set of parameters when all three are single numbers, else one per spring.
                let uniform = length.isConstant && damping.isConstant && frequency.isConstant
                var parameters: [SpringParameters] = []
                parameters.reserveCapacity(uniform ? 1 : n)
                for k in 0..<(uniform ? min(n, 1) : n) {
                    let p = SpringParameters(length: length[k], damping: damping[k], frequency: frequency[k])
                    do { try p.validate() } catch let error as SpringKitError {
                        throw call.argumentError(2, "spring \(k + 1): \(error.description)")
                    }
                    parameters.append(p)
                }
                w.reserveCapacity(items: w.itemCount, springs: w.springCount + n)
                var first = -1
                var attached: [SpringID] = []
                do {
                    try call.checked(2) {
                        for k in 0..<n {
                            let id = try w.attach(ItemID(rawValue: Int32(items[k])), to: SIMD2(ax[k], ay[k]),
                                                  parameters[uniform ? 0 : k])
                            if k == 0 { first = Int(id.rawValue) }
                            attached.append(id)
                        }
                    }
                } catch {
                    // All or nothing: a spring the world refuses (the exact solver's rules) takes
                    // back the ones this call added.
                    for id in attached.reversed() { try? w.removeSpring(id) }
                    throw error
                }
                if n > 0 { call.push(first) } else { call.pushNil() }
                call.push(n)
                return 2
            }),
        ]
    }
}

/// One field of a batch call: an array of numbers, one number for every element, or
/// (for `first`) consecutive numbers.
enum BatchColumn {
    case values([Double], key: String, call: LuaCall, position: Int32)
    case constant(Double, count: Int, key: String, call: LuaCall, position: Int32)
    case sequence(start: Double, count: Int, call: LuaCall, position: Int32)

    /// Reads `spec[key]`: an array (of `count` numbers when given), or a number when
    /// `count` is known; absent, it is `default` (required when `default` is nil).
    init(_ spec: LuaTableArgument, _ key: String, count: Int?, default value: Double?) throws {
        let call = spec.call, L = call.L
        call.lua.push(key)
        lua_rawget(L, spec.index)
        defer { skl_pop(L, 1) }
        let position = spec.position
        func fail(_ detail: String) -> LuaArgumentError { call.argumentError(position, "field '\(key)': \(detail)") }
        if call.isNil(-1) {
            guard let value, let count else { throw fail("an array of numbers is required") }
            self = .constant(value, count: count, key: key, call: call, position: position)
            return
        }
        if lua_type(L, -1) == LUA_TNUMBER {
            guard let count else { throw fail("an array of numbers expected, got a number") }
            self = .constant(skl_tonumber(L, -1, nil), count: count, key: key, call: call, position: position)
            return
        }
        guard skl_istable(L, -1) != 0 else {
            throw fail("\(count == nil ? "an array of numbers" : "a number or an array of numbers") expected, got \(call.typeName(-1))")
        }
        let length = Int(lua_rawlen(L, -1))
        guard length <= ModuleBuilder.batchLimit else { throw fail("at most \(ModuleBuilder.batchLimit) elements, got \(length)") }
        if let count, length != count { throw fail("\(count) elements expected (as many as the first array), got \(length)") }
        var values = [Double](repeating: 0, count: length)
        let table = lua_absindex(L, -1)
        for i in 0..<length {
            lua_rawgeti(L, table, lua_Integer(i + 1))
            guard lua_type(L, -1) == LUA_TNUMBER else {
                let type = call.typeName(-1)
                skl_pop(L, 1)
                throw fail("element [\(i + 1)]: number expected, got \(type)")
            }
            values[i] = skl_tonumber(L, -1, nil)
            skl_pop(L, 1)
        }
        self = .values(values, key: key, call: call, position: position)
    }

    var count: Int {
        switch self {
        case .values(let values, _, _, _): return values.count
        case .constant(_, let count, _, _, _), .sequence(_, let count, _, _): return count
        }
    }

    var isConstant: Bool { if case .constant = self { return true } else { return false } }

    subscript(k: Int) -> Double {
        switch self {
        case .values(let values, _, _, _): return values[k]
        case .constant(let value, _, _, _, _): return value
        case .sequence(let start, _, _, _): return start + Double(k)
        }
    }

    func requireFinite() throws { try require("finite") { $0.isFinite } }

    /// Fails naming the first element (or the single value) for which `valid` is false.
    func require(_ what: String, _ valid: (Double) -> Bool) throws {
        switch self {
        case .values(let values, let key, let call, let position):
            if let bad = values.firstIndex(where: { !valid($0) }) {
                throw call.argumentError(position, "field '\(key)': element [\(bad + 1)] must be \(what), got \(NumberFormat.shortest(values[bad]))")
            }
        case .constant(let value, let count, let key, let call, let position):
            if count > 0 && !valid(value) {
                throw call.argumentError(position, "field '\(key)': must be \(what), got \(NumberFormat.shortest(value))")
            }
        case .sequence(let start, let count, let call, let position):
            for k in 0..<count where !valid(start + Double(k)) {
                throw call.argumentError(position, "field 'first': item \(NumberFormat.shortest(start + Double(k))) (spring \(k + 1)) must be \(what)")
            }
        }
    }
}
