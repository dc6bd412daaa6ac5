import SpringKitTrace
import SpringKitSupport
import SpringKitReport
import Foundation

/// What `simrun check` prints and writes for one script's outcome: its result line, the
/// lines of its expectations, the failure report, GitHub annotations and the artefacts of a
/// failing script. The command line only orders them.
package enum CheckOutput {
    package static func line(_ outcome: GoldenCheck.Outcome, timings: Bool = true) -> String {
        let time = timings ? NumberFormat.fixed(outcome.seconds, 2) + " s" : ""
        switch outcome.status {
        case .passed:
            var facts: [String] = []
            if let comparison = outcome.comparison {
                facts.append("\(comparison.actualRows) rows, largest |Δ| \(NumberFormat.significant(comparison.largestDifference?.magnitude ?? 0))")
            }
            if !time.isEmpty { facts.append(time) }
            return "PASS     \(outcome.script)" + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
        case .recorded(let created):
            return "\(created ? "NEW     " : "UPDATED ") \(outcome.script) → \(outcome.golden)"
        case .skipped:
            return "SKIP     \(outcome.script) (returns no trace)"
        case .failed where outcome.comparison != nil:
            return "FAIL     \(outcome.script): differs from \(outcome.golden)"
        default:
            return "\(outcome.status.isError ? "ERROR   " : "FAIL    ") \(outcome.script): \(VisibleText.escaped(failureMessage(outcome) ?? ""))"
        }
    }

    /// One expectation's line: `PASS     scripts/spring.lua: expect x settles within 2 s (settles 1.2 s after t = 0 s)`.
    package static func line(_ expectation: GoldenCheck.ExpectationOutcome, script: String) -> String {
        let name = expectation.expectation.name
        if expectation.result.passed { return "PASS     \(script): expect \(name) (\(expectation.result.measured))" }
        return "FAIL     \(script): expect \(name): \(expectation.result.reason ?? "")"
    }

    /// The multi-line report under a failed comparison (params, rows, first divergent frame, per-column table).
    package static func reportLines(_ outcome: GoldenCheck.Outcome) -> [String] {
        guard case .failed = outcome.status, let comparison = outcome.comparison else { return [] }
        return comparison.reportLines(tolerances: outcome.tolerances)
    }

    package static func failureMessage(_ outcome: GoldenCheck.Outcome) -> String? {
        switch outcome.status {
        case .failed(let message), .error(let message): return message
        case .missingGolden: return "no golden at \(outcome.golden); record it with: simrun check \(outcome.script) --update"
        default: return nil
        }
    }

    /// GitHub annotations: the golden's at the changed `springkit.param` line (else line 1),
    /// each broken expectation's at its `springkit.expect` line.
    package static func annotations(_ outcome: GoldenCheck.Outcome) -> [String] {
        var lines: [String] = []
        let file = escapeProperty(outcome.script)
        if let message = failureMessage(outcome) {
            let line = outcome.status.isError ? errorLine(message, script: outcome.script) ?? outcome.annotationLine : outcome.annotationLine
            lines.append("::error file=\(file),line=\(line),title=simrun check::\(escapeData(VisibleText.escaped(message)))")
        }
        for expectation in outcome.expectations where !expectation.result.passed {
            let e = expectation.expectation
            lines.append("::error file=\(file),line=\(max(1, e.line)),title=simrun check: expect::\(escapeData("\(e.name): \(expectation.result.reason ?? "")"))")
        }
        return lines
    }

    /// The line a script error names in its own script (`SCRIPT:LINE: …`, as Lua and the
    /// parameter checks write it; Lua may shorten a long path to `...TAIL`), if it names one.
    /// - Complexity: O(n) in the message's length.
    package static func errorLine(_ message: String, script: String) -> Int? {
        guard let marker = message.range(of: ":") else { return nil }
        let place = message[..<marker.lowerBound]
        guard place == script || (place.hasPrefix("...") && script.hasSuffix(place.dropFirst(3))) else { return nil }
        let digits = message[marker.upperBound...].prefix { $0.isNumber }
        guard !digits.isEmpty, message[marker.upperBound...].dropFirst(digits.count).first == ":", let line = Int(digits), line > 0 else { return nil }
        return line
    }

    /// Writes a failing script's new trace and, when there is a golden to compare with, the
    /// comparison page, into DIR/NAME/ (NAME from the script's path). Returns the paths written.
    /// `confined`: the folder is the default one (not typed by the user), so every file must
    /// resolve inside the current folder.
    package static func writeArtifacts(_ outcome: inout GoldenCheck.Outcome, directory: String, confined: Bool = false) throws -> [String] {
        guard let text = outcome.newTrace else { return [] }
        outcome.newTrace = nil
        var name = outcome.script
        if name.hasSuffix(".lua") { name.removeLast(4) }
        let slug = name.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "-")
        let folder = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + (slug.isEmpty ? "script" : slug)
        var written: [String] = []
        let tracePath = folder + "/new.csv"
        if confined { try AtomicFile.requireInside(tracePath, root: ".", what: "artefact") }
        try AtomicFile.write(text, to: tracePath)
        written.append(tracePath)
        if let comparison = outcome.comparison, !comparison.passed,
           let golden = try? TraceCSV.read(path: outcome.golden),
           let new = try? TraceCSV.parse(Array(text.utf8), path: tracePath) {
            let pagePath = folder + "/compare.html"
            if confined { try AtomicFile.requireInside(pagePath, root: ".", what: "artefact") }
            try AtomicFile.write(ComparisonPage.render(title: "\(outcome.script): golden vs new run", golden: golden, new: new), to: pagePath)
            written.append(pagePath)
        }
        return written
    }

    /// GitHub workflow command escaping: data escapes %, CR, LF; properties also : and ,.
    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension GoldenCheck.Status {
    package var isError: Bool { if case .error = self { return true }; return false }
}
