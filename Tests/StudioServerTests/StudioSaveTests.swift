import Foundation
import XCTest
import SpringKitSim
@testable import StudioServer

/// Where the studio's *save params* writes: `out/NAME.params` by default (as `simrun tune`),
/// or the `--save` file; the text is the params file `--params` reads.
final class StudioSaveTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try """
        local sk = require "springkit"
        local damping = sk.param("damping", 0.5, {min = 0, max = 1, step = 0.05})
        local frequency = sk.param("frequency", 0.8, {min = 0.05, max = 20, unit = "Hz"})
        sk.metric("product", damping * frequency)
        """.write(to: directory.appendingPathComponent("scripts/menu.lua"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var script: String { directory.appendingPathComponent("scripts/menu.lua").path }

    /// The answer to `POST /api/save?damping=…`, decoded.
    private func save(_ studio: Studio, damping: String) throws -> [String: Any] {
        let response = studio.handle(HTTPRequest(method: "POST", path: "/api/save", query: [(name: "damping", value: damping)]))
        XCTAssertEqual(response.status, 200)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func testTheDefaultIsOutNameParamsAsTheTunerSaves() throws {
        let studio = try Studio(configuration: Studio.Configuration(script: script, options: ScriptOptions()))
        XCTAssertEqual(studio.configuration.savePath, "out/menu.params", "relative to the current directory, not beside the script")
        let session = String(decoding: studio.handle(HTTPRequest(method: "GET", path: "/api/session")).body, as: UTF8.self)
        XCTAssertTrue(session.contains("\"savePath\":\"out/menu.params\""), session)
    }

    func testSaveWritesTheFileTheCommandLineNames() throws {
        let target = directory.appendingPathComponent("picked/tuned.params").path
        let studio = try Studio(configuration: Studio.Configuration(script: script, options: ScriptOptions(), savePath: target))
        let answer = try save(studio, damping: "0.65")
        XCTAssertEqual(answer["ok"] as? Bool, true, "\(answer)")
        XCTAssertEqual(answer["path"] as? String, target)
        let text = try String(contentsOfFile: target, encoding: .utf8)
        XCTAssertEqual(text, "# saved by simrun studio for \(script)\ndamping=0.65\nfrequency=0.8\n")
        // The file is what --params reads.
        var options = ScriptOptions()
        try options.parameters.addOverrides(fileText: text, path: target)
        XCTAssertEqual(options.parameters.overrides.map(\.name), ["damping", "frequency"])
        // A value the engine refuses writes nothing.
        try FileManager.default.removeItem(atPath: target)
        let refused = try save(studio, damping: "7")
        XCTAssertEqual(refused["ok"] as? Bool, false)
        XCTAssertTrue((refused["error"] as? String ?? "").contains("above the maximum"), "\(refused)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("scripts/menu.params").path))
    }
}
