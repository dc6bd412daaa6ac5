import Foundation
import SpringKitSupport

/// Re-runs over a WebSocket (`GET /api/run/socket`, docs/studio.md "Run data"). Each text
/// message from the page asks for one re-run:
///
///     run N
///     name=value
///     …
///
/// N (decimal, 0 to 2³²−1) is the page's number for the run, then one line per value (at
/// most `LoopbackHTTPServer.maximumQueryArguments`, as for `POST /api/run`), as `--param`
/// takes it. The stream messages of that run (`RunStreamMessage`) come back in binary messages,
/// each N (UInt32, little-endian) and then one or more stream messages — those ready together,
/// up to 64 KB, go in one, so the second of frames a run streams at once costs the page a few
/// messages, not sixty. The page drops what a replaced run still sends; a run replaced by
/// anything else (another page, a POST) ends with `replaced`.
enum RunSocketRequest {
    /// The run's number and values, or nil when `text` is not such a request.
    /// - Complexity: O(n) in the text's length.
    static func parse(_ text: String) -> (number: UInt32, values: [(name: String, value: String)])? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= 1 + LoopbackHTTPServer.maximumQueryArguments, let first = lines.first, first.hasPrefix("run "),
              first.dropFirst(4).allSatisfy({ $0.isASCII && $0.isNumber }), let number = UInt32(first.dropFirst(4)) else { return nil }
        var values: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex else { return nil }
            values.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
        }
        return (number, values)
    }

    /// What goes before each stream message of run `number`: the number, little-endian.
    static func prefix(_ number: UInt32) -> [UInt8] { withUnsafeBytes(of: number.littleEndian) { Array($0) } }
}

/// The thread that sends a run socket's current re-run: it reads the run's stream as it comes
/// and sends what is there at once. A newer request drops the run being sent (what is left of it
/// is not read), and the newer run takes over. A stream that ends without its run or refusal
/// (cancelled by another page's re-run) is followed by `replaced`. A client that stops reading
/// is closed by the send's deadline, and every stream handed over after that is marked unread,
/// so no run waits on it.
final class RunSocketSender: @unchecked Sendable {
    private let socket: WebSocketConnection
    private let condition = NSCondition()
    private var next: (number: UInt32, run: StreamedRun)?
    /// The run whose stream is being sent.
    private var reading: StreamedRun?
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
        dropRuns()
        next = (number, run)
        condition.broadcast()
        condition.unlock()
    }

    /// Stops sending the run being sent (a newer request was refused: the page no longer reads it).
    func drop() {
        condition.lock()
        dropRuns()
        condition.unlock()
    }

    /// Marks the run being sent and the one waiting to be as unread. Called holding `condition`.
    private func dropRuns() {
        reading?.stream.readerGone()
        next?.run.stream.readerGone()
        next = nil
    }

    /// Stops the thread, dropping the runs it holds (what is left of them is not read), and waits for it.
    func finish() {
        condition.lock()
        ended = true
        dropRuns()
        condition.broadcast()
        condition.unlock()
        thread?.join()
        thread = nil
    }

    private func sendRuns() {
        while let (number, run) = take() {
            let prefix = RunSocketRequest.prefix(number)
            var answered = false
            while let pieces = run.stream.readPieces(upTo: 65_536) {
                answered = pieces.contains(where: RunStreamMessage.endsARun)
                guard socket.send(prefix: prefix, pieces.count == 1 ? pieces[0] : Array(pieces.joined())) else {
                    run.stream.readerGone()
                    break
                }
            }
            // Cancelled by someone else's re-run (this page's own next request has a newer number).
            if !answered && !run.stream.isAbandoned { socket.send(prefix: prefix, RunStreamMessage.replaced.bytes([])) }
        }
    }

    /// The next run to send (becoming `reading`), waiting for one; nil once finished.
    private func take() -> (number: UInt32, run: StreamedRun)? {
        condition.lock()
        defer { condition.unlock() }
        reading = nil
        while next == nil && !ended { condition.wait() }
        defer { next = nil }
        reading = ended ? nil : next?.run
        return ended ? nil : next
    }
}
