import SpringKitSupport
import Foundation

extension TraceComparison {
    /// Compares the golden file at `goldenPath`, read in pieces (bounded memory), with the new
    /// trace's CSV text. `actualName` names the new trace in errors.
    /// - Complexity: O(rows · columns); memory O(longest line + ids with rows in one trace only).
    public static func compare(goldenPath: String, actualText: String, actualName: String = "the new trace",
                               tolerances: ToleranceSpec) throws -> TraceComparison {
        try compare(golden: TraceLineReader(path: goldenPath), actual: TraceLineReader(text: actualText, path: actualName),
                    tolerances: tolerances)
    }

    /// Compares the golden file at `goldenPath`, read in pieces, with `actual`'s CSV text,
    /// formatted in pieces as the comparison reads it (neither text is held whole).
    /// - Complexity: O(rows · columns); memory O(longest line + ids with rows in one trace only).
    package static func compare(goldenPath: String, actual: any TraceCSV.Source, actualName: String,
                        tolerances: ToleranceSpec) throws -> TraceComparison {
        try compare(golden: TraceLineReader(path: goldenPath), actual: TraceLineReader(stream: actual, path: actualName),
                    tolerances: tolerances)
    }

    /// Compares two traces given as CSV bytes.
    public static func compare(goldenBytes: [UInt8], goldenPath: String, actualBytes: [UInt8],
                               tolerances: ToleranceSpec) throws -> TraceComparison {
        try compare(golden: TraceLineReader(bytes: goldenBytes, path: goldenPath),
                    actual: TraceLineReader(bytes: actualBytes, path: "the new trace"), tolerances: tolerances)
    }

    /// The aligned comparison. Both traces are walked once, in (frame, id) order: rows with
    /// the same (frame, id) are compared value by value (byte-identical lines without
    /// parsing); a row only one trace has is counted in a run of its id. A trace whose rows
    /// are not ordered by frame, then id, is an error naming the line.
    static func compare(golden goldenReader: TraceLineReader, actual actualReader: TraceLineReader,
                        tolerances: ToleranceSpec) throws -> TraceComparison {
        var golden = try RowCursor(goldenReader)
        var actual = try RowCursor(actualReader)
        guard golden.columns == actual.columns else {
            throw HeaderMismatch(expected: golden.columns, actual: actual.columns)
        }
        var result = TraceComparison()
        for key in comparedMetadata {
            let e = golden.metadata.last { $0.key == key }?.value ?? "", a = actual.metadata.last { $0.key == key }?.value ?? ""
            if e != a { result.metadataDifferences.append((key, e, a)) }
        }
        let columns = golden.columns
        let bounds = columns.map { tolerances.bounds(for: $0) }
        result.columns = columns.map { ColumnSummary(name: $0) }
        var runs = RowRunTracker()
        var goldenFields: [Range<Int>] = [], actualFields: [Range<Int>] = []

        try golden.advance()
        try actual.advance()
        while golden.line != nil || actual.line != nil {
            if let gl = golden.line, let al = actual.line, golden.frame == actual.frame && golden.id == actual.id {
                result.matchedRows += 1
                if !runs.isEmpty { runs.matched(id: golden.id, into: &result) }
                let g = golden.reader.bytes, a = actual.reader.bytes
                if gl.count != al.count || memcmp(g.baseAddress! + gl.lowerBound, a.baseAddress! + al.lowerBound, gl.count) != 0 {
                    try compareValues(golden, actual, gl, al, columns: columns, bounds: bounds,
                                      fields: &goldenFields, &actualFields, into: &result)
                }
                try golden.advance()
                try actual.advance(like: golden.current)
            } else if actual.line == nil || (golden.line != nil && (golden.frame, golden.id) < (actual.frame, actual.id)) {
                try golden.validateLine()
                try only(.onlyInGolden, golden, runs: &runs, result: &result)
                try golden.advance()
            } else {
                try only(.onlyInNew, actual, runs: &runs, result: &result)
                try actual.advance()
            }
        }
        runs.finish(into: &result)
        result.expectedRows = golden.rows
        result.actualRows = actual.rows
        return result
    }

