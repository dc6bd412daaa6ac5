import Foundation
import XCTest
import SpringKitSim
@testable import StudioServer

/// A streamed re-run (`POST /api/run`, docs/studio.md "Run data"): the run's frames as the script
/// makes them, then the whole run, byte for byte what a run at the same values gives; a newer
/// re-run cancels the one in flight; the stream's memory is bounded whoever reads it.
final class StudioStreamTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("springkit-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Writes the script: `frames` report frames (a circle at x = k × size each), then a Lua
    /// loop of `spin` turns (1e10: minutes) before it returns.
    @discardableResult
    private func script(frames: Int = 90, spin: Double = 0) throws -> String {
        let path = directory.appendingPathComponent("dots.lua").path
        try """
        local sk = require "springkit"
        local size = sk.param("size", 3, {min = 1, max = 10, step = 1})
        local rep = sk.report{viewport = {400, 100}}
        for k = 0, \(frames - 1) do rep:frame{t = k / 60, shapes = {{circle = {k * size, 50, size}}}} end
        for _ = 1, \(spin) do end
        return {report = rep}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Reads the whole stream: its messages, in order.
    private func messages(_ stream: HTTPByteStream) -> [(kind: UInt32, payload: [UInt8])] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1000)
        while let n = buffer.withUnsafeMutableBytes({ stream.read(into: $0) }) { bytes += buffer[0..<n] }
        return Self.split(bytes)
    }

    static func split(_ bytes: [UInt8]) -> [(kind: UInt32, payload: [UInt8])] {
        var out: [(UInt32, [UInt8])] = []
        var at = 0
        func word(_ i: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[i + $1]) << (8 * UInt32($1)) } }
        while at + 8 <= bytes.count {
            let kind = word(at), n = Int(word(at + 4))
            out.append((kind, Array(bytes[at + 8..<at + 8 + n])))
            at += 8 + n + (4 - n % 4) % 4
        }
        XCTAssertEqual(at, bytes.count, "whole messages, padded to 4")
        return out
    }

    private func post(_ studio: Studio, size: String) -> HTTPResponse {
        studio.handle(HTTPRequest(method: "POST", path: "/api/run", query: [(name: "size", value: size)]))
    }

    func testTheStreamIsTheFramesThenTheWholeRunOfThoseValues() throws {
        let path = try script()
        let studio = try Studio(configuration: Studio.Configuration(script: path, options: ScriptOptions()))
        let response = post(studio, size: "4")
        XCTAssertEqual(response.contentType, "application/x-springkit-run-stream")
        let stream = try XCTUnwrap(response.stream)
        let got = messages(stream)
        // The reference: the same run made directly.
        var options = ScriptOptions()
        try options.parameters.addOverride("size=4")
        let run = try ScriptRunner.run(path: path, options: options)
        let frames = try XCTUnwrap(run.report?.frames)
        // Frames of the first second (t ≤ 1 s: 61 of the 90), each as LiveFrameEncoding writes it.
        XCTAssertEqual(got.dropLast().map(\.kind), [UInt32](repeating: 1, count: 61))
        for (k, message) in got.dropLast().enumerated() {
            XCTAssertEqual(message.payload, LiveFrameEncoding.bytes(frames[k], number: k), "frame \(k)")
        }
        XCTAssertEqual(got.last?.kind, 2)
        XCTAssertEqual(got.last?.payload, Studio.runBytes(run), "the whole run, as a run at size=4 gives it")
        // …and it is the session's last good run now.
        let session = String(decoding: studio.handle(HTTPRequest(method: "GET", path: "/api/session")).body, as: UTF8.self)
        XCTAssertTrue(session.contains("size=4"), String(session.prefix(300)))
    }

    /// A value that is not a number is refused before anything runs (JSON); one the script's
    /// declaration refuses ends the stream with the reason.
    func testRefusedValuesAreAnsweredWithTheReason() throws {
        let studio = try Studio(configuration: Studio.Configuration(script: try script(), options: ScriptOptions()))
        let early = post(studio, size: "many")
        XCTAssertNil(early.stream)
        let text = String(decoding: early.body, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\"ok\":false,\"error\":") && text.contains("many"), text)
        let got = messages(try XCTUnwrap(post(studio, size: "11").stream))
        XCTAssertEqual(got.map(\.kind), [3])
        XCTAssertTrue(String(decoding: got[0].payload, as: UTF8.self).contains("above the maximum"))
    }

    func testAFailingRunEndsItsStreamWithTheReason() throws {
        let path = try script()
        let studio = try Studio(configuration: Studio.Configuration(script: path, options: ScriptOptions()))
        try "local sk = require 'springkit'\nsk.param('size', 3, {min = 1, max = 10})\nerror('broken on purpose')\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let got = messages(try XCTUnwrap(post(studio, size: "4").stream))
        XCTAssertEqual(got.map(\.kind), [3])
        XCTAssertTrue(String(decoding: got[0].payload, as: UTF8.self).contains("broken on purpose"))
    }

    /// A newer re-run cancels the one in flight: its stream ends at once, without a last
    /// message, though its script would have spun for 30 s more; the newer one completes.
    func testANewerRunCancelsTheOneInFlight() throws {
        var options = ScriptOptions()
        options.limits.timeout = 120
        options.limits.maxInstructions = 0
        let studio = try Studio(configuration: Studio.Configuration(script: try script(frames: 5), options: options))
        try script(frames: 5, spin: 1e10)
        let began = Date()
        let first = try XCTUnwrap(post(studio, size: "2").stream)
        var buffer = [UInt8](repeating: 0, count: 8)
        XCTAssertNotNil(buffer.withUnsafeMutableBytes { first.read(into: $0) }, "the first frame came while the script runs")
        try script(frames: 5)
        let second = try XCTUnwrap(post(studio, size: "3").stream)
        var rest: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while let n = chunk.withUnsafeMutableBytes({ first.read(into: $0) }) { rest += chunk[0..<n] }
        XCTAssertFalse(Self.split(Array(buffer) + rest).contains { $0.kind != 1 }, "no run and no refusal: replaced")
        XCTAssertEqual(messages(second).last?.kind, 2)
        XCTAssertLessThan(Date().timeIntervalSince(began), 10, "the stale run was stopped, not waited for (it had minutes to go)")
    }

    func testAWriterWaitsWhileTooMuchIsUnreadAndStopsWhenTheReaderGoes() {
        let stream = HTTPByteStream(maximumBuffered: 1000)
        XCTAssertTrue(stream.write([UInt8](repeating: 1, count: 600)))
        let wrote = expectation(description: "the second write returns once the reader is gone")
        DispatchQueue.global().async {
            XCTAssertFalse(stream.write([UInt8](repeating: 2, count: 600)), "dropped: nobody reads")
            wrote.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.2)
        stream.readerGone()
        wait(for: [wrote], timeout: 5)
        XCTAssertFalse(stream.write([3]))
    }

    /// 50 pieces of 1 to 40 bytes written to a stream that holds at most 64 unread, from
    /// another thread, then the stream's end.
    private func fiftyPiecesWrittenMeanwhile() -> (HTTPByteStream, [[UInt8]]) {
        let stream = HTTPByteStream(maximumBuffered: 64)
        let pieces = (0..<50).map { k in [UInt8](repeating: UInt8(k), count: 1 + k % 40) }
        DispatchQueue.global().async {
            for piece in pieces { stream.write(piece) }
            stream.finish()
        }
        return (stream, pieces)
    }

    func testAReaderGetsEveryByteInOrderAcrossSmallReads() {
        let (stream, pieces) = fiftyPiecesWrittenMeanwhile()
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)
        while let n = buffer.withUnsafeMutableBytes({ stream.read(into: $0) }) { got += buffer[0..<n] }
        XCTAssertEqual(got, pieces.flatMap { $0 })
    }

    func testAPieceReaderGetsWholePiecesInOrderWithinItsBytesAndNilAtTheEnd() {
        let (stream, pieces) = fiftyPiecesWrittenMeanwhile()
        var got: [[UInt8]] = []
        while let taken = stream.readPieces(upTo: 50) {
            XCTAssertTrue(taken.count == 1 || taken.reduce(0) { $0 + $1.count } <= 50, "\(taken.map(\.count))")
            got += taken
        }
        XCTAssertEqual(got, pieces)
        let ready = HTTPByteStream()
        for piece in [[1], [2, 2], [3, 3, 3], [4, 4, 4, 4]] as [[UInt8]] { ready.write(piece) }
        XCTAssertEqual(ready.readPieces(upTo: 6), [[1], [2, 2], [3, 3, 3]], "those already there, within the bytes")
        XCTAssertEqual(ready.readPieces(upTo: 1), [[4, 4, 4, 4]], "the first even when larger")
        let aborted = HTTPByteStream()
        aborted.write([1, 2]); aborted.abort()
        XCTAssertNil(aborted.readPieces(upTo: 100), "an aborted stream drops what was not begun")
    }

    func testARunSocketRequestIsItsNumberAndOneValueALine() throws {
        let parsed = try XCTUnwrap(RunSocketRequest.parse("run 4294967295\ndamping=0.5\nname=a=b\nempty="))
        XCTAssertEqual(parsed.number, 4_294_967_295)
        XCTAssertEqual(parsed.values.map { "\($0.name)|\($0.value)" }, ["damping|0.5", "name|a=b", "empty|"])
        XCTAssertEqual(RunSocketRequest.parse("run 3")?.values.count, 0)
        for bad in ["", "run", "run -1", "run 4294967296", "run 1 ", "Run 1", "run 1\n=0.5", "run 1\ndamping", "damping=0.5", "run 1\n"] {
            XCTAssertNil(RunSocketRequest.parse(bad), bad)
        }
        XCTAssertEqual(RunSocketRequest.prefix(0x0102_0304), [4, 3, 2, 1])
        XCTAssertNil(RunSocketRequest.parse("run +5"), "digits only")
        let many = "run 1" + String(repeating: "\na=1", count: LoopbackHTTPServer.maximumQueryArguments)
        XCTAssertNotNil(RunSocketRequest.parse(many))
        XCTAssertNil(RunSocketRequest.parse(many + "\na=1"), "more values than a POST may carry")
    }

    func testTheFrameBudgetKeepsTheFirstSecondWithinItsBytes() {
        var budget = StreamedFrameBudget(seconds: 1, bytes: 1000)
        XCTAssertTrue(budget.admits(t: 2, size: 400))
        XCTAssertTrue(budget.admits(t: 3, size: 400), "1 s after the first frame")
        XCTAssertFalse(budget.admits(t: 3.01, size: 10), "past the first second")
        var small = StreamedFrameBudget(seconds: 1, bytes: 1000)
        XCTAssertTrue(small.admits(t: 0, size: 900))
        XCTAssertFalse(small.admits(t: 0.1, size: 200), "past the bytes")
    }
}
