import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios

/// Renders a `ReportData` as one self-contained HTML page: a player that draws every
/// cell with its curved top edge, a time scrubber, and the report's plots with a cursor
/// at the current time. No external resources; the data is inlined as JSON.
public enum HTMLReport {
    /// The page as text (the same bytes as `bytes`).
    /// - Complexity: O(frames × (cells + shapes)), one pass into one buffer.
    public static func render(_ report: ReportData) -> String { String(decoding: bytes(report), as: UTF8.self) }

    /// The page, streamed into one buffer: the template's parts with the title and the
    /// data (see `ReportEncoding`) written between them.
    /// - Complexity: O(total cells over all frames).
    public static func bytes(_ report: ReportData) -> [UInt8] {
        var out = ByteBuffer(capacity: page.utf8.count + report.frames.reduce(0) { $0 + $1.cells.count } * 4 + 4096)
        for part in template {
            switch part {
            case .text(let text): out.write(text)
            case .title: out.write(HTMLText.escaped(report.title))
            case .policy: out.write(policyElement)
            // JSON text: every string in it escapes '<', so it cannot close the script element.
            case .data: ReportEncoding.appendJSON(report, to: &out)
            case .decoder: out.write(ReportEncoding.javaScriptDecoder)
            case .shapes: out.write(ReportShapesEncoding.json(report))
            case .shapesPlayer: out.write(ReportShapesEncoding.javaScript)
            }
        }
        return out.bytes
    }

    private enum TemplatePart { case text(String), title, policy, data, decoder, shapes, shapesPlayer }

    /// The page's Content-Security-Policy: only its own three scripts run (their hashes).
    static let policyElement: String = {
        let scripts = page.replacingOccurrences(of: "__DECODER__", with: ReportEncoding.javaScriptDecoder)
            .replacingOccurrences(of: "__SHAPES_PLAYER__", with: ReportShapesEncoding.javaScript)
        return ContentSecurityPolicy.metaElement(scripts: ContentSecurityPolicy.inlineScripts(of: scripts))
    }()

    /// The page split at its `__TITLE__`, `__DATA__`, `__DECODER__`, `__SHAPES__` and `__SHAPES_PLAYER__` markers (once).
    private static let template: [TemplatePart] = {
        let markers: [(String, TemplatePart)] = [("__TITLE__", .title), ("__POLICY__", .policy), ("__DATA__", .data), ("__DECODER__", .decoder),
                                                 ("__SHAPES__", .shapes), ("__SHAPES_PLAYER__", .shapesPlayer)]
        var parts: [TemplatePart] = []
        var rest = page[...]
        while let (range, part) = markers.compactMap({ marker, part in rest.range(of: marker).map { ($0, part) } })
                .min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            parts.append(.text(String(rest[..<range.lowerBound])))
            parts.append(part)
            rest = rest[range.upperBound...]
        }
        parts.append(.text(String(rest)))
        return parts
    }()


    /// Resources/report.html with Resources/report.js in its page-script slot.
    private static let page = PageAssets.reportHTML.replacingOccurrences(of: "__PAGE_SCRIPT__", with: PageAssets.reportJS)
}
