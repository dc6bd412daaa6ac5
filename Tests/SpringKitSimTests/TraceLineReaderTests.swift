@testable import SpringKitTrace
import Foundation
import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport

/// The golden reader behind `simrun check`: memory stays at one piece however long the file,
/// long lines grow it, truncation and non-regular files are errors, never a hang.
final class TraceLineReaderTests: XCTestCase {
    var directory: URL!
    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func testAFileManyTimesThePieceSizeIsReadWithOnePieceOfMemory() throws {
        var random = SeededGenerator(seed: 17)
        var lines: [String] = []
        for k in 0..<150_000 { lines.append("\(k),\(random.nextUnit()),\(k % 9),\(random.nextUnit() * 1000)") }
        let text = lines.joined(separator: "\n") + "\n"
        XCTAssertGreaterThan(text.utf8.count, 5 * TraceLineReader.chunkSize)
        let path = directory.appendingPathComponent("long.csv").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let reader = try TraceLineReader(path: path)
        var count = 0
        while let line = try reader.nextLine() {
            XCTAssertEqual(String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[line]), as: UTF8.self), lines[count])
            XCTAssertEqual(reader.bytes[line.upperBound], 10, "each line is followed by its line end in the buffer")
            count += 1
        }
        XCTAssertEqual(count, lines.count)
        XCTAssertEqual(reader.lineNumber, lines.count)
        XCTAssertEqual(reader.bufferCapacity, TraceLineReader.chunkSize, "bounded: one piece, whatever the file's length")
    }

    func testALineLongerThanAPieceGrowsTheBuffer() throws {
        let long = String(repeating: "7,", count: TraceLineReader.chunkSize) + "7"
        let path = directory.appendingPathComponent("wide.csv").path
        try ("a\n" + long + "\nb\n").write(toFile: path, atomically: false, encoding: .utf8)
        let reader = try TraceLineReader(path: path)
        XCTAssertEqual(try reader.nextLine()?.count, 1)
        XCTAssertEqual(try reader.nextLine()?.count, long.utf8.count)
        XCTAssertEqual(try reader.nextLine()?.count, 1)
        XCTAssertNil(try reader.nextLine())
        XCTAssertGreaterThan(reader.bufferCapacity, TraceLineReader.chunkSize)
    }

    func testTruncatedFilesAndNonRegularFilesAreErrors() throws {
        let path = directory.appendingPathComponent("cut.csv").path
        try "a\nb".write(toFile: path, atomically: false, encoding: .utf8)
        let reader = try TraceLineReader(path: path)
        XCTAssertNotNil(try reader.nextLine())
        XCTAssertThrowsError(try reader.nextLine()) { error in
            XCTAssertEqual("\(error)", "\(path):2: truncated: the last line has no line end")
        }
        // A FIFO (nobody writing) must not block the check, nor a directory confuse it.
        let fifo = directory.appendingPathComponent("fifo.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try TraceLineReader(path: fifo)) { XCTAssertEqual("\($0)", "\(fifo): not a regular file") }
        XCTAssertThrowsError(try TraceLineReader(path: directory.path)) { XCTAssertEqual("\($0)", "\(self.directory.path): not a regular file") }
        XCTAssertThrowsError(try TraceLineReader(path: directory.appendingPathComponent("none").path)) {
            XCTAssertTrue("\($0)".hasSuffix("none: cannot read the file (No such file or directory)"), "\($0)")
        }
    }
}
