import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import SpringKitReport
import CLua

/// A flow or grid layout owned by Lua.
final class LayoutBox {
    let layout: ItemLayout
    init(_ layout: ItemLayout) { self.layout = layout }
}

/// A culler owned by Lua, with its layout and pre-offset hook.
final class CullerBox {
    let culler: SpringCuller
    let layout: LayoutBox
    /// `function(index, anchor_x, anchor_y) → dx, dy` for each newly attached item.
    var preOffset: LuaCallback?
    init(_ culler: SpringCuller, layout: LayoutBox) {
        self.culler = culler
        self.layout = layout
    }
}

/// A cell outline owned by Lua.
final class CellShapeBox {
    let shape: CellShape
    let size: SIMD2<Double>
    init(_ shape: CellShape, size: SIMD2<Double>) {
        self.shape = shape
        self.size = size
    }
}

/// A hook returned something unusable; reported as `Class:method: reason` at the caller's line.
struct HookError: SpringKitError {
    var description: String
    var blamesArguments: Bool { false }
    init(_ description: String) { self.description = description }
}

extension LuaTableArgument {
    /// The flow or grid layout in field `key`, nil when it holds neither.
    func layout(_ key: String) -> LayoutBox? {
        call.lua.push(key)
        lua_rawget(call.L, index)
        defer { skl_pop(call.L, 1) }
        for luaClass in [LuaClasses.flowLayout, LuaClasses.gridLayout] {
            if let box = call.lua.retained(at: -1, metatable: luaClass.name) as? LayoutBox { return box }
        }
        return nil
    }
}

enum LayoutBindings {
    /// The layout (flow or grid) at `index`.
    static func layout(_ call: LuaCall, _ index: Int32) throws -> LayoutBox {
        for luaClass in [LuaClasses.flowLayout, LuaClasses.gridLayout] {
            if let box = call.lua.retained(at: index, metatable: luaClass.name) as? LayoutBox { return box }
        }
        throw call.argumentError(index, "springkit.FlowLayout or springkit.GridLayout expected, got \(call.isNil(index) ? "no value" : call.typeName(index))")
    }

    /// A 1-based display position from Lua (argument `index`), checked against `count`
    /// items, as a 0-based index: the one rule for positions in every binding (lua-api.md).
    static func position(_ call: LuaCall, _ index: Int32, count: Int, empty: String = "the layout has no items") throws -> Int {
        let position = try call.integer(index)
        guard position >= 1 && position <= count else {
            throw call.argumentError(index, count == 0 ? empty : "position \(position) is out of range 1…\(count)")
        }
        return position - 1
    }

    /// Pushes an array of 0-based indices as 1-based positions.
    static func pushPositions(_ call: LuaCall, _ indices: [Int]) {
        lua_createtable(call.L, Int32(indices.count), 0)
        for (k, index) in indices.enumerated() {
            call.push(index + 1)
            lua_rawseti(call.L, -2, lua_Integer(k + 1))
        }
    }

    /// Pushes a path as `{op = "move", to = {x, y}}`, `{op = "curve", to =, c1 =, c2 =}`, `{op = "line", to =}`, `{op = "close"}`.
    static func pushPath(_ call: LuaCall, _ path: [PathElement]) {
        lua_createtable(call.L, Int32(path.count), 0)
        for (k, element) in path.enumerated() {
            lua_createtable(call.L, 0, 4)
            switch element {
            case .move(let p):
                call.push("move"); call.lua.setField(-2, "op")
                call.pushArray([p.x, p.y]); call.lua.setField(-2, "to")
            case .line(let p):
                call.push("line"); call.lua.setField(-2, "op")
                call.pushArray([p.x, p.y]); call.lua.setField(-2, "to")
            case .curve(let p, let c1, let c2):
                call.push("curve"); call.lua.setField(-2, "op")
                call.pushArray([p.x, p.y]); call.lua.setField(-2, "to")
                call.pushArray([c1.x, c1.y]); call.lua.setField(-2, "c1")
                call.pushArray([c2.x, c2.y]); call.lua.setField(-2, "c2")
            case .close:
                call.push("close"); call.lua.setField(-2, "op")
            }
            lua_rawseti(call.L, -2, lua_Integer(k + 1))
        }
    }

