import Foundation
import SpringKitSim
import SpringKitTools

/// One live run: the script runs on a thread of its own up to its first gesture call, where a
/// `GestureDrive` takes over and waits for the page's pointer. Each `/api/live/frame` request is
/// one display frame (the finger down at a point, or not), answered with that frame, encoded
/// (`LiveFrameEncoding`); `stop` ends the drive, and the script ends with the run's trace: the
/// gesture played, step by step, is what a gesture file records.
final class LiveSession: @unchecked Sendable {
    let id: Int
    /// The values the run was started with (the page's), as `NAME=VALUE` overrides.
    let values: [(name: String, value: String)]
    let drive: GestureDrive
    /// Frames one session may play (about 20 minutes at 60 Hz): the recording's memory is bounded.
    static let maximumFrames = 72_000
    /// A frame request sooner than this after the last frame plays no frame (a flood of
    /// requests cannot run the scene faster than the display).
    static let minimumFrameInterval: UInt64 = 7_000_000

    /// The state the run's thread and the server's share, under `condition`.
    private final class Channel: @unchecked Sendable {
        let condition = NSCondition()
        var queue: [GestureDrive.Step] = []
        var ended = false
        var fingerDown = false
        var latest: [UInt8] = []
        var framesPlayed = 0
        var lastFrameAt: UInt64 = 0
        var ready: Result<(viewport: SIMD2<Double>, edgeInset: Double), Error>?
        var outcome: Result<ScriptRun, Error>?
    }
    private let channel = Channel()
    private var thread: WorkerThread?

    init(id: Int, script: String, options base: ScriptOptions, values: [(name: String, value: String)]) throws {
        self.id = id
        self.values = values
        var options = base
        options.output = nil
        options.onHardTimeout = nil
        // A live run lasts as long as the hand plays: bounded by the frame cap, not the clock.
        options.limits.timeout = 1e6
        options.limits.maxInstructions = max(options.limits.maxInstructions, 4_000_000_000)
        for (name, value) in values { try options.parameters.addOverride("\(name)=\(value)") }
        let channel = self.channel
        drive = GestureDrive(next: {
            channel.condition.lock()
            defer { channel.condition.unlock() }
            while true {
                if channel.ended || channel.framesPlayed >= LiveSession.maximumFrames { return nil }
                if !channel.queue.isEmpty { return channel.queue.removeFirst() }
                channel.condition.wait()
            }
        })
        drive.tookOver = { frame, viewport, edgeInset in
            let bytes = LiveFrameEncoding.bytes(frame, number: frame?.frame ?? 0)
            channel.condition.lock()
            channel.latest = bytes
            channel.ready = .success((viewport, edgeInset))
            channel.condition.broadcast()
            channel.condition.unlock()
        }
        drive.frameEnded = { frame, number, finger in
            // A report that draws no finger of its own (a script's sk.report) gets the drive's.
            var shown = frame
            if shown != nil, shown?.touch == nil { shown?.touch = finger }
            let bytes = LiveFrameEncoding.bytes(shown, number: number)
            channel.condition.lock()
            channel.latest = bytes
            channel.framesPlayed += 1
            channel.condition.broadcast()
            channel.condition.unlock()
        }
        options.gesture = drive
        let runOptions = options
        guard let thread = WorkerThread({
            let result = Result { try ScriptRunner.run(path: script, options: runOptions) }
            channel.condition.lock()
            channel.outcome = result
            if channel.ready == nil {
                switch result {
                case .failure(let error as ScriptError) where error.message.contains("the gesture was not played"):
                    channel.ready = .failure(LiveError.notDriveable(script))
                case .failure(let error): channel.ready = .failure(error)
                case .success: channel.ready = .failure(LiveError.notDriveable(script))
                }
            }
            channel.ended = true
            channel.condition.broadcast()
            channel.condition.unlock()
        }) else { throw LiveError.noThread }
        self.thread = thread
    }

