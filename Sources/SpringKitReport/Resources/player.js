
"use strict";
const MODE = "__MODE__";
const query = new URLSearchParams(location.search);
const token = query.get("token");
const $ = id => document.getElementById(id);

// The one place that reads PlayerData JSON (see PlayerData.swift). Cells stay flat
// ([id, x, y, style] per frame) and are read through forEachCell.
function decodePlayerData(d) {
  const n = d.frames.t.length, frames = new Array(n);
  for (let k = 0; k < n; k++) {
    const tx = d.frames.touch[2 * k], ty = d.frames.touch[2 * k + 1];
    frames[k] = {t: d.frames.t[k], frame: d.frames.frame[k], ox: d.frames.offset[2 * k], oy: d.frames.offset[2 * k + 1],
                 touch: tx === null ? null : [tx, ty], flat: d.frames.cells[k]};
  }
  const duration = Math.max(n ? frames[n - 1].t : 0, ...d.items.map(i => i.t.length ? i.t[i.t.length - 1] : 0));
  for (let k = 0; k < n; k++) frames[k].shapes = d.drawing.shapes[k] || [];
  return {title: d.title, script: d.script, params: d.params, presets: d.presets, selectedPreset: d.selectedPreset,
          paramsText: d.paramsText, metrics: d.metrics,
          exports: d.exports, viewport: d.viewport, edgeInset: d.edgeInset, styles: d.styles, marks: d.marks,
          plots: d.plots, items: d.items, epsilon: d.readoutEpsilon, frames, duration};
}
function forEachCell(run, frame, fn) {
  const f = frame.flat;
  for (let i = 0; i < f.length; i += 4) { const s = run.styles[f[i + 3]]; fn(f[i], f[i + 1], f[i + 2], s[0], s[1], s[2], s[3]); }
}
function frameIndexAt(run, t) {
  const fr = run.frames; let lo = 0, hi = fr.length - 1;
  if (hi < 0) return -1;
  if (t <= fr[0].t) return 0;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (fr[mid].t <= t + 1e-9) lo = mid; else hi = mid - 1; }
  return lo;
}

const state = {run: null, ghost: null, playing: true, rate: 1, loop: true, showGhost: true, simTime: 0,
               wallStart: 0, simStart: 0, runs: 0, lastError: "", frameIndex: 0, session: null,
               watch: {id: null, column: null}, pending: false, inFlight: false};
window.studio = state;

// ---- scene ----
const scene = $("scene");
let scale = 1;
function sizeScene(run) {
  const [w, h] = run.viewport;
  scale = Math.min(1, 640 / Math.max(h, 1), 720 / Math.max(w, 1));
  if (w * scale < 240 && w > 0) scale = 240 / w;
  const ratio = window.devicePixelRatio || 1;
  scene.style.width = (w * scale) + "px"; scene.style.height = (h * scale) + "px";
  scene.width = Math.round(w * scale * ratio); scene.height = Math.round(h * scale * ratio);
}
const hex = c => "#" + c.toString(16).padStart(6, "0");
function cellPath(g, x, y, w, h, s, e) {
  g.beginPath();
  g.moveTo(x, y + e);
  g.bezierCurveTo(x + w / 2, y + e + s, x + w, y + e, x + w, y + e);
  g.lineTo(x + w, y + h); g.lineTo(x, y + h); g.closePath();
}
function drawScene() {
  const run = state.run, g = scene.getContext("2d"), ratio = window.devicePixelRatio || 1;
  g.setTransform(1, 0, 0, 1, 0, 0); g.clearRect(0, 0, scene.width, scene.height);
  if (!run || !run.frames.length) return;
  const k = state.frameIndex, f = run.frames[k], e = run.edgeInset;
  g.setTransform(scale * ratio, 0, 0, scale * ratio, 0, 0);
  g.save(); g.translate(-f.ox, -f.oy);
  const labels = [];
  forEachCell(run, f, (id, x, y, w, h, s, color) => {
    cellPath(g, x, y, w, h, s, e);
    g.fillStyle = hex(color); g.fill();
    if (w >= 20) { g.strokeStyle = "rgba(0,0,0,0.35)"; g.lineWidth = 1; g.stroke(); }
    if (w >= 60 && h >= 40) labels.push([id, x, y]);
  });
  if (state.showGhost && state.ghost && state.ghost.frames.length) {
    const gf = state.ghost.frames[frameIndexAt(state.ghost, f.t)];
    g.setLineDash([4, 3]); g.strokeStyle = "rgba(20,20,20,0.55)"; g.lineWidth = 1.2;
    forEachCell(state.ghost, gf, (id, x, y, w, h, s) => { cellPath(g, x, y, w, h, s, state.ghost.edgeInset); g.stroke(); });
    g.setLineDash([]);
  }
  // Labels last, so no cell hides them.
  g.font = "600 14px system-ui,sans-serif";
  for (const [id, x, y] of labels) {
    const text = String(id), tw = g.measureText(text).width;
    g.fillStyle = "rgba(255,255,255,0.8)"; g.fillRect(x + 8, y + e + 4, tw + 8, 18);
    g.fillStyle = "#111"; g.fillText(text, x + 12, y + e + 18);
  }
  g.restore();
  SpringKitShapes.drawList(g, f.shapes, f.ox, f.oy, scale * ratio);
  if (f.touch) {
    g.beginPath(); g.arc(f.touch[0], f.touch[1], 22, 0, 2 * Math.PI);
    g.fillStyle = "rgba(60,60,60,0.30)"; g.fill(); g.strokeStyle = "rgba(30,30,30,0.8)"; g.lineWidth = 2; g.stroke();
  }
}

