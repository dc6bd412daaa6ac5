import Foundation
import SpringKitSim
import SpringKitTools

/// The messages of a streamed re-run (`POST /api/run`, docs/studio.md "Run data"): each is,
/// little-endian, UInt32 kind, UInt32 byte length, the payload, zeros to a multiple of 4.
///
/// - `frame` (1): one report frame as the run makes it, in `LiveFrameEncoding`'s form: the
///   page draws the new run from its first frame on, while the run goes on;
/// - `run` (2): the whole run, as `Studio.runBytes` lays it out (the last message);
/// - `refusal` (3): `{"ok":false,"error":…}` — the run failed (the last message);
/// - `replaced` (4, the run socket only; empty): a newer re-run from elsewhere cancelled it.
///
/// A stream that ends without a last message was replaced by a newer re-run.
enum RunStreamMessage: UInt32 {
    case frame = 1, run = 2, refusal = 3, replaced = 4

    /// Whether the stream message `bytes` is a run's last (its run or refusal).
    static func endsARun(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        let kind = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        return kind == RunStreamMessage.run.rawValue || kind == RunStreamMessage.refusal.rawValue
    }

    /// The message's bytes around `payload`.
    /// - Complexity: O(payload).
    func bytes(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(8 + payload.count + 3)
        for value in [rawValue, UInt32(truncatingIfNeeded: payload.count)] {
            withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: payload)
        out.append(contentsOf: [UInt8](repeating: 0, count: (4 - payload.count % 4) % 4))
        return out
    }
}

/// Which of a run's frames go out while it runs: those of its first `seconds` of simulated
/// time, up to `bytes` in all — enough for the page to play the new run from its start until
/// the whole run (the last message) arrives, without sending a long run twice.
struct StreamedFrameBudget {
    let seconds: Double
    let bytes: Int
    private var firstTime: Double?
    private var sent = 0

    init(seconds: Double = 1, bytes: Int = 4 << 20) {
        self.seconds = seconds
        self.bytes = bytes
    }

    /// Whether a frame at `t` of `size` bytes goes out (and counts it if so).
    mutating func admits(t: Double, size: Int) -> Bool {
        let start = firstTime ?? t
        firstTime = start
        guard t - start <= seconds, sent + size <= bytes else { return false }
        sent += size
        return true
    }
}

/// One re-run streamed to the page: its frames as they are made, then the run (or why not).
/// A newer re-run cancels it (`cancel`): the script stops within about a thousand Lua
/// instructions or the engine's next charge, and the stream ends at once, without a last message.
final class StreamedRun: @unchecked Sendable {
    let stream = HTTPByteStream()
    let cancellation = ScriptCancellation()
    private let lock = NSLock()
    private var ended = false

    /// Writes `message` as the stream's last unless it already ended; true if written.
    @discardableResult
    func end(_ message: RunStreamMessage, _ payload: [UInt8]) -> Bool {
        let first = lock.withLock { () -> Bool in
            defer { ended = true }
            return !ended
        }
        guard first else { return false }
        stream.write(message.bytes(payload))
        stream.finish()
        return true
    }

    /// Stops the run and ends the stream at once, dropping what the page has not read of it
    /// (never waits on the reader).
    func cancel() {
        cancellation.cancel()
        lock.withLock { ended = true }
        stream.abort()
    }

    /// The frame handler the run calls as it makes each report frame.
    func frameSender() -> (ReportData.Frame) -> Void {
        var budget = StreamedFrameBudget()
        var number = 0
        return { [weak self] frame in
            defer { number += 1 }
            guard let self, !self.cancellation.isCancelled, !self.stream.isAbandoned else { return }
            let bytes = LiveFrameEncoding.bytes(frame, number: frame.frame ?? number)
            guard budget.admits(t: frame.t, size: bytes.count) else { return }
            self.stream.write(RunStreamMessage.frame.bytes(bytes))
        }
    }
}
