import SpringKitSupport
import SpringKitMotion
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files for a script (`springkit.load_trace`, `springkit.load_dot_image`): relative
/// paths are taken from the script's folder, and without `--allow-io` the resolved path
/// (symbolic links and `..` followed) must stay inside that folder's tree. Only regular
/// files are read — a FIFO or device is refused without blocking — and no larger than the
/// memory cap allows. Errors name the path and the reason, never the file's contents.
struct ScriptFileAccess {
    let scriptPath: String
    let allowIO: Bool
    let budget: ResourceBudget?

    struct Refusal: SpringKitError {
        var description: String
        var blamesArguments: Bool { false }
    }

    /// The path a script means by `given`: as is when absolute, else under the script's folder.
    func resolve(_ given: String) -> String {
        let folder = (scriptPath as NSString).deletingLastPathComponent
        return given.hasPrefix("/") || folder.isEmpty ? given : folder + "/" + given
    }

    /// `path` as messages show it: control characters escaped, so a reason stays one line.
    static func shown(_ path: String) -> String { VisibleText.escaped(path) }

    /// The bytes of the file the script names by `given`; `path` is the resolved path as
    /// messages show it.
    func read(_ given: String) throws -> (path: String, bytes: [UInt8]) {
        let bytes = try readBytes(given)
        return (Self.shown(resolve(given)), bytes)
    }

    private func readBytes(_ given: String) throws -> [UInt8] {
        let path = resolve(given)
        let shownPath = Self.shown(path)
        guard !given.isEmpty, !given.utf8.contains(0) else { throw Refusal(description: "'\(Self.shown(given))': not a file name") }
        guard let real = Self.realPath(path) else {
            throw Refusal(description: "\(shownPath): \(String(cString: strerror(errno)))")
        }
        if !allowIO {
            let folder = (scriptPath as NSString).deletingLastPathComponent
            guard let root = Self.realPath(folder.isEmpty ? "." : folder) else {
                throw Refusal(description: "\(shownPath): the script's folder cannot be resolved")
            }
            let inside = root == "/" ? real.hasPrefix("/") : (real == root || real.hasPrefix(root + "/"))
            guard inside else {
                throw Refusal(description: "\(shownPath): outside the script's folder (scripts read files in their own folder tree; pass --allow-io to read others)")
            }
        }
        return try Self.readRegularFile(real, shownAs: shownPath, budget: budget)
    }

    /// The bytes of the regular file at `path` (`shownAs` in messages), read by `InputFile`
    /// without waiting on a FIFO, which is refused like a device or directory; with a
    /// `budget`, no more than the memory cap allows is read.
    static func readRegularFile(_ path: String, shownAs shownPath: String, budget: ResourceBudget? = nil) throws -> [UInt8] {
        do {
            return try InputFile.bytes(path, limit: budget?.byteLimit ?? Int.max, regularFilesOnly: true)
        } catch let error as InputFile.ReadError {
            let prefix = path + ": "
            throw Refusal(description: error.description.hasPrefix(prefix) ? shownPath + ": " + error.description.dropFirst(prefix.count) : error.description)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

}

extension ScriptSession {
    var files: ScriptFileAccess { ScriptFileAccess(scriptPath: scriptPath, allowIO: allowIO, budget: budget) }
}
