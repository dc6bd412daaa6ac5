// A streamed re-run (POST /api/run; docs/studio.md, "Run data"): messages of UInt32 kind,
// UInt32 byte length, the payload and zeros to a multiple of 4, little-endian. Kind 1 is one
// report frame as the run makes it (read by decodeLiveFrame), kind 2 the whole run (read by
// decodeRunBytes), kind 3 a refusal as JSON. A stream that ends without kind 2 or 3 was
// replaced by a newer run. Reads `response`'s body as it arrives, calls onFrame(ArrayBuffer)
// for each frame, and resolves with {ok: true, run}, the refusal, or {ok: false, replaced: true}.
async function readRunStream(response, onFrame) {
  const reader = response.body.getReader();
  const chunks = [];
  let have = 0, head = null;
  // The next n bytes (n <= have) as an ArrayBuffer of their own (aligned for typed arrays).
  function take(n) {
    const out = new Uint8Array(n);
    for (let at = 0; at < n;) {
      const c = chunks[0], k = Math.min(n - at, c.length);
      out.set(k === c.length ? c : c.subarray(0, k), at);
      at += k;
      if (k === c.length) chunks.shift(); else chunks[0] = c.subarray(k);
    }
    have -= n;
    return out.buffer;
  }
  for (;;) {
    for (;;) {
      if (!head && have >= 8) {
        const h = new DataView(take(8));
        head = {kind: h.getUint32(0, true), length: h.getUint32(4, true)};
      }
      if (!head) break;
      const padding = (4 - head.length % 4) % 4;
      if (have < head.length + padding) break;
      const payload = take(head.length), kind = head.kind;
      if (padding) take(padding);
      head = null;
      if (kind === 1) onFrame(payload);
      else if (kind === 2) { reader.cancel(); return {ok: true, run: decodeRunBytes(payload)}; }
      else if (kind === 3) { reader.cancel(); return JSON.parse(new TextDecoder().decode(payload)); }
    }
    const {value, done} = await reader.read();
    if (done) return {ok: false, replaced: true};
    chunks.push(value);
    have += value.length;
  }
}

// A re-run by POST /api/run, read as it streams; resolves as readRunStream does.
async function fetchRun(values, onFrame, signal, token) {
  const response = await fetch("/api/run?" + new URLSearchParams(values).toString(),
                               {method: "POST", headers: {"X-Studio-Token": token}, signal});
  return response.headers.get("Content-Type") === "application/x-springkit-run-stream"
    ? readRunStream(response, onFrame) : response.json();
}

// Re-runs over a WebSocket (/api/run/socket): a request is the text "run N", then one
// "name=value" a line; the stream messages of run N (as above) come back in binary messages of
// UInt32 N and one or more stream messages, and kind 4 (empty) says another page's re-run
// replaced it. Only the run asked last is read: a newer request replaces it (the server drops
// it and the page drops what it still sends). request() resolves as readRunStream does, or
// with {retry: true} when the socket is not open or closes first: the page then uses
// POST /api/run. A new socket is tried a second after an open one closes, and on a request at
// most once a second.
const runChannel = {
  socket: null, opening: null, triedAt: -1e9, number: 0, waiting: null, token: "", runs: 0,
  open(token) {
    this.token = token;
    if (typeof WebSocket === "undefined" || this.opening || this.socket) return;
    this.triedAt = performance.now();
    let socket;
    try {
      socket = new WebSocket("ws://" + location.host + "/api/run/socket?token=" + encodeURIComponent(token));
    } catch (err) {
      return;   // a browser whose policy refuses ws: here: POST /api/run carries the runs
    }
    this.opening = socket;
    socket.binaryType = "arraybuffer";
    socket.onopen = () => { this.opening = null; this.socket = socket; };
    socket.onmessage = event => this.received(event.data);
    socket.onclose = () => {
      if (this.opening === socket) this.opening = null;
      if (this.socket !== socket) return;
      this.socket = null;
      this.settle({retry: true});
      setTimeout(() => { if (!this.socket && !this.opening) this.open(this.token); }, 1000);
    };
  },
  request(values, onFrame) {
    this.settle({ok: false, replaced: true});
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      if (performance.now() - this.triedAt > 1000) this.open(this.token);
      return Promise.resolve({retry: true});
    }
    const number = this.number = (this.number + 1) % 4294967296;
    this.socket.send(["run " + number].concat(values.map(([name, value]) => name + "=" + value)).join("\n"));
    this.runs += 1;
    return new Promise(resolve => { this.waiting = {number, onFrame, resolve}; });
  },
  settle(answer) {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.resolve(answer);
  },
  received(data) {
    const waiting = this.waiting;
    if (!waiting || data.byteLength < 12) return;
    const view = new DataView(data);
    if (view.getUint32(0, true) !== waiting.number) return;   // a replaced run's
    try {
      for (let at = 4; at + 8 <= data.byteLength && this.waiting === waiting;) {
        const kind = view.getUint32(at, true), length = view.getUint32(at + 4, true);
        const payload = data.slice(at + 8, at + 8 + length);
        at += 8 + length + (4 - length % 4) % 4;
        if (kind === 1) waiting.onFrame(payload);
        else if (kind === 2) this.settle({ok: true, run: decodeRunBytes(payload)});
        else if (kind === 3) this.settle(JSON.parse(new TextDecoder().decode(payload)));
        else if (kind === 4) this.settle({ok: false, replaced: true});
      }
    } catch (err) {
      if (this.waiting === waiting) this.settle({ok: false, error: String(err)});
    }
  },
};
