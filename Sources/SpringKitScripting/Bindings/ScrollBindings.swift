import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import CLua

/// A scroll view owned by Lua, with its bounds-change hook.
final class ScrollViewBox {
    let scrollView: ScrollView
    /// `function(dx, dy, touch_x, touch_y)`, called whenever the offset moves.
    var onBoundsChange: LuaCallback?
    init(_ scrollView: ScrollView) { self.scrollView = scrollView }

    /// Calls the hook for a move of `delta` (touch in content coordinates with the offset before
    /// the move, as UIKit's bounds change reads it; nil: none known).
    func boundsChanged(_ call: LuaCall, delta: SIMD2<Double>, touch: SIMD2<Double>?) throws {
        try onBoundsChange?.invoke(call) { call in
            call.push(delta.x); call.push(delta.y)
            if let touch { call.push(touch.x); call.push(touch.y) } else { call.pushNil(); call.pushNil() }
            return 4
        }
    }

    /// Runs `body` and calls the hook when it moved the offset.
    func moving(_ call: LuaCall, _ body: () throws -> Void) throws {
        let old = scrollView.offset
        try body()
        let delta = scrollView.offset - old
        if delta != .zero { try boundsChanged(call, delta: delta, touch: scrollView.touchLocation(beforeMoveFrom: old)) }
    }
}

/// A gesture player owned by Lua, with its layout and frame hooks.
final class AnimatorBox {
    let player: GesturePlayer
    let scroll: ScrollViewBox
    /// `function(bounds, touch_x, touch_y)` every frame before the world's tick.
    var onLayout: LuaCallback?
    /// `function(frame, t)` every frame after the tick.
    var onFrame: LuaCallback?
    init(_ player: GesturePlayer, scroll: ScrollViewBox) {
        self.player = player
        self.scroll = scroll
    }

    /// Runs `body` with the player's hooks calling the Lua ones through `call`.
    func playing<T>(_ call: LuaCall, _ body: () throws -> T) throws -> T {
        player.boundsChanged = { [unowned self] delta, touch in try self.scroll.boundsChanged(call, delta: delta, touch: touch) }
        player.layoutPass = { [unowned self] bounds, touch in
            try self.onLayout?.invoke(call) { call in
                ScrollBindings.pushRect(call, bounds)
                if let touch { call.push(touch.x); call.push(touch.y) } else { call.pushNil(); call.pushNil() }
                return 3
            }
        }
        player.frameEnded = { [unowned self] in
            try self.onFrame?.invoke(call) { call in
                call.push(self.player.frame); call.push(self.player.time)
                return 2
            }
        }
        defer { player.boundsChanged = nil; player.layoutPass = nil; player.frameEnded = nil }
        return try body()
    }
}

/// A velocity tracker owned by Lua.
final class VelocityTrackerBox {
    var tracker: VelocityTracker
    /// Samples whose memory is reserved against the run's memory cap (a long window keeps many).
    var reserved = 0
    /// Bytes a kept sample costs with its array's growth headroom.
    static let bytesPerSample = 48
    init(_ tracker: VelocityTracker) { self.tracker = tracker }

    /// Reserves (or releases) the memory of the samples the tracker now keeps.
    func account(_ budget: ResourceBudget?) throws {
        let now = tracker.sampleCount
        defer { reserved = now }
        if now > reserved { try budget?.reserve(bytes: (now - reserved) * Self.bytesPerSample) }
        else if now < reserved { budget?.release(bytes: (reserved - now) * Self.bytesPerSample) }
    }
}

extension LuaTableArgument {
    /// The Swift object in field `key` when it is of `luaClass`; nil when the field is nil.
    func object<T: AnyObject>(_ key: String, _ type: T.Type, _ luaClass: LuaObjectClass) throws -> T? {
        call.lua.push(key)
        lua_rawget(call.L, index)
        defer { skl_pop(call.L, 1) }
        if call.isNil(-1) { return nil }
        guard let object = call.lua.retained(at: -1, metatable: luaClass.name) as? T else {
            throw call.argumentError(position, "field '\(key)': \(luaClass.name) expected, got \(call.typeName(-1))")
        }
        return object
    }
}

