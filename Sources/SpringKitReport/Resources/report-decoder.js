const SpringKitReport = (() => {
  "use strict";
  const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) table[DIGITS.charCodeAt(i)] = i;
  function open(data) {
    if (data.format !== "springkit-report" || data.version !== 2) throw new Error("not a version 2 SpringKitSim report");
    const text = data.cells, q = data.quantum, ids = data.ids, n = ids.length, every = 16;
    const fields = () => [0, 0, 0, 0, 0, 0, 0, 0].map(() => new Float64Array(n));
    let [x1, x2, y1, y2, w, h, s, color] = fields();
    let pos = 0, slots = [], decoded = -1, cells = [];
    const checkpoints = [];
    function unsigned() {
      let v = 0, scale = 1, c;
      do {
        c = table[text.charCodeAt(pos++)];
        if (c < 0 || c === undefined) throw new Error("corrupt report data at " + (pos - 1));
        v += (c & 31) * scale; scale *= 32;
      } while (c & 32);
      return v;
    }
    function signed() { const z = unsigned(); return z % 2 === 0 ? z / 2 : -(z + 1) / 2; }
    function save() {
      checkpoints.push({pos, slots: slots.slice(), state: [x1, x2, y1, y2, w, h, s, color].map(a => a.slice())});
    }
    function restore(c) {
      pos = c.pos; slots = c.slots.slice();
      [x1, x2, y1, y2, w, h, s, color] = c.state.map(a => a.slice());
    }
    // Decodes the next frame; builds its cell list only when `build`.
    function next(build) {
      const count = unsigned();
      if (unsigned() === 1) {
        slots = new Array(count);
        let last = -1;
        for (let k = 0; k < count; k++) { last += signed(); slots[k] = last; }
      }
      let run = 0;
      for (let k = 0; k < count; k++) {
        const i = slots[k];
        let mask = 0;
        if (run > 0) run--; else {
          const token = unsigned();
          if (token >= 64) run = token - 63; else mask = token;
        }
        const px = 2 * x1[i] - x2[i], py = 2 * y1[i] - y2[i];
        x2[i] = x1[i]; x1[i] = mask & 1 ? px + signed() : px;
        y2[i] = y1[i]; y1[i] = mask & 2 ? py + signed() : py;
        if (mask & 4) w[i] += signed();
        if (mask & 8) h[i] += signed();
        if (mask & 16) s[i] += signed();
        if (mask & 32) color[i] = unsigned();
      }
      decoded++;
      if (!build) return;
      cells = new Array(count);
      for (let k = 0; k < count; k++) {
        const i = slots[k];
        cells[k] = [ids[i], x1[i] / q, y1[i] / q, w[i] / q, h[i] / q, s[i] / q, color[i]];
      }
    }
    function frame(k) {
      if (!(k >= 0 && k < data.frameCount)) return undefined;
      if (k !== decoded) {
        if (k < decoded) {
          restore(checkpoints[Math.floor(k / every)]);
          decoded = Math.floor(k / every) * every - 1;
        }
        while (decoded < k) {
          if ((decoded + 1) % every === 0 && checkpoints.length === (decoded + 1) / every) save();
          next(decoded + 1 === k);
        }
      }
      return [data.times[k], data.offsets[2 * k], data.offsets[2 * k + 1], cells];
    }
    return {title: data.title, viewport: data.viewport, edgeInset: data.edgeInset, plots: data.plots,
            frameCount: data.frameCount, frame};
  }
  return {open};
})();
