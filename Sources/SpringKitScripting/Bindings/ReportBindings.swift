import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios
import SpringKitReport
import CLua

/// `springkit.report{title =, viewport = {w, h}, edge_inset =, plots = {{name =, unit =}, ...}}` and
/// the Report methods: `rep:frame{...}` (one call per frame), `rep:marker(label)`; properties
/// `rep.frames`, `rep.markers`, `rep.title`, `rep.recording`. Every report (a scenario's too) has them.
///
/// In a run that makes no report (`simrun check`, a sweep point: `ScriptOptions.recordsReports`
/// or `recordsOutputs` false) a script's own report is not made either: `rep:frame` checks
/// every field as always but does not read the shapes (nor keep them), the run returns no
/// report, and `rep.recording` is false so a script can skip building its shapes. Reading
/// `rep.frames` or `rep.markers` there is a read of the unmade report
/// (`ScriptRunner.RecordingNeeded`).
extension ModuleBuilder {
    var reportProperties: [String: LuaObjectClass.Getter] {
        [
            "frames": { call, o in call.push((o as! ReportBox).report.frames.count); return 1 },
            "title": { call, o in call.push((o as! ReportBox).report.title); return 1 },
            "markers": { call, o in call.push((o as! ReportBox).report.markers.count); return 1 },
            "recording": { call, o in call.push((o as! ReportBox).unrecorded == nil); return 1 },
        ]
    }

    var reportMethods: [(String, LuaFunction.Body)] {
        func box(_ call: LuaCall) throws -> ReportBox { try call.object(1, ReportBox.self, LuaClasses.report) }
        return [
            ("frame", { call in
                let b = try box(call)
                let spec = try call.table(2)!
                // A run that makes no report checks every field all the same and keeps the frame's
                // time and values (its order is checked); only the shapes are not read.
                let made = b.unrecorded == nil
                try spec.rejectUnknownKeys(["t", "offset", "shapes", "values"])
                let t = try LayoutBindings.required(spec, "t")
                if let last = b.unflagged.frames.last, t < last.t {
                    throw call.argumentError(2, "field 't': frames go forward in time (\(NumberFormat.shortest(t)) after \(NumberFormat.shortest(last.t)))")
                }
                let offset = try spec.point("offset") ?? .zero
                guard offset.x.isFinite, offset.y.isFinite else { throw call.argumentError(2, "field 'offset': finite numbers expected") }
                let shapes: [ReportData.Shape] = try spec.withTable("shapes") { list in
                    guard let list, made else { return [] }
                    return try ReportShapeReader.shapes(list)
                }
                // The names alone: a copy of the plots would share their value arrays, and the
                // append below would then copy a whole array every frame.
                let plotNames = b.unflagged.plots.map(\.name)
                var values: [Double] = []
                try spec.withTable("values") { table in
                    try table?.rejectUnknownKeys(Set(plotNames))
                    for name in plotNames {
                        guard let value = try table?.number(name), value.isFinite else {
                            throw call.argumentError(2, "field 'values': plot '\(name)' needs a finite value every frame")
                        }
                        values.append(value)
                    }
                }
                try b.reservation.charge(1 + shapes.count, unitsEach: 4)
                // A label's text is charged as the report will hold it: up to 6 bytes a byte
                // once escaped (`<` is `\u003c`), so a long label cannot grow the report past the cap.
                let textBytes = shapes.reduce(0) { sum, shape in
                    if case .label(let text, _, _, _) = shape.geometry { return sum + text.utf8.count * ReportBindingLimits.escapedBytesPerByte }
                    return sum
                }
                try b.reservation.reserve(1, bytesEach: MemoryLayout<ReportData.Frame>.stride + shapes.count * MemoryLayout<ReportData.Shape>.stride
                                              + values.count * MemoryLayout<Double>.stride + textBytes)
                for (k, value) in values.enumerated() { b.unflagged.plots[k].values.append(value) }
                b.unflagged.frames.append(ReportData.Frame(t: t, offset: offset, cells: [], shapes: shapes))
                return 0
            }),
            ("marker", { call in
                let b = try box(call)
                let label = try call.string(2)
                try b.reservation.reserve(1, bytesEach: MemoryLayout<ReportData.Marker>.stride + label.utf8.count * ReportBindingLimits.escapedBytesPerByte)
                b.unflagged.markers.append(ReportData.Marker(frame: max(0, b.unflagged.frames.count - 1), label: label))
                return 0
            }),
        ]
    }