    /// A required finite number field.
    static func required(_ spec: LuaTableArgument, _ key: String) throws -> Double {
        guard let value = try spec.number(key) else { throw spec.call.argumentError(spec.position, "field '\(key)' is required") }
        guard value.isFinite else { throw spec.call.argumentError(spec.position, "field '\(key)': finite number expected") }
        return value
    }

    static func finite(_ spec: LuaTableArgument, _ key: String, default value: Double) throws -> Double {
        guard let given = try spec.number(key) else { return value }
        guard given.isFinite else { throw spec.call.argumentError(spec.position, "field '\(key)': finite number expected, got \(NumberFormat.shortest(given))") }
        return given
    }

    static func count(_ spec: LuaTableArgument) throws -> Int {
        guard let items = try spec.integer("items") else { throw spec.call.argumentError(spec.position, "field 'items' is required") }
        guard items >= 0 && items <= 100_000_000 else { throw spec.call.argumentError(spec.position, "field 'items': must be 0…100000000") }
        return items
    }
}

/// `springkit.flow_layout{...}`, `springkit.grid_layout{...}`, `springkit.culler{...}`,
/// `springkit.cell_shape{...}` (see docs/lua-api.md, "Layouts and culling").
extension ModuleBuilder {
    func addLayouts() {
        let layoutMethods: [(String, LuaFunction.Body)] = [
            ("frame", { call in
                let l = try LayoutBindings.layout(call, 1).layout
                ScrollBindings.pushRect(call, l.frame(try LayoutBindings.position(call, 2, count: l.count)))
                return 1
            }),
            ("center", { call in
                let l = try LayoutBindings.layout(call, 1).layout
                let c = l.frame(try LayoutBindings.position(call, 2, count: l.count)).center
                call.push(c.x); call.push(c.y)
                return 2
            }),
            ("content_size", { call in
                let size = try LayoutBindings.layout(call, 1).layout.contentSize
                call.push(size.x); call.push(size.y)
                return 2
            }),
            ("visible", { call in
                let l = try LayoutBindings.layout(call, 1).layout
                let rect = try ScrollBindings.rect(call, 2)
                let inset = try call.number(3, default: 0)
                guard inset.isFinite else { throw call.argumentError(3, "finite number expected") }
                let area = rect.outset(by: inset)
                // The result (a Swift array, then a Lua one) is checked against the cap before it is made.
                try call.reserveResult(l.indexCountBound(intersecting: area), bytesEach: LuaNumberRule.bytesPerArrayElement + MemoryLayout<Int>.stride)
                LayoutBindings.pushPositions(call, l.indices(intersecting: area))
                return 1
            }),
            ("nearest", { call in
                let l = try LayoutBindings.layout(call, 1).layout
                let p = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                if let index = l.nearestIndex(to: p) { call.push(index + 1) } else { call.pushNil() }
                return 1
            }),
        ]
        let layoutProperties: [String: LuaObjectClass.Getter] = [
            "count": { call, o in call.push((o as! LayoutBox).layout.count); return 1 },
        ]
        LuaClasses.flowLayout.define(in: lua, methods: layoutMethods, properties: layoutProperties)
        LuaClasses.gridLayout.define(in: lua, methods: layoutMethods, properties: layoutProperties)

        function("flow_layout") { call in
            let spec = try call.table(1)!
            try spec.rejectUnknownKeys(["items", "width", "item_width", "item_height", "spacing", "insets"])
            let count = try LayoutBindings.count(spec)
            let width = try LayoutBindings.finite(spec, "width", default: 320)
            let size = SIMD2(try LayoutBindings.finite(spec, "item_width", default: width), try LayoutBindings.required(spec, "item_height"))
            let spacing = try LayoutBindings.finite(spec, "spacing", default: 0)
            let insets = try Self.insets(spec, "insets", .zero)
            let flow = try call.checked(1) { try FlowLayout(itemCount: count, itemSize: size, lineSpacing: spacing, width: width, insets: insets) }
            call.push(LayoutBox(flow), as: LuaClasses.flowLayout)
            return 1
        }

        function("grid_layout") { call in
            let spec = try call.table(1)!
            try spec.rejectUnknownKeys(["items", "columns", "item_width", "item_height", "spacing", "origin"])
            let count = try LayoutBindings.count(spec)
            guard let columns = try spec.integer("columns") else { throw call.argumentError(1, "field 'columns' is required") }
            let size = SIMD2(try LayoutBindings.required(spec, "item_width"), try LayoutBindings.required(spec, "item_height"))
            let spacing = try LayoutBindings.finite(spec, "spacing", default: 0)
            let origin = try spec.point("origin") ?? .zero
            guard origin.x.isFinite, origin.y.isFinite else { throw call.argumentError(1, "field 'origin': finite numbers expected") }
            let grid = try call.checked(1) {
                try GridItems(grid: GridLayout(columns: columns, itemSize: size, spacing: spacing, origin: origin), count: count)
            }
            call.push(LayoutBox(grid), as: LuaClasses.gridLayout)
            return 1
        }

        addCuller()
        addCellShape()
    }

