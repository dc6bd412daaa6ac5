import SpringKitTrace
import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios

/// The player front-end: one HTML page with its script and styles inline, no external
/// resources. In the studio (`simrun studio`) it asks the local server for runs and shows
/// sliders, presets, the export panel and save; as a static report it reads the run from the
/// page itself. Either way it reads runs only through `decodePlayerData` (the JSON of
/// `PlayerData`). docs/studio.md describes what it shows.
public enum PlayerPage {
    /// The studio page; the server answers its `/api/...` requests.
    public static let studio = page(mode: "studio", data: "null", title: "SpringKitSim studio")

    /// A self-contained page showing `playerJSON` (from `PlayerData.json`), without sliders.
    public static func report(playerJSON: String, title: String) -> String {
        page(mode: "report", data: playerJSON.replacingOccurrences(of: "</", with: "<\\/"), title: title)
    }

    /// The studio page's Content-Security-Policy, which the server sends as a header: only
    /// the page's own scripts run (their hashes), fetches go to the studio itself.
    public static let studioPolicy = ContentSecurityPolicy.policy(scripts: ContentSecurityPolicy.inlineScripts(of: scripts(mode: "studio")), connect: true)

    private static func scripts(mode: String) -> String {
        template.replacingOccurrences(of: "__MODE__", with: mode)
            .replacingOccurrences(of: "__SHAPES_PLAYER__", with: ReportShapesEncoding.javaScript)
    }

    private static func page(mode: String, data: String, title: String) -> String {
        let withScripts = scripts(mode: mode)
        let policy = ContentSecurityPolicy.metaElement(scripts: ContentSecurityPolicy.inlineScripts(of: withScripts))
        return withScripts.replacingOccurrences(of: "__POLICY__", with: mode == "studio" ? "" : policy)
            .replacingOccurrences(of: "__TITLE__", with: HTMLText.escaped(title))
            .replacingOccurrences(of: "__DATA__", with: data)
    }


    /// Resources/player.html with its style sheet and page script (player.css; run-stream.js,
    /// the studio's reader of a streamed re-run, then player.js).
    private static let template = PageAssets.playerHTML.replacingOccurrences(of: "__PLAYER_CSS__", with: PageAssets.playerCSS)
        .replacingOccurrences(of: "__PAGE_SCRIPT__", with: PageAssets.runStreamJS + "\n" + PageAssets.playerJS)
}
