
"use strict";
const MODE = "__MODE__";
const query = new URLSearchParams(location.search);
const token = query.get("token");
const $ = id => document.getElementById(id);

// The one place that reads PlayerData JSON (see PlayerData.swift). Cells stay flat
// ([id, x, y, style] per frame), or in the studio's typed columns (d.cellColumns, from
// decodeRunBytes), and are read through forEachCell.
function decodePlayerData(d) {
  const n = d.frames.t.length, frames = new Array(n), columns = d.cellColumns;
  let start = 0;
  for (let k = 0; k < n; k++) {
    const tx = d.frames.touch[2 * k], ty = d.frames.touch[2 * k + 1];
    frames[k] = {t: d.frames.t[k], frame: d.frames.frame[k], ox: d.frames.offset[2 * k], oy: d.frames.offset[2 * k + 1],
                 touch: tx === null ? null : [tx, ty]};
    if (columns) { frames[k].columns = {start, count: columns.counts[k], xy: columns.xy, ids: columns.ids, style: columns.style}; start += columns.counts[k]; }
    else frames[k].flat = d.frames.cells[k];
  }
  const duration = Math.max(n ? frames[n - 1].t : 0, ...d.items.map(i => i.t.length ? i.t[i.t.length - 1] : 0));
  for (let k = 0; k < n; k++) frames[k].shapes = d.drawing.shapes[k] || [];
  return {title: d.title, script: d.script, params: d.params, presets: d.presets, selectedPreset: d.selectedPreset,
          paramsText: d.paramsText, metrics: d.metrics,
          exports: d.exports, viewport: d.viewport, edgeInset: d.edgeInset, styles: d.styles, marks: d.marks,
          plots: d.plots, items: d.items, epsilon: d.readoutEpsilon, frames, duration};
}
// A re-run's answer (Studio.runBytes): UInt32 n, n bytes of JSON, zeros to a multiple of 4,
// then the cells as CellTable lays them out — read in place as typed arrays.
function decodeRunBytes(buffer) {
  const n = new DataView(buffer).getUint32(0, true), d = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, n)));
  let at = 4 + n + (4 - n % 4) % 4;
  const head = new Uint32Array(buffer, at, 2), frames = head[0], total = head[1];
  at += 8;
  const counts = new Uint32Array(buffer, at, frames); at += 4 * frames;
  const xy = new Float32Array(buffer, at, 2 * total); at += 8 * total;
  const ids = new Int32Array(buffer, at, total); at += 4 * total;
  d.cellColumns = {counts, xy, ids, style: new Uint32Array(buffer, at, total)};
  return d;
}
function forEachCell(run, frame, fn) {
  const c = frame.columns;
  if (c) {
    for (let i = c.start, end = c.start + c.count; i < end; i++) { const s = run.styles[c.style[i]]; fn(c.ids[i], c.xy[2 * i], c.xy[2 * i + 1], s[0], s[1], s[2], s[3]); }
    return;
  }
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
  // Fit the first screen (the header, the live bar and the transport take about 160 px) and
  // the preview column (at most 420 px: 390 inside its panel's padding and borders).
  scale = Math.min(1, Math.max(200, window.innerHeight - 160) / Math.max(h, 1), 390 / Math.max(w, 1));
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
  // What shows: the live frame, else the new run's streamed frame, else the run at the play head.
  const live = state.live, preview = !(live.shown && live.frame) && state.preview && state.preview.frames.length;
  const shown = (live.shown && live.frame) || preview;
  const streamed = live.shown && live.frame ? live.frame : preview ? previewShown() : null;
  const run = live.shown && live.frame ? live.run : preview ? state.preview.run : state.run;
  const g = scene.getContext("2d"), ratio = window.devicePixelRatio || 1;
  g.setTransform(1, 0, 0, 1, 0, 0); g.clearRect(0, 0, scene.width, scene.height);
  if (!shown && (!run || !run.frames.length)) return;
  const f = shown ? streamed : run.frames[state.frameIndex], e = run.edgeInset;
  g.setTransform(scale * ratio, 0, 0, scale * ratio, 0, 0);
  g.save(); g.translate(-f.ox, -f.oy);
  const labels = [];
  forEachCell(run, f, (id, x, y, w, h, s, color) => {
    cellPath(g, x, y, w, h, s, e);
    g.fillStyle = hex(color); g.fill();
    if (w >= 20) { g.strokeStyle = "rgba(0,0,0,0.35)"; g.lineWidth = 1; g.stroke(); }
    if (w >= 60 && h >= 40) labels.push([id, x, y]);
  });
  const ghost = shown ? null : ghostRun();
  if (state.showGhost && ghost && ghost.frames.length) drawGhostCells(g, ghost, ghost.frames[frameIndexAt(ghost, f.t)]);
  // Labels last, so no cell hides them.
  g.font = "600 14px system-ui,sans-serif";
  for (const [id, x, y] of labels) {
    const text = String(id), tw = g.measureText(text).width;
    g.fillStyle = "rgba(255,255,255,0.8)"; g.fillRect(x + 8, y + e + 4, tw + 8, 18);
    g.fillStyle = "#111"; g.fillText(text, x + 12, y + e + 18);
  }
  g.restore();
  if (state.showGhost && ghost && ghost.frames.length) {
    // The reference's shapes, faint, under this run's (scripts that draw shapes, not cells).
    const gf = ghost.frames[frameIndexAt(ghost, f.t)];
    if (gf.shapes.length) { g.save(); g.globalAlpha = 0.28; SpringKitShapes.drawList(g, gf.shapes, f.ox, f.oy, scale * ratio); g.restore(); }
  }
  SpringKitShapes.drawList(g, f.shapes, f.ox, f.oy, scale * ratio);
  if (f.touch) {
    g.beginPath(); g.arc(f.touch[0], f.touch[1], 22, 0, 2 * Math.PI);
    g.fillStyle = "rgba(60,60,60,0.30)"; g.fill(); g.strokeStyle = "rgba(30,30,30,0.8)"; g.lineWidth = 2; g.stroke();
  }
}

