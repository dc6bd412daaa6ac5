import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files so that a reader, a crash or a failed run never leaves half a file.
///
/// The rules (docs/cli.md, "Output files"):
/// - A regular file (or a new one) is written atomically: the bytes go to a temporary file in
///   the same directory (`.NAME` + `temporaryMarker` + `PID-XXXXXX`), flushed, then renamed over the
///   destination. A replaced file keeps its permissions.
/// - A symbolic link to a regular file is written through: its target is replaced atomically
///   and the link stays. A link to a missing file is refused.
/// - `/dev/stdout`, `/dev/stderr` (and `/dev/fd/1`, `/dev/fd/2`) go to the process's own
///   standard output or error, in order with what it prints.
/// - Character devices, FIFOs and sockets are opened (never waiting for a reader) and written
///   through; a write error such as `/dev/full`'s is reported. Directories and block devices
///   are refused. Nothing is ever created in place of a device.
/// - Temporary files left by an earlier run that was killed (its process is gone) are removed
///   from the destination's directory.
///
/// `Batch` stages several outputs and commits them together, so a run that fails before its
/// commit writes nothing at all.
package enum AtomicFile {
    /// A file that cannot be written, with the reason.
    package struct WriteError: SpringKitError {
        package var description: String
        package var blamesArguments: Bool { false }
        package init(description: String) { self.description = description }
    }

    /// Writes one file by the rules above.
    package static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    package static func write(_ bytes: [UInt8], to path: String) throws {
        let batch = Batch()
        try batch.add(bytes, to: path)
        try batch.commit()
    }

    /// The marker in temporary files' names, used to find stale ones. The program sets its own
    /// once at start, before any write (`simrun` sets `.simrun-tmp-`); the library's is neutral.
    package static var temporaryMarker = ".springkit-tmp-"

    /// Outputs staged to be written together: nothing reaches a destination before `commit()`;
    /// a batch dropped without a commit removes its temporary files (and the directories it made).
    package final class Batch {
        private enum Staged {
            /// A finished temporary file waiting to be renamed over `destination`.
            case replace(temporary: String, destination: String)
            /// A device, FIFO or socket opened for writing.
            case writeThrough(descriptor: Int32, path: String, bytes: [UInt8])
            /// The process's standard output (1) or error (2).
            case standardStream(descriptor: Int32, path: String, bytes: [UInt8])
        }

        private var staged: [Staged] = []
        private var destinations: Set<String> = []
        private var createdDirectories: [String] = []
        private var committed = false

        package init() {}

        deinit { discard() }

        package func add(_ text: String, to path: String) throws {
            try add(Array(text.utf8), to: path)
        }

        /// Checks the destination and stages the bytes (a temporary file for regular files).
        /// - Complexity: O(n) in the bytes, plus a scan of the destination's directory for stale temporary files.
        package func add(_ bytes: [UInt8], to path: String) throws {
            precondition(!committed, "AtomicFile.Batch: add after commit")
            switch try Destination.resolve(path) {
            case .standardStream(let descriptor):
                staged.append(.standardStream(descriptor: descriptor, path: path, bytes: bytes))
            case .device(let kind):
                let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    let reason = errno == ENXIO ? "no process is reading it" : String(cString: strerror(errno))
                    throw WriteError(description: "cannot write \(path) (\(kind)): \(reason)")
                }
                // Opened without waiting for a reader; the writes themselves may wait for one.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                staged.append(.writeThrough(descriptor: descriptor, path: path, bytes: bytes))
            case .regular(let target, let existingMode):
                guard destinations.insert(AtomicFile.identity(of: target)).inserted else {
                    throw WriteError(description: "cannot write \(path): this run already writes that file")
                }
                let directory = (target as NSString).deletingLastPathComponent
                try makeDirectories(directory.isEmpty ? "." : directory, for: path)
                removeStaleTemporaryFiles(in: directory.isEmpty ? "." : directory)
                let temporary = try writeTemporary(bytes, for: target, shownAs: path, mode: existingMode ?? 0o644)
                staged.append(.replace(temporary: temporary, destination: target))
            }
        }

        /// Writes the devices and streams, then renames every temporary file into place.
        /// On an error the remaining temporary files are removed.
        package func commit() throws {
            precondition(!committed, "AtomicFile.Batch: committed twice")
            defer { discard() }
            for item in staged {
                switch item {
                case .standardStream(let descriptor, let path, let bytes):
                    let stream = descriptor == 1 ? stdout : stderr
                    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
                    guard written == bytes.count, fflush(stream) == 0 else {
                        throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
                    }
                case .writeThrough(let descriptor, let path, let bytes):
                    if let reason = writeAll(descriptor, bytes) {
                        throw WriteError(description: "cannot write \(path): \(reason)")
                    }
                case .replace:
                    continue
                }
            }
            for case let .replace(temporary, destination) in staged {
                guard rename(temporary, destination) == 0 else {
                    throw WriteError(description: "cannot write \(destination): \(String(cString: strerror(errno)))")
                }
            }
            committed = true
            createdDirectories = []
        }

        /// Drops what is staged: closes devices, removes temporary files and, unless
        /// committed, the directories this batch created. Called on deinit.
        package func discard() {
            for item in staged {
                switch item {
                case .replace(let temporary, _): unlink(temporary)     // after a rename: already gone
                case .writeThrough(let descriptor, _, _): close(descriptor)
                case .standardStream: break
                }
            }
            staged = []
            if !committed {
                for directory in createdDirectories.reversed() { rmdir(directory) }
            }
            createdDirectories = []
        }

        /// Creates `directory` and its missing parents, remembering which it made.
        private func makeDirectories(_ directory: String, for path: String) throws {
            var missing: [String] = []
            var current = directory
            while !current.isEmpty, current != "/", current != ".", !FileManager.default.fileExists(atPath: current) {
                missing.append(current)
                current = (current as NSString).deletingLastPathComponent
            }
            for component in missing.reversed() {
                guard mkdir(component, 0o755) == 0 || errno == EEXIST else {
                    throw WriteError(description: "cannot write \(path): cannot create directory \(component): \(String(cString: strerror(errno)))")
                }
                createdDirectories.append(component)
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw WriteError(description: "cannot write \(path): \(directory) is not a directory")
            }
        }

        private func writeTemporary(_ bytes: [UInt8], for target: String, shownAs path: String, mode: mode_t) throws -> String {
            let directory = (target as NSString).deletingLastPathComponent
            // Keep the name short enough for NAME_MAX whatever the destination's name.
            let name = String((target as NSString).lastPathComponent.prefix(100))
            let prefix = directory.isEmpty ? "" : directory + "/"
            var template = Array((prefix + "." + name + AtomicFile.temporaryMarker + "\(getpid())-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            let temporary = String(cString: template)
            var failure = writeAll(descriptor, bytes)
            if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
            _ = fchmod(descriptor, mode)
            close(descriptor)
            if let failure {
                unlink(temporary)
                throw WriteError(description: "cannot write \(path): \(failure)")
            }
            return temporary
        }
    }

    /// What a path names, and so how it is written.
    enum Destination {
        case regular(target: String, existingMode: mode_t?)
        case device(kind: String)
        case standardStream(descriptor: Int32)

        static func resolve(_ path: String) throws -> Destination {
            func refuse(_ reason: String) -> WriteError { WriteError(description: "cannot write \(path): \(reason)") }
            guard !path.isEmpty else { throw WriteError(description: "cannot write an empty file name") }
            guard !path.utf8.contains(0) else { throw refuse("the name contains a NUL byte") }
            switch path {
            case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardStream(descriptor: 1)
            case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardStream(descriptor: 2)
            default: break
            }
            if path.hasSuffix("/") { throw refuse("the name ends in '/' (a directory, not a file)") }
            var link = stat()
            guard lstat(path, &link) == 0 else {
                if errno == ENOENT { return .regular(target: path, existingMode: nil) }
                throw refuse(String(cString: strerror(errno)))
            }
            var info = link
            var target = path
            if link.st_mode & S_IFMT == S_IFLNK {
                guard stat(path, &info) == 0 else {
                    throw refuse(errno == ENOENT ? "it is a symbolic link to a missing file" : String(cString: strerror(errno)))
                }
                if info.st_mode & S_IFMT == S_IFREG {
                    guard let resolved = realpath(path, nil) else { throw refuse(String(cString: strerror(errno))) }
                    target = String(cString: resolved)
                    free(resolved)
                }
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                guard access(target, W_OK) == 0 else { throw refuse("the file is read-only") }
                return .regular(target: target, existingMode: info.st_mode & 0o7777)
            case S_IFDIR: throw refuse("it is a directory")
            case S_IFBLK: throw refuse("it is a block device (refused)")
            case S_IFCHR: return .device(kind: "a character device")
            case S_IFIFO: return .device(kind: "a FIFO")
            case S_IFSOCK: return .device(kind: "a socket")
            default: throw refuse("not a regular file")
            }
        }
    }

    /// What names one file whatever the spelling (`same.csv`, `./same.csv`, a link to it, a
    /// hard link): the device and inode of an existing file, else the resolved directory and
    /// the name, else the absolute path with `.` and `..` removed.
    static func identity(of path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "inode \(info.st_dev):\(info.st_ino)" }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let directory = (absolute as NSString).deletingLastPathComponent, name = (absolute as NSString).lastPathComponent
        if let resolved = realpath(directory, nil) {
            defer { free(resolved) }
            return "path " + String(cString: resolved) + "/" + name
        }
        return "path " + (absolute as NSString).standardizingPath
    }

    /// Where `path` leads once every symbolic link on the way is followed (the deepest
    /// existing folder resolved, the rest appended), or nil when a link is dangling or the
    /// path cannot be resolved.
    static func resolvedLocation(of path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = absolute
        var rest: [String] = []
        while true {
            var info = stat()
            if lstat(existing, &info) == 0 {
                guard let resolved = realpath(existing, nil) else { return nil }   // a dangling link
                defer { free(resolved) }
                var result = String(cString: resolved)
                for component in rest.reversed() {
                    guard component != ".." else { return nil }
                    if component != "." && !component.isEmpty { result += (result.hasSuffix("/") ? "" : "/") + component }
                }
                return result
            }
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { return nil }
            rest.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }

    /// A file written on a repository's behalf (a golden, an artefact, a default output, a
    /// saved parameters file), not named by the user: it must resolve inside `root` (the
    /// script's folder, the current folder). A symbolic link anywhere on the way that leads
    /// outside is refused with a reason, never written through.
    package static func requireInside(_ path: String, root: String, what: String) throws {
        guard let rootPath = resolvedLocation(of: root) else {
            throw WriteError(description: "cannot write \(what) \(path): its folder \(root) cannot be resolved")
        }
        guard let location = resolvedLocation(of: path) else {
            throw WriteError(description: "cannot write \(what) \(path): a symbolic link on the way leads nowhere (refused: files written on the repository's behalf stay inside it)")
        }
        let inside = rootPath == "/" || location == rootPath || location.hasPrefix(rootPath + "/")
        guard inside else {
            throw WriteError(description: "cannot write \(what) \(path): it resolves to \(location), outside \(root == "." ? "the current folder" : root) (a symbolic link leads out; files written on the repository's behalf stay inside it)")
        }
    }

    /// Removes `.NAME` + `temporaryMarker` + `PID-XXXXXX` files in `directory` whose process no longer runs.
    /// - Complexity: O(n) in the directory's entries.
    static func removeStaleTemporaryFiles(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: temporaryMarker, options: .backwards) else { continue }
            let rest = name[marker.upperBound...]
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { continue }
            unlink(path)
        }
    }

    /// Writes every byte (retrying short writes and EINTR); the failure's reason, or nil.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return n < 0 ? String(cString: strerror(errno)) : "nothing was written" }
                offset += n
            }
            return nil
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
