#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a program with `posix_spawn`, its standard streams opened on files (or left as this
/// process's), in this process's environment. The caller reaps the child (`waitpid`, `wait4`):
/// until then its pid stays reserved, so a signal sent to it reaches it or nothing.
package enum ProcessSpawn {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// A standard stream (0, 1 or 2) opened on `path` with `flags` (mode 0600 when created).
    package struct Redirect {
        package var descriptor: Int32
        package var path: String
        package var flags: Int32
        package init(_ descriptor: Int32, _ path: String, _ flags: Int32) {
            self.descriptor = descriptor; self.path = path; self.flags = flags
        }
    }

    /// Starts `arguments[0]` (a path) with `arguments`; returns its pid.
    /// - Complexity: O(the arguments' total length), plus the system's cost of a spawn.
    package static func spawn(_ arguments: [String], redirects: [Redirect] = []) throws -> pid_t {
        precondition(!arguments.isEmpty, "a program to start")
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for redirect in redirects {
            posix_spawn_file_actions_addopen(&actions, redirect.descriptor, redirect.path, redirect.flags, 0o600)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        #if canImport(Darwin)
        let environment = UnsafePointer(_NSGetEnviron().pointee!)
        #else
        let environment = UnsafePointer(environ)
        #endif
        var pid: pid_t = 0
        let status = argv.withUnsafeBufferPointer { posix_spawn(&pid, arguments[0], &actions, nil, $0.baseAddress!, environment) }
        guard status == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }
}
