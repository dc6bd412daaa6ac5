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
        let session = self.session
        return [
            ("frame", { call in
                let b = try box(call)
                let spec = try call.table(2)!
                // A run that makes no report checks every field all the same and keeps the frame's
                // time and values (its order is checked); only the shapes are not read.
                let made = b.unrecorded == nil
                try spec.rejectUnknownKeys(["t", "offset", "shapes", "values", "collisions"])
                let t = try LayoutBindings.required(spec, "t")
                if let last = b.unflagged.frames.last, t < last.t {
                    throw call.argumentError(2, "field 't': frames go forward in time (\(NumberFormat.shortest(t)) after \(NumberFormat.shortest(last.t)))")
                }
                let offset = try spec.point("offset") ?? .zero
                guard offset.x.isFinite, offset.y.isFinite else { throw call.argumentError(2, "field 'offset': finite numbers expected") }
                var shapes: [ReportData.Shape] = try spec.withTable("shapes") { list in
                    guard let list, made else { return [] }
                    return try ReportShapeReader.shapes(list)
                }
                // `collisions = w`: the world's boundaries under the frame's shapes, its contact points over them.
                if let animator = try spec.object("collisions", DynamicAnimator.self, LuaClasses.world), made {
                    shapes = ReportData.boundaryShapes(animator.world) + shapes + ReportData.contactShapes(animator.world)
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
                if made { session.reportFrames.made(b.unflagged.frames[b.unflagged.frames.count - 1], by: b) }
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
            let box = ReportBox(report, unrecorded: session.unrecordedReportFlag(recorded: false), budget: session.budget)
            if session.firstReport == nil { session.firstReport = box }
            call.push(box, as: LuaClasses.report)
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
                                    "color", "alpha", "stroke", "line_width", "ghost", "fixed", "rotation"]

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
        let rotation = try LayoutBindings.finite(t, "rotation", default: 0)
        if rotation != 0, case .rect = geometry {} else if rotation != 0 {
            throw call.argumentError(t.position, "field 'rotation': only rectangles (rect, or center with size) turn")
        }
        return ReportData.Shape(geometry, color: UInt32(color), alpha: alpha, filled: !(try t.boolean("stroke") ?? false),
                                lineWidth: lineWidth, ghost: try t.boolean("ghost") ?? false, fixed: try t.boolean("fixed") ?? false,
                                rotation: rotation)
    }

    /// A path as `sk.mask_path` and `CellShape:path` return it; with `points`, an element may
    /// also be a point `{x, y}` (a move when it comes first, else a line to it).
    static func path(_ t: LuaTableArgument, points: Bool = false) throws -> [PathElement] {
        let call = t.call
        let count = Int(lua_rawlen(call.L, t.index))
        var elements: [PathElement] = []
        for k in 0..<count {
            lua_rawgeti(call.L, t.index, lua_Integer(k + 1))
            defer { skl_pop(call.L, 1) }
            guard skl_istable(call.L, -1) != 0 else { throw call.argumentError(t.position, "field 'path': element [\(k + 1)]: table expected") }
            let e = LuaTableArgument(call: call, index: lua_absindex(call.L, -1), position: t.position)
            if points, !e.has("op") {
                guard let x = try e.element(1), let y = try e.element(2) else {
                    throw call.argumentError(t.position, "field 'path': element [\(k + 1)]: {x, y} or {op = ...} expected")
                }
                elements.append(elements.isEmpty ? .move(SIMD2(x, y)) : .line(SIMD2(x, y)))
                continue
            }
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
