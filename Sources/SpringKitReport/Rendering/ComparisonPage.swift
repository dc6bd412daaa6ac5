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
        return page.replacingOccurrences(of: "__POLICY__", with: policyElement).replacingOccurrences(of: "__TITLE__", with: escapeHTML(title))
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

    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static let page = #"""
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8">__POLICY__<title>__TITLE__ — golden vs new run</title>
    <style>
    body{font:14px -apple-system,system-ui,sans-serif;margin:16px;color:#222;background:#fafafa}
    canvas{background:#fff;border:1px solid #ccc;display:block}
    #controls{margin:8px 0;display:flex;gap:8px;align-items:center}
    #scrub{width:420px}
    .readout{font-variant-numeric:tabular-nums}
    .key span{display:inline-block;width:10px;height:10px;border-radius:5px;margin:0 4px 0 12px}
    #wrap{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}
    </style></head><body>
    <h2>__TITLE__</h2>
    <div class="key"><span style="background:#1f6fd1"></span>golden<span style="background:#f08a00"></span>new run<span style="background:#d62728;border-radius:0;height:2px"></span>displacement</div>
    <div id="controls"><button id="play">▶ play</button><input id="scrub" type="range" min="0" value="0" step="1">
    <span class="readout" id="readout"></span></div>
    <div id="wrap"><canvas id="scene" width="480" height="560"></canvas>
    <div style="width:480px"><div>divergence: largest |Δ| per frame over rows in both (red ticks: rows in one run only)</div>
    <canvas id="plot" width="480" height="180"></canvas></div></div>
    <pre id="probe" hidden></pre>
    <script id="data" type="application/json">__DATA__</script>
    <script>
    "use strict";
    const data = JSON.parse(document.getElementById("data").textContent);
    const scene = document.getElementById("scene"), plot = document.getElementById("plot");
    const scrub = document.getElementById("scrub"), readout = document.getElementById("readout"), play = document.getElementById("play");
    const GOLDEN = "#1f6fd1", NEW = "#f08a00", MOVED = "#d62728";
    scrub.max = Math.max(0, data.frames.length - 1);
    // One scale for every frame (the widest frame fits); each frame is centred on its points.
    let spanX = 1, spanY = 1;
    const boxes = data.frames.map((_, k) => {
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (const side of [data.golden[k], data.new[k]]) for (const [, x, y] of side) {
        if (x === null || y === null) continue;
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
      if (x0 > x1) { x0 = x1 = y0 = y1 = 0; }
      spanX = Math.max(spanX, x1 - x0); spanY = Math.max(spanY, y1 - y0);
      return [(x0 + x1) / 2, (y0 + y1) / 2];
    });
    const scale = Math.min((scene.width - 40) / spanX, (scene.height - 40) / spanY);
    let probeSamples = null;
    function drawScene(k) {
      const g = scene.getContext("2d");
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.clearRect(0, 0, scene.width, scene.height);
      const [cx, cy] = boxes[k] || [0, 0];
      const sx = x => scene.width / 2 + (x - cx) * scale, sy = y => scene.height / 2 + (y - cy) * scale;
      const byId = new Map();
      for (const [id, x, y] of data.new[k]) byId.set(id, [x, y]);
      const samples = {golden: [], new: []};
      g.lineWidth = 2; g.strokeStyle = MOVED;
      for (const [id, x, y] of data.golden[k]) {
        const other = byId.get(id);
        if (other && other[0] !== null && x !== null && Math.hypot(sx(other[0]) - sx(x), sy(other[1]) - sy(y)) > 0.5) {
          g.beginPath(); g.moveTo(sx(x), sy(y)); g.lineTo(sx(other[0]), sy(other[1])); g.stroke();
        }
      }
      g.fillStyle = GOLDEN;
      for (const [id, x, y] of data.golden[k]) {
        if (x === null || y === null) continue;
        g.beginPath(); g.arc(sx(x), sy(y), 7, 0, 2 * Math.PI); g.fill();
        samples.golden.push([Math.round(sx(x) - 5.5), Math.round(sy(y))]);
      }
      g.fillStyle = NEW;
      for (const [id, x, y] of data.new[k]) {
        if (x === null || y === null) continue;
        g.beginPath(); g.arc(sx(x), sy(y), 3.5, 0, 2 * Math.PI); g.fill();
        samples.new.push([Math.round(sx(x)), Math.round(sy(y))]);
      }
      const d = data.divergence[k];
      readout.textContent = "frame " + data.frames[k] + "  t = " + (data.t[k] || 0).toFixed(3) + " s  largest |Δ| = " +
        (d < 0 ? "non-finite" : d.toPrecision(4)) + (data.only[k] ? "  rows in one run only: " + data.only[k] : "");
      probeSamples = samples;
    }
    function drawPlot(k) {
      const g = plot.getContext("2d"), w = plot.width, h = plot.height, n = data.frames.length;
      g.clearRect(0, 0, w, h);
      const finite = data.divergence.filter(v => v >= 0);
      const top = Math.max(1e-12, ...finite);
      const px = i => 30 + (n > 1 ? i / (n - 1) : 0) * (w - 40);
      const py = v => h - 20 - (v < 0 ? 1 : v / top) * (h - 40);
      g.strokeStyle = "#ccc"; g.beginPath(); g.moveTo(30, h - 20); g.lineTo(w - 10, h - 20); g.stroke();
      g.fillStyle = "#555"; g.font = "11px sans-serif";
      g.fillText(top.toPrecision(3), 2, 24); g.fillText("0", 18, h - 22);
      g.fillText("frame " + data.frames[0], 30, h - 6); g.fillText("frame " + data.frames[n - 1], w - 80, h - 6);
      g.strokeStyle = MOVED; g.lineWidth = 1.5; g.beginPath();
      data.divergence.forEach((v, i) => i ? g.lineTo(px(i), py(v)) : g.moveTo(px(i), py(v)));
      g.stroke();
      g.fillStyle = MOVED;
      data.only.forEach((c, i) => { if (c) g.fillRect(px(i) - 0.5, h - 20, 1.5, 6); });
      g.strokeStyle = "#222"; g.beginPath(); g.moveTo(px(k), 10); g.lineTo(px(k), h - 20); g.stroke();
    }
    function show(k) { scrub.value = k; drawScene(k); drawPlot(k); }
    scrub.addEventListener("input", () => show(+scrub.value));
    plot.addEventListener("click", e => {
      const n = data.frames.length, r = plot.getBoundingClientRect();
      show(Math.max(0, Math.min(n - 1, Math.round((e.clientX - r.left - 30) / (plot.width - 40) * (n - 1)))));
    });
    let timer = null;
    play.addEventListener("click", () => {
      if (timer) { clearInterval(timer); timer = null; play.textContent = "▶ play"; return; }
      play.textContent = "❚❚ pause";
      timer = setInterval(() => show((+scrub.value + 1) % data.frames.length), 1000 / 60);
    });
    const query = new URLSearchParams(location.search);
    const wanted = Number(query.get("frame") || data.frames[0] || 0);
    let start = data.frames.findIndex(f => f >= wanted);
    if (start < 0) start = Math.max(0, data.frames.length - 1);
    show(start);
    if (query.has("probe")) {
      // Read the drawn pixels back: the colour under each run's points.
      const g = scene.getContext("2d");
      const colour = ([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3));
      const probe = document.getElementById("probe");
      probe.textContent = JSON.stringify({frame: data.frames[start], golden: probeSamples.golden.length, new: probeSamples.new.length,
        goldenColours: probeSamples.golden.slice(0, 50).map(colour), newColours: probeSamples.new.slice(0, 50).map(colour)});
      probe.hidden = false;
    }
    </script></body></html>
    """#
}