// ---- plots ----
function niceStep(span, count) {
  const raw = span / Math.max(count, 1), p = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}
const fmt = (v, d = 3) => v === null || v === undefined ? "—" : (Math.abs(v) >= 1000 ? v.toFixed(0) : String(+v.toFixed(d)));
function plotSeries() {
  const run = state.run, ghost = state.ghost, list = [];
  if (!run) return list;
  const item = run.items.find(i => i.id === state.watch.id);
  const series = item && item.series.find(s => s.column === state.watch.column);
  if (series) {
    const gi = ghost && ghost.items.find(i => i.id === item.id), gs = gi && gi.series.find(s => s.column === series.column);
    list.push({name: "item " + item.id + " " + series.column, unit: series.unit, t: item.t, v: series.values,
               gt: gs ? gi.t : null, gv: gs ? gs.values : null, id: "plot-watch"});
  }
  const times = run.frames.map(f => f.t);
  run.plots.forEach((p, i) => {
    const gp = ghost && ghost.plots[i];
    list.push({name: p.name, unit: p.unit, t: times, v: p.values, gt: gp ? ghost.frames.map(f => f.t) : null, gv: gp ? gp.values : null, id: "plot-" + i});
  });
  return list;
}
let plotBoxes = [];
function buildPlots() {
  const host = $("plots"); host.innerHTML = ""; plotBoxes = [];
  for (const p of plotSeries()) {
    const box = document.createElement("div"); box.className = "panel plot";
    const title = document.createElement("div"); title.className = "title";
    title.textContent = p.name + (p.unit ? " (" + p.unit + ")" : "");
    const c = document.createElement("canvas"); c.id = p.id;
    const ratio = window.devicePixelRatio || 1;
    c.style.width = "520px"; c.style.height = "180px"; c.width = 520 * ratio; c.height = 180 * ratio;
    box.appendChild(title); box.appendChild(c); host.appendChild(box);
    plotBoxes.push({c, p});
  }
}
function drawPlots() {
  const t = state.run && state.run.frames.length ? state.run.frames[state.frameIndex].t : state.simTime;
  const ratio = window.devicePixelRatio || 1, W = 520, H = 180, L = 56, R = 10, T = 28, B = 24;
  const duration = Math.max(state.run ? state.run.duration : 0, state.ghost && state.showGhost ? state.ghost.duration : 0, 1e-6);
  for (const {c, p} of plotBoxes) {
    const g = c.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0); g.clearRect(0, 0, W, H);
    const all = p.v.concat(state.showGhost && p.gv ? p.gv : []).filter(v => v !== null);
    let lo = Math.min(...all), hi = Math.max(...all);
    if (!all.length) { lo = 0; hi = 1; }
    if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
    const X = s => L + (W - L - R) * s / duration, Y = v => H - B - (H - T - B) * (v - lo) / (hi - lo);
    g.font = "11px system-ui,sans-serif"; g.fillStyle = "#555"; g.strokeStyle = "#e3e3e8"; g.lineWidth = 1;
    const ys = niceStep(hi - lo, 4);
    for (let v = Math.ceil(lo / ys) * ys; v <= hi + 1e-9; v += ys) {
      g.beginPath(); g.moveTo(L, Y(v)); g.lineTo(W - R, Y(v)); g.stroke();
      g.fillText(fmt(v, 2) + (p.unit ? " " + p.unit : ""), 2, Y(v) + 4);
    }
    const xs = niceStep(duration, 8);
    for (let s = 0; s <= duration + 1e-9; s += xs) {
      g.beginPath(); g.moveTo(X(s), T); g.lineTo(X(s), H - B); g.stroke();
      g.fillText(fmt(s, 2) + " s", X(s) - 10, H - 8);
    }
    // Gesture steps: a dashed line each; labels in two rows above the plot, marks at the same time joined.
    g.setLineDash([3, 3]); g.strokeStyle = "#8e24aa"; g.fillStyle = "#8e24aa";
    const rowEnd = [-1e9, -1e9], marks = [];
    for (const m of (state.run ? state.run.marks : [])) {
      const last = marks[marks.length - 1];
      if (last && Math.abs(last.t - m.t) < 1e-9) last.label += " · " + m.label; else marks.push({t: m.t, label: m.label});
    }
    for (const m of marks) {
      const x = X(m.t);
      g.beginPath(); g.moveTo(x, T); g.lineTo(x, H - B); g.stroke();
      const w = g.measureText(m.label).width, lx = Math.max(0, Math.min(x + 3, W - w - 2));
      const row = lx >= rowEnd[0] ? 0 : (lx >= rowEnd[1] ? 1 : -1);
      if (row >= 0) { g.fillText(m.label, lx, row === 0 ? 11 : 23); rowEnd[row] = lx + w + 6; }
    }
    g.setLineDash([]);
    const line = (ts, vs, style, dash) => {
      g.strokeStyle = style; g.lineWidth = 1.6; g.setLineDash(dash); g.beginPath();
      let started = false;
      for (let j = 0; j < vs.length; j++) { if (vs[j] === null) { started = false; continue; }
        if (started) g.lineTo(X(ts[j]), Y(vs[j])); else { g.moveTo(X(ts[j]), Y(vs[j])); started = true; } }
      g.stroke(); g.setLineDash([]);
    };
    if (state.showGhost && p.gv) line(p.gt, p.gv, "rgba(90,90,90,0.7)", [5, 4]);
    line(p.t, p.v, "#0a66d8", []);
    g.strokeStyle = "#d32f2f"; g.beginPath(); g.moveTo(X(t), T); g.lineTo(X(t), H - B); g.stroke();
  }
}