    enum LiveError: Error, CustomStringConvertible {
        case notDriveable(String), noThread, timedOut, over
        var description: String {
            switch self {
            case .notDriveable(let script): return "\(script) cannot be driven by hand: it makes no gesture on a rubber menu, an sk.animator or a gallery (its scripted run still plays)"
            case .noThread: return "the system refused a thread for the live run"
            case .timedOut: return "the live run did not answer within 5 s"
            case .over: return "the live run is over (start it again)"
            }
        }
    }

    /// Waits until the drive took over (or the script could not be driven).
    func waitUntilReady() throws -> (viewport: SIMD2<Double>, edgeInset: Double, kind: String, frame: [UInt8]) {
        channel.condition.lock()
        defer { channel.condition.unlock() }
        let deadline = Date().addingTimeInterval(30)
        while channel.ready == nil { if !channel.condition.wait(until: deadline) { throw LiveError.timedOut } }
        switch channel.ready! {
        case .success(let info): return (info.viewport, info.edgeInset, drive.targetKind, channel.latest)
        case .failure(let error): throw error
        }
    }

    /// One display frame with the finger down at `point` (viewport points) or up (nil): the
    /// frame's bytes. Early requests (a flood) get the last frame again without playing one.
    func frame(finger point: SIMD2<Double>?) throws -> [UInt8] {
        channel.condition.lock()
        defer { channel.condition.unlock() }
        guard !channel.ended, channel.outcome == nil else { throw LiveError.over }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- channel.lastFrameAt >= Self.minimumFrameInterval else { return channel.latest }
        channel.lastFrameAt = now
        let target = channel.framesPlayed + 1
        switch (channel.fingerDown, point) {
        case (false, let p?): channel.queue += [.down(p), .move(p)]; channel.fingerDown = true
        case (true, let p?): channel.queue.append(.move(p))
        case (true, nil): channel.queue += [.up(velocity: nil), .wait(frames: 1)]; channel.fingerDown = false
        case (false, nil): channel.queue.append(.wait(frames: 1))
        }
        channel.condition.broadcast()
        let deadline = Date().addingTimeInterval(5)
        while channel.framesPlayed < target && channel.outcome == nil {
            if !channel.condition.wait(until: deadline) { throw LiveError.timedOut }
        }
        return channel.latest
    }

    /// Ends the drive; the script ends with the run (its trace is the live run's).
    @discardableResult
    func stop() -> Result<ScriptRun, Error>? {
        channel.condition.lock()
        channel.ended = true
        channel.condition.broadcast()
        channel.condition.unlock()
        thread?.join()
        thread = nil
        channel.condition.lock()
        defer { channel.condition.unlock() }
        return channel.outcome
    }
}

/// A live frame as bytes, little-endian: eight Float64 (frame number, t, offset x, offset y,
/// finger x, finger y — NaN when no finger —, cell count n, byte length of the shapes' JSON),
/// n × 6 Float32 (id, x, y, width, height, stretch), n UInt32 colours, then the frame's shapes as
/// the JSON list `SpringKitShapes.drawList` draws (UTF-8). The page reads it with typed arrays.
enum LiveFrameEncoding {
    static func bytes(_ frame: ReportData.Frame?, number: Int) -> [UInt8] {
        guard let frame else { return header([Double(number), 0, 0, 0, .nan, .nan, 0, 0]) }
        let shapes = Array(ReportShapesEncoding.json(shapes: frame.shapes).utf8)
        var out = header([Double(frame.frame ?? number), frame.t, frame.offset.x, frame.offset.y,
                          frame.touch?.x ?? .nan, frame.touch?.y ?? .nan, Double(frame.cells.count), Double(shapes.count)])
        out.reserveCapacity(out.count + frame.cells.count * 28 + shapes.count)
        for cell in frame.cells {
            for value in [Double(cell.id), cell.x, cell.y, cell.width, cell.height, cell.stretch] {
                append(Float(value).bitPattern, to: &out)
            }
        }
        for cell in frame.cells { append(cell.color, to: &out) }
        return out + shapes
    }

    private static func header(_ values: [Double]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for value in values {
            let bits = value.bitPattern
            for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
        }
        return out
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(k)))) }
    }
}
