import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file named on the command line (a `--params` file): a regular file, or a
/// pipe such as `<(…)`. Opening never waits for a writer, directories are refused, and no
/// more than `limit` bytes are read (so `/dev/zero` ends with an error, not an exhausted memory).
package enum InputFile {
    /// A file that cannot be read: `PATH: reason`.
    package struct ReadError: SpringKitError {
        package var description: String
        package var blamesArguments: Bool { false }
    }

    /// The most bytes an input file may hold by default (16 MiB).
    package static let defaultLimit = 16 << 20

    /// The file's bytes. Errors read `PATH: reason`. With `regularFilesOnly` a pipe, device
    /// or socket is refused too (a script's data files; nothing there may wait for a writer).
    /// - Complexity: O(n) in the file's size.
    package static func bytes(_ path: String, limit: Int = defaultLimit, regularFilesOnly: Bool = false) throws -> [UInt8] {
        func failure(_ reason: String) -> ReadError { ReadError(description: "\(path): \(reason)") }
        guard !path.isEmpty else { throw ReadError(description: "an empty file name") }
        guard !path.utf8.contains(0) else { throw failure("the name contains a NUL byte") }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO, S_IFCHR, S_IFSOCK: if regularFilesOnly { throw failure("not a regular file") }
        case S_IFDIR: throw failure("is a directory")
        default: throw failure("not a regular file")
        }
        // Reads wait for a pipe's writer as usual; only the open did not.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw failure(String(cString: strerror(errno))) }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else { throw failure(limit >= 1 << 20 ? "larger than \(limit >> 20) MiB" : "larger than \(limit) bytes") }
            bytes += chunk[..<n]
        }
    }

    /// The file as UTF-8 text; invalid UTF-8 or a NUL byte is refused with `PATH:LINE`.
    /// - Complexity: O(n) in the file's size.
    package static func text(_ path: String, limit: Int = defaultLimit) throws -> String {
        let bytes = try bytes(path, limit: limit)
        if let text = String(bytes: bytes, encoding: .utf8), !bytes.contains(0) { return text }
        var line = 1, start = 0
        for (k, byte) in bytes.enumerated() where byte == 0x0A || k == bytes.count - 1 {
            let piece = bytes[start...k]
            if piece.contains(0) { throw ReadError(description: "\(path):\(line): contains a NUL byte (not a text file)") }
            if String(bytes: piece, encoding: .utf8) == nil { throw ReadError(description: "\(path):\(line): not UTF-8 text") }
            line += 1
            start = k + 1
        }
        throw ReadError(description: "\(path): not UTF-8 text")
    }

    private static func systemRead(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, pointer, count)
        #else
        return Darwin.read(fd, pointer, count)
        #endif
    }
}
