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

/// A culler owned by Lua, with its layout and pre-offset hook, and the springy-list rules
/// that differ between the libraries (docs/effects.md, the preset table): how far the rect
/// is grown on each side, when a resync is due, floored anchors, the near-anchor damping switch.
final class CullerBox {
    let culler: SpringCuller
    let layout: LayoutBox
    /// `function(index, anchor_x, anchor_y) → dx, dy` for each newly attached item.
    var preOffset: LuaCallback?
    /// How far the bounds are grown: top, left, bottom, right (points).
    var edges: SIMD4<Double> = .zero
    /// Re-sync distance applied here (not by the culler) when `resyncAtLeast`: a sync is due
    /// once the bounds moved at least this far (THSpringyCollectionView's `< threshold → skip`).
    var resync: Double = 0
    var resyncAtLeast = false
    private var lastSyncOrigin: SIMD2<Double>?
    /// Anchors at the layout centres floored to whole points (BouncyLayout from 2018).
    var floorAnchors = false
    /// THSpringyCollectionView (2016): each spring's action sets its damping to `damping` while
    /// the item's centre is within `within` points (≤) of its anchor along y, else to the culler's damping.
    var nearDamping: (within: Double, damping: Double)?

    init(_ culler: SpringCuller, layout: LayoutBox) {
        self.culler = culler
        self.layout = layout
    }

    /// The rect the culler syncs with: `bounds` grown by the edges.
    func area(_ bounds: Rect) -> Rect {
        Rect(x: bounds.x - edges[1], y: bounds.y - edges[0],
             width: bounds.width + edges[1] + edges[3], height: bounds.height + edges[0] + edges[2])
    }

    /// Whether an update with `bounds` syncs, by the at-least rule (always true without it).
    func resyncDue(_ bounds: Rect) -> Bool {
        guard resyncAtLeast, resync > 0 else { return true }
        let origin = SIMD2(bounds.x, bounds.y)
        if let last = lastSyncOrigin, !culler.entries.isEmpty {
            let moved = origin - last
            guard max(abs(moved.x), abs(moved.y)) >= resync else { return false }
        }
        lastSyncOrigin = origin
        return true
    }

    func forgetSync() { lastSyncOrigin = nil }
}

/// A layout whose frames are moved so their centres sit on whole points (`floor`), for the
/// anchors of BouncyLayout 2018: which items a rect shows is still the base layout's answer.
struct FlooredCenters: ItemLayout {
    let base: ItemLayout
    var count: Int { base.count }
    var contentSize: SIMD2<Double> { base.contentSize }
    func frame(_ index: Int) -> Rect {
        let f = base.frame(index)
        let c = f.center
        return Rect(x: f.x + (c.x.rounded(.down) - c.x), y: f.y + (c.y.rounded(.down) - c.y), width: f.width, height: f.height)
    }
    func indices(intersecting rect: Rect) -> [Int] { base.indices(intersecting: rect) }
    func indexCountBound(intersecting rect: Rect) -> Int { base.indexCountBound(intersecting: rect) }
    func nearestIndex(to point: SIMD2<Double>) -> Int? { base.nearestIndex(to: point) }
}

/// The springy lists' bounds-change rule with the libraries' variants, one item at a time.
enum SpringyShift {
    /// How the distance from the touch is measured.
    enum Distance: String { case y, xy }

    /// `r = d / resistance` with d = |touch.y − anchor.y| (or + |touch.x − anchor.x|),
    /// `fix(d, r) = clamp(d·r, −maxShift, maxShift)`,
    /// `delta < 0 ? max(fix(delta, 1), fix(delta, r)) : min(fix(delta, 1), fix(delta, r))`.
    static func shift(delta: Double, touch: SIMD2<Double>, anchor: SIMD2<Double>, resistance: Double,
                      maxShift: Double, distance: Distance) -> Double {
        let d = distance == .xy ? abs(touch.y - anchor.y) + abs(touch.x - anchor.x) : abs(touch.y - anchor.y)
        let r = d / resistance
        func fix(_ d: Double, _ r: Double) -> Double { min(max(d * r, -maxShift), maxShift) }
        return delta < 0 ? max(fix(delta, 1), fix(delta, r)) : min(fix(delta, 1), fix(delta, r))
    }

