import Foundation

/// A response body sent while it is being made: the maker `write`s pieces (from any thread)
/// and `finish`es; the server's thread for the connection reads them as they come and sends
/// each at once (chunked transfer). Memory is bounded: a write waits while more than
/// `maximumBuffered` bytes are unread, until the client reads them, the connection goes
/// (`readerGone`: what is left and what comes is dropped) or the stream is `abort`ed.
public final class HTTPByteStream: @unchecked Sendable {
    private let condition = NSCondition()
    private var pieces: [[UInt8]] = []
    /// The first unread piece, and how far into it the reader is.
    private var head = 0
    private var headOffset = 0
    private var buffered = 0
    private var finished = false
    private var gone = false
    /// Unread bytes past which `write` waits (one piece larger than this is taken when
    /// nothing else is unread).
    public let maximumBuffered: Int

    public init(maximumBuffered: Int = 8 << 20) {
        self.maximumBuffered = maximumBuffered
    }

    /// Appends `bytes`; false (dropping them) once the reader is gone or the stream ended.
    /// Waits while the unread bytes are over `maximumBuffered`.
    /// - Complexity: O(1) amortized (the bytes are kept, not copied).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !gone && !finished && buffered > 0 && buffered + bytes.count > maximumBuffered { condition.wait() }
        guard !gone && !finished else { return false }
        guard !bytes.isEmpty else { return true }
        pieces.append(bytes)
        buffered += bytes.count
        condition.broadcast()
        return true
    }

    /// Ends the stream after what was written.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the stream now: the pieces not yet begun are dropped (a server stopping, a
    /// superseded answer); one the reader is part-way through is finished, so the stream ends
    /// between two writes.
    public func abort() {
        condition.lock()
        dropUnread(keepingBegun: true)
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The connection went: nothing more is read; writes are dropped from now on.
    func readerGone() {
        condition.lock()
        dropUnread(keepingBegun: false)
        gone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the reader is gone (a writer may stop making what nobody reads).
    public var isAbandoned: Bool { condition.lock(); defer { condition.unlock() }; return gone }

    /// Copies the next unread bytes into `buffer`, waiting for some; nil at the end.
    /// - Complexity: O(bytes copied).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while head == pieces.count && !finished && !gone { condition.wait() }
        guard head < pieces.count, !gone else { return nil }
        var copied = 0
        while copied < buffer.count && head < pieces.count {
            let piece = pieces[head]
            let n = min(buffer.count - copied, piece.count - headOffset)
            piece.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: buffer[copied..<copied + n])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[headOffset..<headOffset + n]))
            }
            copied += n
            headOffset += n
            if headOffset == piece.count { pieces[head] = []; head += 1; headOffset = 0 }
        }
        buffered -= copied
        if head > 64 && head * 2 > pieces.count { pieces.removeFirst(head); head = 0 }
        condition.broadcast()
        return copied
    }

    /// The next whole pieces as they were written, waiting for one: the first, and those
    /// after it that are there already while all together stay within `bytes`; nil at the
    /// end. For a reader that sends pieces as messages (`read(into:)` and this are not mixed
    /// on a stream).
    /// - Complexity: O(pieces taken) amortized.
    func readPieces(upTo bytes: Int) -> [[UInt8]]? {
        condition.lock()
        defer { condition.unlock() }
        while head == pieces.count && !finished && !gone { condition.wait() }
        guard head < pieces.count, !gone else { return nil }
        var taken: [[UInt8]] = []
        var size = 0
        while head < pieces.count && (taken.isEmpty || size + pieces[head].count - headOffset <= bytes) {
            let piece = headOffset == 0 ? pieces[head] : Array(pieces[head][headOffset...])
            taken.append(piece)
            size += piece.count
            pieces[head] = []
            head += 1
            headOffset = 0
        }
        buffered -= size
        if head > 64 && head * 2 > pieces.count { pieces.removeFirst(head); head = 0 }
        condition.broadcast()
        return taken
    }

    private func dropUnread(keepingBegun: Bool) {
        if keepingBegun && headOffset > 0 && head < pieces.count {
            pieces = [pieces[head]]
            buffered = pieces[0].count - headOffset
        } else {
            pieces = []
            headOffset = 0
            buffered = 0
        }
        head = 0
    }
}