    func addReportBuilder() {
        let session = self.session
        function("report") { call in
            let spec = try call.table(1)!
            try spec.rejectUnknownKeys(["title", "viewport", "edge_inset", "plots"])
            guard let viewport = try spec.point("viewport") else { throw call.argumentError(1, "field 'viewport' ({width, height}) is required") }
            guard viewport.x > 0, viewport.y > 0, viewport.x.isFinite, viewport.y.isFinite else {
                throw call.argumentError(1, "field 'viewport': a positive, finite width and height expected")
            }
            var report = ReportData(title: try spec.string("title") ?? "Report", viewport: viewport,
                                    edgeInset: try LayoutBindings.finite(spec, "edge_inset", default: 0))
            try spec.withTable("plots") { plots in
                guard let plots else { return }
                let count = Int(lua_rawlen(call.L, plots.index))
                for k in 0..<count {
                    lua_rawgeti(call.L, plots.index, lua_Integer(k + 1))
                    defer { skl_pop(call.L, 1) }
                    guard skl_istable(call.L, -1) != 0 else { throw call.argumentError(1, "field 'plots': element [\(k + 1)]: {name =, unit =} expected") }
                    let entry = LuaTableArgument(call: call, index: lua_absindex(call.L, -1), position: 1)
                    try entry.rejectUnknownKeys(["name", "unit"])
                    guard let name = try entry.string("name"), !name.isEmpty else { throw call.argumentError(1, "field 'plots': element [\(k + 1)] needs a name") }
                    guard !report.plots.contains(where: { $0.name == name }) else { throw call.argumentError(1, "field 'plots': '\(name)' appears twice") }
                    report.plots.append(ReportData.Plot(name: name, unit: try entry.string("unit") ?? "", values: []))
                }
            }
            call.push(ReportBox(report, unrecorded: session.unrecordedReportFlag(recorded: false), budget: session.budget),
                      as: LuaClasses.report)
            return 1
        }
    }
}

/// What a report's text costs once written.
enum ReportBindingLimits {
    /// The most bytes one byte of script text becomes in the report (JSON's `\u003c` for `<`).
    static let escapedBytesPerByte = 6
}

/// Reads shape tables: exactly one geometry key (`rect`, `center` + `size`, `circle`, `path`,
/// `text`, `line`) and the common style keys.
enum ReportShapeReader {
    static let keys: Set<String> = ["rect", "center", "size", "radius", "circle", "path", "at", "text", "line", "align",
                                    "color", "alpha", "stroke", "line_width", "ghost", "fixed"]

    static func shapes(_ list: LuaTableArgument) throws -> [ReportData.Shape] {
        let call = list.call
        let count = Int(lua_rawlen(call.L, list.index))
        var result: [ReportData.Shape] = []
        result.reserveCapacity(count)
        for k in 0..<count {
            lua_rawgeti(call.L, list.index, lua_Integer(k + 1))
            defer { skl_pop(call.L, 1) }
            guard skl_istable(call.L, -1) != 0 else {
                throw call.argumentError(list.position, "field 'shapes': element [\(k + 1)]: shape table expected, got \(call.typeName(-1))")
            }
            let entry = LuaTableArgument(call: call, index: lua_absindex(call.L, -1), position: list.position)
            if let quick = quickShape(entry) {
                result.append(quick)
                continue
            }
            do {
                result.append(try shape(entry))
            } catch let error as LuaArgumentError {
                throw LuaArgumentError(position: error.position, detail: "shape [\(k + 1)]: " + error.detail, isMethod: error.isMethod)
            }
        }
        return result
    }

    private static func numbers(_ t: LuaTableArgument, _ key: String, _ names: [String]) throws -> [Double]? {
        try t.withTable(key) { inner in
            guard let inner else { return nil }
            var v: [Double] = []
            for (k, name) in names.enumerated() {
                guard let value = try inner.number(name) ?? inner.element(k + 1), value.isFinite else {
                    throw t.call.argumentError(t.position, "field '\(key)': {\(names.joined(separator: ", "))} of finite numbers expected")
                }
                v.append(value)
            }
            return v
        }
    }

