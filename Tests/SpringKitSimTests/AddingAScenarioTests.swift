import CLua
import XCTest
@testable import SpringKitSupport
@testable import SpringKitDynamics
@testable import SpringKitMotion
@testable import SpringKitScenarios
@testable import SpringKitReport
@testable import SpringKitScripting

// docs/adding-a-scenario.md's Swift example, verbatim (a test checks the doc shows these lines):
// a scenario and its Lua binding, here in the test target instead of SpringKitScenarios and
// SpringKitScripting. The one difference: the class is not public here (in a test target a
// public type's conformance to the @testable-imported LuaScenario would need public witnesses),
// so the comparison reads `public final class` as `final class`.

// scenario example begins
/// One square on a spring at the viewport's centre: pull it away and watch it settle.
final class PulledSquare: Scenario {
    /// Ticks the world once per display frame (UIKit's `UIDynamicAnimator`).
    public let animator: DynamicAnimator
    public let world: World
    public private(set) var frame = 0
    public var time: Double { animator.time }
    public var isAtRest: Bool { animator.isPaused }
    public let observer: ScenarioObserver?
    public let recordingDescription = ScenarioDescription(
        title: "Pulled square", viewport: SIMD2(320, 320), columns: ["x", "y"],
        plots: [.init(name: "x", unit: "pt")])
    private let square: ItemID
    private var shown = ScenarioFrame()

    public init(damping: Double = 0.5, frequency: Double = 1, budget: ResourceBudget? = nil,
                observer: ScenarioObserver? = nil) throws {
        animator = try DynamicAnimator(budget: budget)
        world = animator.world
        square = try world.addItem(center: SIMD2(160, 160), size: SIMD2(40, 40))
        try world.attach(square, to: SIMD2(160, 160), SpringParameters(length: 0, damping: damping, frequency: frequency))
        self.observer = observer
        observer?.scenarioDidStart(recordingDescription)
        try record()
    }

    /// The gesture: the square jumps by `offset` and is let go there.
    public func pull(by offset: SIMD2<Double>) throws {
        observer?.scenario(didMark: "pull")
        try world.setPosition(square, try world.position(square) + offset)
    }

    /// One display frame (`FrameClock` builds `wait` and `waitUntilRest` on it).
    public func advanceIdleFrame() throws {
        try animator.advanceFrame()
        frame += 1
        try record()
    }

    private func record() throws {
        guard let observer else { return }
        try world.chargeRecording(rows: 1, values: 2)
        let p = try animator.layoutPosition(square)   // rounded to the pixel grid, as UIKit writes it back
        shown.reset(frame: frame, time: time)
        shown.addRow(id: 0, p.x, p.y)
        shown.isReportFrame = true
        shown.cells = [DrawnCell(id: 0, x: p.x - 20, y: p.y - 20, width: 40, height: 40, stretch: 0, color: 0x14B1AB)]
        shown.plotValues = [p.x]
        observer.scenario(didShow: shown)
    }
}
// scenario example ends

// binding example begins
extension PulledSquare: LuaScenario {
    static let luaClass = LuaObjectClass(name: "springkit.PulledSquare")
    static let luaExample = "sk.pulled_square()"
    static func define(in module: ModuleBuilder) { module.addPulledSquare() }
    var recordsTrace: Bool { observer != nil }
    var recordsReport: Bool { observer != nil }
}

extension ModuleBuilder {
    /// `springkit.pulled_square{damping =, frequency =}` and `square:pull(dx, dy)`; `wait`,
    /// `wait_until_rest`, `trace`, `report`, `frame`, `time` and `at_rest` come with defineScenario.
    func addPulledSquare() {
        let session = session
        defineScenario(PulledSquare.self, methods: [
            ("pull", { call, square in
                let offset = SIMD2(try call.finiteNumber(2), try call.finiteNumber(3))
                try call.checked(2) { try square.pull(by: offset) }
                return 0
            }),
        ])

        scenarioConstructor("pulled_square") { call in
            let spec = try call.table(1, optional: true)
            try spec?.rejectUnknownKeys(["damping", "frequency"])
            let damping = try spec?.number("damping", default: 0.5) ?? 0.5
            let frequency = try spec?.number("frequency", default: 1) ?? 1
            return try call.checked(1) {
                try PulledSquare(damping: damping, frequency: frequency, budget: session.budget,
                                 observer: session.recordsOutputs ? ScenarioRecorder() : nil)
            }
        }
    }
}
// binding example ends

/// The example of docs/adding-a-scenario.md works: the scenario records through a recorder,
/// and its binding, listing only `pull` and the constructor, has every shared method.
final class AddingAScenarioTests: XCTestCase {
    func testTheExampleScenarioRecordsAndRests() throws {
        let recorder = ScenarioRecorder()
        let square = try PulledSquare(observer: recorder)
        try square.pull(by: SIMD2(80, 0))
        XCTAssertFalse(square.isAtRest)
        XCTAssertTrue(try square.waitUntilRest(limit: 20))
        XCTAssertEqual(recorder.trace.columns, ["frame", "t", "id", "x", "y"])
        XCTAssertEqual(recorder.trace.rowCount, square.frame + 1, "one row per frame, the first included")
        XCTAssertEqual(recorder.report.frames.count, square.frame + 1)
        XCTAssertEqual(recorder.report.markers.map(\.label), ["pull"])
        XCTAssertEqual(try square.world.position(try XCTUnwrap(square.world.itemIDs.first)).x, 160, accuracy: 1)
    }