    /// Two rows of one (frame, id) whose lines differ: compares them value by value (byte-identical
    /// fields without parsing), keeping each column's largest difference and the first beyond tolerance.
    private static func compareValues(_ golden: RowCursor, _ actual: RowCursor, _ gl: Range<Int>, _ al: Range<Int>,
                                      columns: [String], bounds: [(absolute: Double, relative: Double)],
                                      fields goldenFields: inout [Range<Int>], _ actualFields: inout [Range<Int>],
                                      into result: inout TraceComparison) throws {
        let g = golden.reader.bytes, a = actual.reader.bytes
        try TraceCSV.fieldRanges(g, gl.lowerBound, gl.upperBound, count: columns.count, path: golden.reader.path,
                                 line: golden.reader.lineNumber, into: &goldenFields)
        try TraceCSV.fieldRanges(a, al.lowerBound, al.upperBound, count: columns.count, path: actual.reader.path,
                                 line: actual.reader.lineNumber, into: &actualFields)
        for c in columns.indices where c != 0 && c != 2 {
            let gr = goldenFields[c], ar = actualFields[c]
            if gr.count == ar.count && memcmp(g.baseAddress! + gr.lowerBound, a.baseAddress! + ar.lowerBound, gr.count) == 0 {
                continue
            }
            let e = try golden.value(gr, column: c)
            let v = try actual.value(ar, column: c)
            let magnitude = Self.magnitude(expected: e, actual: v)
            let beyond = !withinTolerance(expected: e, actual: v, bounds: bounds[c])
            let isLargest = magnitude > (result.columns[c].largest?.magnitude ?? 0)
            guard isLargest || beyond else { continue }
            let t = c == 1 ? e : try golden.value(goldenFields[1], column: 1)
            let difference = Difference(frame: golden.frame, t: t, id: golden.id, column: columns[c], expected: e, actual: v,
                                        allowed: e.isFinite ? bounds[c].absolute + bounds[c].relative * abs(e) : 0)
            if isLargest { result.columns[c].largest = difference }
            if beyond {
                result.columns[c].beyondTolerance += 1
                if result.firstDifference == nil { result.firstDifference = difference }
                if result.firstDivergentFrame == nil {
                    result.firstDivergentFrame = golden.frame
                    result.firstDivergentTime = t
                }
            }
        }
    }

    private static func only(_ side: RowRun.Side, _ cursor: RowCursor, runs: inout RowRunTracker,
                             result: inout TraceComparison) throws {
        runs.only(side, frame: cursor.frame, id: cursor.id, into: &result)
        if result.firstDivergentFrame == nil {
            result.firstDivergentFrame = cursor.frame
            result.firstDivergentTime = try cursor.time()
        }
    }
}

/// One trace's current data row while two traces are walked side by side.
private struct RowCursor {
    let reader: TraceLineReader
    let columns: [String]
    let metadata: [(key: String, value: String)]
    /// The current data line (nil after the last), its frame and id.
    private(set) var line: Range<Int>?
    private(set) var frame = 0.0
    private(set) var id = 0.0
    /// Data rows read so far.
    private(set) var rows = 0
    private var hasPrevious = false

    init(_ reader: TraceLineReader) throws {
        self.reader = reader
        var header = TraceCSV.HeaderReader(path: reader.path)
        while let line = try reader.nextLine() {
            let bytes = UnsafeBufferPointer(rebasing: reader.bytes[line])
            if let columns = try header.feed(bytes) {
                self.columns = columns
                self.metadata = header.metadata
                return
            }
        }
        if reader.isEmpty { throw TraceFormatError(path: reader.path, line: 0, reason: "empty trace file") }
        throw TraceFormatError(path: reader.path, line: reader.lineNumber, reason: "no header row")
    }

    /// The current row's key and bytes, for the other trace's cursor (`advance(like:)`).
    var current: (bytes: UnsafePointer<UInt8>, line: Range<Int>, frame: Double, id: Double)? {
        line.map { (reader.bytes.baseAddress!, $0, frame, id) }
    }

    /// Moves to the next data row (skipping blank and `#` lines); checks it comes after the
    /// previous one. When the row's bytes are those of `other` (the other trace's current
    /// row, the common case), its key is taken from there instead of read again.
    mutating func advance(like other: (bytes: UnsafePointer<UInt8>, line: Range<Int>, frame: Double, id: Double)? = nil) throws {
        let previous = (frame, id)
        while let next = try reader.nextLine() {
            let bytes = reader.bytes
            if next.isEmpty || bytes[next.lowerBound] == UInt8(ascii: "#") { continue }
            line = next
            rows += 1
            if let other, other.line.count == next.count,
               memcmp(other.bytes + other.line.lowerBound, bytes.baseAddress! + next.lowerBound, next.count) == 0 {
                frame = other.frame
                id = other.id
            } else {
                try readKey(next)
            }
            if hasPrevious && !((frame, id) > previous) {
                let what = (frame, id) == previous ? "repeats frame \(NumberFormat.shortest(frame)), id \(NumberFormat.shortest(id))"
                    : "frame \(NumberFormat.shortest(frame)), id \(NumberFormat.shortest(id)) comes after frame \(NumberFormat.shortest(previous.0)), id \(NumberFormat.shortest(previous.1))"
                throw TraceFormatError(path: reader.path, line: reader.lineNumber,
                                       reason: "rows out of order: \(what) (rows must be ordered by frame, then id)")
            }
            hasPrevious = true
            return
        }
        line = nil
    }

