import SpringKitReport
import SpringKitMotion
import SpringKitScenarios
import CLua

/// `springkit.gallery{...}` and its methods.
extension ModuleBuilder {
    func addGallery() {
        // Methods capture the session alone: capturing `self` would hold the Lua state from
        // its own functions (a cycle).
        let session = session
        func gallery(_ call: LuaCall) throws -> Gallery { try call.object(1, Gallery.self, LuaClasses.gallery) }
        func position(_ call: LuaCall, _ index: Int32, in g: Gallery) throws -> Int {
            try LayoutBindings.position(call, index, count: g.selection.items.count, empty: "the gallery is empty")
        }
        LuaClasses.gallery.define(in: lua, methods: [
            ("tap", { call in
                let g = try gallery(call)
                let index = try position(call, 2, in: g)
                try call.checked(2) { try g.tap(index) }
                return 0
            }),
            ("move", { call in
                let g = try gallery(call)
                let source = try position(call, 2, in: g), destination = try position(call, 3, in: g)
                try call.checked(2) { try g.move(from: source, to: destination) }
                return 0
            }),
            ("drag", { call in
                let g = try gallery(call)
                let source = try position(call, 2, in: g), destination = try position(call, 3, in: g)
                let seconds = try call.seconds(4, "drag duration", default: 0.5)
                try call.checked(4) { try g.drag(from: source, to: destination, seconds: seconds) }
                return 0
            }),
            ("wait", { call in
                let g = try gallery(call)
                let seconds = try call.number(2)
                try call.checked(2) { try g.wait(seconds: seconds) }
                return 0
            }),
            ("wait_until_rest", { call in
                let g = try gallery(call)
                let limit = try call.number(2, default: 10)
                let start = g.time
                let rested = try call.checked(2) { try g.waitUntilRest(limit: limit) }
                call.push(rested)
                call.push(g.time - start)
                return 2
            }),
            ("order", { call in
                let items = try gallery(call).selection.items
                lua_createtable(call.L, Int32(items.count), 0)
                for (k, id) in items.enumerated() {
                    call.push(id)
                    lua_rawseti(call.L, -2, lua_Integer(k + 1))
                }
                return 1
            }),
            ("trace", { call in
                let g = try gallery(call)
                call.push(TraceBox(g.trace, unrecorded: session.unrecordedFlag(recorded: g.configuration.record), budget: session.budget), as: LuaClasses.trace)
                return 1
            }),
            ("report", { call in
                let g = try gallery(call)
                var report = g.report
                if !call.isNil(2) { report.title = try call.string(2) }
                call.push(ReportBox(report, unrecorded: session.unrecordedFlag(recorded: g.configuration.record)), as: LuaClasses.report)
                return 1
            }),
        ], properties: [
            "frame": { call, o in call.push((o as! Gallery).frame); return 1 },
            "time": { call, o in call.push((o as! Gallery).time); return 1 },
            "offset": { call, o in call.push((o as! Gallery).scrollView.offset.y); return 1 },
            "selected": { call, o in
                if let s = (o as! Gallery).selection.selected { call.push(s + 1) } else { call.pushNil() }
                return 1
            },
            "selected_item": { call, o in
                if let s = (o as! Gallery).selection.selectedItem { call.push(s) } else { call.pushNil() }
                return 1
            },
            "at_rest": { call, o in call.push((o as! Gallery).isAtRest); return 1 },
        ])

        function("gallery") { call in
            var c = Gallery.Configuration()
            c.record = session.recordsOutputs
            if let spec = try call.table(1, optional: true) {
                try spec.rejectUnknownKeys(["count", "columns", "width", "height", "spacing", "inset", "selected_scale",
                                            "damping", "frequency", "world", "record"])
                c.count = try spec.integer("count") ?? c.count
                c.columns = try spec.integer("columns") ?? c.columns
                c.viewport = SIMD2(try spec.number("width", default: c.viewport.x), try spec.number("height", default: c.viewport.y))
                c.spacing = try spec.number("spacing", default: c.spacing)
                c.inset = try spec.number("inset", default: c.inset)
                c.selectedScale = try spec.number("selected_scale", default: c.selectedScale)
                c.damping = try spec.number("damping", default: c.damping)
                c.frequency = try spec.number("frequency", default: c.frequency)
                c.record = try spec.boolean("record") ?? session.recordsOutputs
                try spec.withTable("world") { inner in
                    if let inner { c.world = try Self.worldConfiguration(inner, call) }
                }
            }
            let g = try call.checked(1) { try Gallery(configuration: c, budget: session.budget, observer: ScenarioRecorder()) }
            call.push(g, as: LuaClasses.gallery)
            return 1
        }
    }
}