    static func distance(_ spec: LuaTableArgument) throws -> Distance {
        guard let text = try spec.string("distance") else { return .y }
        guard let d = Distance(rawValue: text) else {
            throw spec.call.argumentError(spec.position, "field 'distance': expected 'y' or 'xy', got '\(text)'")
        }
        return d
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

        function("flow_layout", Self.newFlowLayout)
        function("grid_layout", Self.newGridLayout)
        addCuller()
        addCellShape()
    }

    /// `springkit.flow_layout{items =, item_height =, ...}`.
    private static func newFlowLayout(_ call: LuaCall) throws -> Int32 {
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

    /// `springkit.grid_layout{items =, columns =, item_width =, item_height =, ...}`.
    private static func newGridLayout(_ call: LuaCall) throws -> Int32 {
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

    /// `springkit.culler{...}` (springs for what is on screen) and its methods.
    private func addCuller() {
        LuaClasses.culler.define(in: lua, methods: [
            ("update", Self.cullerUpdate),
            ("shift", Self.cullerShift),
            ("run_actions", Self.cullerRunActions),
        ] + Self.cullerEntryMethods, properties: Self.cullerProperties)
        function("culler", Self.newCuller)
    }

    private static func cullerBox(_ call: LuaCall) throws -> CullerBox { try call.object(1, CullerBox.self, LuaClasses.culler) }

    /// `cu:update(bounds)` → the positions added and removed (empty while no resync is due).
    private static func cullerUpdate(_ call: LuaCall) throws -> Int32 {
        let b = try cullerBox(call)
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
        guard b.resyncDue(bounds) else {
            LayoutBindings.pushPositions(call, [])
            LayoutBindings.pushPositions(call, [])
            return 2
        }
        let layout: ItemLayout = b.floorAnchors ? FlooredCenters(base: b.layout.layout) : b.layout.layout
        let change = try call.checked(2) { try b.culler.update(layout: layout, bounds: b.area(bounds), preShift: preShift) }
        LayoutBindings.pushPositions(call, change.added)
        LayoutBindings.pushPositions(call, change.removed)
        return 2
    }

    /// `cu:shift{delta =, touch_y =, resistance =, ...}`: the springy shift of every attached item.
    private static func cullerShift(_ call: LuaCall) throws -> Int32 {
        let b = try cullerBox(call)
        let spec = try call.table(2)!
        try spec.rejectUnknownKeys(["delta", "touch_x", "touch_y", "resistance", "max_shift", "distance", "floor", "without_touch"])
        let delta = try LayoutBindings.required(spec, "delta")
        let resistance = try LayoutBindings.required(spec, "resistance")
        guard resistance > 0 else { throw call.argumentError(2, "field 'resistance': must be > 0 (resistance > 0), got \(NumberFormat.shortest(resistance))") }
        let maxShift = try spec.number("max_shift") ?? .infinity
        guard !maxShift.isNaN, maxShift >= 0 else { throw call.argumentError(2, "field 'max_shift': must be ≥ 0") }
        let distance = try SpringyShift.distance(spec)
        let floored = try spec.boolean("floor") ?? false
        let touchY = try spec.number("touch_y")
        let touchX = try spec.number("touch_x")
        guard touchY?.isFinite ?? true, touchX?.isFinite ?? true else { throw call.argumentError(2, "field 'touch_y' / 'touch_x': finite number expected") }
        if distance == .xy, touchY != nil, touchX == nil { throw call.argumentError(2, "field 'touch_x' is required with distance = 'xy'") }
        var touch = SIMD2(touchX ?? 0, touchY ?? 0)
        if touchY == nil {
            // No touch location known: the pan recognizer reads (0, 0).
            switch try spec.string("without_touch") ?? "skip" {
            case "skip": return 0
            case "origin": touch = .zero
            case let other: throw call.argumentError(2, "field 'without_touch': expected 'skip' or 'origin', got '\(other)'")
            }
        } else if let rule = try spec.string("without_touch"), rule != "skip" && rule != "origin" {
            throw call.argumentError(2, "field 'without_touch': expected 'skip' or 'origin', got '\(rule)'")
        }
        try call.checked(2) {
            for entry in b.culler.entries {
                let anchor = try b.culler.world.anchor(entry.spring)
                var center = try b.culler.animator.layoutPosition(entry.item)
                center.y += SpringyShift.shift(delta: delta, touch: touch, anchor: anchor, resistance: resistance,
                                               maxShift: maxShift, distance: distance)
                if floored { center = SIMD2(center.x.rounded(.down), center.y.rounded(.down)) }
                // updateItemUsingCurrentState: moves the body only when the pixel-rounded centre changes.
                try b.culler.animator.updateItem(entry.item, center: center)
            }
        }
        return 0
    }

    /// `cu:run_actions()`: near an anchor, the near damping.
    private static func cullerRunActions(_ call: LuaCall) throws -> Int32 {
        let b = try cullerBox(call)
        guard let near = b.nearDamping else { return 0 }
        try call.checked(1) {
            for entry in b.culler.entries {
                let anchor = try b.culler.world.anchor(entry.spring)
                let center = try b.culler.animator.layoutPosition(entry.item)
                var parameters = try b.culler.world.parameters(entry.spring)
                let damping = abs(center.y - anchor.y) <= near.within ? near.damping : b.culler.spring.damping
                if parameters.damping != damping {
                    parameters.damping = damping
                    try b.culler.world.setParameters(entry.spring, parameters)
                }
            }
        }
        return 0
    }

    /// The culler's entries, its springs, its hook and its reset.
    private static var cullerEntryMethods: [(String, LuaFunction.Body)] {
        let box = cullerBox
        func pushIndex(_ call: LuaCall, _ value: Int32?) -> Int32 {
            if let value { call.push(Int(value)) } else { call.pushNil() }
            return 1
        }
        return [
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
                b.forgetSync()
                return 0
            }),
        ]
    }