// The reference ghost: a pinned run, else the previous one.
function ghostRun() { return state.pinned || state.ghost; }
// Ghost cells as solid outlines of what shows: each outline is clipped to where no later
// (upper) cell of the ghost covers it, and a run of more than 200 cells (dot art) shows one
// outline around them all instead of hundreds.
function drawGhostCells(g, ghost, gf) {
  const cells = [];
  forEachCell(ghost, gf, (id, x, y, w, h, s) => cells.push([x, y, w, h, s]));
  if (!cells.length) return;
  g.save(); g.strokeStyle = "rgba(20,20,20,0.6)"; g.lineWidth = 1.4;
  if (cells.length > 200) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const [x, y, w, h] of cells) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h); }
    g.strokeRect(x0, y0, x1 - x0, y1 - y0); g.restore(); return;
  }
  const e = ghost.edgeInset;
  for (let i = 0; i < cells.length; i++) {
    const [x, y, w, h, s] = cells[i];
    g.save();
    // Clip away the cells drawn after this one (they lie on top of it).
    g.beginPath(); g.rect(-1e6, -1e6, 2e6, 2e6);
    for (let j = i + 1; j < cells.length; j++) { const c = cells[j]; g.rect(c[0], c[1] + e + Math.min(0, c[4]), c[2], c[3] - e - Math.min(0, c[4])); }
    g.clip("evenodd");
    cellPath(g, x, y, w, h, s, e); g.stroke();
    g.restore();
  }
  g.restore();
}

// ---- plots ----
function niceStep(span, count) {
  const raw = span / Math.max(count, 1), p = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}