    private func addCuller() {
        func box(_ call: LuaCall) throws -> CullerBox { try call.object(1, CullerBox.self, LuaClasses.culler) }
        func pushIndex(_ call: LuaCall, _ value: Int32?) -> Int32 {
            if let value { call.push(Int(value)) } else { call.pushNil() }
            return 1
        }
        LuaClasses.culler.define(in: lua, methods: [
            ("update", { call in
                let b = try box(call)
                let bounds = try ScrollBindings.rect(call, 2)
                let hook = b.preOffset
                let preShift: ((Int, SIMD2<Double>) throws -> SIMD2<Double>)? = hook.map { hook in
                    { index, anchor in
                        var shift = SIMD2<Double>(0, 0)
                        try hook.invoke(call, results: 2, { call in
                            call.push(index + 1); call.push(anchor.x); call.push(anchor.y)
                            return 3
                        }, readResults: { call in
                            for k in 0..<2 where !call.isNil(Int32(k) - 2) {
                                guard lua_type(call.L, Int32(k) - 2) == LUA_TNUMBER else {
                                    throw HookError("pre_offset must return numbers dx, dy, got \(call.typeName(Int32(k) - 2))")
                                }
                                shift[k] = skl_tonumber(call.L, Int32(k) - 2, nil)
                            }
                            guard shift.x.isFinite, shift.y.isFinite else {
                                throw HookError("pre_offset returned a non-finite shift")
                            }
                        })
                        return anchor + shift
                    }
                }
                let change = try call.checked(2) { try b.culler.update(layout: b.layout.layout, bounds: bounds, preShift: preShift) }
                LayoutBindings.pushPositions(call, change.added)
                LayoutBindings.pushPositions(call, change.removed)
                return 2
            }),
            ("shift", { call in
                let b = try box(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["delta", "touch_y", "resistance", "max_shift"])
                let delta = try LayoutBindings.required(spec, "delta")
                let touchY = try LayoutBindings.required(spec, "touch_y")
                let resistance = try LayoutBindings.required(spec, "resistance")
                let maxShift = try spec.number("max_shift") ?? .infinity
                try call.checked(2) { try b.culler.shiftAttached(delta: delta, touchY: touchY, resistance: resistance, maxShift: maxShift) }
                return 0
            }),
            ("entries", { call in
                let entries = try box(call).culler.entries
                lua_createtable(call.L, Int32(entries.count), 0)
                for (k, e) in entries.enumerated() {
                    lua_createtable(call.L, 0, 3)
                    call.push(e.index + 1); call.lua.setField(-2, "index")
                    call.push(Int(e.item.rawValue)); call.lua.setField(-2, "item")
                    call.push(Int(e.spring.rawValue)); call.lua.setField(-2, "spring")
                    lua_rawseti(call.L, -2, lua_Integer(k + 1))
                }
                return 1
            }),
            ("item", { call in
                let b = try box(call)
                let index = try LayoutBindings.position(call, 2, count: b.layout.layout.count)
                return pushIndex(call, b.culler.entry(at: index)?.item.rawValue)
            }),
            ("spring", { call in
                let b = try box(call)
                let index = try LayoutBindings.position(call, 2, count: b.layout.layout.count)
                return pushIndex(call, b.culler.entry(at: index)?.spring.rawValue)
            }),
            ("on_pre_offset", { call in
                try box(call).preOffset = try LuaCallback.argument(call, 2)
                return 0
            }),
            ("set_spring", { call in
                let b = try box(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["length", "damping", "frequency"])
                let parameters = try Self.springParameters(spec, base: b.culler.spring)
                b.culler.spring = parameters
                for entry in b.culler.entries { try call.checked(2) { try b.culler.world.setParameters(entry.spring, parameters) } }
                return 0
            }),
            ("remove_all", { call in
                let b = try box(call)
                try call.checked(1) { try b.culler.removeAll() }
                return 0
            }),
        ], properties: [
            "count": { call, o in call.push((o as! CullerBox).culler.entries.count); return 1 },
            "inset": { call, o in call.push((o as! CullerBox).culler.inset); return 1 },
        ])

        function("culler") { call in
            let spec = try call.table(1)!
            try spec.rejectUnknownKeys(["world", "layout", "inset", "length", "damping", "frequency", "resync", "pre_offset"])
            guard let animator = try spec.object("world", DynamicAnimator.self, LuaClasses.world) else { throw call.argumentError(1, "field 'world' is required") }
            guard let layout = spec.layout("layout") else { throw call.argumentError(1, "field 'layout': a flow_layout or grid_layout is required") }
            let parameters = try Self.springParameters(spec, base: SpringParameters())
            let inset = try LayoutBindings.finite(spec, "inset", default: 0)
            let resync = try LayoutBindings.finite(spec, "resync", default: 0)
            let culler = try call.checked(1) { try SpringCuller(animator: animator, spring: parameters, inset: inset, resyncDistance: resync) }
            let box = CullerBox(culler, layout: layout)
            box.preOffset = try LuaCallback.field(spec, "pre_offset")
            call.push(box, as: LuaClasses.culler)
            return 1
        }
    }

