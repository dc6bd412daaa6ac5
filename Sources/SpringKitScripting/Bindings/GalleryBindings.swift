import SpringKitReport
import SpringKitMotion
import SpringKitScenarios

extension Gallery: LuaScenario {
    static let luaClass = LuaObjectClass(name: "springkit.Gallery")
    static let luaExample = "sk.gallery{count = 6, columns = 3}"
    static func define(in module: ModuleBuilder) { module.addGallery() }
    var recordsTrace: Bool { configuration.record }
    var recordsReport: Bool { configuration.record && observer?.wantsReportFrames == true }
}

/// `springkit.gallery{...}` and its own methods (the shared ones: `defineScenario`).
extension ModuleBuilder {
    func addGallery() {
        // Methods capture the session alone: capturing `self` would hold the Lua state from
        // its own functions (a cycle).
        let session = session
        func position(_ call: LuaCall, _ index: Int32, in g: Gallery) throws -> Int {
            try LayoutBindings.position(call, index, count: g.selection.items.count, empty: "the gallery is empty")
        }
        defineScenario(Gallery.self, methods: [
            ("tap", { call, g in
                try call.checked(1) { try session.driveIfWaiting { GalleryTarget(g) } }
                let index = try position(call, 2, in: g)
                try call.checked(2) { try g.tap(index) }
                return 0
            }),
            ("move", { call, g in
                try call.checked(1) { try session.driveIfWaiting { GalleryTarget(g) } }
                let source = try position(call, 2, in: g), destination = try position(call, 3, in: g)
                try call.checked(2) { try g.move(from: source, to: destination) }
                return 0
            }),
            ("drag", { call, g in
                try call.checked(1) { try session.driveIfWaiting { GalleryTarget(g) } }
                let source = try position(call, 2, in: g), destination = try position(call, 3, in: g)
                let seconds = try call.seconds(4, "drag duration", default: 0.5)
                try call.checked(4) { try g.drag(from: source, to: destination, seconds: seconds) }
                return 0
            }),
            ("order", { call, g in
                call.pushIntegerArray(g.selection.items)
                return 1
            }),
        ], properties: [
            "offset": { call, g in call.push(g.scrollView.offset.y); return 1 },
            "selected": { call, g in
                if let s = g.selection.selected { call.push(s + 1) } else { call.pushNil() }
                return 1
            },
            "selected_item": { call, g in
                if let s = g.selection.selectedItem { call.push(s) } else { call.pushNil() }
                return 1
            },
        ])

        scenarioConstructor("gallery") { call in
            let c = try Self.galleryConfiguration(try call.table(1, optional: true), call, recordsOutputs: session.recordsOutputs)
            return try call.checked(1) { try Gallery(configuration: c, budget: session.budget, observer: session.makeRecorder()) }
        }
    }

    /// `springkit.gallery{...}`'s fields (a run that records nothing records no frames).
    private static func galleryConfiguration(_ spec: LuaTableArgument?, _ call: LuaCall, recordsOutputs: Bool) throws -> Gallery.Configuration {
        var c = Gallery.Configuration()
        c.record = recordsOutputs
        guard let spec else { return c }
        try spec.rejectUnknownKeys(["count", "columns", "width", "height", "spacing", "inset", "selected_scale",
                                    "damping", "frequency", "world", "record"])
        c.count = try spec.integer("count") ?? c.count
        c.columns = try spec.integer("columns") ?? c.columns
        c.viewport = SIMD2(try spec.number("width", default: c.viewport.x), try spec.number("height", default: c.viewport.y))
        try spec.numbers(["spacing": \.spacing, "inset": \.inset, "selected_scale": \.selectedScale,
                          "damping": \.damping, "frequency": \.frequency], into: &c)
        c.record = try spec.boolean("record") ?? recordsOutputs
        (c.world, c.animator) = try Self.worldField(spec, call, default: (c.world, c.animator))
        return c
    }
}
