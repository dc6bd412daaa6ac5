import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport
@testable import SpringKitScripting
@testable import SpringKitTools
@testable import SpringKitTrace

/// The pages' JavaScript, from its resource files (Sources/SpringKitReport/Resources) and as
/// each page inlines it: every script passes `node --check` (Debian's nodejs; CI installs it),
/// so a syntax error in any page fails here before a browser ever loads it.
final class PageAssetsTests: XCTestCase {
    static func node() throws -> String {
        for candidate in ["/usr/bin/node", "/usr/local/bin/node", "/opt/homebrew/bin/node", "/usr/bin/nodejs"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        throw unavailable("node is not installed (tools/install-deps --ci installs Debian's nodejs)")
    }

    /// `node --check` on `source`; the reason when it fails.
    static func syntaxError(_ source: String, name: String) throws -> String? {
        let node = try node()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name.hasSuffix(".js") ? name : name + ".js")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try toolErrors(node, ["--check", file.path])
    }

    func testTheCheckerFailsOnASyntaxError() throws {
        XCTAssertNotNil(try Self.syntaxError("function broken( {\n", name: "broken.js"))
        XCTAssertNil(try Self.syntaxError("const fine = 1;\n", name: "fine.js"))
    }

    func testEveryScriptAssetParses() throws {
        for (name, text) in PageAssets.scripts {
            XCTAssertNil(try Self.syntaxError(text, name: name), name)
        }
    }

    /// The scripts as the pages inline them (markers filled in), for every page kind.
    func testEveryPagesInlineScriptsParse() throws {
        var options = ScriptOptions()
        options.output = nil
        let run = try ScriptRunner.run(path: repositoryRoot.appendingPathComponent("scripts/springylist.lua").path, options: options)
        let report = try XCTUnwrap(run.report)
        let trace = try XCTUnwrap(run.trace)
        let pages: [(String, String)] = [
            ("report", HTMLReport.render(report)),
            ("compare", ComparisonPage.render(title: "t", golden: trace, new: trace)),
            ("studio", PlayerPage.studio),
            ("player-report", PlayerPage.report(playerJSON: PlayerData.json(run), title: "t")),
        ]
        for (name, page) in pages {
            let scripts = ContentSecurityPolicy.inlineScripts(of: page)
            XCTAssertFalse(scripts.isEmpty, name)
            for (k, script) in scripts.enumerated() {
                XCTAssertNil(try Self.syntaxError(script, name: "\(name)-\(k)"), "\(name) script \(k)")
            }
        }
    }
}
