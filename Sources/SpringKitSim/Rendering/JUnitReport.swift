/// JUnit XML for CI systems: one `testsuite` with one `testcase` per checked script;
/// differences are `failure`s, bad input `error`s, scripts without a trace `skipped`.
public enum JUnitReport {
    public static func render(_ outcomes: [GoldenCheck.Outcome], suite: String = "simrun check") -> String {
        let failures = outcomes.filter { if case .failed = $0.status { return true }; return $0.status == .missingGolden }.count
        let errors = outcomes.filter { if case .error = $0.status { return true }; return false }.count
        let skipped = outcomes.filter { $0.status == .skipped }.count
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(NumberFormat.fixed(total, 3))\">\n"
        xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(NumberFormat.fixed(total, 3))\">\n"
        for outcome in outcomes {
            xml += "    <testcase classname=\"simrun.check\" name=\"\(escape(outcome.script))\" file=\"\(escape(outcome.script))\" time=\"\(NumberFormat.fixed(outcome.seconds, 3))\""
            switch outcome.status {
            case .passed, .recorded:
                xml += "/>\n"
            case .skipped:
                xml += ">\n      <skipped message=\"the script returns no trace\"/>\n    </testcase>\n"
            case .missingGolden:
                let message = "no golden at \(outcome.golden); record it with: simrun check \(outcome.script) --update"
                xml += ">\n      <failure message=\"\(escape(message))\" type=\"missing-golden\">\(escape(message))</failure>\n    </testcase>\n"
            case .failed(let message):
                xml += ">\n      <failure message=\"\(escape(message))\" type=\"trace-difference\">\(escape(message))</failure>\n    </testcase>\n"
            case .error(let message):
                xml += ">\n      <error message=\"\(escape(message))\" type=\"bad-input\">\(escape(message))</error>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            default:
                if scalar.value < 0x20 && scalar != "\t" { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