    private static var cullerProperties: [String: LuaObjectClass.Getter] {
        [
            "count": { call, o in call.push((o as! CullerBox).culler.entries.count); return 1 },
            "inset": { call, o in
                let e = (o as! CullerBox).edges
                if e[0] == e[1] && e[1] == e[2] && e[2] == e[3] { call.push(e[0]) } else {
                    call.pushRecord(["top": e[0], "left": e[1], "bottom": e[2], "right": e[3]])
                }
                return 1
            },
        ]
    }

    /// `springkit.culler{world =, layout =, inset =, ...}`.
    private static func newCuller(_ call: LuaCall) throws -> Int32 {
        let spec = try call.table(1)!
        try spec.rejectUnknownKeys(["world", "layout", "inset", "length", "damping", "frequency", "resync", "resync_at_least",
                                    "floor_anchors", "near_damping", "pre_offset"])
        guard let animator = try spec.object("world", DynamicAnimator.self, LuaClasses.world) else { throw call.argumentError(1, "field 'world' is required") }
        guard let layout = spec.layout("layout") else { throw call.argumentError(1, "field 'layout': a flow_layout or grid_layout is required") }
        let parameters = try Self.springParameters(spec, base: SpringParameters())
        // `inset`: a number (every side) or {top =, left =, bottom =, right =} (sides left out: 0).
        var edges = SIMD4<Double>(repeating: 0)
        if spec.has("inset") {
            if let uniform = try? spec.number("inset") {
                guard uniform.isFinite else { throw call.argumentError(1, "field 'inset': finite number expected, got \(NumberFormat.shortest(uniform))") }
                edges = SIMD4(repeating: uniform)
            } else {
                edges = try Self.insets(spec, "inset", .zero)
            }
        }
        let resync = try LayoutBindings.finite(spec, "resync", default: 0)
        guard resync >= 0 else { throw call.argumentError(1, "field 'resync': must be ≥ 0, got \(NumberFormat.shortest(resync))") }
        let atLeast = try spec.boolean("resync_at_least") ?? false
        let near: (within: Double, damping: Double)? = try spec.withTable("near_damping") { inner in
            guard let inner else { return nil }
            try inner.rejectUnknownKeys(["within", "damping"])
            guard let within = try inner.number("within"), within.isFinite, within >= 0 else {
                throw call.argumentError(1, "field 'near_damping': 'within' must be a finite number ≥ 0")
            }
            guard let damping = try inner.number("damping"), damping.isFinite, damping >= 0 else {
                throw call.argumentError(1, "field 'near_damping': 'damping' must be a finite number ≥ 0")
            }
            return (within, damping)
        }
        let culler = try call.checked(1) { try SpringCuller(animator: animator, spring: parameters, inset: 0, resyncDistance: atLeast ? 0 : resync) }
        let box = CullerBox(culler, layout: layout)
        box.edges = edges
        box.resync = resync
        box.resyncAtLeast = atLeast
        box.floorAnchors = try spec.boolean("floor_anchors") ?? false
        box.nearDamping = near
        box.preOffset = try LuaCallback.field(spec, "pre_offset")
        call.push(box, as: LuaClasses.culler)
        return 1
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