enum ScrollBindings {
    static func pushRect(_ call: LuaCall, _ r: Rect) {
        call.pushRecord(["x": r.x, "y": r.y, "width": r.width, "height": r.height])
    }

    /// A rect given as `{x =, y =, width =, height =}` (or `{x, y, width, height}`), all finite, sizes ≥ 0.
    static func rect(_ call: LuaCall, _ index: Int32) throws -> Rect {
        let t = try call.table(index)!
        try t.rejectUnknownKeys(["x", "y", "width", "height"])
        var v: [Double] = []
        for (k, key) in ["x", "y", "width", "height"].enumerated() {
            guard let value = try t.number(key) ?? t.element(k + 1), value.isFinite else {
                throw call.argumentError(index, "rect {x =, y =, width =, height =} of finite numbers expected (field '\(key)')")
            }
            v.append(value)
        }
        guard v[2] >= 0, v[3] >= 0 else { throw call.argumentError(index, "rect width and height must be ≥ 0") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `"normal"`, `"fast"` or a rate in (0, 1).
    static func decelerationRate(_ spec: LuaTableArgument, _ key: String, default value: Double) throws -> Double {
        let call = spec.call
        if let name = try? spec.string(key) {
            switch name {
            case "normal": return ScrollPhysics.normalDecelerationRate
            case "fast": return ScrollPhysics.fastDecelerationRate
            default: throw call.argumentError(spec.position, "field '\(key)': expected \"normal\", \"fast\" or a rate in (0, 1), got '\(name)'")
            }
        }
        guard let rate = try spec.number(key) else { return value }
        guard rate > 0, rate < 1 else {
            throw call.argumentError(spec.position, "field '\(key)': a deceleration rate must be in (0, 1), got \(NumberFormat.shortest(rate))")
        }
        return rate
    }

    static func rate(_ call: LuaCall, _ index: Int32) throws -> Double {
        if call.isNil(index) { return ScrollPhysics.normalDecelerationRate }
        if let name = call.lua.string(at: index) {
            switch name {
            case "normal": return ScrollPhysics.normalDecelerationRate
            case "fast": return ScrollPhysics.fastDecelerationRate
            default: throw call.argumentError(index, "expected \"normal\", \"fast\" or a rate in (0, 1), got '\(name)'")
            }
        }
        let rate = try call.number(index)
        guard rate > 0, rate < 1 else { throw call.argumentError(index, "a deceleration rate must be in (0, 1), got \(NumberFormat.shortest(rate))") }
        return rate
    }

    static let scrollViewKeys: Set<String> = ["width", "height", "content_width", "content_height", "axis", "inset", "deceleration",
                                              "rubber_band", "bounces", "bounce_frequency", "min_speed", "scale", "on_bounds_change"]
}

/// `springkit.scroll_view{...}`, `springkit.animator{...}`, `springkit.velocity_tracker{...}`,
/// `springkit.project_fling(...)` (see docs/lua-api.md, "Scroll view").
extension ModuleBuilder {
    func addScroll() {
        addScrollView()
        addAnimator()
        addVelocityTracker()

        function("project_fling") { call in
            let offset = try call.finiteNumber(1)
            let velocity = try call.finiteNumber(2)
            let rate = try ScrollBindings.rate(call, 3)
            call.push(ScrollPhysics.project(offset: offset, velocity: velocity, rate: rate))
            return 1
        }
    }

    static func insets(_ spec: LuaTableArgument, _ key: String, _ base: SIMD4<Double>) throws -> SIMD4<Double> {
        try spec.withTable(key) { inner in
            guard let inner else { return base }
            try inner.rejectUnknownKeys(["top", "left", "bottom", "right"])
            var v = base
            for (k, side) in ["top", "left", "bottom", "right"].enumerated() {
                if let value = try inner.number(side) {
                    guard value.isFinite else { throw spec.call.argumentError(spec.position, "field '\(key)': '\(side)' must be finite") }
                    v[k] = value
                }
            }
            return v
        }
    }

    private func addScrollView() {
        LuaClasses.scrollView.define(in: lua, methods: Self.scrollGestureMethods() + Self.scrollGeometryMethods(), properties: [
            "offset": { call, o in call.push((o as! ScrollViewBox).scrollView.axisOffset); return 1 },
            "offset_x": { call, o in call.push((o as! ScrollViewBox).scrollView.offset.x); return 1 },
            "offset_y": { call, o in call.push((o as! ScrollViewBox).scrollView.offset.y); return 1 },
            "velocity": { call, o in
                let s = (o as! ScrollViewBox).scrollView
                call.push(s.configuration.axis == .vertical ? s.velocity.y : s.velocity.x)
                return 1
            },
            "phase": { call, o in call.push((o as! ScrollViewBox).scrollView.phase.rawValue); return 1 },
            "overscroll": { call, o in call.push((o as! ScrollViewBox).scrollView.overscroll); return 1 },
            "moving": { call, o in call.push((o as! ScrollViewBox).scrollView.isMoving); return 1 },
            "axis": { call, o in call.push((o as! ScrollViewBox).scrollView.configuration.axis.rawValue); return 1 },
            "min_offset": { call, o in call.push((o as! ScrollViewBox).scrollView.minimumOffset); return 1 },
            "max_offset": { call, o in call.push((o as! ScrollViewBox).scrollView.maximumOffset); return 1 },
            "deceleration": { call, o in call.push((o as! ScrollViewBox).scrollView.configuration.decelerationRate); return 1 },
        ])

        function("scroll_view") { call in
            let spec = try call.table(1, optional: true)
            var c = ScrollView.Configuration()
            var hook: LuaCallback?
            if let spec {
                try spec.rejectUnknownKeys(ScrollBindings.scrollViewKeys)
                c.viewport = SIMD2(try spec.number("width", default: c.viewport.x), try spec.number("height", default: c.viewport.y))
                c.contentSize = SIMD2(try spec.number("content_width", default: c.viewport.x),
                                      try spec.number("content_height", default: c.viewport.y))
                if let axis = try spec.string("axis") {
                    guard let parsed = ScrollView.Axis(rawValue: axis) else {
                        throw call.argumentError(1, "field 'axis': expected 'vertical' or 'horizontal', got '\(axis)'")
                    }
                    c.axis = parsed
                }
                c.contentInset = try Self.insets(spec, "inset", c.contentInset)
                c.decelerationRate = try ScrollBindings.decelerationRate(spec, "deceleration", default: c.decelerationRate)
                c.rubberBandCoefficient = try spec.number("rubber_band", default: c.rubberBandCoefficient)
                c.bounces = try spec.boolean("bounces") ?? c.bounces
                c.bounceFrequency = try spec.number("bounce_frequency", default: c.bounceFrequency)
                c.minimumSpeed = try spec.number("min_speed", default: c.minimumSpeed)
                c.screenScale = try spec.number("scale", default: c.screenScale)
                hook = try LuaCallback.field(spec, "on_bounds_change")
            }
            let scrollView = try call.checked(1) { try ScrollView(configuration: c) }
            let box = ScrollViewBox(scrollView)
            box.onBoundsChange = hook
            call.push(box, as: LuaClasses.scrollView)
            return 1
        }
    }

    private func addAnimator() {
        let session = self.session
        LuaClasses.animator.define(in: lua, methods: Self.animatorGestures(session) + Self.animatorFrameMethods, properties: [
            "frame": { call, o in call.push((o as! AnimatorBox).player.frame); return 1 },
            "time": { call, o in call.push((o as! AnimatorBox).player.time); return 1 },
            "at_rest": { call, o in call.push((o as! AnimatorBox).player.isAtRest); return 1 },
            "settle_time": { call, o in
                if let t = (o as! AnimatorBox).player.settleTime { call.push(t) } else { call.pushNil() }
                return 1
            },
        ])
        function("animator") { call in try Self.newAnimator(call, session) }
    }

    private static func animatorBox(_ call: LuaCall) throws -> AnimatorBox { try call.object(1, AnimatorBox.self, LuaClasses.animator) }

    /// `an:touch_down(x, y)`, `an:drag(dx, dy, seconds)`, `an:move_to(x, y)`, `an:release([vx, vy])`:
    /// each first hands the animator to a live drive when one waits for it.
    private static func animatorGestures(_ session: ScriptSession) -> [(String, LuaFunction.Body)] {
        let box = animatorBox
        return [
            ("touch_down", { call in
                let b = try box(call)
                try b.playing(call) { try call.checked(1) { try session.driveIfWaiting { AnimatorTarget(b, session: session) } } }
                let p = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                try call.checked(2) { try b.player.touchDown(at: p) }
                return 0
            }),
            ("drag", { call in
                let b = try box(call)
                try b.playing(call) { try call.checked(1) { try session.driveIfWaiting { AnimatorTarget(b, session: session) } } }
                let distance = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                let seconds = try call.seconds(4, "drag duration")
                try b.playing(call) { try call.checked(4) { try b.player.drag(by: distance, seconds: seconds) } }
                return 0
            }),
            ("move_to", { call in
                let b = try box(call)
                try b.playing(call) { try call.checked(1) { try session.driveIfWaiting { AnimatorTarget(b, session: session) } } }
                let p = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                guard b.player.scrollView.phase == .tracking else { throw call.argumentError(2, "no finger is down (call touch_down first)") }
                try b.playing(call) { try call.checked(2) { try b.player.advanceFrame(finger: p) } }
                return 0
            }),
            ("release", { call in
                let b = try box(call)
                try b.playing(call) { try call.checked(1) { try session.driveIfWaiting { AnimatorTarget(b, session: session) } } }
                let velocity: SIMD2<Double>? = call.isNil(2) ? nil : SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                try call.checked(2) { try b.player.release(velocity: velocity) }
                return 0
            }),
        ]
    }

    /// `an:step([frames])`, `an:wait(seconds)`, `an:wait_until_rest([limit])`, `an:drag_velocity()`.
    private static var animatorFrameMethods: [(String, LuaFunction.Body)] {
        let box = animatorBox
        return [
            ("step", { call in
                let b = try box(call)
                let frames = try call.integer(2, "frame count", in: LuaNumberRule.counts, default: 1)
                try b.playing(call) { for _ in 0..<frames { try b.player.advanceFrame(finger: nil) } }
                return 0
            }),
            ("wait", { call in
                let b = try box(call)
                let seconds = try call.finiteNumber(2)
                try b.playing(call) { try call.checked(2) { try b.player.wait(seconds: seconds) } }
                return 0
            }),
            ("wait_until_rest", { call in
                let b = try box(call)
                let limit = try call.number(2, default: 10)
                let start = b.player.time
                let rested = try b.playing(call) { try call.checked(2) { try b.player.waitUntilRest(limit: limit) } }
                call.push(rested)
                call.push(b.player.time - start)
                return 2
            }),
            ("drag_velocity", { call in
                let v = try box(call).player.lastDragVelocity
                call.push(v.x); call.push(v.y)
                return 2
            }),
        ]
    }

    /// `springkit.animator{scroll_view =, world =, on_layout =, on_frame =}`: the frame loop over a scroll view and a world.
    private static func newAnimator(_ call: LuaCall, _ session: ScriptSession) throws -> Int32 {
        let spec = try call.table(1)!
        try spec.rejectUnknownKeys(["scroll_view", "world", "on_layout", "on_frame"])
        guard let scroll = try spec.object("scroll_view", ScrollViewBox.self, LuaClasses.scrollView) else {
            throw call.argumentError(1, "field 'scroll_view' is required")
        }
        let animator = try spec.object("world", DynamicAnimator.self, LuaClasses.world) ?? DynamicAnimator(budget: session.budget)
        let box = AnimatorBox(GesturePlayer(scrollView: scroll.scrollView, animator: animator), scroll: scroll)
        box.onLayout = try LuaCallback.field(spec, "on_layout")
        box.onFrame = try LuaCallback.field(spec, "on_frame")
        call.push(box, as: LuaClasses.animator)
        return 1
    }

    private func addVelocityTracker() {
        func box(_ call: LuaCall) throws -> VelocityTrackerBox { try call.object(1, VelocityTrackerBox.self, LuaClasses.velocityTracker) }
        LuaClasses.velocityTracker.define(in: lua, methods: [
            ("add", { call in
                let b = try box(call)
                let t = try call.finiteNumber(2)
                let p = SIMD2(try call.finiteNumber(3), try call.finiteNumber(4))
                try call.checked(2) { try b.tracker.add(time: t, position: p) }
                try b.account(call.lua.budget)
                return 0
            }),
            ("velocity", { call in
                let v = try box(call).tracker.velocity
                call.push(v.x); call.push(v.y)
                return 2
            }),
            ("reset", { call in
                let b = try box(call)
                b.tracker.reset()
                try b.account(call.lua.budget)
                return 0
            }),
        ], properties: [
            "count": { call, o in call.push((o as! VelocityTrackerBox).tracker.sampleCount); return 1 },
            "window": { call, o in call.push((o as! VelocityTrackerBox).tracker.window); return 1 },
        ])

        function("velocity_tracker") { call in
            let spec = try call.table(1, optional: true)
            try spec?.rejectUnknownKeys(["window"])
            let window = try spec?.number("window") ?? 0.1
            let tracker = try call.checked(1) { try VelocityTracker(window: window) }
            call.push(VelocityTrackerBox(tracker), as: LuaClasses.velocityTracker)
            return 1
        }
    }
}

extension ModuleBuilder {
    /// `ScrollView`'s gesture and offset methods (`touch_down` … `set_content_inset`).
    fileprivate static func scrollGestureMethods() -> [(String, LuaFunction.Body)] {
        [
            ("touch_down", { call in
                let b = try Self.scrollBox(call)
                let p = try Self.point(call, 2)
                try call.checked(2) { try b.scrollView.touchDown(at: p) }
                return 0
            }),
            ("move_touch", { call in
                let b = try Self.scrollBox(call)
                let p = try Self.point(call, 2)
                try b.moving(call) { try call.checked(2) { try b.scrollView.moveTouch(to: p) } }
                return 0
            }),
            ("release", { call in
                let b = try Self.scrollBox(call)
                let v = call.isNil(2) ? SIMD2<Double>(0, 0) : try Self.point(call, 2)
                try call.checked(2) { try b.scrollView.release(fingerVelocity: v) }
                return 0
            }),
            ("advance", { call in
                let b = try Self.scrollBox(call)
                let dt = try call.finiteNumber(2)
                guard dt >= 0 else { throw call.argumentError(2, "seconds must be ≥ 0, got \(NumberFormat.shortest(dt))") }
                try b.moving(call) { b.scrollView.advance(dt) }
                return 0
            }),
            ("set_offset", { call in
                let b = try Self.scrollBox(call)
                let value = try call.finiteNumber(2)
                try b.moving(call) { try call.checked(2) { try b.scrollView.setOffset(value) } }
                return 0
            }),
            ("animate_to", Self.scrollAnimateTo),
            ("set_content_size", { call in
                let b = try Self.scrollBox(call)
                let size = try Self.point(call, 2)
                try call.checked(2) { try b.scrollView.setContentSize(size) }
                return 0
            }),
            ("set_content_inset", Self.scrollSetContentInset),
        ]
    }

    /// `sv:animate_to(offset, {damping =, frequency =})`: a spring to the offset.
    fileprivate static func scrollAnimateTo(_ call: LuaCall) throws -> Int32 {
        let b = try Self.scrollBox(call)
        let target = try call.finiteNumber(2)
        let spec = try call.table(3, optional: true)
        try spec?.rejectUnknownKeys(["damping", "frequency"])
        let damping = try spec?.number("damping") ?? 1
        let frequency = try spec?.number("frequency")
        try call.checked(3) { try b.scrollView.animate(to: target, damping: damping, frequency: frequency) }
        return 0
    }

    /// `sv:set_content_inset{top =, left =, bottom =, right =}` (sides left out: 0).
    fileprivate static func scrollSetContentInset(_ call: LuaCall) throws -> Int32 {
        let b = try Self.scrollBox(call)
        let spec = try call.table(2)!
        try spec.rejectUnknownKeys(["top", "left", "bottom", "right"])
        var inset = SIMD4<Double>(0, 0, 0, 0)
        for (k, side) in ["top", "left", "bottom", "right"].enumerated() {
            inset[k] = try spec.number(side) ?? 0
            guard inset[k].isFinite else { throw call.argumentError(2, "field '\(side)': finite number expected") }
        }
        try call.checked(2) { try b.scrollView.setContentInset(inset) }
        return 0
    }

    /// `ScrollView`'s readings and geometry (`on_bounds_change` … `projected_offset`).
    fileprivate static func scrollGeometryMethods() -> [(String, LuaFunction.Body)] {
        [
            ("on_bounds_change", { call in
                let b = try Self.scrollBox(call)
                b.onBoundsChange = try LuaCallback.argument(call, 2)
                return 0
            }),
            ("touch_location", { call in
                guard let p = try Self.scrollBox(call).scrollView.touchLocation else { call.pushNil(); return 1 }
                call.push(p.x); call.push(p.y)
                return 2
            }),
            ("finger", { call in
                guard let p = try Self.scrollBox(call).scrollView.fingerLocation else { call.pushNil(); return 1 }
                call.push(p.x); call.push(p.y)
                return 2
            }),
            ("bounds", { call in
                let s = try Self.scrollBox(call).scrollView
                ScrollBindings.pushRect(call, Rect(x: s.offset.x, y: s.offset.y, width: s.configuration.viewport.x, height: s.configuration.viewport.y))
                return 1
            }),
            ("offset_centering", { call in
                let s = try Self.scrollBox(call).scrollView
                call.push(s.offset(centering: try ScrollBindings.rect(call, 2)))
                return 1
            }),
            ("center_at", { call in
                let s = try Self.scrollBox(call).scrollView
                let c = s.viewportCenter(atOffset: call.isNil(2) ? s.axisOffset : try call.finiteNumber(2))
                call.push(c.x); call.push(c.y)
                return 2
            }),
            ("projected_offset", { call in
                let s = try Self.scrollBox(call).scrollView
                let velocity = call.isNil(2) ? (s.configuration.axis == .vertical ? s.velocity.y : s.velocity.x) : try call.finiteNumber(2)
                call.push(ScrollPhysics.project(offset: s.axisOffset, velocity: velocity, rate: s.configuration.decelerationRate))
                return 1
            }),
        ]
    }

    fileprivate static func scrollBox(_ call: LuaCall) throws -> ScrollViewBox { try call.object(1, ScrollViewBox.self, LuaClasses.scrollView) }
    fileprivate static func point(_ call: LuaCall, _ index: Int32) throws -> SIMD2<Double> {
        SIMD2(try call.finiteNumber(index), try call.finiteNumber(index + 1))
    }
}
