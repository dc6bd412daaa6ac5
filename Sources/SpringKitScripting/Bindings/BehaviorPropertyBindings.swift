import SpringKitSupport
import SpringKitDynamics
import SpringKitMotion
import CLua

/// The property tables of the item behaviour and field handles, and the field spec reader
/// (docs/lua-api.md, "Behaviours"). Lua names are UIKit's in snake case.
extension ModuleBuilder {
    /// `UIDynamicItemBehavior`'s number properties by their Lua names.
    static let itemNumberProperties: [(String, WritableKeyPath<World.BodyProperties, Double>)] = [
        ("elasticity", \.elasticity), ("friction", \.friction), ("density", \.density),
        ("resistance", \.resistance), ("angular_resistance", \.angularResistance), ("charge", \.charge),
    ]
    static let itemBoolProperties: [(String, WritableKeyPath<World.BodyProperties, Bool>)] = [
        ("allows_rotation", \.allowsRotation), ("anchored", \.isAnchored),
    ]
    static var itemPropertyNames: [(String, Bool)] {
        itemNumberProperties.map { ($0.0, true) } + itemBoolProperties.map { ($0.0, false) }
    }

    static var itemPropertyGetters: [String: LuaObjectClass.Getter] {
        var getters: [String: LuaObjectClass.Getter] = [:]
        for (name, keyPath) in itemNumberProperties {
            getters[name] = { call, o in call.push((o as! ItemBehavior).values[keyPath: keyPath]); return 1 }
        }
        for (name, keyPath) in itemBoolProperties {
            getters[name] = { call, o in call.push((o as! ItemBehavior).values[keyPath: keyPath]); return 1 }
        }
        return getters
    }

    static var itemPropertySetters: [String: LuaObjectClass.Setter] {
        var setters: [String: LuaObjectClass.Setter] = [:]
        for (name, keyPath) in itemNumberProperties {
            setters[name] = { call, o in
                let b = o as! ItemBehavior
                var values = b.values
                values[keyPath: keyPath] = try call.finiteNumber(3)
                try call.checked(3) { try b.setValues(values) }
            }
        }
        for (name, keyPath) in itemBoolProperties {
            setters[name] = { call, o in
                let b = o as! ItemBehavior
                var values = b.values
                guard !call.isNil(3) else { throw call.argumentError(3, "boolean expected, got no value") }
                values[keyPath: keyPath] = try call.boolean(3, default: false)
                try call.checked(3) { try b.setValues(values) }
            }
        }
        return setters
    }

    static var itemBehaviorMethods: [(String, LuaFunction.Body)] {
        func behavior(_ call: LuaCall) throws -> ItemBehavior { try call.object(1, ItemBehavior.self, itemBehaviorClass) }
        func item(_ call: LuaCall) throws -> ItemID { ItemID(rawValue: Int32(clamping: try call.integer(2))) }
        return [
            ("add_linear_velocity", { call in
                let b = try behavior(call), id = try item(call)
                let v = SIMD2(try call.finiteNumber(3), try call.finiteNumber(4))
                try call.checked(2) { try b.addLinearVelocity(v, for: id) }
                return 0
            }),
            ("linear_velocity", { call in
                let b = try behavior(call), id = try item(call)
                let v = try call.checked(2) { try b.linearVelocity(for: id) }
                call.push(v.x); call.push(v.y)
                return 2
            }),
            ("add_angular_velocity", { call in
                let b = try behavior(call), id = try item(call)
                let w = try call.finiteNumber(3)
                try call.checked(2) { try b.addAngularVelocity(w, for: id) }
                return 0
            }),
            ("angular_velocity", { call in
                let b = try behavior(call), id = try item(call)
                call.push(try call.checked(2) { try b.angularVelocity(for: id) })
                return 1
            }),
        ]
    }

    // MARK: Fields

    static let fieldKeys: Set<String> = ["kind", "items", "position", "strength", "falloff", "minimum_radius", "direction",
                                         "smoothness", "animation_speed", "region", "seed", "force", "action"]
    /// Lua kind names (UIKit's factories in snake case).
    static let fieldKinds: [(String, Field.Kind)] = [
        ("linear_gravity", .linearGravity), ("radial_gravity", .radialGravity), ("electric", .electric), ("magnetic", .magnetic),
        ("spring", .spring), ("vortex", .vortex), ("drag", .drag), ("velocity", .velocity), ("noise", .noise),
        ("turbulence", .turbulence), ("custom", .custom),
    ]

