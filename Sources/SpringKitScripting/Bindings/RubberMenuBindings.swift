import SpringKitReport
import SpringKitMotion
import SpringKitScenarios
import CLua

extension RubberMenu: LuaScenario {
    static let luaClass = LuaObjectClass(name: "springkit.RubberMenu")
    static let luaExample = "sk.rubber_menu{items = 12}"
    static func define(in module: ModuleBuilder) { module.addRubberMenu() }
    var recordsTrace: Bool { configuration.record }
    var recordsReport: Bool { configuration.record && observer?.wantsReportFrames == true }
}

/// `springkit.rubber_menu{...}` and its own methods (the shared ones: `defineScenario`), plus the
/// rubber menu's rules as plain functions (`springkit.resisted_shift`, `springkit.mask_path`).
extension ModuleBuilder {
    static let rubberMenuKeys: Set<String> = [
        "items", "width", "height", "cell_height", "overlap", "max_stretch", "resistance", "length", "damping",
        "frequency", "visible_inset", "stretch", "reset_stretch", "world", "deceleration", "bounce_frequency",
        "record", "watch",
    ]

    static func rubberMenuConfiguration(_ spec: LuaTableArgument?, _ call: LuaCall,
                                        recordByDefault: Bool = true) throws -> RubberMenu.Configuration {
        var c = RubberMenu.Configuration()
        c.record = recordByDefault
        guard let spec else { return c }
        try spec.rejectUnknownKeys(rubberMenuKeys)
        c.itemCount = try spec.integer("items") ?? c.itemCount
        guard c.itemCount >= 0 && c.itemCount <= 100_000_000 else { throw call.argumentError(spec.position, "field 'items': must be 0…100000000") }
        c.viewport = SIMD2(try spec.number("width", default: c.viewport.x), try spec.number("height", default: c.viewport.y))
        var k = c.constants
        try spec.numbers(["cell_height": \.cellHeight, "overlap": \.cellOverlap, "max_stretch": \.maxStretch,
                          "resistance": \.resistance, "length": \.springLength, "damping": \.damping,
                          "frequency": \.frequency, "visible_inset": \.visibleInset], into: &k)
        c.constants = k
        if let mode = try spec.string("stretch") {
            guard let parsed = RubberMenu.StretchMode(rawValue: mode) else {
                throw call.argumentError(spec.position, "field 'stretch': expected 'global' or 'displacement', got '\(mode)'")
            }
            c.stretchMode = parsed
        }
        c.resetStretchWhenStill = try spec.boolean("reset_stretch") ?? false
        c.record = try spec.boolean("record") ?? recordByDefault
        c.watchedCell = try spec.integer("watch") ?? c.watchedCell
        c.scroll.decelerationRate = try spec.number("deceleration", default: c.scroll.decelerationRate)
        c.scroll.bounceFrequency = try spec.number("bounce_frequency", default: c.scroll.bounceFrequency)
        (c.world, c.animator) = try Self.worldField(spec, call, default: (c.world, c.animator))
        return c
    }

    func addRubberMenu() {
        // Methods capture the session alone: capturing `self` would hold the Lua state from
        // its own functions (a cycle).
        let session = session
        defineScenario(RubberMenu.self, methods: Self.rubberMenuGestures(session) + [("cells", Self.rubberMenuCells)],
                       properties: Self.rubberMenuProperties)
        scenarioConstructor("rubber_menu") { call in
            let configuration = try Self.rubberMenuConfiguration(try call.table(1, optional: true), call,
                                                                 recordByDefault: session.recordsOutputs)
            return try call.checked(1) { try RubberMenu(configuration: configuration, budget: session.budget,
                                                   observer: session.makeRecorder()) }
        }
        function("resisted_shift", Self.resistedShift)
        function("mask_path", Self.maskPath)
    }

