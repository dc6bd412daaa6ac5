import SpringKitSupport
import Foundation

/// A trace file that cannot be read, with the line where reading stopped.
public struct TraceFormatError: SpringKitError, Equatable {
    public var path: String
    public var line: Int
    public var reason: String
    public var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
    /// The file's content is at fault, not the call that read it.
    public var blamesArguments: Bool { false }

    /// `line` 0: the file as a whole.
    public init(path: String, line: Int, reason: String) {
        self.path = path; self.line = line; self.reason = reason
    }
}

/// Reading and writing traces as CSV (the contract in docs/traces.md) and JSON Lines.
public enum TraceCSV {
    /// The CSV text: format line, metadata comments, header row, one line per row.
    /// - Complexity: O(rows × columns).
    public static func text(_ trace: Trace) -> String { String(decoding: bytes(trace), as: UTF8.self) }

    /// The CSV file's bytes (the same as `text`), streamed into one buffer.
    /// - Complexity: O(rows × columns).
    public static func bytes(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + trace.values.count * 10)
        let stream = Stream(trace)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { piece in
            while true {
                let count = stream.fill(piece.baseAddress!, capacity: piece.count)
                if count == 0 { break }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: piece[..<count]))
            }
        }
        return out
    }

    /// CSV bytes handed over piece by piece (`fill`), hashed as they are made.
    package protocol Source: AnyObject {
        /// Writes the next bytes, at most `capacity`, at `out`; returns how many (0 at the end).
        func fill(_ out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int
        /// Makes what was not handed over yet (discarding it); returns the whole text's hash.
        func finishHash() -> UInt64
    }

    /// The CSV source a check compares `trace` with its golden through: formatted on a
    /// second thread, ahead of the comparison, when the trace is long (and a thread can be had).
    package static func source(_ trace: Trace) -> any Source {
        if trace.values.count >= PrefetchedStream.worthwhileValues, let ahead = PrefetchedStream(trace) { return ahead }
        return Stream(trace)
    }

    /// The format line, the metadata comments and the header row.
    static func headerBytes(_ trace: Trace) -> [UInt8] {
        var head = ByteBuffer(capacity: 256)
        head.write(Trace.formatLine + "\n")
        for (key, value) in trace.metadata {
            head.write("# \(key): \(value)\n")
        }
        head.write(trace.columns.joined(separator: ",") + "\n")
        return head.bytes
    }

    /// The most bytes one row of `width` values can take: a number and its delimiter each.
    static func longestRow(width: Int) -> Int { max(1, width * (NumberFormat.longestShortest + 1)) }

    /// Formats row `row` at `out`, which has room for `longestRow(width:)` bytes; returns the
    /// number of bytes written. `texts` keeps the texts of repeated values (one per thread).
    static func writeRow(_ values: UnsafeBufferPointer<Double>, _ row: Int, width: Int, to out: UnsafeMutablePointer<UInt8>,
                         texts: ShortestTextCache) -> Int {
        var count = 0
        var k = row * width
        for c in 0..<width {
            if c > 0 { out[count] = UInt8(ascii: ","); count += 1 }
            count += texts.write(values[k], to: out + count)
            k += 1
        }
        out[count] = UInt8(ascii: "\n")
        return count + 1
    }

    /// A trace's CSV bytes written piece by piece into buffers the caller hands over, and
    /// hashed (`DeterminismHash`) as they are written: a check compares a long trace with
    /// its golden without ever holding the whole text.
    package final class Stream: Source {
        private let trace: Trace
        private let width: Int
        /// Bytes formatted but not handed over yet: the lines before the data rows, then the
        /// part of a row that did not fit.
        private var pending: [UInt8]
        private var pendingStart = 0
        /// The next row to format.
        private var row = 0
        /// Every byte formatted so far, hashed.
        private(set) var hash = DeterminismHash.Accumulator()
        /// The most bytes one row can take: a number and its delimiter each.
        private let longestRow: Int
        private let texts = ShortestTextCache()

        package init(_ trace: Trace) {
            self.trace = trace
            width = trace.columns.count
            longestRow = TraceCSV.longestRow(width: width)
            pending = TraceCSV.headerBytes(trace)
            pending.withUnsafeBytes { hash.feed($0) }
        }

        /// Writes the next bytes, at most `capacity`, at `out`; returns how many (0 at the end).
        /// - Complexity: O(capacity).
        package func fill(_ out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
            var written = 0
            trace.values.withUnsafeBufferPointer { values in
                while written < capacity {
                    if pendingStart < pending.count {
                        let count = min(capacity - written, pending.count - pendingStart)
                        pending.withUnsafeBufferPointer { (out + written).update(from: $0.baseAddress! + pendingStart, count: count) }
                        pendingStart += count
                        written += count
                        continue
                    }
                    guard row < trace.rowCount else { break }
                    if capacity - written >= longestRow {
                        let count = writeRow(values, to: out + written)
                        hash.feedLine(UnsafeRawBufferPointer(start: out + written, count: count))
                        written += count
                    } else {
                        pending = [UInt8](unsafeUninitializedCapacity: longestRow) { buffer, count in
                            count = writeRow(values, to: buffer.baseAddress!)
                        }
                        pendingStart = 0
                        pending.withUnsafeBytes { hash.feed($0) }
                    }
                }
            }
            return written
        }

        /// Formats and hashes what was not written yet, without keeping it; returns the hash
        /// of the whole CSV text.
        /// - Complexity: O(rows left × columns).
        package func finishHash() -> UInt64 {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { piece in
                while fill(piece.baseAddress!, capacity: piece.count) > 0 {}
            }
            return hash.hash
        }

        /// Formats row `row` and moves to the next.
        private func writeRow(_ values: UnsafeBufferPointer<Double>, to out: UnsafeMutablePointer<UInt8>) -> Int {
            defer { row += 1 }
            return TraceCSV.writeRow(values, row, width: width, to: out, texts: texts)
        }
    }

    /// A trace's CSV bytes (those of `Stream`) formatted ahead of the reader by two threads,
    /// each taking the next block of rows: the formatting of a long trace overlaps its
    /// comparison and uses both cores. The reader hashes the bytes in order as it takes them.
    package final class PrefetchedStream: Source {
        /// Below this many values the threads cost more than they save.
        static let worthwhileValues = 1 << 18
        static let pieceSize = 1 << 20
        static let pieceCount = 6
        static let threadCount = 2

        /// What the formatting threads and the reader share, under `condition`.
        private final class Pieces {
            let condition = NSCondition()
            /// Formatted pieces by index, waiting for the reader.
            var ready: [Int: (bytes: UnsafeMutablePointer<UInt8>, count: Int)] = [:]
            var empty: [UnsafeMutablePointer<UInt8>] = []
            /// The next piece a thread takes.
            var next = 0
            var cancelled = false
        }

        private let pieces = Pieces()
        private var threads: [WorkerThread] = []
        /// Pieces in all; piece k holds rows k·rowsPerPiece ..< (k + 1)·rowsPerPiece, piece 0 the header first.
        private let pieceTotal: Int
        /// The piece being read (its index, bytes, size) and how much of it was handed over.
        private var reading = 0
        private var current: (bytes: UnsafeMutablePointer<UInt8>, count: Int)?
        private var offset = 0
        private var hash = DeterminismHash.Accumulator()

        /// Starts formatting `trace`; nil when no thread can be had.
        init?(_ trace: Trace) {
            let width = trace.columns.count
            let header = TraceCSV.headerBytes(trace)
            let longest = TraceCSV.longestRow(width: width)
            guard header.count + longest <= Self.pieceSize, trace.rowCount > 0 else { return nil }
            let rowsPerPiece = (Self.pieceSize - header.count) / longest
            let rowCount = trace.rowCount
            pieceTotal = (rowCount + rowsPerPiece - 1) / rowsPerPiece
            let total = pieceTotal
            pieces.empty = (0..<Self.pieceCount).map { _ in .allocate(capacity: Self.pieceSize) }
            let pieces = self.pieces
            for _ in 0..<Self.threadCount {
                guard let thread = WorkerThread({
                    let texts = ShortestTextCache()
                    trace.values.withUnsafeBufferPointer { values in
                        while true {
                            pieces.condition.lock()
                            while pieces.empty.isEmpty && !pieces.cancelled && pieces.next < total { pieces.condition.wait() }
                            if pieces.cancelled || pieces.next >= total { pieces.condition.unlock(); return }
                            let k = pieces.next
                            pieces.next += 1
                            let bytes = pieces.empty.removeLast()
                            pieces.condition.unlock()
                            var count = 0
                            if k == 0 {
                                header.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: $0.count) }
                                count = header.count
                            }
                            for row in k * rowsPerPiece ..< min((k + 1) * rowsPerPiece, rowCount) {
                                count += TraceCSV.writeRow(values, row, width: width, to: bytes + count, texts: texts)
                            }
                            pieces.condition.lock()
                            pieces.ready[k] = (bytes, count)
                            pieces.condition.broadcast()
                            pieces.condition.unlock()
                        }
                    }
                }) else { break }
                threads.append(thread)
            }
            if threads.isEmpty {
                pieces.empty.forEach { $0.deallocate() }
                return nil
            }
        }

        deinit {
            pieces.condition.lock()
            pieces.cancelled = true
            pieces.condition.broadcast()
            pieces.condition.unlock()
            threads.forEach { $0.join() }
            if let current { current.bytes.deallocate() }
            pieces.ready.values.forEach { $0.bytes.deallocate() }
            pieces.empty.forEach { $0.deallocate() }
        }

        package func fill(_ out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
            var written = 0
            while written < capacity {
                if current == nil {
                    guard reading < pieceTotal else { break }
                    pieces.condition.lock()
                    while pieces.ready[reading] == nil { pieces.condition.wait() }
                    current = pieces.ready.removeValue(forKey: reading)
                    pieces.condition.unlock()
                    offset = 0
                }
                let piece = current!
                let count = min(capacity - written, piece.count - offset)
                (out + written).update(from: piece.bytes + offset, count: count)
                hash.feed(UnsafeRawBufferPointer(start: out + written, count: count))
                written += count
                offset += count
                if offset == piece.count {
                    pieces.condition.lock()
                    pieces.empty.append(piece.bytes)
                    pieces.condition.broadcast()
                    pieces.condition.unlock()
                    current = nil
                    reading += 1
                }
            }
            return written
        }

        package func finishHash() -> UInt64 {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { piece in
                while fill(piece.baseAddress!, capacity: piece.count) > 0 {}
            }
            return hash.hash
        }
    }

    /// JSON Lines: a first line with the metadata and columns, then one array per row.
    /// - Complexity: O(rows × columns).
    public static func jsonLines(_ trace: Trace) -> String { String(decoding: jsonLinesBytes(trace), as: UTF8.self) }

    /// The JSON Lines file's bytes (the same as `jsonLines`), streamed into one buffer.
    /// - Complexity: O(rows × columns).
    public static func jsonLinesBytes(_ trace: Trace) -> [UInt8] {
        let meta = trace.metadata.map { "[\(JSONText.quoted($0.key)),\(JSONText.quoted($0.value))]" }.joined(separator: ",")
        var out = ByteBuffer(capacity: 256 + trace.values.count * 10)
        out.write("{\"format\":\"springkit-trace\",\"version\":1,\"metadata\":[\(meta)],\"columns\":[\(trace.columns.map(JSONText.quoted).joined(separator: ","))]}\n")
        let width = trace.columns.count
        var k = 0
        for _ in 0..<trace.rowCount {
            out.append(UInt8(ascii: "["))
            for c in 0..<width {
                if c > 0 { out.append(UInt8(ascii: ",")) }
                let v = trace.values[k]
                k += 1
                if v.isFinite { out.append(shortest: v) } else { out.append("null") }
            }
            out.append("]\n")
        }
        return out.bytes
    }

    /// Reads a trace file.
    public static func read(path: String) throws -> Trace {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceFormatError(path: path, line: 0, reason: "cannot read the file")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses CSV trace bytes; errors name the line.
    /// - Complexity: O(n) in the bytes.
    public static func parse(_ bytes: [UInt8], path: String) throws -> Trace {
        if bytes.isEmpty { throw TraceFormatError(path: path, line: 0, reason: "empty trace file") }
        if bytes.last != UInt8(ascii: "\n") {
            throw TraceFormatError(path: path, line: bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) },
                                   reason: "truncated: the last line has no line end")
        }
        if bytes.contains(0) { throw TraceFormatError(path: path, line: 0, reason: "not a text file (contains NUL bytes)") }
        let header = try header(bytes, path: path)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                try parse(base, count: buffer.count, path: path, header: header)
            }
        }
    }

    private static func parse(_ base: UnsafePointer<CChar>, count: Int, path: String, header: Header) throws -> Trace {
        let newline = CChar(UInt8(ascii: "\n"))
        let metadata = header.metadata, columns = header.columns
        var values: [Double] = []
        let line = header.lines
        let p = base + header.dataStart
        let end = base + count
        // Data rows, split at line boundaries into one chunk per core and parsed in
        // parallel; chunks are joined in order, so the result does not depend on the split.
        let chunkCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, (end - p) / (1 << 20)))
        var bounds: [(start: UnsafePointer<CChar>, line: Int)] = [(p, line)]
        for k in 1..<chunkCount {
            var q = p + (end - p) * k / chunkCount
            guard q > bounds.last!.start else { continue }
            while q < end && (q - 1).pointee != newline { q += 1 }
            guard q < end else { break }
            let previous = bounds.last!
            let lines = UnsafeRawBufferPointer(start: previous.start, count: q - previous.start).reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            bounds.append((q, previous.line + lines))
        }
        var parts = [[Double]](repeating: [], count: bounds.count)
        var failures = [TraceFormatError?](repeating: nil, count: bounds.count)
        parts.withUnsafeMutableBufferPointer { partsBuffer in
            failures.withUnsafeMutableBufferPointer { failureBuffer in
                let partsBase = partsBuffer.baseAddress!, failureBase = failureBuffer.baseAddress!
                DispatchQueue.concurrentPerform(iterations: bounds.count) { k in
                    let stop = k + 1 < bounds.count ? bounds[k + 1].start : end
                    do {
                        partsBase[k] = try parseRows(from: bounds[k].start, to: stop, firstLine: bounds[k].line, columns: columns, path: path)
                    } catch {
                        failureBase[k] = error as? TraceFormatError
                    }
                }
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        values.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { values.append(contentsOf: part) }
        return Trace(metadata: metadata, allColumns: columns, values: values)
    }

    /// Parses data rows in [from, to): strtod reads each field in place; the delimiter after
    /// it must be ',' (or '\n' after the last column).
    private static func parseRows(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>, firstLine: Int,
                                  columns: [String], path: String) throws -> [Double] {
        let newline = CChar(UInt8(ascii: "\n")), comma = CChar(UInt8(ascii: ",")), hash = CChar(UInt8(ascii: "#"))
        let width = columns.count
        var values: [Double] = []
        values.reserveCapacity(max(0, (end - start) / (width * 8)) * width)
        func rest(_ from: UnsafePointer<CChar>) -> (text: String, next: UnsafePointer<CChar>) {
            var q = from
            while q.pointee != newline { q += 1 }
            return (VisibleText.decoding(UnsafeRawBufferPointer(start: from, count: q - from)), q + 1)
        }
        var p = start
        var line = firstLine
        var fieldEnd: UnsafeMutablePointer<CChar>?
        while p < end {
            line += 1
            if p.pointee == newline { p += 1; continue }
            if p.pointee == hash { p = rest(p).next; continue }
            let rowStart = p
            for c in 0..<width {
                let first = UInt8(bitPattern: p.pointee)
                let startsNumber = (first >= 48 && first <= 57) || first == 45 || first == 43 || first == 46
                    || first == 110 || first == 105  // nan, inf
                let value = startsNumber ? strtod(p, &fieldEnd) : 0
                let stop = startsNumber ? UnsafePointer(fieldEnd!) : p
                let expected = c == width - 1 ? newline : comma
                if stop > p && stop.pointee == expected {
                    values.append(value)
                    p = stop + 1
                    continue
                }
                let fields = rest(rowStart).text.split(separator: ",", omittingEmptySubsequences: false)
                if fields.count != width {
                    throw TraceFormatError(path: path, line: line, reason: "expected \(width) values, found \(fields.count)")
                }
                throw TraceFormatError(path: path, line: line, reason: "column \(c + 1) ('\(columns[c])'): '\(fields[c])' is not a number")
            }
        }
        return values
    }

    /// The part of a trace file before its data rows.
    struct Header {
        var metadata: [(key: String, value: String)]
        var columns: [String]
        /// Byte offset of the first data line, and the number of lines before it.
        var dataStart: Int
        var lines: Int
    }

    /// Reads and validates the format line, metadata and header row.
    static func header(_ bytes: [UInt8], path: String) throws -> Header {
        if bytes.isEmpty { throw TraceFormatError(path: path, line: 0, reason: "empty trace file") }
        if bytes.last != UInt8(ascii: "\n") {
            throw TraceFormatError(path: path, line: bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) },
                                   reason: "truncated: the last line has no line end")
        }
        var reader = HeaderReader(path: path)
        var start = 0
        while start < bytes.count {
            var end = start
            while bytes[end] != 10 { end += 1 }
            let columns = try reader.feed(bytes[start..<end])
            start = end + 1
            if let columns {
                return Header(metadata: reader.metadata, columns: columns, dataStart: start, lines: reader.lines)
            }
        }
        throw TraceFormatError(path: path, line: reader.lines, reason: "no header row")
    }

    /// Reads the lines before the data rows one at a time (a file read in pieces, or bytes
    /// in memory): the format line, `# key: value` metadata, blank lines, the header row.
    struct HeaderReader {
        let path: String
        var metadata: [(key: String, value: String)] = []
        /// Lines fed so far.
        var lines = 0

        init(path: String) { self.path = path }

        /// Feeds one line (without its line end); returns the columns when it is the header row.
        mutating func feed<Line: Collection>(_ bytes: Line) throws -> [String]? where Line.Element == UInt8 {
            lines += 1
            let text = String(decoding: bytes, as: UTF8.self)
            if lines == 1 {
                guard text == Trace.formatLine else {
                    throw TraceFormatError(path: path, line: 1, reason: "not a springkit trace (expected '\(Trace.formatLine)')")
                }
                return nil
            }
            if text.isEmpty { return nil }
            if text.hasPrefix("#") {
                let body = text.dropFirst().drop(while: { $0 == " " })
                if let colon = body.firstIndex(of: ":") {
                    metadata.append((String(body[..<colon]), String(body[body.index(after: colon)...].drop(while: { $0 == " " }))))
                }
                return nil
            }
            let columns = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard Array(columns.prefix(3)) == Trace.leadingColumns else {
                throw TraceFormatError(path: path, line: lines, reason: "header must start with frame,t,id (found '\(VisibleText.escaped(text))')")
            }
            guard Set(columns).count == columns.count, !columns.contains("") else {
                throw TraceFormatError(path: path, line: lines, reason: "header has an empty or repeated column name")
            }
            return columns
        }
    }

    /// Parses one data line [from, to) (to is its '\n').
    static func parseLine(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, columns: [String],
                          path: String, line: Int) throws -> [Double] {
        try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
            try parseRows(from: base + from, to: base + to + 1, firstLine: line - 1, columns: columns, path: path)
        }
    }

    /// Byte ranges of the `count` comma-separated fields of the line [from, to).
    static func fieldRanges(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, count: Int,
                            path: String, line: Int, into ranges: inout [Range<Int>]) throws {
        ranges.removeAll(keepingCapacity: true)
        var start = from
        for i in from...to where i == to || buffer[i] == UInt8(ascii: ",") {
            ranges.append(start..<i)
            start = i + 1
        }
        guard ranges.count == count else {
            throw TraceFormatError(path: path, line: line, reason: "expected \(count) values, found \(ranges.count)")
        }
    }

    /// One field's number, parsed exactly as data rows are.
    /// The field is followed by ',' or '\n' in the buffer, so strtod stops at its end.
    static func parseField(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, path: String, line: Int,
                           column: Int, name: String) throws -> Double {
        let first = range.isEmpty ? 0 : buffer[range.lowerBound]
        let startsNumber = (first >= 48 && first <= 57) || first == 45 || first == 43 || first == 46 || first == 110 || first == 105
        if startsNumber {
            let value: Double? = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                var end: UnsafeMutablePointer<CChar>?
                let start = base + range.lowerBound
                let value = strtod(start, &end)
                return end.map { UnsafePointer($0) } == start + range.count ? value : nil
            }
            if let value { return value }
        }
        let text = VisibleText.decoding(UnsafeBufferPointer(rebasing: buffer[range]))
        throw TraceFormatError(path: path, line: line, reason: "column \(column + 1) ('\(name)'): '\(text)' is not a number")
    }
}
