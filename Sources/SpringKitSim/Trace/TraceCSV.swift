import Foundation

/// A trace file that cannot be read, with the line where reading stopped.
public struct TraceFormatError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var line: Int
    public var reason: String
    public var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
}

/// Reading and writing traces as CSV (the contract in docs/traces.md) and JSON Lines.
public enum TraceCSV {
    /// The CSV text: format line, metadata comments, header row, one line per row.
    public static func text(_ trace: Trace) -> String {
        var out = Trace.formatLine + "\n"
        for (key, value) in trace.metadata {
            out += "# \(key): \(value)\n"
        }
        out += trace.columns.joined(separator: ",") + "\n"
        out.reserveCapacity(out.utf8.count + trace.values.count * 8)
        let width = trace.columns.count
        var line = ""
        for row in 0..<trace.rowCount {
            line.removeAll(keepingCapacity: true)
            for c in 0..<width {
                if c > 0 { line += "," }
                line += NumberFormat.shortest(trace.values[row * width + c])
            }
            line += "\n"
            out += line
        }
        return out
    }

    /// JSON Lines: a first line with the metadata and columns, then one array per row.
    public static func jsonLines(_ trace: Trace) -> String {
        func quoted(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                default:
                    if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        }
        let meta = trace.metadata.map { "[\(quoted($0.key)),\(quoted($0.value))]" }.joined(separator: ",")
        var out = "{\"format\":\"springkit-trace\",\"version\":1,\"metadata\":[\(meta)],\"columns\":[\(trace.columns.map(quoted).joined(separator: ","))]}\n"
        let width = trace.columns.count
        for row in 0..<trace.rowCount {
            out += "[" + (0..<width).map { c -> String in
                let v = trace.values[row * width + c]
                return v.isFinite ? NumberFormat.shortest(v) : "null"
            }.joined(separator: ",") + "]\n"
        }
        return out
    }

    /// Reads a trace file.
    public static func read(path: String) throws -> Trace {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceFormatError(path: path, line: 0, reason: "cannot read the file")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses CSV trace bytes; errors name the line.
    public static func parse(_ bytes: [UInt8], path: String) throws -> Trace {
        if bytes.isEmpty { throw TraceFormatError(path: path, line: 0, reason: "empty trace file") }
        var metadata: [(key: String, value: String)] = []
        var columns: [String] = []
        var values: [Double] = []
        var lineNumber = 0
        var sawFormat = false
        var start = 0
        let count = bytes.count
        if bytes.last != UInt8(ascii: "\n") {
            throw TraceFormatError(path: path, line: bytes.filter { $0 == 10 }.count + 1,
                                   reason: "truncated: the last line has no line end")
        }
        while start < count {
            var end = start
            while bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            defer { start = end + 1 }
            if end == start { continue }
            if bytes[start] == UInt8(ascii: "#") {
                let text = String(decoding: bytes[start..<end], as: UTF8.self)
                if lineNumber == 1 {
                    guard text == Trace.formatLine else {
                        throw TraceFormatError(path: path, line: 1, reason: "not a springkit trace (expected '\(Trace.formatLine)')")
                    }
                    sawFormat = true
                    continue
                }
                let body = text.dropFirst().drop(while: { $0 == " " })
                if let colon = body.firstIndex(of: ":") {
                    let key = String(body[..<colon])
                    let value = String(body[body.index(after: colon)...].drop(while: { $0 == " " }))
                    metadata.append((key, value))
                }
                continue
            }
            if !sawFormat {
                throw TraceFormatError(path: path, line: lineNumber, reason: "not a springkit trace (expected '\(Trace.formatLine)' on line 1)")
            }
            if columns.isEmpty {
                columns = String(decoding: bytes[start..<end], as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard Array(columns.prefix(3)) == Trace.leadingColumns else {
                    throw TraceFormatError(path: path, line: lineNumber, reason: "header must start with frame,t,id (found '\(columns.joined(separator: ","))')")
                }
                guard Set(columns).count == columns.count, !columns.contains("") else {
                    throw TraceFormatError(path: path, line: lineNumber, reason: "header has an empty or repeated column name")
                }
                continue
            }
            var fieldStart = start
            var fields = 0
            for i in start...end {
                if i == end || bytes[i] == UInt8(ascii: ",") {
                    guard let value = parseNumber(bytes, fieldStart, i) else {
                        let text = String(decoding: bytes[fieldStart..<i], as: UTF8.self)
                        throw TraceFormatError(path: path, line: lineNumber, reason: "column \(fields + 1) ('\(fields < columns.count ? columns[fields] : "?")'): '\(text)' is not a number")
                    }
                    values.append(value)
                    fields += 1
                    fieldStart = i + 1
                }
            }
            guard fields == columns.count else {
                throw TraceFormatError(path: path, line: lineNumber, reason: "expected \(columns.count) values, found \(fields)")
            }
        }
        if !sawFormat { throw TraceFormatError(path: path, line: 1, reason: "not a springkit trace (expected '\(Trace.formatLine)')") }
        if columns.isEmpty { throw TraceFormatError(path: path, line: lineNumber, reason: "no header row") }
        return Trace(metadata: metadata, allColumns: columns, values: values)
    }

    /// Parses one decimal field without allocating for the common case.
    private static func parseNumber(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Double? {
        guard to > from, to - from < 64 else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Double? in
            var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
            return withUnsafeMutableBytes(of: &scratch) { raw -> Double? in
                let n = to - from
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[from..<to]))
                raw[n] = 0
                let chars = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                var endPointer: UnsafeMutablePointer<CChar>?
                let value = strtod(chars, &endPointer)
                guard endPointer == chars + n else { return nil }
                // strtod accepts forms the contract does not ("0x1p3", " 1"): keep decimal only.
                for i in 0..<n {
                    let c = UInt8(bitPattern: chars[i])
                    if !((c >= 48 && c <= 57) || c == 45 || c == 43 || c == 46 || c == 101 || c == 69
                         || c == 110 || c == 97 || c == 105 || c == 102) { return nil }
                }
                return value
            }
        }
    }
}
