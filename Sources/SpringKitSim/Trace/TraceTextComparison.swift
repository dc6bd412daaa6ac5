import Foundation

extension TraceComparison {
    /// Compares trace files as text: lines that are byte-identical match without parsing;
    /// only lines that differ are parsed and compared with the tolerances. Equivalent to
    /// `compare(golden:actual:tolerances:)` on the parsed traces (identical text means
    /// identical values), and much faster when most lines are equal.
    public static func compare(goldenBytes: [UInt8], goldenPath: String, actualBytes: [UInt8],
                               tolerances: ToleranceSpec) throws -> TraceComparison {
        let golden = try TraceCSV.header(goldenBytes, path: goldenPath)
        let actual = try TraceCSV.header(actualBytes, path: "(new trace)")
        guard golden.columns == actual.columns else { throw HeaderMismatch(expected: golden.columns, actual: actual.columns) }
        var result = TraceComparison()
        for key in comparedMetadata {
            let e = golden.metadata.last { $0.key == key }?.value ?? "", a = actual.metadata.last { $0.key == key }?.value ?? ""
            if e != a { result.metadataDifferences.append((key, e, a)) }
        }
        let columns = golden.columns
        let bounds = columns.map { tolerances.bounds(for: $0) }
        try goldenBytes.withUnsafeBufferPointer { g in
            try actualBytes.withUnsafeBufferPointer { a in
                var gp = golden.dataStart, ap = actual.dataStart
                var gLine = golden.lines, row = 0
                var gFields: [Range<Int>] = [], aFields: [Range<Int>] = []
                func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ from: Int) -> Int {
                    let base = UnsafeRawPointer(buffer.baseAddress! + from)
                    let hit = memchr(base, 10, buffer.count - from)!
                    return from + (UnsafeRawPointer(hit) - base)
                }
                func isData(_ buffer: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool {
                    buffer[at] != 10 && buffer[at] != UInt8(ascii: "#")
                }
                while true {
                    while gp < g.count && !isData(g, gp) { gp = lineEnd(g, gp) + 1; gLine += 1 }
                    while ap < a.count && !isData(a, ap) { ap = lineEnd(a, ap) + 1 }
                    if gp >= g.count || ap >= a.count { break }
                    let ge = lineEnd(g, gp), ae = lineEnd(a, ap)
                    gLine += 1
                    if ge - gp != ae - ap || memcmp(g.baseAddress! + gp, a.baseAddress! + ap, ge - gp) != 0 {
                        // Field by field: identical text is an identical value, so only fields
                        // whose text differs are parsed (frame and id only when reported).
                        try TraceCSV.fieldRanges(g, gp, ge, count: columns.count, path: goldenPath, line: gLine, into: &gFields)
                        try TraceCSV.fieldRanges(a, ap, ae, count: columns.count, path: "(new trace)", line: row + 1, into: &aFields)
                        var rowKey: (frame: Double, id: Double)?
                        func key() throws -> (frame: Double, id: Double) {
                            if let rowKey { return rowKey }
                            let k = (try TraceCSV.parseField(g, gFields[0], path: goldenPath, line: gLine, column: 0, name: columns[0]),
                                     try TraceCSV.parseField(g, gFields[2], path: goldenPath, line: gLine, column: 2, name: columns[2]))
                            rowKey = k
                            return k
                        }
                        for c in columns.indices {
                            let gr = gFields[c], ar = aFields[c]
                            if gr.count == ar.count && memcmp(g.baseAddress! + gr.lowerBound, a.baseAddress! + ar.lowerBound, gr.count) == 0 {
                                continue
                            }
                            let e = try TraceCSV.parseField(g, gr, path: goldenPath, line: gLine, column: c, name: columns[c])
                            let v = try TraceCSV.parseField(a, ar, path: "(new trace)", line: row + 1, column: c, name: columns[c])
                            try result.record(expected: e, actual: v, bounds: bounds[c]) {
                                let k = try key()
                                return (row, k.frame, k.id, columns[c])
                            }
                        }
                    }
                    row += 1
                    gp = ge + 1
                    ap = ae + 1
                }
                result.expectedRows = row
                result.actualRows = row
                // Whatever is left over in either: count (and, for the golden, validate) it.
                while gp < g.count {
                    let ge = lineEnd(g, gp)
                    gLine += 1
                    if isData(g, gp) {
                        _ = try TraceCSV.parseLine(g, gp, ge, columns: columns, path: goldenPath, line: gLine)
                        result.expectedRows += 1
                    }
                    gp = ge + 1
                }
                while ap < a.count {
                    let ae = lineEnd(a, ap)
                    if isData(a, ap) { result.actualRows += 1 }
                    ap = ae + 1
                }
            }
        }
        return result
    }
}