    /// Runs `script` with the `springkit` module and the example's binding added to it.
    private func runWithTheExample(_ script: String, recordsOutputs: Bool = true) throws -> ScriptSession {
        let lua = try LuaState()
        let session = ScriptSession(scriptPath: "square.lua", parameters: ScriptParameters(), seed: 1, recordsOutputs: recordsOutputs)
        SpringKitModule.install(in: lua, session: session)
        try lua.run("sk = require 'springkit'")
        lua_getglobal(lua.L, "sk")
        ModuleBuilder(lua: lua, session: session).addPulledSquare()
        skl_pop(lua.L, 1)
        try lua.run(script)
        return session
    }

    func testTheExampleBindingHasTheSharedMethods() throws {
        _ = try runWithTheExample("""
        local s = sk.pulled_square{damping = 0.3}
        assert(s.frame == 0 and s.time == 0, "a new square has played no frame")
        s:pull(60, 0)
        assert(not s.at_rest)
        s:wait(0.5)
        assert(s.frame == 30 and math.abs(s.time - 0.5) < 1e-9, "wait(0.5) plays 30 frames")
        local rested, seconds = s:wait_until_rest(20)
        assert(rested and seconds > 0 and s.at_rest)
        assert(s:trace():rows() == s.frame + 1, "one row a frame")
        assert(s:report("pulled").title == "pulled" and s:report().markers == 1)
        local ok, err = pcall(s.pull, s, 0/0, 0)
        assert(not ok and err:find("bad argument #1 to 'PulledSquare:pull'", 1, true), err)
        ok, err = pcall(s.pull, 1, 0, 0)
        assert(not ok and err:find("calling 'PulledSquare:pull' on bad self (springkit.PulledSquare expected, got number)", 1, true), err)
        ok, err = pcall(s.wait, s, -1)
        assert(not ok and err:find("bad argument #1 to 'PulledSquare:wait' (seconds must be a finite number ≥ 0, got -1)", 1, true), err)
        ok, err = pcall(sk.pulled_square, {mass = 1})
        assert(not ok and err:find("unknown field 'mass'", 1, true), err)
        for _, bad in ipairs({{damping = 0/0}, {damping = -1}, {frequency = math.huge}, {frequency = "x"}}) do
          ok, err = pcall(sk.pulled_square, bad)
          assert(not ok and err:find("bad argument #1 to 'springkit.pulled_square'", 1, true), tostring(err))
        end
        """)
        let unrecorded = try runWithTheExample("local s = sk.pulled_square(); s:pull(10, 0); s:wait(0.1); local n = s:trace():rows()",
                                               recordsOutputs: false)
        XCTAssertTrue(unrecorded.unrecordedRead.happened, "a sweep point that reads the trace asks for a recorded run")
    }

    /// The doc's Lua blocks run: the script of step 4 on the example's binding, and the
    /// Lua-only pulled square with the figures the doc gives.
    func testTheDocsLuaBlocksRun() throws {
        let blocks = try Self.docBlocks("lua")
        XCTAssertEqual(blocks.count, 2, "the doc has two Lua blocks")
        guard blocks.count == 2 else { return }
        let session = try runWithTheExample(blocks[0])
        XCTAssertEqual(session.metrics.map(\.name), ["at rest after"])
        XCTAssertGreaterThan(try XCTUnwrap(session.metrics.first).value, 1)

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ScriptOptions()
        options.output = nil
        let run = try ScriptRunner.run(path: try writeFile(directory, "pulledsquare.lua", blocks[1]), options: options)
        let trace = try XCTUnwrap(run.trace)
        XCTAssertEqual(trace.columns, ["frame", "t", "id", "x", "y"])
        XCTAssertEqual(trace.rowCount, 279, "the doc says 279 trace rows")
        XCTAssertEqual(try XCTUnwrap(run.metric("at rest after")), 4.6333333333, accuracy: 1e-9, "the doc says it is at rest after 4.63 s")
        XCTAssertEqual(run.report?.markers.map(\.label), ["pull"])
    }

    /// The fenced blocks of docs/adding-a-scenario.md in `language`, in order.
    static func docBlocks(_ language: String) throws -> [String] {
        let doc = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/adding-a-scenario.md"), encoding: .utf8)
        var blocks: [String] = []
        var rest = doc[...]
        while let start = rest.range(of: "```\(language)\n"), let end = rest.range(of: "```", range: start.upperBound..<rest.endIndex) {
            blocks.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    /// The doc's two Swift blocks are the lines between this file's markers (imports aside).
    func testTheDocShowsThisCode() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        func lines(_ text: Substring) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("import ") && !$0.hasPrefix("// Sources/") }
                .map { $0.hasPrefix("public final class ") ? String($0.dropFirst("public ".count)) : $0 }
        }
        let blocks = try Self.docBlocks("swift").map { lines($0[...]) }
        for (index, name) in ["scenario", "binding"].enumerated() {
            guard let begin = source.range(of: "// \(name) example begins\n"),
                  let finish = source.range(of: "// \(name) example ends") else { return XCTFail("markers missing") }
            XCTAssertGreaterThan(blocks.count, index, "the doc has a Swift block for the \(name)")
            guard blocks.count > index else { continue }
            XCTAssertEqual(blocks[index], lines(source[begin.upperBound..<finish.lowerBound]),
                           "docs/adding-a-scenario.md's \(name) block and this test's code must be the same lines")
        }
    }
}
