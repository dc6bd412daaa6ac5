import SpringKitSupport
import SpringKitMotion
import SpringKitDynamics

/// `springkit.world{...}` and the World methods (see docs/lua-api.md, "Dynamics"). A Lua
/// World is a `DynamicAnimator` over its `World`: the stepping methods and `time` / `frame`
/// are the animator's, the rest the world's.
extension ModuleBuilder {
    func addDynamics() {
        // Closures capture the session, never `self` (which holds the Lua state: a cycle).
        let session = self.session
        addBehaviors()
        addAttachments()
        addCollisions()
        LuaClasses.world.define(in: lua, methods: worldMethods + worldIterationMethods + batchWorldMethods + behaviorWorldMethods
                                    + attachmentWorldMethods + collisionWorldMethods, properties: [
            "time": { call, object in call.push((object as! DynamicAnimator).time); return 1 },
            "frame": { call, object in call.push((object as! DynamicAnimator).frameCount); return 1 },
            "steps": { call, object in call.push((object as! DynamicAnimator).world.stepCount); return 1 },
            "paused": { call, object in call.push((object as! DynamicAnimator).isPaused); return 1 },
            "items": { call, object in call.push((object as! DynamicAnimator).world.itemCount); return 1 },
            "springs": { call, object in call.push((object as! DynamicAnimator).world.springCount); return 1 },
            "solver": { call, object in call.push((object as! DynamicAnimator).world.configuration.solver.rawValue); return 1 },
            "reference_bounds": { call, object in
                guard let r = (object as! DynamicAnimator).referenceBounds else { call.pushNil(); return 1 }
                call.pushArray([r.x, r.y, r.width, r.height])
                return 1
            },
        ])

        function("world") { call in
            let spec = try call.table(1, optional: true)
            let configuration = try Self.worldConfiguration(spec, call)
            do {
                let world = try World(configuration: configuration.world, budget: session.budget)
                call.push(try DynamicAnimator(world: world, configuration: configuration.animator), as: LuaClasses.world)
            } catch let error as SpringKitError {
                // A configuration the exact solver cannot step is this argument's fault too.
                throw call.argumentError(1, error.description)
            }
            return 1
        }
    }

    static let worldKeys: Set<String> = ["step", "frame", "max_frame", "solver", "scale", "velocity_iterations",
                                         "position_iterations", "slop", "resistance", "rest_speed", "rest_time", "threads"]

    /// Reads a world configuration table (all fields optional): `frame`, `max_frame` and
    /// `scale` configure the animator, the other fields the world.
    static func worldConfiguration(_ spec: LuaTableArgument?, _ call: LuaCall) throws
        -> (world: WorldConfiguration, animator: AnimatorConfiguration) {
        var c = WorldConfiguration()
        var a = AnimatorConfiguration()
        guard let spec else { return (c, a) }
        try spec.rejectUnknownKeys(worldKeys)
        c.stepDuration = try spec.number("step", default: c.stepDuration)
        a.frameDuration = try spec.number("frame", default: a.frameDuration)
        a.maximumFrameDuration = try spec.number("max_frame", default: a.maximumFrameDuration)
        if let name = try spec.string("solver") {
            guard let solver = SolverKind(rawValue: name) else {
                throw call.argumentError(spec.position, "field 'solver': expected 'uikit' or 'exact', got '\(name)'")
            }
            c.solver = solver   // `.exact` starts its items without UIKit's resistance
        }
        a.screenScale = try spec.number("scale", default: a.screenScale)
        c.velocityIterations = try spec.integer("velocity_iterations") ?? c.velocityIterations
        c.positionIterations = try spec.integer("position_iterations") ?? c.positionIterations
        c.linearSlop = try spec.number("slop", default: c.linearSlop)
        c.resistance = try spec.number("resistance", default: c.resistance)
        c.restSpeed = try spec.number("rest_speed", default: c.restSpeed)
        c.restTime = try spec.number("rest_time", default: c.restTime)
        c.threads = try spec.integer("threads") ?? c.threads
        do {
            try a.validate()
            try c.validate()
        } catch let error as SpringKitError {
            throw call.argumentError(spec.position, error.description)
        }
        return (c, a)
    }

    /// Reads `{length =, damping =, frequency =}` over `base`.
    static func springParameters(_ spec: LuaTableArgument, base: SpringParameters) throws -> SpringParameters {
        var p = base
        p.length = try spec.number("length", default: p.length)
        p.damping = try spec.number("damping", default: p.damping)
        p.frequency = try spec.number("frequency", default: p.frequency)
        do {
            try p.validate()
        } catch let error as SpringKitError {
            throw spec.call.argumentError(spec.position, error.description)
        }
        return p
    }

