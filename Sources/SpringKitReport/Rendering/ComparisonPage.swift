import SpringKitTrace
import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios

/// A self-contained HTML page that plays a golden trace and a new run overlaid: per frame
/// every id's (x, y) from both (golden blue, new orange, a red line where they differ), a
/// scrubber, play, `?frame=N` links, and the divergence (largest |Δ| per frame over rows
/// both traces have) plotted over time with a cursor. `simrun check` writes it for a failure.
package enum ComparisonPage {
    /// Frames beyond this many rows per trace are thinned (every k-th frame) to keep the page small.
    package static let maximumRows = 300_000

    /// - Complexity: O(rows · columns) of both traces.
    package static func render(title: String, golden: Trace, new: Trace) -> String {
        let sceneColumns = pickColumns(golden.columns)
        let gx = golden.columnIndex(sceneColumns.0), gy = golden.columnIndex(sceneColumns.1)
        let nx = new.columnIndex(sceneColumns.0), ny = new.columnIndex(sceneColumns.1)
        let compared = golden.columns.indices.filter { $0 > 2 && new.columns.indices.contains($0) && new.columns[$0] == golden.columns[$0] }
        // Walk both traces in (frame, id) order, frame by frame.
        var frames: [Double] = [], times: [Double] = []
        var goldenRows: [String] = [], newRows: [String] = []
        var divergence: [String] = [], onlyOne: [Int] = []
        var g = 0, n = 0
        let thin = max(1, (max(golden.rowCount, new.rowCount) + maximumRows - 1) / maximumRows)
        var frameIndex = 0
        func point(_ trace: Trace, _ row: Int, _ xc: Int?, _ yc: Int?) -> String {
            "[\(number(trace.value(row: row, column: 2))),\(xc.map { number(trace.value(row: row, column: $0)) } ?? "0"),\(yc.map { number(trace.value(row: row, column: $0)) } ?? "0")]"
        }
        while g < golden.rowCount || n < new.rowCount {
            let frame = min(g < golden.rowCount ? golden.value(row: g, column: 0) : .infinity,
                            n < new.rowCount ? new.value(row: n, column: 0) : .infinity)
            var gPoints: [String] = [], nPoints: [String] = []
            var largest = 0.0, only = 0
            var t = 0.0
            while g < golden.rowCount || n < new.rowCount {
                let gIn = g < golden.rowCount && golden.value(row: g, column: 0) == frame
                let nIn = n < new.rowCount && new.value(row: n, column: 0) == frame
                if !gIn && !nIn { break }
                let gid = gIn ? golden.value(row: g, column: 2) : .infinity, nid = nIn ? new.value(row: n, column: 2) : .infinity
                if gIn && nIn && gid == nid {
                    t = golden.value(row: g, column: 1)
                    for c in compared {
                        largest = max(largest, TraceComparison.magnitude(expected: golden.value(row: g, column: c), actual: new.value(row: n, column: c)))
                    }
                    gPoints.append(point(golden, g, gx, gy)); nPoints.append(point(new, n, nx, ny))
                    g += 1; n += 1
                } else if gIn && (!nIn || gid < nid) {
                    t = golden.value(row: g, column: 1)
                    gPoints.append(point(golden, g, gx, gy)); only += 1; g += 1
                } else {
                    t = new.value(row: n, column: 1)
                    nPoints.append(point(new, n, nx, ny)); only += 1; n += 1
                }
            }
            defer { frameIndex += 1 }
            guard frameIndex % thin == 0 else { continue }
            frames.append(frame); times.append(t)
            goldenRows.append("[" + gPoints.joined(separator: ",") + "]")
            newRows.append("[" + nPoints.joined(separator: ",") + "]")
            divergence.append(largest.isFinite ? number(largest) : "-1")
            onlyOne.append(only)
        }
        var json = "{\"title\":\(JSONText.quoted(title)),\"columns\":[\(JSONText.quoted(sceneColumns.0)),\(JSONText.quoted(sceneColumns.1))],"
        json += "\"frames\":[\(frames.map(number).joined(separator: ","))],\"t\":[\(times.map(number).joined(separator: ","))],"
        json += "\"golden\":[\(goldenRows.joined(separator: ","))],\"new\":[\(newRows.joined(separator: ","))],"
        json += "\"divergence\":[\(divergence.joined(separator: ","))],\"only\":[\(onlyOne.map(String.init).joined(separator: ","))],\"thinned\":\(thin)}"
        return page.replacingOccurrences(of: "__POLICY__", with: policyElement).replacingOccurrences(of: "__TITLE__", with: HTMLText.escaped(title))
            .replacingOccurrences(of: "__DATA__", with: json.replacingOccurrences(of: "</", with: "<\\/"))
    }

    /// The two columns drawn as the scene's axes: `x` and `y` when the trace has them.
    static func pickColumns(_ columns: [String]) -> (String, String) {
        if columns.contains("x") && columns.contains("y") { return ("x", "y") }
        let own = columns.dropFirst(3)
        return (own.first ?? "t", own.dropFirst().first ?? (own.first ?? "t"))
    }

    private static func number(_ value: Double) -> String { value.isFinite ? NumberFormat.shortest(value) : "null" }

    /// Only the page's own script runs (its hash).
    static let policyElement = ContentSecurityPolicy.metaElement(scripts: ContentSecurityPolicy.inlineScripts(of: page))


    /// Resources/compare.html with Resources/compare.js in its page-script slot.
    private static let page = PageAssets.compareHTML.replacingOccurrences(of: "__PAGE_SCRIPT__", with: PageAssets.compareJS)
}