    private func addCellShape() {
        LuaClasses.cellShape.define(in: lua, methods: [
            ("path", { call in
                let b = try call.object(1, CellShapeBox.self, LuaClasses.cellShape)
                let stretch = try call.isNil(2) ? 0 : call.finiteNumber(2)
                LayoutBindings.pushPath(call, b.shape.path(width: b.size.x, height: b.size.y, stretch: stretch))
                return 1
            }),
        ], properties: [
            "width": { call, o in call.push((o as! CellShapeBox).size.x); return 1 },
            "height": { call, o in call.push((o as! CellShapeBox).size.y); return 1 },
        ])

        function("cell_shape") { call in
            let spec = try call.table(1)!
            try spec.rejectUnknownKeys(["style", "width", "height", "inset", "radius"])
            let size = SIMD2(try LayoutBindings.required(spec, "width"), try LayoutBindings.required(spec, "height"))
            guard size.x >= 0, size.y >= 0 else { throw call.argumentError(1, "width and height must be ≥ 0") }
            let shape: CellShape
            switch try spec.string("style") ?? "rect" {
            case "rect": shape = .rect
            case "rubber": shape = .rubber(inset: try LayoutBindings.finite(spec, "inset", default: 35))
            case "rounded":
                let radius = try LayoutBindings.finite(spec, "radius", default: 8)
                guard radius >= 0 else { throw call.argumentError(1, "field 'radius': must be ≥ 0") }
                shape = .rounded(radius: radius)
            case let other: throw call.argumentError(1, "field 'style': expected 'rect', 'rounded' or 'rubber', got '\(other)'")
            }
            call.push(CellShapeBox(shape, size: size), as: LuaClasses.cellShape)
            return 1
        }
    }
}
