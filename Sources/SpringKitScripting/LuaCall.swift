import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import SpringKitScenarios
import CLua

/// A bad argument to a Swift function called from Lua. The message follows Lua's own:
/// `bad argument #2 to 'World:attach' (number expected, got string)`.
struct LuaArgumentError: Error {
    var position: Int32
    var detail: String
    /// Methods count `self` as argument 0, as Lua's `luaL_argerror` does.
    var isMethod: Bool

    /// The position of an assignment to a handle's field (`obj.key = value`): the detail
    /// then starts with the key.
    static let assignment: Int32 = -1

    func message(function: String) -> String {
        if position == Self.assignment { return "cannot set \(function).\(detail)" }
        if isMethod && position == 0 {
            return "calling '\(function)' on bad self (\(detail))"
        }
        return "bad argument #\(position) to '\(function)' (\(detail))"
    }
}

/// One call from Lua into a Swift function: typed access to its arguments and a
/// way to push results. Every accessor throws instead of raising a Lua error.
///
/// Table fields are read with raw access, so no metamethod (which could raise an
/// error through the Swift frame) ever runs from here.
struct LuaCall {
    let lua: LuaState
    let functionName: String

    var L: OpaquePointer { lua.L }
    var argumentCount: Int32 { lua_gettop(L) }
    private var isMethod: Bool { functionName.contains(":") }

    func argumentError(_ index: Int32, _ detail: String) -> LuaArgumentError {
        LuaArgumentError(position: isMethod ? index - 1 : index, detail: detail, isMethod: isMethod)
    }

    func typeName(_ index: Int32) -> String {
        if lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 {
            defer { skl_pop(L, 1) }
            push("__name")
            lua_rawget(L, -2)
            defer { skl_pop(L, 1) }
            if let name = lua.string(at: -1) { return name }
        }
        return String(cString: skl_typename(L, index))
    }

