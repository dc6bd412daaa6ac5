import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically: the bytes go to a temporary file in the same directory,
/// which is flushed and then renamed over the destination. A reader (or a crash
/// mid-write) sees either the old file or the new one, never half of one.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create directory \(directory): \(error.localizedDescription)")
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        let tempPath = String(cString: template)
        var ok = true
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { ok = false; return }
                offset += n
            }
        }
        if ok { ok = fsync(fd) == 0 }
        _ = fchmod(fd, 0o644)
        close(fd)
        guard ok, rename(tempPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw WriteError(description: "cannot write \(path): \(reason)")
        }
    }

    private static func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, pointer, count)
        #else
        return Darwin.write(fd, pointer, count)
        #endif
    }
}
