import XCTest
@testable import SpringKitScripting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The library never writes to the process's output: a script's `print` goes to the handler
/// its caller passes, and without one it is discarded.
final class LibraryOutputTests: XCTestCase {
    private static let marker = "library-output-marker-7f3a"
    var directory: URL!

    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// What `body` writes to file descriptor 1 (a pipe stands in for it meanwhile).
    private func standardOutput(of body: () throws -> Void) throws -> String {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        fflush(stdout)
        let saved = dup(1)
        XCTAssertGreaterThanOrEqual(saved, 0)
        dup2(ends[1], 1)
        close(ends[1])
        var failure: Error?
        do { try body() } catch { failure = error }
        fflush(stdout)
        dup2(saved, 1)
        close(saved)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        close(ends[0])
        if let failure { throw failure }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func script() throws -> String {
        try writeFile(directory, "prints.lua", "print('\(Self.marker)', 1)\nprint('second line')\n")
    }

    func testAScriptRunWithoutAHandlerWritesNothingToStandardOutput() throws {
        let path = try script()
        let written = try standardOutput { _ = try ScriptRunner.run(path: path) }
        XCTAssertFalse(written.contains(Self.marker), "the library printed: \(written)")
        XCTAssertEqual(written, "")
    }

    func testTheCallersHandlerReceivesEveryLineAndNothingReachesStandardOutput() throws {
        let path = try script()
        var lines: [String] = []
        var options = ScriptOptions()
        options.output = { lines.append($0) }
        let written = try standardOutput { _ = try ScriptRunner.run(path: path, options: options) }
        XCTAssertEqual(lines, ["\(Self.marker)\t1", "second line"])
        XCTAssertEqual(written, "")
    }

    /// The capture itself works: a handler that prints (what `simrun` passes) shows up in it.
    func testAPrintingHandlerIsSeenByTheCapture() throws {
        let path = try script()
        var options = ScriptOptions()
        options.output = { print($0) }
        let written = try standardOutput { _ = try ScriptRunner.run(path: path, options: options) }
        XCTAssertEqual(written, "\(Self.marker)\t1\nsecond line\n")
    }

    func testALuaStateWithoutAHandlerWritesNothingToStandardOutput() throws {
        let written = try standardOutput {
            let lua = try LuaState()
            try lua.run("print('\(Self.marker)')")
            lua.close()
        }
        XCTAssertEqual(written, "")
    }
}