    /// Text of the value at `index` as Lua's `tostring` would give for simple values.
    func describe(_ index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TSTRING: return lua.string(at: index) ?? ""
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let integer = skl_tointeger(L, index, &isInteger)
            if lua_isinteger(L, index) != 0 && isInteger != 0 { return String(integer) }
            return NumberFormat.shortest(skl_tonumber(L, index, nil))
        case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
        case LUA_TNIL: return "nil"
        default: return typeName(index)
        }
    }

    // MARK: Numbers

    func isNil(_ index: Int32) -> Bool { skl_isnoneornil(L, index) != 0 }

    /// The line of the Lua code that made this call (see `callerPlace`; 0 when unknown).
    var callerLine: Int { callerPlace?.line ?? 0 }

    /// The file and line of the Lua code that made this call: the innermost Lua function on
    /// the stack, so a call made through `pcall(f, ...)` names the `pcall` line (nil when there
    /// is none). A script file is named by its whole path (Lua's own messages shorten a long
    /// one to `...tail`); a chunk loaded from a string as Lua names it (`[string "..."]`).
    /// - Complexity: O(the stack's depth).
    var callerPlace: SourcePlace? {
        var record = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(L, level, &record) != 0 {
            level += 1
            guard lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0 else { continue }
            // Only a file's source (`@PATH`) is read whole: a chunk loaded from a string has its
            // whole text there, and its short name is enough.
            let file = record.source.map({ $0.pointee == CChar(UInt8(ascii: "@")) }) == true ? String(cString: record.source! + 1)
                : withUnsafeBytes(of: &record.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return SourcePlace(file: VisibleText.escaped(file), line: Int(record.currentline))
        }
        return nil
    }

    func number(_ index: Int32) throws -> Double {
        guard lua_type(L, index) == LUA_TNUMBER else {
            throw argumentError(index, "number expected, got \(isNil(index) ? "no value" : typeName(index))")
        }
        return skl_tonumber(L, index, nil)
    }

    func number(_ index: Int32, default value: Double) throws -> Double {
        isNil(index) ? value : try number(index)
    }

    func finiteNumber(_ index: Int32) throws -> Double {
        let value = try number(index)
        guard value.isFinite else { throw argumentError(index, "finite number expected, got \(NumberFormat.shortest(value))") }
        return value
    }

    /// A whole number in `range` (counts, sizes, indices): see `LuaNumberRule`.
    func integer(_ index: Int32, _ what: String = "value", in range: ClosedRange<Int> = LuaNumberRule.wholeNumbers) throws -> Int {
        let value = try number(index)
        guard let whole = LuaNumberRule.whole(value, in: range) else {
            throw argumentError(index, LuaNumberRule.wholeNumberDetail(what, range, value))
        }
        return whole
    }

    func integer(_ index: Int32, _ what: String = "value", in range: ClosedRange<Int> = LuaNumberRule.wholeNumbers,
                 default value: Int) throws -> Int {
        isNil(index) ? value : try integer(index, what, in: range)
    }

    /// A duration in seconds, finite and in 0…`maximum` (durations turned into frame counts
    /// stay well inside `Int`): see `LuaNumberRule`.
    func seconds(_ index: Int32, _ what: String, maximum: Double = LuaNumberRule.longestGesture, default value: Double? = nil) throws -> Double {
        if let value, isNil(index) { return value }
        let seconds = try number(index)
        guard seconds.isFinite, seconds >= 0, seconds <= maximum else {
            throw argumentError(index, "\(what) must be a number of seconds in 0…\(NumberFormat.shortest(maximum)), got \(NumberFormat.shortest(seconds))")
        }
        return seconds
    }

    /// Checks, before a Swift function builds a result of `count` × `bytesEach` bytes for Lua,
    /// that the memory cap can hold it (Lua's allocator cannot refuse while Swift runs), and
    /// charges its `count` elements as work.
    func reserveResult(_ count: Int, bytesEach: Int) throws {
        try lua.budget.charge(count)
        let (bytes, overflow) = count.multipliedReportingOverflow(by: bytesEach)
        try lua.budget.reserve(bytes: overflow ? Int.max : bytes)
        lua.budget.release(bytes: bytes)
    }

    func string(_ index: Int32) throws -> String {
        guard let text = lua.string(at: index) else {
            throw argumentError(index, "string expected, got \(isNil(index) ? "no value" : typeName(index))")
        }
        return text
    }

    func boolean(_ index: Int32, default value: Bool) throws -> Bool {
        if isNil(index) { return value }
        guard lua_type(L, index) == LUA_TBOOLEAN else {
            throw argumentError(index, "boolean expected, got \(typeName(index))")
        }
        return lua_toboolean(L, index) != 0
    }

    // MARK: Tables

    /// Checks that the argument is a table (or absent when `optional`).
    func table(_ index: Int32, optional: Bool = false) throws -> LuaTableArgument? {
        if optional && isNil(index) { return nil }
        guard skl_istable(L, index) != 0 else {
            throw argumentError(index, "table expected, got \(isNil(index) ? "no value" : typeName(index))")
        }
        return LuaTableArgument(call: self, index: lua_absindex(L, index), position: index)
    }

    /// Runs a library call, turning every `SpringKitError` that blames the call's arguments
    /// into an argument error at `position`. Any other error goes on to the dispatcher, which
    /// names the function only (`World:step: the exact solver cannot step this world: …`).
    func checked<T>(_ position: Int32, _ body: () throws -> T) throws -> T {
        do { return try body() }
        catch let error as SpringKitError where error.blamesArguments {
            throw argumentError(position, LuaWording.describe(error))
        }
    }

    // MARK: Objects

    func object<T: AnyObject>(_ index: Int32, _ type: T.Type, _ luaClass: LuaObjectClass) throws -> T {
        guard let object = lua.retained(at: index, metatable: luaClass.name) as? T else {
            throw argumentError(index, "\(luaClass.name) expected, got \(isNil(index) ? "no value" : typeName(index))")
        }
        return object
    }

    // MARK: Results

    func push(_ value: Double) { lua_pushnumber(L, value) }
    func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    func push(_ value: String) { lua.push(value) }
    func pushNil() { lua_pushnil(L) }

    func push(_ object: AnyObject, as luaClass: LuaObjectClass) {
        lua.pushRetained(object, metatable: luaClass.name)
    }

    /// Pushes a new table with the given fields (numbers), in order.
    func pushRecord(_ fields: KeyValuePairs<String, Double>) {
        lua_createtable(L, 0, Int32(fields.count))
        for (key, value) in fields {
            lua_pushnumber(L, value)
            lua.setField(-2, key)
        }
    }

    /// Pushes a new array of numbers.
    func pushArray(_ values: [Double]) {
        lua_createtable(L, Int32(values.count), 0)
        for (i, value) in values.enumerated() {
            lua_pushnumber(L, value)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Pushes a new array of integers (`math.type` "integer", as identifiers are).
    func pushIntegerArray(_ values: [Int]) {
        lua_createtable(L, Int32(values.count), 0)
        for (i, value) in values.enumerated() {
            lua_pushinteger(L, lua_Integer(value))
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }
}

/// The one rule for numbers that cross from Lua into Swift: counts, sizes, indices and
/// frame numbers are whole numbers inside a stated range (never converted by trapping
/// `Int(_:)`), durations that become frame counts are finite seconds under a stated
/// maximum, and a value outside is a `bad argument` naming the function, the argument and
/// the range. Work that a valid number asks for is bounded by the instruction budget and
/// the memory cap (`ResourceBudget`), not by these ranges.
enum LuaNumberRule {
    /// ±2^53: beyond it a Lua float no longer holds every whole number.
    static let wholeNumbers = -(1 << 53)...(1 << 53)
    /// Counts that are never negative.
    static let counts = 0...(1 << 53)
    /// Longest gesture or wait turned into a frame count up front (about 31 years).
    static let longestGesture = 1e9
    /// Bytes one element of a Lua array takes (a tagged value), for reserving results.
    static let bytesPerArrayElement = 16

    /// `value` as an `Int` when it is a whole number in `range`.
    static func whole(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value.rounded(.towardZero) == value,
              value >= Double(range.lowerBound), value <= Double(range.upperBound),
              let whole = Int(exactly: value), range.contains(whole) else { return nil }
        return whole
    }

    static func wholeNumberDetail(_ what: String, _ range: ClosedRange<Int>, _ value: Double) -> String {
        "\(what) must be a whole number in \(range.lowerBound)…\(range.upperBound), got \(NumberFormat.shortest(value))"
    }
}

/// A table argument; fields are read raw and typed, and errors name the field.
struct LuaTableArgument {
    let call: LuaCall
    let index: Int32
    let position: Int32
    private var L: OpaquePointer { call.L }

    /// Calls `body` with the field `key` on top of the stack (nil when absent).
    func withField<T>(_ key: String, _ body: () throws -> T) rethrows -> T {
        call.lua.push(key)
        lua_rawget(L, index)
        defer { skl_pop(L, 1) }
        return try body()
    }

    private func fieldError(_ key: String, _ detail: String) -> LuaArgumentError {
        call.argumentError(position, "field '\(key)': \(detail)")
    }

    func has(_ key: String) -> Bool { withField(key) { !call.isNil(-1) } }

    func number(_ key: String) throws -> Double? {
        try withField(key) {
            if call.isNil(-1) { return nil }
            guard lua_type(L, -1) == LUA_TNUMBER else {
                throw fieldError(key, "number expected, got \(call.typeName(-1))")
            }
            return skl_tonumber(L, -1, nil)
        }
    }

    func number(_ key: String, default value: Double) throws -> Double {
        try number(key) ?? value
    }

    /// Reads each field given as a number into `value` at its key path, in the order listed
    /// (a configuration's plain numbers); a field left out keeps its value.
    func numbers<T>(_ fields: KeyValuePairs<String, WritableKeyPath<T, Double>>, into value: inout T) throws {
        for (key, path) in fields { value[keyPath: path] = try number(key, default: value[keyPath: path]) }
    }

    /// A whole number in `range` (see `LuaNumberRule`), nil when absent.
    func integer(_ key: String, in range: ClosedRange<Int> = LuaNumberRule.wholeNumbers) throws -> Int? {
        guard let value = try number(key) else { return nil }
        guard let whole = LuaNumberRule.whole(value, in: range) else {
            throw fieldError(key, LuaNumberRule.wholeNumberDetail("value", range, value))
        }
        return whole
    }

    func string(_ key: String) throws -> String? {
        try withField(key) {
            if call.isNil(-1) { return nil }
            guard let text = call.lua.string(at: -1) else {
                throw fieldError(key, "string expected, got \(call.typeName(-1))")
            }
            return text
        }
    }

    func boolean(_ key: String) throws -> Bool? {
        try withField(key) {
            if call.isNil(-1) { return nil }
            guard lua_type(L, -1) == LUA_TBOOLEAN else {
                throw fieldError(key, "boolean expected, got \(call.typeName(-1))")
            }
            return lua_toboolean(L, -1) != 0
        }
    }

    /// Calls `body` with the nested table at `key` (nil when absent); errors name the key.
    func withTable<T>(_ key: String, _ body: (LuaTableArgument?) throws -> T) throws -> T {
        try withField(key) {
            if call.isNil(-1) { return try body(nil) }
            guard skl_istable(L, -1) != 0 else { throw fieldError(key, "table expected, got \(call.typeName(-1))") }
            return try body(LuaTableArgument(call: call, index: lua_absindex(L, -1), position: position))
        }
    }

    /// A point given as `{x, y}` or `{x = , y = }`.
    func point(_ key: String) throws -> SIMD2<Double>? {
        try withField(key) {
            if call.isNil(-1) { return nil }
            guard skl_istable(L, -1) != 0 else { throw fieldError(key, "table {x, y} expected, got \(call.typeName(-1))") }
            let inner = LuaTableArgument(call: call, index: lua_absindex(L, -1), position: position)
            let x = try inner.number("x") ?? inner.element(1)
            let y = try inner.number("y") ?? inner.element(2)
            guard let x, let y else { throw fieldError(key, "table {x, y} expected") }
            return SIMD2(x, y)
        }
    }

    /// The array element `i` when it is a number.
    func element(_ i: Int) throws -> Double? {
        lua_rawgeti(L, index, lua_Integer(i))
        defer { skl_pop(L, 1) }
        if call.isNil(-1) { return nil }
        guard lua_type(L, -1) == LUA_TNUMBER else {
            throw call.argumentError(position, "element [\(i)]: number expected, got \(call.typeName(-1))")
        }
        return skl_tonumber(L, -1, nil)
    }

    /// Array elements as strings.
    func strings() throws -> [String] {
        var result: [String] = []
        let count = Int(lua_rawlen(L, index))
        for i in 1...max(count, 1) where count > 0 {
            lua_rawgeti(L, index, lua_Integer(i))
            defer { skl_pop(L, 1) }
            guard let text = call.lua.string(at: -1) else {
                throw call.argumentError(position, "element [\(i)]: string expected, got \(call.typeName(-1))")
            }
            result.append(text)
        }
        return result
    }

    /// Array elements as numbers.
    func numbers() throws -> [Double] {
        let count = Int(lua_rawlen(L, index))
        var result: [Double] = []
        result.reserveCapacity(count)
        for i in 1...max(count, 1) where count > 0 {
            guard let value = try element(i) else {
                throw call.argumentError(position, "element [\(i)]: number expected, got nil")
            }
            result.append(value)
        }
        return result
    }

    /// The table's string keys, sorted (Lua's own order is not stable between runs).
    func stringKeys() throws -> [String] {
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            skl_pop(L, 1)
            if let key = call.lua.string(at: -1) { keys.append(key) }
        }
        return keys.sorted()
    }

    /// Rejects keys other than `allowed` (catches typos such as `dampng = 0.5`).
    /// Only string keys are checked; the check is order-independent.
    func rejectUnknownKeys(_ allowed: Set<String>) throws {
        lua_pushnil(L)
        var unknown: [String] = []
        while lua_next(L, index) != 0 {
            skl_pop(L, 1)
            if let key = call.lua.string(at: -1), !allowed.contains(key) { unknown.append(key) }
        }
        if let first = unknown.sorted().first {
            throw call.argumentError(position, "unknown field '\(first)' (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
