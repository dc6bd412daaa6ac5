
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