const fmt = (v, d = 3) => v === null || v === undefined ? "—" : (Math.abs(v) >= 1000 ? v.toFixed(0) : String(+v.toFixed(d)));
function plotSeries() {
  const run = state.run, ghost = ghostRun(), list = [];
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
// Each plot canvas's width in CSS pixels, kept by a ResizeObserver, so drawing never reads the
// layout (a read after a re-run's DOM changes would force the whole page's layout first).
const plotResize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(entries => {
  let changed = false;
  for (const entry of entries) {
    const box = plotBoxes.find(b => b.c === entry.target);
    if (box && box.width !== entry.contentRect.width) { box.width = entry.contentRect.width; changed = true; }
  }
  if (changed && state.run) drawPlots();
});
// The plot panels of the run; a re-run with the same series (names and units) keeps the panels
// and only swaps their data.
function buildPlots() {
  const series = plotSeries();
  const title = p => p.name + (p.unit ? " (" + p.unit + ")" : "");
  if (series.length === plotBoxes.length && series.every((p, i) => plotBoxes[i].title === title(p))) {
    series.forEach((p, i) => { plotBoxes[i].p = p; plotBoxes[i].c.id = p.id; });
    return;
  }
  const host = $("plots"); host.innerHTML = "";
  if (plotResize) plotResize.disconnect();
  plotBoxes = [];
  for (const p of series) {
    const box = document.createElement("div"); box.className = "panel plot";
    const heading = document.createElement("div"); heading.className = "title";
    heading.textContent = title(p);
    const c = document.createElement("canvas"); c.id = p.id;
    // As wide as the column (drawPlots sizes the canvas's pixels to its box).
    c.style.width = "100%"; c.style.height = "150px"; c.style.display = "block";
    box.appendChild(heading); box.appendChild(c); host.appendChild(box);
    plotBoxes.push({c, p, title: title(p), width: 0});
    if (plotResize) plotResize.observe(c);
  }
}
function drawPlots() {
  const t = state.run && state.run.frames.length ? state.run.frames[state.frameIndex].t : state.simTime;
  const ratio = window.devicePixelRatio || 1, H = 150, L = 56, R = 10, T = 40, B = 22;
  const duration = Math.max(state.run ? state.run.duration : 0, ghostRun() && state.showGhost ? ghostRun().duration : 0, 1e-6);
  for (const box of plotBoxes) {
    const {c, p} = box;
    if (!plotResize) box.width = c.clientWidth;
    const W = Math.max(200, box.width || 520);
    if (c.width !== Math.round(W * ratio)) c.width = Math.round(W * ratio);
    if (c.height !== Math.round(H * ratio)) c.height = Math.round(H * ratio);
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
    const rowEnd = [-1e9, -1e9, -1e9], marks = [];
    for (const m of (state.run ? state.run.marks : [])) {
      const last = marks[marks.length - 1];
      if (last && Math.abs(last.t - m.t) < 1e-9) last.label += " · " + m.label; else marks.push({t: m.t, label: m.label});
    }
    for (const m of marks) {
      const x = X(m.t);
      g.beginPath(); g.moveTo(x, T); g.lineTo(x, H - B); g.stroke();
      // A label goes in the first of three rows with room; where none has room for all of it,
      // it is shortened with "…" to the room there is (its first letter at least): never dropped.
      let text = m.label, w = g.measureText(text).width, lx = Math.max(0, Math.min(x + 3, W - w - 2));
      let row = rowEnd.findIndex(end => lx >= end);
      if (row < 0) {
        row = rowEnd.indexOf(Math.min(...rowEnd));
        lx = Math.max(rowEnd[row], Math.min(x + 3, W - 12));
        const room = Math.max(W - 2 - lx, 10);
        while (text.length > 1 && g.measureText(text + "…").width > room) text = text.slice(0, -1);
        text += "…"; w = g.measureText(text).width;
      }
      g.fillText(text, lx, 11 + 12 * row); rowEnd[row] = lx + w + 6;
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
  put("ro", readoutsOf(state.run)); put("rb", ghostRun() ? readoutsOf(ghostRun()) : null);
  const eps = state.run ? state.run.epsilon : 0.5;
  $("readoutDoc").textContent = "About the value's final (rest) value: settled = stays within " + eps +
    " to the end; overshoot = swing past rest after the peak, % of the peak; oscillations counted with the same band (TraceMetrics).";
}
function showMetrics() {
  const table = $("metrics"); table.innerHTML = "";
  for (const m of state.run.metrics) {
    const before = ghostRun() && ghostRun().metrics.find(x => x.name === m.name);
    const row = table.insertRow();
    row.insertCell().textContent = m.name;
    row.insertCell().textContent = fmt(m.value) + (m.unit ? " " + m.unit : "");
    row.insertCell().textContent = before ? "before " + fmt(before.value) + (m.unit ? " " + m.unit : "") : "";
  }
}
// Full precision: every digit of each number (shortest round-trip form) instead of 4 decimals.
function showExports() {
  const host = $("snippets"); host.innerHTML = "";
  const full = $("fullPrecision").checked;
  for (const e of state.run.exports) {
    const s = {id: e.id, title: e.title, code: full && e.full ? e.full : e.code};
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
// Each change re-runs at once, over the run socket (runChannel) or else POST /api/run: the run
// in flight is abandoned (the server cancels it), and the new run's frames are drawn as they
// arrive (state.preview, played in real time from its first frame) until the whole run
// arrives and replaces them at the same moment of play.
async function requestRun() {
  const changedAt = performance.now();
  if (state.runAbort) state.runAbort.abort();
  const controller = new AbortController(), mine = () => state.runAbort === controller;
  state.runAbort = controller; state.inFlight = true; $("status").textContent = "running…";
  let painted = false;
  const drawn = () => {
    if (painted) return;
    painted = true;
    state.latency.slider.push(performance.now() - changedAt);
    requestAnimationFrame(() => state.latency.sliderPresented.push(performance.now() - changedAt));
  };
  const values = currentValues();
  let fresh = true;   // the next frame begins a run (a fallback or a second try starts over)
  const onFrame = buffer => { if (mine()) { previewFrame(buffer, fresh); fresh = false; drawn(); } };
  const once = async () => {
    fresh = true;
    const answer = await runChannel.request(values, onFrame);
    if (!answer.retry || !mine()) return answer;
    fresh = true;
    return fetchRun(values, onFrame, controller.signal, token);
  };
  try {
    let answer = await once();
    // Replaced while still this page's latest: another page's (or a late POST's) re-run
    // cancelled it. Asked once more, so the values shown are the page's own.
    if (answer.replaced && mine()) answer = await once();
    if (!mine()) return;
    if (answer.ok) { showError(""); accept(answer.run, previewTime()); drawn(); }
    else if (!answer.replaced) showError(answer.error);
  } catch (err) {
    if (!mine()) return;
    showError(String(err));
  }
  state.preview = null; state.runAbort = null; state.inFlight = false;
  $("status").textContent = "run " + state.runs;
  if (MODE === "studio") startLive();
}
// A streamed frame of the new run, as bytes (`first`: its first, which replaces a stale run's
// preview): shown from the first on, in real time from its start. A frame is decoded only when
// it is shown: a run streams a second of frames at once, and decoding each as it came would
// keep the page from its next frame for as long.
function previewFrame(buffer, first) {
  if (first || !state.preview) {
    state.preview = {frames: [], wallStart: performance.now(), run: {styles: [], edgeInset: state.run ? state.run.edgeInset : 0}};
    state.live.shown = false;
  }
  state.preview.frames.push({t: new Float64Array(buffer, 8, 1)[0], buffer, decoded: null});
  if (state.preview.frames.length === 1) drawScene();
}
// The moment of the new run the preview shows (0 without one).
function previewTime() {
  const p = state.preview;
  return p && p.frames.length ? p.frames[0].t + (performance.now() - p.wallStart) / 1000 * state.rate : 0;
}
function previewShown() {
  const p = state.preview, t = previewTime();
  let k = 0;
  while (k + 1 < p.frames.length && p.frames[k + 1].t <= t + 1e-9) k++;
  const shown = p.frames[k];
  if (!shown.decoded) shown.decoded = decodeLiveFrame(shown.buffer);
  p.run.styles = shown.decoded.styles;
  return shown.decoded;
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
function accept(json, fromTime) {
  const run = decodePlayerData(json);
  state.live.shown = false;
  if (state.run) state.ghost = state.run;
  state.run = run; state.runs += 1;
  if (state.runs === 1) sizeScene(run);
  $("script").textContent = run.script; $("title").textContent = run.title; document.title = run.title + " — SpringKitSim";
  const ref = ghostRun();
  $("paramsText").innerText = "now: " + (run.paramsText || "(no parameters)") + (ref ? "\n" + (state.pinned ? "pinned" : "before") + ": " + (ref.paramsText || "") : "");
  if (MODE === "report") buildParams(run.params);
  refreshAll(true);
  restart(Math.min(fromTime || 0, run.duration));
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
  if (MODE === "studio") liveTick();
  if (state.live.shown) { requestAnimationFrame(tick); return; }
  if (state.preview && state.preview.frames.length) { drawScene(); requestAnimationFrame(tick); return; }
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
  if (state.live.shown) { state.live.shown = false; state.playing = false; }
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

// ---- live: the preview is a touch surface (studio) ----
// The engine runs the scenario live (POST /api/live/start), one display frame per message on
// the run's WebSocket (/api/live/socket: "X Y" with the finger down there, or "up"), answered
// with the frame as bytes (LiveFrameEncoding), so every frame is drawn as it arrives. Until
// the socket is open, or if it closes, POST /api/live/frame does the same a request at a time.
// Frames are asked one at a time; a pointer event while one is out is sent when it returns.
// After the finger lifts, frames go on until 30 in a row are the same (rest).
const live = {id: null, kind: "", run: null, frame: null, down: false, x: 0, y: 0, inFlight: false, pending: false,
              shown: false, still: 0, eventAt: 0, lastKey: "", starting: null, frames: 0, sentAt: -1e9, timer: 0, movedAt: -1e9,
              socket: null, opening: null, socketTriedAt: -1e9, outstanding: null,
              log: []};   // the last 600 frames drawn: [frame, offset x, offset y, finger or null] (for tests)
state.live = live;
state.latency = {pointer: [], pointerSinceInput: [], pointerPresented: [], slider: [], sliderPresented: []};
function decodeLiveFrame(buffer) {
  const head = new Float64Array(buffer, 0, 8), n = head[6], shapesLength = head[7];
  const cells = new Float32Array(buffer, 64, n * 6), colors = new Uint32Array(buffer, 64 + n * 24, n);
  const shapes = shapesLength ? JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 64 + n * 28, shapesLength))) : [];
  const flat = new Array(n * 4), styles = new Array(n);
  for (let i = 0; i < n; i++) {
    flat[4 * i] = cells[6 * i]; flat[4 * i + 1] = cells[6 * i + 1]; flat[4 * i + 2] = cells[6 * i + 2]; flat[4 * i + 3] = i;
    styles[i] = [cells[6 * i + 3], cells[6 * i + 4], cells[6 * i + 5], colors[i]];
  }
  return {frame: head[0], t: head[1], ox: head[2], oy: head[3], touch: isNaN(head[4]) ? null : [head[4], head[5]],
          flat, styles, shapes, key: String(head[2]) + "," + head[3] + "," + (isNaN(head[4]) ? "" : head[4] + "," + head[5]) + "," + cells.join(",") + shapesLength};
}
async function startLive() {
  if (MODE !== "studio") return;
  const values = currentValues();
  live.starting = (async () => {
    live.id = null;
    for (const socket of [live.socket, live.opening]) if (socket) socket.close();
    live.socket = live.opening = live.outstanding = null; live.inFlight = false;
    const answer = await api("/api/live/start", values);
    if (!answer.ok) {
      live.run = null;
      $("liveNote").textContent = answer.driveable === false ? "⚠ " + answer.error : "live run failed: " + answer.error;
      $("liveRestart").disabled = $("liveSave").disabled = true;
      scene.title = "";
      return;
    }
    live.id = answer.id; live.kind = answer.kind; live.frames = 0;
    openLiveSocket(answer.id);
    live.run = {styles: [], edgeInset: answer.edgeInset};
    $("liveNote").textContent = "press, drag and fling the preview (" + answer.kind.replace("_", " ") + ")";
    $("liveRestart").disabled = false; $("liveSave").disabled = false;
    scene.title = "press, drag and fling";
  })();
  return live.starting;
}
// The run's WebSocket: used from when it opens. After a close (the run ended, the server
// closed an idle socket) POST /api/live/frame carries the frames, and a new socket is tried
// at most once a second.
function openLiveSocket(id) {
  if (typeof WebSocket === "undefined" || live.opening) return;
  live.socketTriedAt = performance.now();
  let socket;
  try {
    socket = new WebSocket("ws://" + location.host + "/api/live/socket?id=" + id + "&token=" + encodeURIComponent(token));
  } catch (err) {
    return;   // a browser whose policy refuses ws: here: POST /api/live/frame carries the frames
  }
  live.opening = socket;
  socket.binaryType = "arraybuffer";
  socket.onopen = () => { live.opening = null; if (live.id === id) live.socket = socket; else socket.close(); };
  socket.onmessage = event => { if (live.outstanding && live.outstanding.socket === socket) liveAnswered(live.outstanding, event.data); };
  socket.onclose = () => {
    if (live.opening === socket) live.opening = null;
    if (live.socket !== socket) return;
    live.socket = null;
    if (live.outstanding && live.outstanding.socket === socket) { live.outstanding = null; live.inFlight = false; if (live.pending) sendLive(); }
  };
}
// At most one frame asked at a time, and one every 8 ms (the server plays no frame for a
// request sooner than 7 ms after the last: a flood cannot run the scene faster than the display).
function sendLive() {
  if (live.id === null) return;
  const wait = 8 - (performance.now() - live.sentAt);
  if (live.inFlight || wait > 0) {
    live.pending = true;
    if (!live.inFlight && !live.timer) live.timer = setTimeout(() => { live.timer = 0; if (live.pending && !live.inFlight) sendLive(); }, wait);
    return;
  }
  live.inFlight = true; live.pending = false; live.sentAt = performance.now();
  const answer = {id: live.id, eventAt: live.eventAt, inputAt: live.inputAt, socket: null}; live.eventAt = 0;
  live.outstanding = answer;
  const x = live.x.toFixed(2), y = live.y.toFixed(2);
  if (!live.socket && performance.now() - live.socketTriedAt > 1000) openLiveSocket(answer.id);
  if (live.socket && live.socket.readyState === WebSocket.OPEN) {
    answer.socket = live.socket;
    live.socket.send(live.down ? x + " " + y : "up");
    return;
  }
  fetch("/api/live/frame?id=" + answer.id + (live.down ? "&x=" + x + "&y=" + y : ""), {method: "POST", headers: {"X-Studio-Token": token}})
    .then(r => r.ok ? r.arrayBuffer() : null)
    .then(buffer => liveAnswered(answer, buffer), () => { if (live.outstanding === answer) { live.outstanding = null; live.inFlight = false; } });
}
// A frame arrived (`buffer`, or null for a refusal) for `answer`: drawn at once when it is the
// frame asked last (an answer of an ended run or channel unblocks nothing).
function liveAnswered(answer, buffer) {
  if (answer !== live.outstanding) return;
  live.outstanding = null; live.inFlight = false;
  if (!buffer || answer.id !== live.id) return;
  const f = decodeLiveFrame(buffer);
  live.still = f.key === live.lastKey ? live.still + 1 : 0; live.lastKey = f.key;
  live.frame = f; live.run.styles = f.styles; live.frames += 1;
  live.log.push([f.frame, f.ox, f.oy, f.touch]); if (live.log.length > 600) live.log.shift();
  live.shown = true;
  state.playing = false; $("play").textContent = "▶ replay";
  drawScene();
  $("clock").textContent = "live   frame " + f.frame + "   t = " + f.t.toFixed(3) + " s";
  document.body.dataset.liveFrame = f.frame;
  // Pointer event handled → this frame drawn on the canvas (`pointer`), and → the next
  // animation frame after it, when the browser has presented it (`pointerPresented`);
  // `pointerSinceInput` counts from the event's own time stamp (the input's arrival, which
  // the browser may hold until its next frame before handing the event to the page).
  if (answer.eventAt) {
    const eventAt = answer.eventAt;
    state.latency.pointer.push(performance.now() - eventAt);
    state.latency.pointerSinceInput.push(performance.now() - answer.inputAt);
    requestAnimationFrame(() => state.latency.pointerPresented.push(performance.now() - eventAt));
  }
  if (live.pending) sendLive();
}
function pointAt(event) {
  const r = scene.getBoundingClientRect();
  return [(event.clientX - r.left) / scale, (event.clientY - r.top) / scale];
}
scene.addEventListener("pointerdown", async event => {
  if (MODE !== "studio") return;
  if (live.starting) await live.starting;
  if (live.id === null) return;
  scene.setPointerCapture(event.pointerId);
  [live.x, live.y] = pointAt(event); live.down = true; live.still = 0;
  live.eventAt = performance.now(); live.inputAt = event.timeStamp; scene.classList.add("live");
  sendLive();
});
scene.addEventListener("pointermove", event => {
  if (!live.down) return;
  [live.x, live.y] = pointAt(event); live.eventAt = performance.now(); live.inputAt = event.timeStamp; live.movedAt = performance.now();
  sendLive();
});
const lift = event => {
  if (!live.down) return;
  live.down = false; live.still = 0; live.eventAt = performance.now(); live.inputAt = event.timeStamp; scene.classList.remove("live");
  sendLive();
};
scene.addEventListener("pointerup", lift);
scene.addEventListener("pointercancel", lift);
// Frames go on while the finger is down (held still too) and after it lifts until rest.
function liveTick() {
  // While the pointer moves, its events drive the frames (a tick's request in flight would
  // make the next move wait for it); ticks fill in when it holds still or after it lifts.
  const now = performance.now();
  if (live.id !== null && live.shown && !live.inFlight && !live.pending && now - live.sentAt >= 12 &&
      (live.down ? now - live.movedAt > 40 : live.still < 30)) sendLive();
}
$("liveRestart").addEventListener("click", async () => { live.shown = false; await startLive(); $("liveSaved").textContent = ""; draw(); });
$("liveSave").addEventListener("click", async () => {
  if (live.id === null) return;
  const id = live.id; live.id = null;
  const answer = await api("/api/live/save?id=" + id);
  $("liveSaved").textContent = answer.ok ? "saved " + answer.gesture + " and its golden " + answer.golden + " (" + answer.rows + " rows)" : "";
  if (!answer.ok) showError(answer.error);
  state.lastSave = answer;
  await startLive();
});
$("pin").addEventListener("click", () => {
  state.pinned = state.pinned ? null : state.run;
  $("pin").textContent = state.pinned ? "unpin ghost" : "pin as ghost";
  refreshAll(false);
});
$("exportOpen").addEventListener("click", () => { $("export").hidden = !$("export").hidden; });
$("exportClose").addEventListener("click", () => { $("export").hidden = true; });
$("fullPrecision").addEventListener("change", showExports);

async function start() {
  if (MODE === "studio") {
    runChannel.open(token);
    state.runChannel = runChannel;
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
    startLive();
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

