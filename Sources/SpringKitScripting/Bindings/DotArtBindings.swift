import SpringKitReport
import SpringKitMotion
import SpringKitScenarios
import CLua
import Foundation

extension DotArt: LuaScenario {
    static let luaClass = LuaObjectClass(name: "springkit.DotArt")
    static let luaExample = "sk.dot_art{columns = 4, rows = 4, stagger = 0.05}"
    static func define(in module: ModuleBuilder) { module.addDotArt() }
    var recordsTrace: Bool { configuration.recordEvery > 0 }
    var recordsReport: Bool { configuration.reportEvery > 0 && observer?.wantsReportFrames == true }
}

/// `springkit.dot_art{...}` and its own methods (the shared ones: `defineScenario`),
/// `springkit.load_dot_image(path)`, `springkit.blank_image()`.
extension ModuleBuilder {
    func addDotArt() {
        let session = self.session
        defineScenario(DotArt.self, methods: Self.dotArtMethods, properties: [
            "count": { call, a in call.push(a.count); return 1 },
            "paused": { call, a in call.push(a.world.isPaused); return 1 },
        ])
        scenarioConstructor("dot_art") { call in
            let c = try Self.dotArtConfiguration(try call.table(1, optional: true), call, recordsOutputs: session.recordsOutputs)
            return try call.checked(1) { try DotArt(configuration: c, seed: session.seed, budget: session.budget,
                                                 observer: session.makeRecorder()) }
        }
        addDotImages()
    }

    /// Dot art's own methods: change, explode, regenerate, waiting until whole, its order and
    /// colours, and the pictures it recorded.
    private static var dotArtMethods: [(String, ScenarioMethod<DotArt>)] {
        func image(_ call: LuaCall, _ index: Int32) throws -> DotImage { try call.object(index, DotImageBox.self, DotImageBox.luaClass).image }
        return [
            ("change", { call, a in
                let img = try image(call, 2)
                let change = try call.checked(2) { try a.change(to: img) }
                call.push(change.moves)
                call.push(change.relocated)
                return 2
            }),
            ("explode", { call, a in
                let change = try call.checked(1) { try a.explode() }
                call.push(change.moves); call.push(change.relocated)
                return 2
            }),
            ("regenerate", { call, a in
                let change = try call.checked(1) { try a.regenerate() }
                call.push(change.moves); call.push(change.relocated)
                return 2
            }),
            ("wait_until_whole", { call, a in try Self.timedWait(call, a) { try a.waitUntilWhole(limit: $0) } }),
            ("order", { call, a in
                call.pushIntegerArray(a.order)
                return 1
            }),
            ("color", { call, a in
                let id = try call.integer(2)
                guard (0..<a.count).contains(id) else { throw call.argumentError(2, "no dot \(id) (0…\(a.count - 1))") }
                call.push(Int(a.color(of: id)))
                return 1
            }),
            ("record_image", { call, a in
                try a.recordImage(title: call.isNil(2) ? "image \(a.imageCount + 1)" : try call.string(2))
                return 0
            }),
            ("images", { call, a in
                // An SVG holds about 80 bytes per dot.
                let images = a.recorder?.images ?? []
                try call.reserveResult(images.count, bytesEach: a.count * 80)
                lua_createtable(call.L, Int32(images.count), 0)
                for k in images.indices {
                    call.push(SVGImage.render(images[k]))
                    lua_rawseti(call.L, -2, lua_Integer(k + 1))
                }
                return 1
            }),
        ]
    }

    /// `springkit.dot_art{...}`'s fields (a run that records nothing records no frames).
    private static func dotArtConfiguration(_ spec: LuaTableArgument?, _ call: LuaCall, recordsOutputs: Bool) throws -> DotArt.Configuration {
        var c = DotArt.Configuration()
        if !recordsOutputs { c.recordEvery = 0; c.reportEvery = 0 }
        guard let spec else { return c }
        try spec.rejectUnknownKeys(["columns", "rows", "dot", "spacing", "damping", "frequency", "stagger", "burst",
                                    "world", "record_every", "report_every"])
        c.columns = try spec.integer("columns", in: 1...DotImage.largestDotCount) ?? c.columns
        c.rows = try spec.integer("rows", in: 1...DotImage.largestDotCount) ?? c.rows
        try spec.numbers(["dot": \.dotSize, "spacing": \.spacing, "damping": \.damping, "frequency": \.frequency,
                          "stagger": \.stagger, "burst": \.burst], into: &c)
        c.recordEvery = try spec.integer("record_every", in: LuaNumberRule.counts) ?? c.recordEvery
        c.reportEvery = try spec.integer("report_every", in: LuaNumberRule.counts) ?? c.reportEvery
        (c.world, c.animator) = try Self.worldField(spec, call, default: (c.world, c.animator))
        return c
    }

    /// The DotImage class, `springkit.load_dot_image(path)` and `springkit.blank_image(width, height)`.
    private func addDotImages() {
        let session = self.session
        DotImageBox.luaClass.define(in: lua, methods: [], properties: [
            "width": { call, o in call.push((o as! DotImageBox).image.width); return 1 },
            "height": { call, o in call.push((o as! DotImageBox).image.height); return 1 },
        ])
        function("load_dot_image") { call in
            let given = try call.string(1)
            let file: (path: String, bytes: [UInt8])
            do { file = try session.files.read(given) } catch let error as ScriptFileAccess.Refusal {
                throw call.argumentError(1, error.description)
            }
            guard let text = String(validating: file.bytes, as: UTF8.self) else {
                throw call.argumentError(1, "\(file.path): not UTF-8 text")
            }
            let parsed = try call.checked(1) { try DotImage.parse(text, path: file.path) }
            call.push(DotImageBox(parsed), as: DotImageBox.luaClass)
            return 1
        }

        function("blank_image") { call in
            let width = try call.integer(1, "width", in: 1...DotImage.largestDotCount, default: 32)
            let height = try call.integer(2, "height", in: 1...DotImage.largestDotCount, default: 32)
            let (dots, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, dots <= DotImage.largestDotCount else {
                throw call.argumentError(2, "a \(width)×\(height) image has more than \(DotImage.largestDotCount) dots")
            }
            try call.reserveResult(dots, bytesEach: MemoryLayout<Int>.stride)
            call.push(DotImageBox(DotImage.blank(width: width, height: height)), as: DotImageBox.luaClass)
            return 1
        }
    }
}

/// A dot image owned by Lua (`springkit.DotImage`).
final class DotImageBox {
    static let luaClass = LuaObjectClass(name: "springkit.DotImage")
    let image: DotImage
    init(_ image: DotImage) { self.image = image }
}
