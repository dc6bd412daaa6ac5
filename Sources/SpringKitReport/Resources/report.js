
"use strict";
// The player sees only decoded frames: data.frame(k) = [t, offsetX, offsetY, cells].
const data = SpringKitReport.open(JSON.parse(document.getElementById("data").textContent));
const scene = document.getElementById("scene"), scrub = document.getElementById("scrub");
const readout = document.getElementById("readout"), play = document.getElementById("play");
const scale = Math.min(1, 640 / data.viewport[1]);
scene.width = data.viewport[0] * scale; scene.height = data.viewport[1] * scale;
scrub.max = Math.max(0, data.frameCount - 1);
const hex = c => "#" + c.toString(16).padStart(6, "0");
function drawScene(k) {
  const g = scene.getContext("2d"), f = data.frame(k);
  if (!f) return;
  const [t, ox, oy, cells] = f, e = data.edgeInset;
  g.setTransform(scale, 0, 0, scale, 0, 0);
  g.clearRect(0, 0, data.viewport[0], data.viewport[1]);
  g.translate(-ox, -oy);
  for (const [id, x, y, w, h, s, color] of cells) {
    g.beginPath();
    g.moveTo(x, y + e);
    g.bezierCurveTo(x + w / 2, y + e + s, x + w, y + e, x + w, y + e);
    g.lineTo(x + w, y + h); g.lineTo(x, y + h); g.closePath();
    g.fillStyle = hex(color); g.fill();
    if (w >= 20) { g.strokeStyle = "rgba(0,0,0,0.35)"; g.lineWidth = 1; g.stroke(); }
    if (w >= 60 && h >= 40) {
      g.fillStyle = "rgba(0,0,0,0.55)"; g.font = "16px sans-serif";
      g.fillText(String(id), x + 12, y + h - 14);
    }
  }
  SpringKitShapes.draw(g, k, ox, oy, scale);
  const marks = SpringKitShapes.markers.filter(m => m[0] <= k).map(m => m[1]);
  readout.textContent = "frame " + k + "  t = " + t.toFixed(3) + " s  offset = " + (ox ? ox.toFixed(1) + ", " : "") + oy.toFixed(1) + " pt" +
    (marks.length ? "  · " + marks[marks.length - 1] : "");
}
const plotCanvases = data.plots.map(p => {
  const box = document.createElement("div");
  const label = document.createElement("div");
  label.textContent = p.name + (p.unit ? " (" + p.unit + ")" : "");
  box.appendChild(label);
  const c = document.createElement("canvas"); c.width = 520; c.height = 150;
  box.appendChild(c); document.getElementById("plots").appendChild(box);
  return c;
});
function drawPlots(k) {
  data.plots.forEach((p, i) => {
    const c = plotCanvases[i], g = c.getContext("2d"), v = p.values;
    g.clearRect(0, 0, c.width, c.height);
    if (!v.length) return;
    let lo = Math.min(0, ...v), hi = Math.max(0, ...v);
    if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
    // The value scale sits in a gutter left of the plot; the marks' labels in a band above
    // the curve (as many rows as they need): neither covers the curve or the other.
    g.font = "11px sans-serif";
    const gutter = Math.ceil(Math.max(38, g.measureText(hi.toFixed(1)).width, g.measureText(lo.toFixed(1)).width)) + 8;
    const x = j => gutter + 4 + (c.width - gutter - 8) * j / Math.max(1, v.length - 1);
    g.font = "10px sans-serif";
    const labels = [], rowEnds = [];
    for (const [mk, label] of SpringKitShapes.markers) {
      const px = x(mk), width = g.measureText(label).width;
      let lx = px + 2;
      if (lx + width > c.width - 2) lx = Math.max(gutter + 2, px - 2 - width);
      let row = 0;
      while (row < rowEnds.length && rowEnds[row] > lx - 4) row++;
      labels.push({px, label, lx, row});
      if (row <= 5) rowEnds[row] = lx + width;
    }
    const top = 6 + 11 * Math.min(rowEnds.length, 6);
    const y = val => c.height - 6 - (c.height - 6 - top) * (val - lo) / (hi - lo);
    g.strokeStyle = "#bbb"; g.beginPath(); g.moveTo(gutter, y(0)); g.lineTo(c.width, y(0)); g.stroke();
    g.beginPath(); g.moveTo(gutter, 0); g.lineTo(gutter, c.height); g.stroke();
    g.strokeStyle = "#1565c0"; g.lineWidth = 1.5; g.beginPath();
    v.forEach((val, j) => j ? g.lineTo(x(j), y(val)) : g.moveTo(x(j), y(val))); g.stroke();
    g.strokeStyle = "#9e9e9e"; g.fillStyle = "#757575"; g.lineWidth = 1;
    for (const {px, label, lx, row} of labels) {
      g.beginPath(); g.moveTo(px, 0); g.lineTo(px, c.height); g.stroke();
      if (row <= 5) g.fillText(label, lx, 10 + 11 * row);
    }
    g.strokeStyle = "#d32f2f"; g.beginPath(); g.moveTo(x(k), 0); g.lineTo(x(k), c.height); g.stroke();
    g.fillStyle = "#444"; g.font = "11px sans-serif"; g.textAlign = "right";
    g.fillText(hi.toFixed(1), gutter - 4, y(hi) + 4); g.fillText(lo.toFixed(1), gutter - 4, y(lo));
    g.textAlign = "left";
  });
}
function show(k) { scrub.value = k; drawScene(k); drawPlots(k); }
scrub.addEventListener("input", () => show(+scrub.value));
let timer = null;
play.addEventListener("click", () => {
  if (timer) { clearInterval(timer); timer = null; play.textContent = "▶ play"; return; }
  play.textContent = "❚❚ pause";
  timer = setInterval(() => {
    const k = (+scrub.value + 1) % data.frameCount; show(k);
    if (k === data.frameCount - 1) { clearInterval(timer); timer = null; play.textContent = "▶ play"; }
  }, 1000 / 60);
});
const query = new URLSearchParams(location.search), start = query.get("frame");
show(start === null ? 0 : Math.min(data.frameCount - 1, Math.max(0, +start)));
SpringKitShapes.probe(scene, +scrub.value, scale, query);
// ?dump=K,L,...: the decoded frames K, L, ... (in that order) as JSON, for tests.
if (query.get("dump") !== null) {
  const out = document.createElement("pre");
  out.id = "dump";
  out.textContent = JSON.stringify(query.get("dump").split(",").map(k => data.frame(+k)));
  document.body.appendChild(out);
}
// ?probe=ID: read back the drawn pixels and report where cell ID's fill starts in three
// columns (left, middle, right): a flat top edge gives equal rows, a curved one does not.
if (query.get("probe") !== null) {
  const id = +query.get("probe"), f = data.frame(+scrub.value), out = document.createElement("pre");
  const cell = f && f[3].find(c => c[0] === id);
  out.id = "probe";
  if (cell) {
    const [ , x, y, w, h, s, color] = cell, g = scene.getContext("2d");
    const want = [(color >> 16) & 255, (color >> 8) & 255, color & 255];
    const rows = [0.02, 0.5, 0.98].map(fx => {
      const px = Math.round((x + fx * w - f[1]) * scale);
      for (let py = Math.max(0, Math.floor((y - f[2]) * scale)); py < scene.height; py++) {
        const p = g.getImageData(px, py, 1, 1).data;
        if (Math.abs(p[0] - want[0]) + Math.abs(p[1] - want[1]) + Math.abs(p[2] - want[2]) < 6) return py;
      }
      return -1;
    });
    out.textContent = JSON.stringify({id, stretch: s, rows});
  } else {
    out.textContent = JSON.stringify({id, missing: true});
  }
  document.body.appendChild(out);
}