    /// Reads a `w:field{kind =, ...}` table into a field with UIKit's defaults for its kind.
    static func field(_ spec: LuaTableArgument, hooks: LuaHookCall, seed: UInt64) throws -> Field {
        let call = spec.call
        try spec.rejectUnknownKeys(fieldKeys)
        guard let name = try spec.string("kind") else {
            throw call.argumentError(spec.position, "field 'kind' is required (one of: \(fieldKinds.map(\.0).joined(separator: ", ")))")
        }
        guard let kind = fieldKinds.first(where: { $0.0 == name })?.1 else {
            throw call.argumentError(spec.position, "field 'kind': unknown kind '\(VisibleText.escaped(name))' (one of: \(fieldKinds.map(\.0).joined(separator: ", ")))")
        }
        let direction = try spec.point("direction") ?? .zero
        let position = try spec.point("position") ?? .zero
        let smoothness = try spec.number("smoothness", default: 0), speed = try spec.number("animation_speed", default: 0)
        let noiseSeed: UInt64? = try spec.integer("seed", in: 0...Int.max).map(UInt64.init) ?? nil
        var field: Field
        do {
            switch kind {
            case .linearGravity: field = try .linearGravity(direction: direction)
            case .radialGravity: field = try .radialGravity(position: position)
            case .electric: field = .electric()
            case .magnetic: field = .magnetic()
            case .spring: field = .spring()
            case .vortex: field = .vortex()
            case .drag: field = .drag()
            case .velocity: field = try .velocity(direction: direction)
            case .noise: field = try .noise(smoothness: smoothness, animationSpeed: speed, seed: noiseSeed)
            case .turbulence: field = try .turbulence(smoothness: smoothness, animationSpeed: speed, seed: noiseSeed)
            case .custom:
                guard let force = try LuaCallback.field(spec, "force") else {
                    throw call.argumentError(spec.position, "field 'force': a custom field needs force = function(x, y, vx, vy, mass, charge, t) returning fx, fy (newtons)")
                }
                field = .custom(customForce(force, hooks))
            }
            if kind != .radialGravity { field.position = position }
            if let v = try spec.number("strength") { field.strength = v }
            if let v = try spec.number("falloff") { field.falloff = v }
            if let v = try spec.number("minimum_radius") { field.minimumRadius = v }
            if let region = try spec.withTable("region", { try $0.map(fieldRegion) }) { field.region = region }
            try field.validate()
        } catch let error as SpringKitError {
            throw call.argumentError(spec.position, error.description)
        }
        return field
    }

    /// A Lua function as a custom field's force: called with the position (pt, field-local),
    /// velocity (m/s), mass (kg), charge and time (s); it returns fx, fy in newtons.
    private static func customForce(_ callback: LuaCallback, _ hooks: LuaHookCall) -> Field.CustomForce {
        { position, velocity, mass, charge, time in
            var force = SIMD2<Double>.zero
            try hooks.invoke(callback, results: 2, { call in
                for v in [position.x, position.y, velocity.x, velocity.y, mass, charge, time] { call.push(v) }
                return 7
            }, read: { call in
                let fx = lua_type(call.L, -2) == LUA_TNUMBER ? try call.number(-2) : .nan
                let fy = lua_type(call.L, -1) == LUA_TNUMBER ? try call.number(-1) : .nan
                guard fx.isFinite, fy.isFinite else {
                    let place = call.callerPlace.map { "\($0): " } ?? ""
                    throw ScriptError(.runtime, place + "a custom field's force function must return two finite numbers fx, fy (newtons), got "
                                      + "\(call.describe(-2)), \(call.describe(-1))")
                }
                force = SIMD2(fx, fy)
            })
            return force
        }
    }

    /// `{radius =}` or `{size = {w, h}}`, or `"infinite"`; with `inverse = true` and at most one
    /// of `union =`, `difference =`, `intersection =` (another region table).
    private static func fieldRegion(_ t: LuaTableArgument) throws -> FieldRegion {
        try t.rejectUnknownKeys(["radius", "size", "infinite", "inverse", "union", "difference", "intersection"])
        var region: FieldRegion
        if let r = try t.number("radius") {
            region = try FieldRegion(radius: r)
        } else if let size = try t.point("size") {
            region = try FieldRegion(width: size.x, height: size.y)
        } else {
            region = .infinite
        }
        if try t.boolean("inverse") == true { region = region.inverse }
        if let other = try t.withTable("union", { try $0.map(fieldRegion) }) { region = region.union(other) }
        if let other = try t.withTable("difference", { try $0.map(fieldRegion) }) { region = region.difference(other) }
        if let other = try t.withTable("intersection", { try $0.map(fieldRegion) }) { region = region.intersection(other) }
        return region
    }

    static var fieldGetters: [String: LuaObjectClass.Getter] {
        func field(_ o: AnyObject) -> Field { (o as! FieldBehavior).field }
        return [
            "kind": { call, o in call.push(fieldKinds.first { $0.1 == field(o).kind }!.0); return 1 },
            "strength": { call, o in call.push(field(o).strength); return 1 },
            "falloff": { call, o in call.push(field(o).falloff); return 1 },
            "minimum_radius": { call, o in call.push(field(o).minimumRadius); return 1 },
            "smoothness": { call, o in call.push(field(o).smoothness); return 1 },
            "animation_speed": { call, o in call.push(field(o).animationSpeed); return 1 },
            "position": { call, o in call.pushArray([field(o).position.x, field(o).position.y]); return 1 },
            "direction": { call, o in call.pushArray([field(o).direction.x, field(o).direction.y]); return 1 },
        ]
    }

    static var fieldSetters: [String: LuaObjectClass.Setter] {
        func update(_ call: LuaCall, _ o: AnyObject, _ change: (inout Field) throws -> Void) throws {
            let b = o as! FieldBehavior
            var f = b.field
            try change(&f)
            try call.checked(3) { try b.setField(f) }
        }
        func vector(_ call: LuaCall) throws -> SIMD2<Double> {
            guard let t = try call.table(3), let x = try t.element(1), let y = try t.element(2) else {
                throw call.argumentError(3, "{x, y} expected")
            }
            return SIMD2(x, y)
        }
        return [
            "strength": { call, o in try update(call, o) { $0.strength = try call.number(3) } },
            "falloff": { call, o in try update(call, o) { $0.falloff = try call.number(3) } },
            "minimum_radius": { call, o in try update(call, o) { $0.minimumRadius = try call.number(3) } },
            "smoothness": { call, o in try update(call, o) { $0.smoothness = try call.number(3) } },
            "animation_speed": { call, o in try update(call, o) { $0.animationSpeed = try call.number(3) } },
            "position": { call, o in try update(call, o) { $0.position = try vector(call) } },
            "direction": { call, o in try update(call, o) { $0.direction = try vector(call) } },
            "region": { call, o in try update(call, o) { $0.region = try fieldRegion(try call.table(3)!) } },
        ]
    }
}