    private var worldMethods: [(String, LuaFunction.Body)] {
        let hooks = session.hookCall
        func animator(_ call: LuaCall) throws -> DynamicAnimator { try call.object(1, DynamicAnimator.self, LuaClasses.world) }
        func world(_ call: LuaCall) throws -> World { try animator(call).world }
        func item(_ call: LuaCall, _ index: Int32) throws -> ItemID { ItemID(rawValue: Int32(clamping: try call.integer(index))) }
        func spring(_ call: LuaCall, _ index: Int32) throws -> SpringID { SpringID(rawValue: Int32(clamping: try call.integer(index))) }
        func point(_ call: LuaCall, _ index: Int32) throws -> SIMD2<Double> {
            SIMD2(try call.finiteNumber(index), try call.finiteNumber(index + 1))
        }
        let items = LuaIDMethods(receiver: world, id: item), springs = LuaIDMethods(receiver: world, id: spring)
        /// `w:NAME(id)` → x, y of a per-item vector.
        let itemVectors = LuaIDMethods(receiver: animator, id: item)
        return [
            ("add_item", { call in
                let w = try world(call)
                let spec = try call.table(2)!
                try spec.rejectUnknownKeys(["x", "y", "vx", "vy", "width", "height", "density", "angle", "angular_velocity", "bounds"])
                let center = SIMD2(try spec.number("x", default: 0), try spec.number("y", default: 0))
                let velocity = SIMD2(try spec.number("vx", default: 0), try spec.number("vy", default: 0))
                let size = SIMD2(try spec.number("width", default: 1), try spec.number("height", default: 1))
                let density = try spec.number("density", default: 1)
                let angle = try spec.number("angle"), spin = try spec.number("angular_velocity")
                let id = try call.checked(2) {
                    let id = try w.addItem(center: center, size: size, density: density, velocity: velocity)
                    if let angle { try w.setAngle(id, angle) }
                    if let spin { try w.setAngularVelocity(id, spin) }
                    return id
                }
                do { try Self.setItemBounds(spec, id, w) } catch { try? w.removeItem(id); throw error }
                call.push(Int(id.rawValue))
                return 1
            }),
            ("remove_item", items.action { try $0.removeItem($1) }),
            ("attach", { call in
                let w = try world(call)
                let id = try item(call, 2)
                let spec = try call.table(3)!
                try spec.rejectUnknownKeys(["anchor", "length", "damping", "frequency", "offset"])
                guard let anchor = try spec.point("anchor") else { throw call.argumentError(3, "field 'anchor' ({x, y}) is required") }
                let parameters = try Self.springParameters(spec, base: SpringParameters())
                let offset = try spec.point("offset") ?? .zero
                let s = try call.checked(2) { try w.attach(id, offset: offset, to: anchor, parameters) }
                call.push(Int(s.rawValue))
                return 1
            }),
            ("connect", { call in
                let w = try world(call)
                let a = try item(call, 2), b = try item(call, 3)
                let spec = try call.table(4)!
                try spec.rejectUnknownKeys(["length", "damping", "frequency", "offset_a", "offset_b"])
                let parameters = try Self.springParameters(spec, base: SpringParameters())
                let offsetA = try spec.point("offset_a") ?? .zero, offsetB = try spec.point("offset_b") ?? .zero
                let s = try call.checked(2) { try w.connect(a, offset: offsetA, b, offset: offsetB, parameters) }
                call.push(Int(s.rawValue))
                return 1
            }),
            ("remove_spring", springs.action { try $0.removeSpring($1) }),
            ("set_anchor", springs.action({ try point($0, 3) }) { try $0.setAnchor($1, $2) }),
            ("anchor", springs.reading { try $0.anchor($1) }),
            ("set_spring", { call in
                let w = try world(call)
                let s = try spring(call, 2)
                let spec = try call.table(3)!
                try spec.rejectUnknownKeys(["length", "damping", "frequency"])
                let current = try call.checked(2) { try w.parameters(s) }
                let parameters = try Self.springParameters(spec, base: current)
                try call.checked(3) { try w.setParameters(s, parameters) }
                return 0
            }),
            ("spring", { call in
                let w = try world(call)
                let s = try spring(call, 2)
                let p = try call.checked(2) { try w.parameters(s) }
                call.pushRecord(["length": p.length, "damping": p.damping, "frequency": p.frequency])
                return 1
            }),
            ("position", itemVectors.reading { try $0.world.position($1) }),
            ("layout_position", itemVectors.reading { try $0.layoutPosition($1) }),
            ("velocity", itemVectors.reading { try $0.world.velocity($1) }),
            ("angle", items.reading { try $0.angle($1) }),
            ("angular_velocity", items.reading { try $0.angularVelocity($1) }),
            ("set_angle", items.action({ try $0.finiteNumber(3) }) { try $0.setAngle($1, $2) }),
            ("set_angular_velocity", items.action({ try $0.finiteNumber(3) }) { try $0.setAngularVelocity($1, $2) }),
            ("set_position", items.action({ try point($0, 3) }) { try $0.setPosition($1, $2) }),
            ("set_velocity", items.action({ try point($0, 3) }) { try $0.setVelocity($1, $2) }),
            ("resting", items.reading { try $0.isResting($1) }),
            ("step", { call in
                let w = try animator(call)
                let duration: Double? = call.isNil(2) ? nil : try call.number(2)
                try hooks.during(call) { try call.checked(2) { try w.advanceFrame(duration: duration) } }
                return 0
            }),
            ("step_frames", { call in
                let w = try animator(call)
                let count = try call.integer(2, "frame count", in: LuaNumberRule.counts)
                try hooks.during(call) { try call.checked(1) { try w.advanceFrames(count) } }
                return 0
            }),
            ("step_seconds", { call in
                let w = try animator(call)
                let seconds = try call.number(2)
                try hooks.during(call) { try call.checked(2) { try w.wait(seconds: seconds) } }
                return 0
            }),
            ("step_until_rest", { call in
                let w = try animator(call)
                let limit = try call.number(2, default: 10)
                let start = w.time
                let rested = try hooks.during(call) { try call.checked(2) { try w.waitUntilRest(limit: limit) } }
                call.push(rested)
                call.push(w.time - start)
                return 2
            }),
        ]
    }
}