    static func shape(_ t: LuaTableArgument) throws -> ReportData.Shape {
        let call = t.call
        try t.rejectUnknownKeys(keys)
        let geometryKeys = ["rect", "center", "circle", "path", "text", "line"].filter { t.has($0) }
        guard geometryKeys.count == 1 else {
            throw call.argumentError(t.position, geometryKeys.isEmpty ? "one of rect, center (with size), circle, path, text, line expected"
                                                                       : "one geometry per shape, got \(geometryKeys.joined(separator: " and "))")
        }
        let radius = try LayoutBindings.finite(t, "radius", default: 0)
        guard radius >= 0 else { throw call.argumentError(t.position, "field 'radius': must be ≥ 0") }
        let geometry: ReportData.Shape.Geometry
        switch geometryKeys[0] {
        case "rect":
            let v = try numbers(t, "rect", ["x", "y", "width", "height"])!
            geometry = .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]), cornerRadius: radius)
        case "center":
            let c = try numbers(t, "center", ["x", "y"])!
            guard let size = try numbers(t, "size", ["width", "height"]) else { throw call.argumentError(t.position, "field 'size' is required with 'center'") }
            geometry = .rect(Rect(x: c[0] - size[0] / 2, y: c[1] - size[1] / 2, width: size[0], height: size[1]), cornerRadius: radius)
        case "circle":
            let v = try numbers(t, "circle", ["x", "y", "radius"])!
            geometry = .circle(center: SIMD2(v[0], v[1]), radius: abs(v[2]))
        case "line":
            let v = try numbers(t, "line", ["x0", "y0", "x1", "y1"])!
            geometry = .line(from: SIMD2(v[0], v[1]), to: SIMD2(v[2], v[3]))
        case "text":
            let text = try t.string("text")!
            let at = try numbers(t, "at", ["x", "y"]) ?? [0, 0]
            let size = try LayoutBindings.finite(t, "size", default: 12)
            let align = try t.string("align") ?? "left"
            guard align == "left" || align == "center" else { throw call.argumentError(t.position, "field 'align': 'left' or 'center' expected, got '\(align)'") }
            guard size > 0 else { throw call.argumentError(t.position, "field 'size': must be > 0") }
            geometry = .label(text, at: SIMD2(at[0], at[1]), size: size, centered: align == "center")
        default:
            let at = try numbers(t, "at", ["x", "y"]) ?? [0, 0]
            geometry = .path(try t.withTable("path") { try path($0!) }, origin: SIMD2(at[0], at[1]))
        }
        let color = try t.integer("color") ?? 0x888888
        guard (0...0xFFFFFF).contains(color) else { throw call.argumentError(t.position, "field 'color': 0xRRGGBB expected") }
        let alpha = try LayoutBindings.finite(t, "alpha", default: 1)
        guard (0...1).contains(alpha) else { throw call.argumentError(t.position, "field 'alpha': must be in 0…1") }
        let lineWidth = try LayoutBindings.finite(t, "line_width", default: 1)
        guard lineWidth >= 0 else { throw call.argumentError(t.position, "field 'line_width': must be ≥ 0") }
        return ReportData.Shape(geometry, color: UInt32(color), alpha: alpha, filled: !(try t.boolean("stroke") ?? false),
                                lineWidth: lineWidth, ghost: try t.boolean("ghost") ?? false, fixed: try t.boolean("fixed") ?? false)
    }

    /// The keys of a shape table (`keys`), each with its place in `quickShape`'s slots.
    private enum Key: Int {
        case rect, center, size, radius, circle, path, at, text, line, align, color, alpha, stroke, lineWidth, ghost, fixed

        init?(_ bytes: UnsafeRawBufferPointer) {
            func matches(_ name: StaticString) -> Bool {
                memcmp(name.utf8Start, bytes.baseAddress!, bytes.count) == 0
            }
            switch bytes.count {
            case 2 where matches("at"): self = .at
            case 4 where matches("rect"): self = .rect
            case 4 where matches("size"): self = .size
            case 4 where matches("path"): self = .path
            case 4 where matches("text"): self = .text
            case 4 where matches("line"): self = .line
            case 5 where matches("align"): self = .align
            case 5 where matches("color"): self = .color
            case 5 where matches("alpha"): self = .alpha
            case 5 where matches("ghost"): self = .ghost
            case 5 where matches("fixed"): self = .fixed
            case 6 where matches("center"): self = .center
            case 6 where matches("radius"): self = .radius
            case 6 where matches("circle"): self = .circle
            case 6 where matches("stroke"): self = .stroke
            case 10 where matches("line_width"): self = .lineWidth
            default: return nil
            }
        }

        static let geometries: [Key] = [.rect, .center, .circle, .path, .text, .line]
    }

    /// Field names of the nested number tables, as `numbers` reads them.
    private static let rectNames: [StaticString] = ["x", "y", "width", "height"]
    private static let pointNames: [StaticString] = ["x", "y"]
    private static let sizeNames: [StaticString] = ["width", "height"]
    private static let circleNames: [StaticString] = ["x", "y", "radius"]
    private static let lineNames: [StaticString] = ["x0", "y0", "x1", "y1"]

    /// `shape(t)` for a well-formed shape, read in one pass over the table (no Swift string
    /// per key, no key pushed per lookup); nil for anything else, which `shape` then reads
    /// again and reports exactly as always. Every value `shape` accepts is accepted here with
    /// the same meaning: this is only its fast path.
    /// - Complexity: O(keys); nested tables of more than 16 entries go to `shape`.
    static func quickShape(_ t: LuaTableArgument) -> ReportData.Shape? {
        let L = t.call.L
        guard lua_checkstack(L, 24) != 0 else { return nil }   // 16 kept values, the iteration, a nested one
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        // slots[key] = the stack index of the key's value (kept below the iteration), 0 when absent.
        var slots: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &slots) { raw -> ReportData.Shape? in
            let slot = raw.bindMemory(to: Int32.self)
            lua_pushnil(L)
            while lua_next(L, t.index) != 0 {
                // A non-string key (ignored by `shape`) or an unknown one (refused) goes the slow way.
                guard lua_type(L, -2) == LUA_TSTRING else { return nil }
                var length = 0
                guard let chars = lua_tolstring(L, -2, &length),
                      let key = Key(UnsafeRawBufferPointer(start: chars, count: length)) else { return nil }
                skl_insert(L, -2)   // keep the value below the key
                slot[key.rawValue] = lua_gettop(L) - 1
            }
            func index(_ key: Key) -> Int32 { slot[key.rawValue] }
            func number(_ key: Key, default value: Double) -> Double? {
                let i = index(key)
                if i == 0 { return value }
                guard lua_type(L, i) == LUA_TNUMBER else { return nil }
                let number = skl_tonumber(L, i, nil)
                return number.isFinite ? number : nil
            }
            func boolean(_ key: Key) -> Bool? {
                let i = index(key)
                if i == 0 { return false }
                return lua_type(L, i) == LUA_TBOOLEAN ? lua_toboolean(L, i) != 0 : nil
            }
            func string(_ key: Key) -> String? {
                let i = index(key)
                guard i != 0, lua_type(L, i) == LUA_TSTRING else { return nil }
                var length = 0
                guard let chars = lua_tolstring(L, i, &length) else { return nil }
                return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
            }
            // `numbers(t, key, names)`: each named field, else the array element, finite.
            func numbers(_ key: Key, _ names: [StaticString]) -> SIMD4<Double>? {
                let i = index(key)
                guard i != 0, skl_istable(L, i) != 0 else { return nil }
                var named = SIMD4<Double>(repeating: .nan), element = SIMD4<Double>(repeating: .nan)
                var hasNamed: UInt8 = 0, hasElement: UInt8 = 0
                var entries = 0
                lua_pushnil(L)
                while lua_next(L, i) != 0 {
                    defer { skl_pop(L, 1) }
                    entries += 1
                    guard entries <= 16 else { return nil }   // (the deferred settop cleans up)
                    let isNumber = lua_type(L, -1) == LUA_TNUMBER
                    if lua_type(L, -2) == LUA_TSTRING {
                        var length = 0
                        guard let chars = lua_tolstring(L, -2, &length) else { continue }
                        let bytes = UnsafeRawBufferPointer(start: chars, count: length)
                        for (k, name) in names.enumerated()
                        where name.utf8CodeUnitCount == length && memcmp(name.utf8Start, bytes.baseAddress!, length) == 0 {
                            guard isNumber else { return nil }   // `number(name)` refuses it
                            named[k] = skl_tonumber(L, -1, nil)
                            hasNamed |= 1 << k
                        }
                    } else if lua_isinteger(L, -2) != 0 {
                        var isInteger: Int32 = 0
                        let k = Int(skl_tointeger(L, -2, &isInteger)) - 1
                        if k >= 0 && k < names.count {
                            // An element that is not a number counts only when its name is absent (then `element(k)` refuses it).
                            if isNumber { element[k] = skl_tonumber(L, -1, nil); hasElement |= 1 << k }
                        }
                    }
                }
                var result = SIMD4<Double>(repeating: 0)
                for k in names.indices {
                    let value: Double
                    if hasNamed & (1 << k) != 0 { value = named[k] }
                    else if hasElement & (1 << k) != 0 { value = element[k] }
                    else { return nil }   // missing, or an element that is not a number
                    guard value.isFinite else { return nil }
                    result[k] = value
                }
                return result
            }
            var geometryKey: Key?
            for key in Key.geometries where index(key) != 0 {
                guard geometryKey == nil else { return nil }
                geometryKey = key
            }
            guard let geometryKey, let radius = number(.radius, default: 0), radius >= 0 else { return nil }
            let geometry: ReportData.Shape.Geometry
            switch geometryKey {
            case .rect:
                guard let v = numbers(.rect, rectNames) else { return nil }
                geometry = .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]), cornerRadius: radius)
            case .center:
                guard let c = numbers(.center, pointNames), let size = numbers(.size, sizeNames) else { return nil }
                geometry = .rect(Rect(x: c[0] - size[0] / 2, y: c[1] - size[1] / 2, width: size[0], height: size[1]), cornerRadius: radius)
            case .circle:
                guard let v = numbers(.circle, circleNames) else { return nil }
                geometry = .circle(center: SIMD2(v[0], v[1]), radius: abs(v[2]))
            case .line:
                guard let v = numbers(.line, lineNames) else { return nil }
                geometry = .line(from: SIMD2(v[0], v[1]), to: SIMD2(v[2], v[3]))
            case .text:
                guard let text = string(.text), let size = number(.size, default: 12), size > 0 else { return nil }
                let at = index(.at) == 0 ? SIMD4<Double>(repeating: 0) : numbers(.at, pointNames)
                var centered = false
                if index(.align) != 0 {
                    guard let align = string(.align), align == "left" || align == "center" else { return nil }
                    centered = align == "center"
                }
                guard let at else { return nil }
                geometry = .label(text, at: SIMD2(at[0], at[1]), size: size, centered: centered)
            default:
                let at = index(.at) == 0 ? SIMD4<Double>(repeating: 0) : numbers(.at, pointNames)
                guard let at, skl_istable(L, index(.path)) != 0,
                      let elements = try? path(LuaTableArgument(call: t.call, index: index(.path), position: t.position)) else { return nil }
                geometry = .path(elements, origin: SIMD2(at[0], at[1]))
            }
            var color = 0x888888
            if index(.color) != 0 {
                guard lua_type(L, index(.color)) == LUA_TNUMBER,
                      let whole = LuaNumberRule.whole(skl_tonumber(L, index(.color), nil), in: 0...0xFFFFFF) else { return nil }
                color = whole
            }
            guard let alpha = number(.alpha, default: 1), (0...1).contains(alpha),
                  let lineWidth = number(.lineWidth, default: 1), lineWidth >= 0,
                  let stroke = boolean(.stroke), let ghost = boolean(.ghost), let fixed = boolean(.fixed) else { return nil }
            return ReportData.Shape(geometry, color: UInt32(color), alpha: alpha, filled: !stroke,
                                    lineWidth: lineWidth, ghost: ghost, fixed: fixed)
        }
    }

    /// A path as `sk.mask_path` and `CellShape:path` return it.
    static func path(_ t: LuaTableArgument) throws -> [PathElement] {
        let call = t.call
        let count = Int(lua_rawlen(call.L, t.index))
        var elements: [PathElement] = []
        for k in 0..<count {
            lua_rawgeti(call.L, t.index, lua_Integer(k + 1))
            defer { skl_pop(call.L, 1) }
            guard skl_istable(call.L, -1) != 0 else { throw call.argumentError(t.position, "field 'path': element [\(k + 1)]: table expected") }
            let e = LuaTableArgument(call: call, index: lua_absindex(call.L, -1), position: t.position)
            func point(_ key: String) throws -> SIMD2<Double> {
                guard let p = try e.point(key), p.x.isFinite, p.y.isFinite else {
                    throw call.argumentError(t.position, "field 'path': element [\(k + 1)]: '\(key)' {x, y} of finite numbers expected")
                }
                return p
            }
            switch try e.string("op") {
            case "move": elements.append(.move(try point("to")))
            case "line": elements.append(.line(try point("to")))
            case "curve": elements.append(.curve(to: try point("to"), control1: try point("c1"), control2: try point("c2")))
            case "close": elements.append(.close)
            case let other: throw call.argumentError(t.position, "field 'path': element [\(k + 1)]: op 'move', 'line', 'curve' or 'close' expected, got \(other.map { "'\($0)'" } ?? "nil")")
            }
        }
        return elements
    }
}