// ---- readouts, metrics, export ----
function readoutsOf(run) {
  const item = run && run.items.find(i => i.id === state.watch.id);
  const s = item && item.series.find(x => x.column === state.watch.column);
  return s ? {r: s.readouts, unit: s.unit} : null;
}
function showReadouts() {
  const put = (prefix, x) => {
    $(prefix + "-settle").textContent = x ? (x.r.settleTime === null ? "not settled" : fmt(x.r.settleTime) + " s") : "—";
    $(prefix + "-overshoot").textContent = x ? fmt(x.r.overshootPercent, 1) + " %" : "—";
    $(prefix + "-peak").textContent = x ? fmt(x.r.peak, 2) + (x.unit ? " " + x.unit : "") : "—";
    $(prefix + "-osc").textContent = x ? fmt(x.r.oscillations, 1) : "—";
  };
  put("ro", readoutsOf(state.run)); put("rb", state.ghost ? readoutsOf(state.ghost) : null);
  const eps = state.run ? state.run.epsilon : 0.5;
  $("readoutDoc").textContent = "About the value's final (rest) value: settled = stays within " + eps +
    " to the end; overshoot = swing past rest after the peak, % of the peak; oscillations counted with the same band (TraceMetrics).";
}
function showMetrics() {
  const table = $("metrics"); table.innerHTML = "";
  for (const m of state.run.metrics) {
    const before = state.ghost && state.ghost.metrics.find(x => x.name === m.name);
    const row = table.insertRow();
    row.insertCell().textContent = m.name;
    row.insertCell().textContent = fmt(m.value) + (m.unit ? " " + m.unit : "");
    row.insertCell().textContent = before ? "before " + fmt(before.value) + (m.unit ? " " + m.unit : "") : "";
  }
}
function showExports() {
  const host = $("snippets"); host.innerHTML = "";
  for (const s of state.run.exports) {
    const box = document.createElement("div"); box.className = "snippet";
    const head = document.createElement("div"); head.className = "head";
    const h = document.createElement("strong"); h.textContent = s.title;
    const copy = document.createElement("button"); copy.textContent = "copy";
    copy.addEventListener("click", () => { if (navigator.clipboard) navigator.clipboard.writeText(s.code).then(() => copy.textContent = "copied", () => copy.textContent = "select and copy"); });
    head.appendChild(h); head.appendChild(copy);
    const pre = document.createElement("pre"); pre.id = "export-" + s.id; pre.textContent = s.code;
    box.appendChild(head); box.appendChild(pre); host.appendChild(box);
  }
}
function showWatchChoices() {
  const run = state.run, itemSel = $("watchItem"), colSel = $("watchColumn");
  if (state.watch.id === null || !run.items.some(i => i.id === state.watch.id)) {
    const best = run.items.reduce((a, b) => (!a || b.t.length > a.t.length) ? b : a, null);
    state.watch.id = best ? best.id : null;
  }
  const item = run.items.find(i => i.id === state.watch.id);
  if (item && !item.series.some(s => s.column === state.watch.column)) {
    // Start on the position (x or y) that moves most, else the first column.
    const moving = item.series.filter(s => s.column === "x" || s.column === "y").sort((a, b) => b.readouts.peak - a.readouts.peak)[0];
    state.watch.column = (moving || item.series[0] || {}).column || null;
  }
  // Options built as elements, their text set as text: a column's name is the script's own.
  const option = (value, text) => { const o = document.createElement("option"); o.value = value; o.textContent = text; return o; };
  itemSel.replaceChildren(...run.items.map(i => option(String(i.id), String(i.id))));
  itemSel.value = String(state.watch.id);
  colSel.replaceChildren(...(item ? item.series.map(s => option(s.column, s.column)) : []));
  if (state.watch.column) colSel.value = state.watch.column;
}
$("watchItem").addEventListener("change", () => { state.watch.id = +$("watchItem").value; refreshAll(false); });
$("watchColumn").addEventListener("change", () => { state.watch.column = $("watchColumn").value; refreshAll(false); });