    /// Reads `frame` (field 1) and `id` (field 3) of `line`: digits directly, anything else
    /// through strtod; the commas found with memchr. A line of fewer than three fields is the
    /// field-count error (after its frame, when it has one, was read).
    private mutating func readKey(_ line: Range<Int>) throws {
        let base = reader.bytes.baseAddress!
        func comma(from i: Int) -> Int? {
            guard i < line.upperBound, let hit = memchr(base + i, Int32(UInt8(ascii: ",")), line.upperBound - i) else { return nil }
            return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        }
        func tooFewFields() throws {
            var ranges: [Range<Int>] = []
            try TraceCSV.fieldRanges(reader.bytes, line.lowerBound, line.upperBound, count: columns.count, path: reader.path,
                                     line: reader.lineNumber, into: &ranges)
        }
        guard let first = comma(from: line.lowerBound) else {
            frame = try keyValue(line, column: 0)
            return try tooFewFields()
        }
        frame = try keyValue(line.lowerBound..<first, column: 0)
        guard let second = comma(from: first + 1) else { return try tooFewFields() }
        id = try keyValue(second + 1..<(comma(from: second + 1) ?? line.upperBound), column: 2)
    }

    private func keyValue(_ range: Range<Int>, column: Int) throws -> Double {
        let bytes = reader.bytes
        if !range.isEmpty && range.count <= 15 {
            var integer = 0
            var digits = true
            for k in range {
                let b = bytes[k]
                guard b >= 48 && b <= 57 else { digits = false; break }
                integer = integer * 10 + Int(b - 48)
            }
            if digits { return Double(integer) }
        }
        let value = try value(range, column: column)
        guard value.isFinite else {
            throw TraceFormatError(path: reader.path, line: reader.lineNumber, reason: "column \(column + 1) ('\(columns[column])') must be a finite number")
        }
        return value
    }

    func value(_ range: Range<Int>, column: Int) throws -> Double {
        try TraceCSV.parseField(reader.bytes, range, path: reader.path, line: reader.lineNumber, column: column, name: columns[column])
    }

    /// The current row's `t`.
    func time() throws -> Double {
        guard let line else { return 0 }
        var ranges: [Range<Int>] = []
        try TraceCSV.fieldRanges(reader.bytes, line.lowerBound, line.upperBound, count: columns.count, path: reader.path,
                                 line: reader.lineNumber, into: &ranges)
        return try value(ranges[1], column: 1)
    }

    /// Parses every field of the current line (a row no other row is compared with is still checked).
    func validateLine() throws {
        guard let line else { return }
        _ = try TraceCSV.parseLine(reader.bytes, line.lowerBound, line.upperBound, columns: columns, path: reader.path,
                                   line: reader.lineNumber)
    }
}

/// Groups rows only one trace has into runs per id: a run ends when that id has a row in
/// both traces again, or its rows switch side.
private struct RowRunTracker {
    private var open: [Double: TraceComparison.RowRun] = [:]
    var isEmpty: Bool { open.isEmpty }

    mutating func only(_ side: TraceComparison.RowRun.Side, frame: Double, id: Double, into result: inout TraceComparison) {
        if var run = open[id], run.side == side {
            run.lastFrame = frame
            run.rows += 1
            open[id] = run
            return
        }
        if let run = open[id] { close(run, into: &result) }
        open[id] = TraceComparison.RowRun(id: id, side: side, firstFrame: frame, lastFrame: frame, rows: 1)
    }

    mutating func matched(id: Double, into result: inout TraceComparison) {
        if let run = open.removeValue(forKey: id) { close(run, into: &result) }
    }

    private func close(_ run: TraceComparison.RowRun, into result: inout TraceComparison) {
        result.rowRunCount += 1
        if result.rowRuns.count < TraceComparison.maximumRowRuns { result.rowRuns.append(run) }
    }

    mutating func finish(into result: inout TraceComparison) {
        for run in open.values.sorted(by: { ($0.firstFrame, $0.id) < ($1.firstFrame, $1.id) }) { close(run, into: &result) }
        open.removeAll()
        result.rowRuns.sort { ($0.firstFrame, $0.id) < ($1.firstFrame, $1.id) }
    }
}
