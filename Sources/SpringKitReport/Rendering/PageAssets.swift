import SpringKitSupport

/// The pages' assets: real files in `Sources/SpringKitReport/Resources` (HTML, CSS, JavaScript),
/// embedded into the binary at build time by SwiftPM (`resources: [.embedInCode(…)]`, tools 5.9:
/// `PackageResources.NAME` byte arrays, on Linux and macOS alike, with no bundle to ship beside
/// `simrun`), decoded once, on first use. Pages inline them, so every HTML report stays one
/// self-contained file; `PageAssetsTests` checks each script with `node --check`.
package enum PageAssets {
    /// An asset's text: its file's bytes as UTF-8, without the one line end every file ends with.
    static func text(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    package static let reportHTML = text(PackageResources.report_html)
    package static let reportJS = text(PackageResources.report_js)
    package static let reportDecoderJS = text(PackageResources.report_decoder_js)
    package static let shapesPlayerJS = text(PackageResources.shapes_player_js)
    package static let compareHTML = text(PackageResources.compare_html)
    package static let compareJS = text(PackageResources.compare_js)
    package static let playerHTML = text(PackageResources.player_html)
    package static let playerCSS = text(PackageResources.player_css)
    package static let playerJS = text(PackageResources.player_js)
    package static let runStreamJS = text(PackageResources.run_stream_js)

    /// Every script asset by file name (for the syntax check).
    package static var scripts: [(name: String, text: String)] {
        [("report.js", reportJS), ("report-decoder.js", reportDecoderJS), ("shapes-player.js", shapesPlayerJS),
         ("compare.js", compareJS), ("player.js", playerJS), ("run-stream.js", runStreamJS)]
    }
}

/// The one HTML escaper of the pages: text placed between tags (`&`, `<`, `>`).
package enum HTMLText {
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