// ---- parameters ----
function buildParams(params) {
  const host = $("params"); host.innerHTML = "";
  for (const p of params) {
    const div = document.createElement("div"); div.className = "param";
    const step = p.step || (p.min !== null && p.max !== null ? (p.max - p.min) / 100 : Math.max(Math.abs(p.value) / 20, 0.01));
    const min = p.min !== null ? p.min : Math.min(0, p.value - 20 * step), max = p.max !== null ? p.max : Math.max(p.value + 20 * step, p.value * 2);
    div.innerHTML = "<div class='head'><span class='name'></span><span class='range doc'></span></div>" +
      "<div class='row'></div><div class='doc'></div>";
    div.querySelector(".name").textContent = p.name + (p.unit ? " (" + p.unit + ")" : "");
    div.querySelector(".range").textContent = (p.min !== null ? fmt(p.min, 4) : "−∞") + " … " + (p.max !== null ? fmt(p.max, 4) : "∞") + ", step " + fmt(step, 6);
    div.lastChild.textContent = p.doc;
    const row = div.querySelector(".row");
    if (MODE === "studio") {
      const range = document.createElement("input"); range.type = "range"; range.id = "param-" + p.name;
      range.min = min; range.max = max; range.step = step; range.value = p.value;
      const num = document.createElement("input"); num.type = "number"; num.id = "num-" + p.name; num.step = step; num.value = p.value;
      range.addEventListener("input", () => { num.value = range.value; requestRun(); });
      num.addEventListener("change", () => { range.value = num.value; requestRun(); });
      row.appendChild(range); row.appendChild(num);
    } else {
      row.textContent = "= " + fmt(p.value, 6) + (p.unit ? " " + p.unit : "");
    }
    host.appendChild(div);
  }
}
function currentValues() {
  return state.session.run.params.map(p => [p.name, $("num-" + p.name).value]);
}
function setFields(values) {
  for (const [name, value] of values) {
    if ($("num-" + name)) { $("num-" + name).value = value; $("param-" + name).value = value; }
  }
}

// ---- server calls (studio) ----
async function api(path, values) {
  const q = new URLSearchParams(values || []);
  const response = await fetch(path + (values ? "?" + q.toString() : ""), {method: "POST", headers: {"X-Studio-Token": token}});
  return response.json();
}
function showError(text) {
  state.lastError = text;
  $("error").style.display = text ? "block" : "none";
  $("error").textContent = text ? "re-run failed (showing the last good run): " + text : "";
}
async function requestRun() {
  if (state.inFlight) { state.pending = true; return; }
  state.inFlight = true; $("status").textContent = "running…";
  try {
    const answer = await api("/api/run", currentValues());
    if (answer.ok) { showError(""); accept(answer.run); } else showError(answer.error);
  } catch (err) { showError(String(err)); }
  state.inFlight = false; $("status").textContent = "run " + state.runs;
  if (state.pending) { state.pending = false; requestRun(); }
}
$("rerun").addEventListener("click", requestRun);
$("save").addEventListener("click", async () => {
  const answer = await api("/api/save", state.run.params.map(p => [p.name, String(p.value)]));
  $("saved").textContent = answer.ok ? "saved " + answer.path : "";
  if (!answer.ok) showError(answer.error);
});
// Presets the script declares (springkit.preset), and its defaults: picking one sets those fields.
function presetChoices(run) {
  return [{name: "", doc: "the script's defaults", values: run.params.map(p => [p.name, p.default])}].concat(run.presets);
}
$("preset").addEventListener("change", () => {
  const preset = presetChoices(state.session.run).find(p => p.name === $("preset").value);
  if (preset) { setFields(preset.values); requestRun(); }
});