    /// `m:touch_down(x, y)`, `m:drag(dx, dy, seconds)`, `m:release([vx, vy])`: each hands the menu to a
    /// live drive when one waits for it.
    private static func rubberMenuGestures(_ session: ScriptSession) -> [(String, ScenarioMethod<RubberMenu>)] {
        [
            ("touch_down", { call, m in
                try call.checked(1) { try session.driveIfWaiting { RubberMenuTarget(m) } }
                let point = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                try call.checked(2) { try m.touchDown(at: point) }
                return 0
            }),
            ("drag", { call, m in
                try call.checked(1) { try session.driveIfWaiting { RubberMenuTarget(m) } }
                let distance = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                let seconds = try call.seconds(4, "drag duration")
                try call.checked(4) { try m.drag(by: distance, seconds: seconds) }
                return 0
            }),
            ("release", { call, m in
                try call.checked(1) { try session.driveIfWaiting { RubberMenuTarget(m) } }
                let velocity: SIMD2<Double>? = call.isNil(2) ? nil : SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                try call.checked(2) { try m.release(velocity: velocity) }
                return 0
            }),
        ]
    }

    /// `m:cells()` → the visible cells: x, y, stretch, z, anchor_y, id.
    private static func rubberMenuCells(_ call: LuaCall, _ m: RubberMenu) throws -> Int32 {
        let cells = try m.visibleCells()
        lua_createtable(call.L, Int32(cells.count), 0)
        for (k, cell) in cells.enumerated() {
            let anchor = m.layout.flow.frame(cell.index).center
            call.pushRecord(["x": cell.center.x, "y": cell.center.y,
                             "stretch": cell.stretch, "z": cell.center.y, "anchor_y": anchor.y])
            // The identifier is an integer (as in the trace), not a float.
            call.push(cell.index)
            call.lua.setField(-2, "id")
            lua_rawseti(call.L, -2, lua_Integer(k + 1))
        }
        return 1
    }

    private static var rubberMenuProperties: [String: ScenarioProperty<RubberMenu>] {
        [
            "offset": { call, m in call.push(m.scrollView.offset.y); return 1 },
            "latest_delta": { call, m in call.push(m.layout.latestDelta); return 1 },
            "peak_stretch": { call, m in call.push(m.peakStretch); return 1 },
            "max_springs": { call, m in call.push(m.maxSprings); return 1 },
            "springs": { call, m in call.push(m.world.springCount); return 1 },
            "paused": { call, m in call.push(m.world.isPaused); return 1 },
            "phase": { call, m in call.push(m.scrollView.phase.rawValue); return 1 },
            "settle_time": { call, m in
                if let t = m.settleTime { call.push(t) } else { call.pushNil() }
                return 1
            },
        ]
    }

    /// `springkit.resisted_shift{delta =, touch_y =, anchor_y =, ...}`: the rubber menu's shift rule as a plain function.
    private static func resistedShift(_ call: LuaCall) throws -> Int32 {
        let spec = try call.table(1)!
        try spec.rejectUnknownKeys(["delta", "touch_y", "anchor_y", "resistance", "max_stretch", "touch_x", "anchor_x", "distance"])
        func required(_ key: String) throws -> Double {
            guard let value = try spec.number(key) else { throw call.argumentError(1, "field '\(key)' is required") }
            return value
        }
        let delta = try required("delta"), touchY = try required("touch_y"), anchorY = try required("anchor_y")
        let resistance = try spec.number("resistance", default: 1100)
        let maxStretch = try spec.number("max_stretch", default: 35)
        switch try SpringyShift.distance(spec) {
        case .y:
            call.push(RubberMenuLayout.resistedShift(delta: delta, touchY: touchY, anchorY: anchorY,
                                                     resistance: resistance, maxStretch: maxStretch))
        case .xy:
            // objc.io issue 5 / ASHSpringyCollectionView: the x and y distances added.
            let touch = SIMD2(try required("touch_x"), touchY), anchor = SIMD2(try required("anchor_x"), anchorY)
            call.push(SpringyShift.shift(delta: delta, touch: touch, anchor: anchor, resistance: resistance,
                                         maxShift: maxStretch, distance: .xy))
        }
        return 1
    }

    /// `springkit.mask_path{width =, height =, inset =, stretch =}`: a cell's bent top edge as a path.
    private static func maskPath(_ call: LuaCall) throws -> Int32 {
        let spec = try call.table(1)!
        try spec.rejectUnknownKeys(["width", "height", "inset", "stretch"])
        let path = RubberCellShape.maskPath(width: try spec.number("width", default: 320), height: try spec.number("height", default: 265),
                                            edgeInset: try spec.number("inset", default: 35), stretch: try spec.number("stretch", default: 0))
        LayoutBindings.pushPath(call, path)
        return 1
    }
}
