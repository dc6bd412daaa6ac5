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
