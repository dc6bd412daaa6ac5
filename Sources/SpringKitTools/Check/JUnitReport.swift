import SpringKitTrace
import SpringKitSupport
import SpringKitMotion
import SpringKitReport

/// JUnit XML for CI systems: one `testsuite`; per checked script one `testcase` for its
/// golden and one per `springkit.expect` declaration. Differences and broken expectations
/// are `failure`s, bad input `error`s, scripts without a trace `skipped`. The suite's
/// `system-out` holds what `simrun check` printed, so `simrun merge` can rebuild one run's
/// output from the JUnit files of its shards.
///
/// Every element sits on its own lines (text and attributes escape line ends), so the files
/// this type writes can be read back line by line.
package enum JUnitReport {
    package enum Result: Equatable, Sendable {
        case passed
        case failure(type: String, message: String, detail: String)
        case error(message: String)
        case skipped(message: String)
    }

    package struct Case: Equatable, Sendable {
        package var classname: String
        package var name: String
        package var file: String
        package var line: Int?
        package var milliseconds: Int
        package var result: Result
        /// Text for the case's `system-out` (for example where its artefacts are).
        package var output: String?

        package init(classname: String, name: String, file: String, line: Int? = nil, milliseconds: Int, result: Result, output: String? = nil) {
            self.classname = classname; self.name = name; self.file = file; self.line = line
            self.milliseconds = milliseconds; self.result = result; self.output = output
        }
    }

    /// The test cases of one checked script: its golden, then its expectations.
    /// - Complexity: O(expectations).
    /// `detail` is the failure's multi-line report; `output` goes to the golden case's `system-out`.
    package static func cases(_ outcome: GoldenCheck.Outcome, detail: String, output: String?, timings: Bool) -> [Case] {
        let milliseconds = timings ? Int((outcome.seconds * 1000).rounded()) : 0
        let result: Result
        switch outcome.status {
        case .passed, .recorded: result = .passed
        case .skipped: result = .skipped(message: "the script returns no trace")
        case .missingGolden:
            let message = "no golden at \(outcome.golden); record it with: simrun check \(outcome.script) --update"
            result = .failure(type: "missing-golden", message: message, detail: message)
        case .failed(let message): result = .failure(type: "trace-difference", message: message, detail: detail.isEmpty ? message : detail)
        case .error(let message): result = .error(message: message)
        }
        var cases = [Case(classname: "simrun.check", name: outcome.script, file: outcome.script,
                          line: outcome.annotationLine > 1 ? outcome.annotationLine : nil,
                          milliseconds: milliseconds, result: result, output: output)]
        for expectation in outcome.expectations {
            let e = expectation.expectation
            cases.append(Case(classname: "simrun.expect", name: "\(outcome.script): \(e.name)", file: outcome.script,
                              line: e.line > 0 ? e.line : nil, milliseconds: 0,
                              result: expectation.result.passed ? .passed
                                  : .failure(type: "expectation", message: expectation.result.reason ?? "",
                                             detail: "\(e.name): \(expectation.result.reason ?? "")"),
                              output: expectation.result.measured))
        }
        return cases
    }

    /// The whole file. `properties` go on the suite (a shard writes `shard = i/n`).
    /// - Complexity: O(total length of the cases' text and `systemOut`).
    package static func render(_ cases: [Case], suite: String = "simrun check", properties: [(String, String)] = [],
                              systemOut: String = "") -> String {
        let failures = cases.filter { if case .failure = $0.result { return true }; return false }.count
        let errors = cases.filter { if case .error = $0.result { return true }; return false }.count
        let skipped = cases.filter { if case .skipped = $0.result { return true }; return false }.count
        let time = seconds(cases.reduce(0) { $0 + $1.milliseconds })
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(time)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites \(counts)>\n"
        xml += "  <testsuite name=\"\(escape(suite))\" \(counts)>\n"
        if !properties.isEmpty {
            xml += "    <properties>\n"
            for (name, value) in properties { xml += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n" }
            xml += "    </properties>\n"
        }
        for c in cases { xml += render(c) }
        xml += "    <system-out>\(escape(systemOut))</system-out>\n"
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// One test case, on lines of its own.
    static func render(_ c: Case) -> String {
        var xml = "    <testcase classname=\"\(escape(c.classname))\" name=\"\(escape(c.name))\" file=\"\(escape(c.file))\""
        if let line = c.line { xml += " line=\"\(line)\"" }
        xml += " time=\"\(seconds(c.milliseconds))\""
        var body = ""
        switch c.result {
        case .passed: break
        case .skipped(let message): body += "      <skipped message=\"\(escape(message))\"/>\n"
        case .failure(let type, let message, let detail):
            body += "      <failure message=\"\(escape(message))\" type=\"\(escape(type))\">\(escape(detail))</failure>\n"
        case .error(let message):
            body += "      <error message=\"\(escape(message))\" type=\"bad-input\">\(escape(message))</error>\n"
        }
        if let output = c.output { body += "      <system-out>\(escape(output))</system-out>\n" }
        return body.isEmpty ? xml + "/>\n" : xml + ">\n" + body + "    </testcase>\n"
    }

    static func seconds(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }

    private static var entities: [(character: Unicode.Scalar, name: String)] { XMLText.entities }

    /// A JUnit file as `render` wrote it, read back for `simrun merge`.
    package struct Parsed: Sendable {
        package var properties: [(name: String, value: String)]
        /// Each test case's lines, verbatim, with its time and result kind.
        package var cases: [(text: String, milliseconds: Int, kind: Kind)]
        /// The suite's `system-out`, still escaped.
        package var escapedSystemOut: String
        package enum Kind: Sendable { case passed, failure, error, skipped }

        /// The messages of the `error` cases (bad input), in order.
        package var errorMessages: [String] {
            cases.filter { $0.kind == .error }.compactMap { c in
                guard let line = c.text.split(separator: "\n").first(where: { $0.hasPrefix("      <error ") }),
                      let message = JUnitReport.attribute("message", in: String(line)) else { return nil }
                return JUnitReport.unescape(message)
            }
        }

        /// A property's value, when present.
        package func property(_ name: String) -> String? { properties.first { $0.name == name }?.value }
    }

    /// Reads a file written by `render` (by `simrun check --junit`); anything else is an error naming the line.
    /// - Complexity: O(n) in the file's length.
    package static func parse(_ text: String, path: String) throws -> Parsed {
        func failure(_ line: Int, _ reason: String) -> TraceFormatError {
            TraceFormatError(path: path, line: line, reason: reason + " (merge reads JUnit files written by simrun check --junit)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 5, lines[0] == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", lines[1].hasPrefix("<testsuites "),
              lines[2].hasPrefix("  <testsuite ") else {
            throw failure(1, "not a JUnit file written by simrun check")
        }
        guard lines.suffix(3) == ["  </testsuite>", "</testsuites>", ""] else { throw failure(lines.count, "the file is incomplete") }
        var parsed = Parsed(properties: [], cases: [], escapedSystemOut: "")
        var k = 3
        if lines[k] == "    <properties>" {
            k += 1
            while k < lines.count && lines[k] != "    </properties>" {
                guard let name = attribute("name", in: lines[k]), let value = attribute("value", in: lines[k]) else {
                    throw failure(k + 1, "unreadable property")
                }
                parsed.properties.append((unescape(name), unescape(value)))
                k += 1
            }
            k += 1
        }
        while k < lines.count && lines[k].hasPrefix("    <testcase ") {
            var block = lines[k] + "\n"
            let first = lines[k]
            var kind = Parsed.Kind.passed
            if !first.hasSuffix("/>") {
                k += 1
                while k < lines.count && lines[k] != "    </testcase>" {
                    let body = lines[k]
                    if body.hasPrefix("      <failure ") { kind = .failure }
                    else if body.hasPrefix("      <error ") { kind = .error }
                    else if body.hasPrefix("      <skipped ") { kind = .skipped }
                    else if !body.hasPrefix("      <system-out>") { throw failure(k + 1, "unexpected content in a testcase") }
                    block += body + "\n"
                    k += 1
                }
                guard k < lines.count else { throw failure(k, "a testcase is not closed") }
                block += lines[k] + "\n"
            }
            guard let time = attribute("time", in: first), let milliseconds = parseMilliseconds(time) else {
                throw failure(k + 1, "a testcase without a readable time")
            }
            parsed.cases.append((block, milliseconds, kind))
            k += 1
        }
        let open = "    <system-out>", close = "</system-out>"
        guard k == lines.count - 4, lines[k].hasPrefix(open), lines[k].hasSuffix(close) else {
            throw failure(k + 1, "expected the suite's system-out")
        }
        parsed.escapedSystemOut = String(lines[k].dropFirst(open.count).dropLast(close.count))
        return parsed
    }

    /// The file one run would have written, from the files of its shards (in shard order).
    /// - Complexity: O(total length of the shards' cases and outputs).
    package static func merge(_ shards: [Parsed], suite: String = "simrun check") -> String {
        let cases = shards.flatMap(\.cases)
        let count = { (kind: Parsed.Kind) in cases.filter { $0.kind == kind }.count }
        let time = seconds(cases.reduce(0) { $0 + $1.milliseconds })
        let counts = "tests=\"\(cases.count)\" failures=\"\(count(.failure))\" errors=\"\(count(.error))\" skipped=\"\(count(.skipped))\" time=\"\(time)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites \(counts)>\n  <testsuite name=\"\(escape(suite))\" \(counts)>\n"
        let properties = shards.first?.properties.filter { $0.name != "shard" } ?? []
        if !properties.isEmpty {
            xml += "    <properties>\n"
            for (name, value) in properties { xml += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n" }
            xml += "    </properties>\n"
        }
        for c in cases { xml += c.text }
        xml += "    <system-out>\(shards.map(\.escapedSystemOut).joined())</system-out>\n  </testsuite>\n</testsuites>\n"
        // What was copied from the shards is input: bytes XML 1.0 cannot hold (NUL, ESC, …)
        // become visible text, so the merged file stays well-formed.
        return XMLText.sanitized(xml)
    }

    static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        guard let end = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(line[start.upperBound..<end])
    }

    private static func parseMilliseconds(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 3, let whole = Int(parts[0]), let fraction = Int(parts[1]),
              whole >= 0, whole < 1 << 40 else { return nil }
        return whole * 1000 + fraction
    }

    /// The text of escaped XML content (the entities `escape` writes).
    /// - Complexity: O(n) in the length of `text`.
    package static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            if let known = entities.first(where: { $0.name == entity }) {
                out.unicodeScalars.append(known.character)
            } else {
                if entity.hasPrefix("#"), let value = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(value) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += rest[amp...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
