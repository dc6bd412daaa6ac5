import SpringKitSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a trace one line at a time, from a file in fixed-size pieces (memory stays bounded
/// however long the file), from a trace formatted piece by piece (`TraceCSV.Stream`) or from
/// text already in memory. A line stays valid until the
/// next call; it is followed by its `\n` in `buffer`, so `strtod` stops at the line end.
final class TraceLineReader {
    let path: String
    /// The bytes read and not yet consumed are `buffer[start..<end]`.
    private(set) var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var descriptor: Int32 = -1
    private var stream: (any TraceCSV.Source)?
    private var atEnd = false
    /// Number of the line last returned (1-based).
    private(set) var lineNumber = 0

    /// The longest line accepted from a file (a golden is text, not one huge line).
    static let maximumLineLength = 64 << 20
    static let chunkSize = 1 << 20

    /// Opens `path` for reading. Refuses what is not a regular file (a FIFO never blocks the check).
    init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else {
            throw TraceFormatError(path: path, line: 0, reason: "cannot read the file (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw TraceFormatError(path: path, line: 0, reason: "not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
        capacity = Self.chunkSize
        buffer = .allocate(capacity: capacity)
    }

    /// Reads the lines of `stream`'s CSV text as it makes them, in fixed-size pieces.
    init(stream: any TraceCSV.Source, path: String) {
        self.path = path
        self.stream = stream
        capacity = Self.chunkSize
        buffer = .allocate(capacity: capacity)
    }

    /// Reads lines from `text` (copied once).
    convenience init(text: String, path: String) { self.init(bytes: text.utf8, path: path) }

    /// Reads lines from bytes in memory (copied once).
    init<Bytes: Collection>(bytes: Bytes, path: String) where Bytes.Element == UInt8 {
        self.path = path
        capacity = max(1, bytes.count)
        buffer = .allocate(capacity: capacity)
        end = UnsafeMutableBufferPointer(start: buffer, count: capacity).initialize(from: bytes).1
        atEnd = true
    }

    deinit {
        buffer.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// The buffer's size in bytes: the chunk size unless a longer line made it grow.
    var bufferCapacity: Int { capacity }

    /// All bytes buffered so far, for parsing fields of the current line in place.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: buffer, count: end) }

    /// Whether nothing at all was read (an empty file).
    private(set) var isEmpty = true

    /// The next line as `from..<to` in `bytes` (`bytes[to]` is its `\n`); nil at the end.
    /// Throws when the last line has no line end (a truncated file) or a read fails.
    func nextLine() throws -> Range<Int>? {
        while true {
            if start < end {
                isEmpty = false
                if let hit = memchr(buffer + start, 10, end - start) {
                    let to = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - buffer
                    let line = start..<to
                    start = to + 1
                    lineNumber += 1
                    return line
                }
            }
            if atEnd {
                guard start >= end else {
                    throw TraceFormatError(path: path, line: lineNumber + 1, reason: "truncated: the last line has no line end")
                }
                return nil
            }
            try refill()
        }
    }

    /// Moves the unread bytes to the front (growing the buffer for a long line) and reads more.
    private func refill() throws {
        let pending = end - start
        if start > 0 {
            memmove(buffer, buffer + start, pending)
            start = 0
            end = pending
        }
        if end == capacity {
            guard capacity < Self.maximumLineLength else {
                throw TraceFormatError(path: path, line: lineNumber + 1, reason: "a line longer than \(Self.maximumLineLength >> 20) MiB")
            }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = grown
            capacity *= 2
        }
        if let stream {
            let count = stream.fill(buffer + end, capacity: capacity - end)
            if count == 0 { atEnd = true } else { end += count }
            return
        }
        let count = read(descriptor, buffer + end, capacity - end)
        if count < 0 {
            if errno == EINTR { return }
            throw TraceFormatError(path: path, line: lineNumber + 1, reason: "read failed (\(String(cString: strerror(errno))))")
        }
        if count == 0 { atEnd = true } else { end += count }
    }
}
