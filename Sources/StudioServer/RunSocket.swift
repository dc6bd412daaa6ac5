import Foundation
import SpringKitSupport

/// Re-runs over a WebSocket (`GET /api/run/socket`, docs/studio.md "Run data"). Each text
/// message from the page asks for one re-run:
///
///     run N
///     name=value
///     …
///
/// N (0 to 2³²−1) is the page's number for the run, then one line per value, as `--param`
/// takes it. Every stream message of that run (`RunStreamMessage`) comes back as one binary
/// message after N (UInt32, little-endian), so the page drops what a replaced run still sends.
enum RunSocketRequest {
    /// The run's number and values, or nil when `text` is not such a request.
    /// - Complexity: O(n) in the text's length.
    static func parse(_ text: String) -> (number: UInt32, values: [(name: String, value: String)])? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("run "), let number = UInt32(first.dropFirst(4)) else { return nil }
        var values: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex else { return nil }
            values.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
        }
        return (number, values)
    }

    /// One stream message of run `number` as the socket sends it.
    static func message(_ number: UInt32, _ streamMessage: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4 + streamMessage.count)
        withUnsafeBytes(of: number.littleEndian) { out.append(contentsOf: $0) }
        out.append(contentsOf: streamMessage)
        return out
    }
}

/// The thread that sends a run socket's current re-run: it reads the run's stream a message at
/// a time and sends each at once; a newer run (whose start cancelled this one, ending its
/// stream) takes over. A client that stops reading is closed by the send's deadline, and every
/// stream handed over after that is marked unread, so no run waits on it.
final class RunSocketSender: @unchecked Sendable {
    private let socket: WebSocketConnection
    private let condition = NSCondition()
    private var next: (number: UInt32, run: StreamedRun)?
    private var ended = false
    private var thread: WorkerThread?

    /// Starts the sending thread; nil when the system refuses one.
    init?(socket: WebSocketConnection) {
        self.socket = socket
        guard let thread = WorkerThread({ self.sendRuns() }) else { return nil }
        self.thread = thread
    }

    /// Sends `run`'s messages as run `number` from now on.
    func send(_ run: StreamedRun, number: UInt32) {
        condition.lock()
        next?.run.stream.readerGone()   // replaced before its first message was read
        next = (number, run)
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the thread once the run it sends has ended (its owner cancels it), and waits for it.
    func finish() {
        condition.lock()
        ended = true
        next?.run.stream.readerGone()
        next = nil
        condition.broadcast()
        condition.unlock()
        thread?.join()
        thread = nil
    }

    private func sendRuns() {
        while let (number, run) = take() {
            while let piece = run.stream.readPiece() {
                guard socket.send(RunSocketRequest.message(number, piece)) else { run.stream.readerGone(); break }
            }
        }
    }

    private func take() -> (number: UInt32, run: StreamedRun)? {
        condition.lock()
        defer { condition.unlock() }
        while next == nil && !ended { condition.wait() }
        defer { next = nil }
        return ended ? nil : next
    }
}
