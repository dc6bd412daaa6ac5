import SpringKitSupport
import SpringKitMotion
import SpringKitScenarios

/// The compact encoding of a `ReportData` inside an HTML report (version 2), streamed into
/// one buffer. The page's decoder (`javaScriptDecoder`) turns it back into frames; the player
/// only ever sees decoded frames, so either side can be replaced without touching the other.
///
/// The data is one JSON object:
///
///     {"format":"springkit-report","version":2,"title":…,"viewport":[w,h],"edgeInset":e,
///      "quantum":64,"frameCount":N,"times":[t…],"offsets":[x,y,x,y…],"ids":[id…],
///      "cells":"…","plots":[{"name":…,"unit":…,"values":[…]}…]}
///
/// Times, offsets and plot values are exact (shortest round-trip decimals). Cell geometry
/// (x, y, width, height, stretch) is quantised to 1/`quantum` pt (1/64 pt: a 48th of a
/// device pixel at 3×) — the only loss. `ids` lists the cells' identifiers in order of first
/// appearance; the stream names a cell by that slot. `cells` is a stream of unsigned
/// integers, each written as base64url digits of 5 bits, least significant first, with
/// bit 5 (value 32) set on every digit but the last; signed values are zigzagged
/// (0, −1, 1, −2 … → 0, 1, 2, 3 …). Per frame:
///
/// - the cell count n, then 0 when the slots are those of the previous frame in the same
///   order, or 1 followed by n zigzagged slot differences (from −1, then from the previous slot);
/// - per cell, in drawing order, a token: 0 = nothing differs from the prediction,
///   1…63 = a mask of fields that differ (1 x, 2 y, 4 width, 8 height, 16 stretch,
///   32 colour) followed by one value per set bit, ≥ 64 = (token − 62) cells in a row
///   that match their predictions. x and y are predicted from the slot's last two shown
///   values (2·last − before), width, height and stretch from the last one; the value sent
///   is the zigzagged difference from the prediction. A colour is sent as it is.
///
/// Before a slot is first shown, its previous values are all 0.
package enum ReportEncoding {
    package static let version = 2
    /// Quanta per point of cell geometry.
    package static let quantum = 64.0
    /// Quantised values are kept within ±2^50 so every difference the stream carries is an
    /// integer a JavaScript number holds exactly; non-finite values are sent as 0.
    static let limit = Double(1 << 50)

    static let digits: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func quantised(_ value: Double) -> Int64 {
        let q = (value * quantum).rounded()
        guard q.isFinite else { return 0 }
        return Int64(min(limit, max(-limit, q)))
    }

    /// Appends the report's JSON object (the page's `data`).
    /// - Complexity: O(total cells over all frames).
    package static func appendJSON(_ report: ReportData, to out: inout ByteBuffer) {
        out.append("{\"format\":\"springkit-report\",\"version\":")
        out.append(version)
        out.append(",\"title\":")
        out.write(JSONText.quoted(report.title))
        out.append(",\"viewport\":[")
        appendNumber(report.viewport.x, to: &out)
        out.append(UInt8(ascii: ","))
        appendNumber(report.viewport.y, to: &out)
        out.append("],\"edgeInset\":")
        appendNumber(report.edgeInset, to: &out)
        out.append(",\"quantum\":")
        out.append(Int(quantum))
        out.append(",\"frameCount\":")
        out.append(report.frames.count)
        out.append(",\"times\":[")
        appendList(report.frames.map(\.t), to: &out)
        out.append("],\"offsets\":[")
        appendList(report.frames.flatMap { [$0.offset.x, $0.offset.y] }, to: &out)
        out.append("],\"ids\":[")
        var stream = CellStream()
        var cells = ByteBuffer(capacity: report.frames.reduce(0) { $0 + $1.cells.count } * 3 + 16)
        for frame in report.frames { stream.encode(frame.cells, into: &cells) }
        for (k, id) in stream.ids.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append(id)
        }
        out.append("],\"cells\":\"")
        out.reserveCapacity(out.count + cells.count + 4096)
        cells.bytes.withUnsafeBufferPointer { out._writeASCII($0) }
        out.append("\",\"plots\":[")
        for (k, plot) in report.plots.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"name\":")
            out.write(JSONText.quoted(plot.name))
            out.append(",\"unit\":")
            out.write(JSONText.quoted(plot.unit))
            out.append(",\"values\":[")
            appendList(plot.values, to: &out)
            out.append("]}")
        }
        out.append("]}")
    }

    private static func appendNumber(_ value: Double, to out: inout ByteBuffer) {
        if value.isFinite { out.append(shortest: value) } else { out.append("null") }
    }

    private static func appendList(_ values: [Double], to out: inout ByteBuffer) {
        for (k, value) in values.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            appendNumber(value, to: &out)
        }
    }

    /// The encoder's memory of every slot: what the decoder will predict.
    struct CellStream {
        private(set) var ids: [Int] = []
        private var slotOf: [Int: Int] = [:]
        private var previousIDs: [Int] = []
        private var slots: [Int] = []
        /// Per slot: last and before-last x, y; last width, height, stretch, colour (quantised).
        private var x1: [Int64] = [], x2: [Int64] = [], y1: [Int64] = [], y2: [Int64] = []
        private var w: [Int64] = [], h: [Int64] = [], s: [Int64] = [], color: [Int64] = []

        private mutating func slot(_ id: Int) -> Int {
            if let slot = slotOf[id] { return slot }
            let slot = ids.count
            slotOf[id] = slot
            ids.append(id)
            for k in [\CellStream.x1, \.x2, \.y1, \.y2, \.w, \.h, \.s, \.color] as [WritableKeyPath<CellStream, [Int64]>] {
                self[keyPath: k].append(0)
            }
            return slot
        }

        mutating func encode(_ cells: [ReportData.Cell], into out: inout ByteBuffer) {
            unsigned(UInt64(cells.count), &out)
            if cells.count == previousIDs.count && cells.indices.allSatisfy({ cells[$0].id == previousIDs[$0] }) {
                unsigned(0, &out)
            } else {
                unsigned(1, &out)
                slots.removeAll(keepingCapacity: true)
                previousIDs.removeAll(keepingCapacity: true)
                var last = -1
                for cell in cells {
                    let slot = slot(cell.id)
                    slots.append(slot)
                    previousIDs.append(cell.id)
                    signed(Int64(slot - last), &out)
                    last = slot
                }
            }
            var run = 0
            var values: [Int64] = []
            values.reserveCapacity(6)
            for (k, cell) in cells.enumerated() {
                let slot = slots[k]
                let qx = quantised(cell.x), qy = quantised(cell.y)
                let qw = quantised(cell.width), qh = quantised(cell.height), qs = quantised(cell.stretch)
                let qc = Int64(cell.color)
                let px = 2 &* x1[slot] &- x2[slot], py = 2 &* y1[slot] &- y2[slot]
                var mask = 0
                values.removeAll(keepingCapacity: true)
                if qx != px { mask |= 1; values.append(qx - px) }
                if qy != py { mask |= 2; values.append(qy - py) }
                if qw != w[slot] { mask |= 4; values.append(qw - w[slot]) }
                if qh != h[slot] { mask |= 8; values.append(qh - h[slot]) }
                if qs != s[slot] { mask |= 16; values.append(qs - s[slot]) }
                x2[slot] = x1[slot]; x1[slot] = qx
                y2[slot] = y1[slot]; y1[slot] = qy
                w[slot] = qw; h[slot] = qh; s[slot] = qs
                if mask == 0 && qc == color[slot] {
                    run += 1
                    continue
                }
                flush(&run, &out)
                if qc != color[slot] { mask |= 32 }
                unsigned(UInt64(mask), &out)
                for value in values { signed(value, &out) }
                if qc != color[slot] { unsigned(UInt64(qc), &out); color[slot] = qc }
            }
            flush(&run, &out)
        }

        private func flush(_ run: inout Int, _ out: inout ByteBuffer) {
            if run == 1 { unsigned(0, &out) } else if run > 1 { unsigned(UInt64(run + 62), &out) }
            run = 0
        }

        private func signed(_ value: Int64, _ out: inout ByteBuffer) {
            unsigned(value >= 0 ? UInt64(value) << 1 : (UInt64(-(value + 1)) << 1) | 1, &out)
        }

        private func unsigned(_ value: UInt64, _ out: inout ByteBuffer) {
            var v = value
            while v >= 32 {
                out.append(ReportEncoding.digits[Int(32 | (v & 31))])
                v >>= 5
            }
            out.append(ReportEncoding.digits[Int(v)])
        }
    }

    /// The decoder the page runs: `SpringKitReport.open(data)` returns
    /// `{title, viewport, edgeInset, plots, frameCount, frame(k)}`, where `frame(k)` is
    /// `[t, offsetX, offsetY, cells]` and each cell `[id, x, y, width, height, stretch, color]`
    /// (the shape version 1 pages inlined). Frames decode forward from a checkpoint kept
    /// every 16 frames, so scrubbing back costs at most 16 frames of decoding.
    package static var javaScriptDecoder: String { PageAssets.reportDecoderJS }   // Resources/report-decoder.js
}
