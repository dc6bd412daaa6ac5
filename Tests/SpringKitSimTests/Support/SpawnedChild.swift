import Foundation
@testable import SpringKitSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests that signal it: started with `posix_spawn` and reaped only by
/// this object, so `signal(_:)` reaches this child or nothing.
///
/// Until a child is reaped its pid stays reserved (an exited child is a zombie, which ignores
/// signals). Foundation's `Process` reaps its child on a thread of its own the moment it
/// exits, so `kill(process.processIdentifier, …)` after the child ended, or just after
/// `isRunning` said true, can reach whichever process has taken the pid since — another
/// program's, on a busy machine where pids recycle fast (Linux's default `pid_max` is 32768).
///
/// Not thread-safe: use one object from one thread.
final class SpawnedChild {
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    /// The wait status once reaped.
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` in `directory` (nil: the current one), with the
    /// standard output and error discarded unless `keepOutput`.
    init(_ executable: String, _ arguments: [String], in directory: URL? = nil, keepOutput: Bool = false) throws {
        // In `directory`: a shell changes into it and execs the program (same pid); Swift's
        // Glibc module has no posix_spawn_file_actions_addchdir_np.
        let command = directory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0.path, executable] } ?? [executable]
        let discard = keepOutput ? [] : [ProcessSpawn.Redirect(1, "/dev/null", O_WRONLY), ProcessSpawn.Redirect(2, "/dev/null", O_WRONLY)]
        do {
            pid = try ProcessSpawn.spawn(command + arguments, redirects: discard)
        } catch let failure as ProcessSpawn.Failure {
            throw SpawnError(description: failure.description)
        }
    }

    deinit {
        // Never leave a zombie (or a running child) behind a failed test.
        if waitStatus == nil {
            kill(pid, SIGKILL)
            wait()
        }
    }

    /// True until the child has exited (reaps it then).
    var isRunning: Bool {
        reap(blocking: false)
        return waitStatus == nil
    }

    /// Signals sent to the child so far.
    private(set) var signalsSent = 0

    /// Sends `signal` to the child unless it has been reaped (an exited, unreaped child ignores it).
    func signal(_ signal: Int32) {
        guard waitStatus == nil else { return }
        kill(pid, signal)
        signalsSent += 1
    }

    /// Waits for the child to end; returns its exit status, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        reap(blocking: true)
        let status = waitStatus!
        // Exited normally: the low 7 bits are 0 and the code is in the next byte; else a signal.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private func reap(blocking: Bool) {
        guard waitStatus == nil else { return }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { waitStatus = status; return }
            if result == 0 { return }
            if errno != EINTR {
                // ECHILD: someone else reaped it (not this object's contract); it is gone either way.
                waitStatus = 0
                return
            }
        }
    }
}
