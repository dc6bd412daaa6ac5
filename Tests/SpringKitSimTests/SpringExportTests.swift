import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitScripting
@testable import SpringKitTools

/// Every Swift export compiles as pasted: each shipped script's snippets (4 decimals and full
/// precision) are type-checked with `swiftc -typecheck` against stub modules of UIKit, SwiftUI,
/// QuartzCore and CoreGraphics (Tests/SpringKitSimTests/Data/export-stubs: signatures only).
final class SpringExportTests: XCTestCase {
    static func swiftc() throws -> String {
        #if os(macOS)
        // The SDK's SwiftUI and QuartzCore would shadow the stubs; CI type-checks on Linux.
        throw XCTSkip("the export stubs stand in for Apple's frameworks on Linux only")
        #else
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/swiftc") {
            return "\(folder)/swiftc"
        }
        throw unavailable("swiftc is not on PATH")
        #endif
    }

    /// Runs `swiftc` with `arguments`; its diagnostics when it fails.
    static func compile(_ swiftc: String, _ arguments: [String]) throws -> String? {
        try toolErrors(swiftc, arguments)
    }

    func testEverySwiftExportTypeChecksAsPasted() throws {
        let swiftc = try Self.swiftc()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stubs = repositoryRoot.appendingPathComponent("Tests/SpringKitSimTests/Data/export-stubs")
        for module in ["CoreGraphics", "QuartzCore", "UIKit", "SwiftUI"] {
            let failure = try Self.compile(swiftc, ["-emit-module", "-parse-as-library", "-module-name", module, "-I", directory.path,
                                                    stubs.appendingPathComponent("\(module).swift").path,
                                                    "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path])
            XCTAssertNil(failure, "stub \(module)")
        }
        let scripts = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("scripts").path)
            .filter { $0.hasSuffix(".lua") && !$0.contains(".gesture") }.sorted()
        var checked = 0, expected = 0
        for name in scripts {
            var options = ScriptOptions()
            options.output = nil
            let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/\(name)").path, options: options)
            let values = run.parameters.declarations.map { ($0.name, $0.value) }
            // A script with a spring's damping and frequency exports four Swift snippets (the
            // effect scripts of bodies and behaviours have other parameters and export none).
            if Set(values.map(\.0)).isSuperset(of: ["damping", "frequency"]) { expected += 8 }
            let context = PlayerData.exportContext(run)
            for full in [false, true] {
                for snippet in SpringExport.snippets(script: "scripts/\(name)", values: values, context: context, fullPrecision: full) where snippet.isSwift {
                    let file = directory.appendingPathComponent("\(snippet.id).swift")
                    try snippet.code.write(to: file, atomically: true, encoding: .utf8)
                    XCTAssertNil(try Self.compile(swiftc, ["-typecheck", "-I", directory.path, file.path]), "\(name) \(snippet.id)\n\(snippet.code)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(expected, 8 * 7, "the spring scripts are found")
        XCTAssertGreaterThanOrEqual(checked, expected, "every spring script's four Swift snippets, twice")
    }

    func testTheExportSaysWhatSprings() throws {
        let offset = SpringExport.snippets(script: "scripts/cards.lua", values: [("damping", 0.8), ("frequency", 2)],
                                           context: .init(effect: .offsetSpring, initialVelocity: -1500))
        XCTAssertTrue(offset[0].code.contains("one spring on the scroll offset"))
        XCTAssertTrue(offset[0].code.contains("flingVelocity: CGFloat = -1500"))
        XCTAssertTrue(offset.first { $0.id == "framer" }!.code.contains("velocity: -1500"))
        let cells = SpringExport.snippets(script: "scripts/springylist.lua", values: [("damping", 0.8), ("frequency", 1), ("resistance", 900)])
        XCTAssertTrue(cells[0].code.contains("one UIAttachmentBehavior per visible cell"))
        let full = SpringExport.snippets(script: "s.lua", values: [("damping", 0.8), ("frequency", 1)], fullPrecision: true)
        XCTAssertTrue(full.first { $0.id == "caspring" }!.code.contains("animation.stiffness = \(NumberFormat.shortest(pow(2 * Double.pi, 2)))"))
    }
}