// ---- playback ----
function accept(json) {
  const run = decodePlayerData(json);
  if (state.run) state.ghost = state.run;
  state.run = run; state.runs += 1;
  if (state.runs === 1) sizeScene(run);
  $("script").textContent = run.script; $("title").textContent = run.title; document.title = run.title + " — SpringKitSim";
  $("paramsText").innerText = "now: " + (run.paramsText || "(no parameters)") + (state.ghost ? "\nbefore: " + (state.ghost.paramsText || "") : "");
  if (MODE === "report") buildParams(run.params);
  refreshAll(true);
  restart(0);
}
function refreshAll(all) {
  showWatchChoices(); showReadouts(); buildPlots();
  if (all) { showMetrics(); showExports(); }
  $("scrub").max = Math.max(0, state.run.frames.length - 1);
  draw();
}
function restart(fromTime) { state.simStart = fromTime; state.simTime = fromTime; state.wallStart = performance.now(); }
function draw() {
  if (!state.run) return;
  state.frameIndex = Math.max(0, frameIndexAt(state.run, state.simTime));
  drawScene(); drawPlots();
  const f = state.run.frames[state.frameIndex];
  $("scrub").value = state.frameIndex;
  $("clock").textContent = f ? "frame " + f.frame + "   t = " + f.t.toFixed(3) + " s   of " + state.run.duration.toFixed(3) + " s   (" + state.rate + "×)" : "";
  document.body.dataset.frame = f ? f.frame : "";
  document.body.dataset.time = state.simTime;
}
function tick(now) {
  if (state.run && state.playing) {
    state.simTime = state.simStart + (now - state.wallStart) / 1000 * state.rate;
    if (state.simTime > state.run.duration) {
      if (state.loop) restart(0); else { state.simTime = state.run.duration; state.playing = false; $("play").textContent = "▶ play"; }
    }
    draw();
  }
  requestAnimationFrame(tick);
}
$("play").addEventListener("click", () => {
  state.playing = !state.playing;
  $("play").textContent = state.playing ? "❚❚ pause" : "▶ play";
  if (state.playing) restart(state.simTime >= state.run.duration ? 0 : state.simTime);
});
$("speed").addEventListener("change", () => { state.rate = +$("speed").value; restart(state.simTime); draw(); });
$("loop").addEventListener("change", () => { state.loop = $("loop").checked; });
$("ghost").addEventListener("change", () => { state.showGhost = $("ghost").checked; refreshAll(false); });
$("scrub").addEventListener("input", () => {
  state.playing = false; $("play").textContent = "▶ play";
  const f = state.run.frames[+$("scrub").value]; if (f) { state.simTime = f.t; draw(); }
});

async function start() {
  if (MODE === "studio") {
    const response = await fetch("/api/session", {headers: {"X-Studio-Token": token}});
    const session = await response.json();
    state.session = session;
    buildParams(session.run.params);
    const presetSelect = $("preset");
    for (const p of presetChoices(session.run)) {
      const option = document.createElement("option"); option.value = p.name;
      option.textContent = (p.name ? p.name + (p.doc ? " — " + p.doc : "") : p.doc);
      presetSelect.appendChild(option);
    }
    presetSelect.value = session.run.selectedPreset || "";
    accept(session.run);
    if (session.error) showError(session.error);
  } else {
    accept(JSON.parse($("data").textContent));
    const wanted = query.get("frame");
    if (wanted !== null) {
      const k = state.run.frames.findIndex(f => f.frame >= +wanted);
      state.playing = false; $("play").textContent = "▶ play";
      const f = state.run.frames[k < 0 ? state.run.frames.length - 1 : k]; if (f) state.simTime = f.t;
      draw();
    }
  }
  $("status").textContent = MODE === "studio" ? "run " + state.runs : "report";
  requestAnimationFrame(tick);
}
start();

