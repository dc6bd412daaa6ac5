const SpringKitShapes = (() => {
  const el = document.getElementById("shapes");
  const data = el ? JSON.parse(el.textContent) : {shapes: [], markers: []};
  const hex = c => "#" + c.toString(16).padStart(6, "0");
  let drawn = 0;
  function draw(g, k, ox, oy, scale) { drawList(g, data.shapes[k] || [], ox, oy, scale); }
  // Draws one frame's shapes (the studio passes each run's own lists).
  function drawList(g, list, ox, oy, scale) {
    drawn = list.length;
    for (const s of list) {
      const [kind, color, alpha, filled, lineWidth, ghost, fixed] = s;
      g.save();
      g.setTransform(scale, 0, 0, scale, 0, 0);
      if (!fixed) g.translate(-ox, -oy);
      g.globalAlpha = ghost ? alpha * 0.35 : alpha;
      g.fillStyle = hex(color); g.strokeStyle = hex(color); g.lineWidth = lineWidth;
      if (ghost) g.setLineDash([4, 3]);
      g.beginPath();
      if (kind === "r") {
        const [x, y, w, h, r, turn] = s.slice(7);
        if (turn) { g.translate(x + w / 2, y + h / 2); g.rotate(turn); g.translate(-x - w / 2, -y - h / 2); }
        if (r > 0 && g.roundRect) g.roundRect(x, y, w, h, r); else g.rect(x, y, w, h);
      } else if (kind === "c") {
        const [x, y, r] = s.slice(7); g.arc(x, y, r, 0, 2 * Math.PI);
      } else if (kind === "l") {
        const [x0, y0, x1, y1] = s.slice(7); g.moveTo(x0, y0); g.lineTo(x1, y1);
      } else if (kind === "p") {
        const [x, y, ops] = s.slice(7);
        for (const [op, ...v] of ops) {
          if (op === "m") g.moveTo(x + v[0], y + v[1]);
          else if (op === "l") g.lineTo(x + v[0], y + v[1]);
          else if (op === "c") g.bezierCurveTo(x + v[0], y + v[1], x + v[2], y + v[3], x + v[4], y + v[5]);
          else g.closePath();
        }
      } else if (kind === "t") {
        const [x, y, size, text, centered] = s.slice(7);
        g.font = size + "px sans-serif";
        if (centered) { g.textAlign = "center"; g.textBaseline = "middle"; }
        g.fillText(text, x, y); g.restore(); continue;
      }
      if (filled && kind !== "l" && !ghost) g.fill(); else g.stroke();
      g.restore();
    }
  }
  // ?shapes[&at=X,Y]: what frame k drew (shape count, markers, the pixel at viewport point X,Y), for tests.
  function probe(canvas, k, scale, query) {
    if (query.get("shapes") === null) return;
    const out = document.createElement("pre"), at = (query.get("at") || "0,0").split(",").map(Number);
    const p = canvas.getContext("2d").getImageData(Math.round(at[0] * scale), Math.round(at[1] * scale), 1, 1).data;
    out.id = "shapes-drawn";
    out.textContent = JSON.stringify({frame: k, drawn, markers: data.markers.length, pixel: [p[0], p[1], p[2]]});
    document.body.appendChild(out);
  }
  return {draw, drawList, probe, markers: data.markers};
})();
