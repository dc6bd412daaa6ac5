@testable import SpringKitTrace
import XCTest
@testable import SpringKitSupport
@testable import SpringKitReport

final class ByteBufferTests: XCTestCase {
    /// The buffer's number path writes exactly `NumberFormat.shortest`, on seeded random bit
    /// patterns (every exponent), decimal-looking values, integers and the special values.
    func testShortestMatchesNumberFormat() {
        var random = SeededGenerator(seed: 7)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 1e15, -1e15, 1e15 + 1, 999_999_999_999_999, 1e-5, 1e16, 5e-324,
                                .greatestFiniteMagnitude, -.leastNormalMagnitude, .infinity, -.infinity, .nan,
                                Double(Int64.max), Double(Int64.min)]
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: random.next()))
            values.append((random.nextUnit() * 2_000 - 1_000).rounded() / 64)
            values.append(Double(Int64(bitPattern: random.next()) >> (random.next() % 64)))
        }
        for value in values {
            var buffer = ByteBuffer()
            buffer.append(shortest: value)
            XCTAssertEqual(String(decoding: buffer.bytes, as: UTF8.self), NumberFormat.shortest(value), "\(value.bitPattern)")
        }
    }

    /// The text cache writes exactly `NumberFormat.shortest` whether a value is new, kept,
    /// or evicted by another value of the same slot: seeded values drawn from a small pool
    /// (so most are repeats), random bit patterns, and pairs that share a slot.
    func testShortestTextCacheMatchesNumberFormat() {
        var random = SeededGenerator(seed: 11)
        let pool = (0..<6_000).map { _ in (random.nextUnit() * 2_000 - 1_000) / 3 }
        var values: [Double] = [-0.0, 0.5, .infinity, -.infinity, .nan, 5e-324, 1e-5, 1e16, 93.33333333333333, 93.33333333333333]
        for _ in 0..<60_000 {
            switch random.next() % 4 {
            case 0: values.append(Double(bitPattern: random.next()))
            case 1: values.append(Double(Int64(bitPattern: random.next()) >> (random.next() % 64)))
            default: values.append(pool[Int(random.next() % UInt64(pool.count))])
            }
        }
        let cache = ShortestTextCache()
        var text = [UInt8](repeating: 0, count: NumberFormat.longestShortest)
        for value in values {
            let count = text.withUnsafeMutableBufferPointer { cache.write(value, to: $0.baseAddress!) }
            XCTAssertEqual(String(decoding: text[..<count], as: UTF8.self), NumberFormat.shortest(value), "\(value.bitPattern)")
        }
    }

    func testIntegers() {
        for value in [0, 1, -1, 9, 10, Int.max, Int.min, 1234567890] {
            var buffer = ByteBuffer()
            buffer.append(value)
            XCTAssertEqual(String(decoding: buffer.bytes, as: UTF8.self), String(value))
        }
    }

    /// The streamed CSV and JSON Lines are the texts the row-by-row builders wrote before.
    func testTraceBytesMatchTheText() {
        var trace = Trace(columns: ["x", "y"])
        var random = SeededGenerator(seed: 3)
        for r in 0..<500 {
            trace.append(frame: r / 4, t: Double(r / 4) / 60, id: r % 4, random.nextUnit() * 300, r % 50 == 0 ? .nan : -random.nextUnit())
        }
        trace.setMetadata("params", "a=1")
        var expected = "# springkit-trace 1\n# params: a=1\nframe,t,id,x,y\n"
        for r in 0..<trace.rowCount {
            expected += (0..<5).map { NumberFormat.shortest(trace.value(row: r, column: $0)) }.joined(separator: ",") + "\n"
        }
        XCTAssertEqual(String(decoding: TraceCSV.bytes(trace), as: UTF8.self), expected)
        XCTAssertEqual(TraceCSV.text(trace), expected)
        let lines = TraceCSV.jsonLines(trace).split(separator: "\n")
        XCTAssertEqual(lines.count, trace.rowCount + 1)
        XCTAssertEqual(String(lines[1]), "[0,0,0,\(NumberFormat.shortest(trace.value(row: 0, column: 3))),null]")
    }

    /// The CSV a check streams into its comparison, cut into pieces of any size (down to one
    /// byte), is the file's text byte for byte, and its running hash is the determinism hash.
    func testTraceStreamInPiecesIsTheTextAndItsHash() {
        var random = SeededGenerator(seed: 11)
        for trial in 0..<40 {
            var trace = Trace(columns: (0..<Int(random.next() % 4)).map { "c\($0)" })
            let rows = Int(random.next() % 300)
            for r in 0..<rows {
                let special: [Double] = [.nan, .infinity, -.infinity, -0.0, 1e300, -5e-324, 1e15, 123456789012345678]
                trace.appendRow { c in
                    if c == 0 { return Double(r / 3) }
                    if c == 2 { return Double(r % 3) }
                    return random.next() % 9 == 0 ? special[Int(random.next() % 8)] : Double(bitPattern: random.next())
                }
            }
            trace.setMetadata("params", "trial=\(trial)")
            let expected = TraceCSV.bytes(trace)
            let stream = TraceCSV.Stream(trace)
            var streamed: [UInt8] = []
            let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
            defer { piece.deallocate() }
            while true {
                let capacity = trial % 4 == 0 ? 1 : 1 + Int(random.next() % 4096)
                let count = stream.fill(piece, capacity: capacity)
                XCTAssertLessThanOrEqual(count, capacity)
                if count == 0 { break }
                streamed += UnsafeBufferPointer(start: piece, count: count)
            }
            XCTAssertEqual(streamed, expected, "trial \(trial)")
            XCTAssertEqual(stream.finishHash(), DeterminismHash.of(csv: expected), "trial \(trial)")
            // A stream the comparison stopped reading early still hashes the whole text.
            let early = TraceCSV.Stream(trace)
            _ = early.fill(piece, capacity: 100)
            XCTAssertEqual(early.finishHash(), DeterminismHash.of(csv: expected), "trial \(trial)")
        }
    }

    /// A long trace formatted ahead by two threads, a block of rows each, reads as the same
    /// bytes with the same hash, whatever the reader's piece sizes, also when the reader stops
    /// early or drops it half read.
    func testPrefetchedStreamIsTheTextAndItsHash() throws {
        var random = SeededGenerator(seed: 23)
        var trace = Trace(columns: ["x", "y", "z"])
        let rows = TraceCSV.PrefetchedStream.worthwhileValues / 6 * 5
        trace.reserveRows(rows)
        for r in 0..<rows {
            trace.append(frame: r / 8, t: Double(r / 8) / 60, id: r % 8, Double(bitPattern: random.next()),
                         random.nextUnit() * 320, r % 1000 == 0 ? .nan : -random.nextUnit())
        }
        trace.setMetadata("params", "rows=\(rows)")
        let expected = TraceCSV.bytes(trace)
        XCTAssertTrue(TraceCSV.source(trace) is TraceCSV.PrefetchedStream, "a trace this long is formatted ahead")
        let ahead = try XCTUnwrap(TraceCSV.PrefetchedStream(trace))
        var streamed: [UInt8] = []
        streamed.reserveCapacity(expected.count)
        let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 << 20)
        defer { piece.deallocate() }
        while true {
            let count = ahead.fill(piece, capacity: 1 + Int(random.next() % (3 << 20)))
            if count == 0 { break }
            streamed += UnsafeBufferPointer(start: piece, count: count)
        }
        XCTAssertEqual(streamed.count, expected.count)
        XCTAssertTrue(streamed == expected, "the prefetched bytes are the CSV text")
        XCTAssertEqual(ahead.finishHash(), DeterminismHash.of(csv: expected))
        let early = try XCTUnwrap(TraceCSV.PrefetchedStream(trace))
        _ = early.fill(piece, capacity: 1000)
        XCTAssertEqual(early.finishHash(), DeterminismHash.of(csv: expected))
        // Dropped half read: the threads stop and the pieces are freed (no hang, no leak report).
        var dropped = TraceCSV.PrefetchedStream(trace)
        _ = dropped?.fill(piece, capacity: 1 << 20)
        dropped = nil
        XCTAssertNil(dropped)
        XCTAssertFalse(TraceCSV.source(Trace(columns: ["x"])) is TraceCSV.PrefetchedStream, "a short trace is formatted as read")
    }
}
