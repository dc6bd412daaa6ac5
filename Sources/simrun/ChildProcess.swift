import Foundation
import SpringKitSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program for the benchmarks with `posix_spawn` and `wait4`, so its wall time is
/// measured to the microsecond (Foundation's `Process.waitUntilExit` returns on 50 ms
/// ticks on Linux: timing `sleep 0.003` that way gives 0.051 s), and its peak resident
/// memory comes from the kernel's accounting of that child.
///
/// On Linux a child's peak starts at its parent's: `posix_spawn` runs the child in the
/// parent's address space until `exec`, and `exec` records that space's high-water mark as
/// the child's. A suite that has held a million-spring world would report every later
/// child at its own peak (410 MB for a 92 MB check). So before each spawn the parent returns
/// freed heap to the system (`malloc_trim`), resets its own high-water mark to what it holds
/// now (`/proc/self/clear_refs`, Linux ≥ 4.0), and
/// `parentResidentBytes` says what that was: a child's figure is exact when above it.
enum ChildProcess {
    struct Result {
        var status: Int32
        var seconds: Double
        /// CPU time the child used (user + system), seconds: what a busy machine inflates least.
        var cpuSeconds: Double
        /// The child's peak resident set, bytes (at least `parentResidentBytes` on Linux).
        var peakResidentBytes: Int
        /// The parent's resident set when it spawned the child, bytes (0 where not read).
        var parentResidentBytes: Int
        /// What it wrote to standard output (standard error is discarded unless it failed).
        var output: String
        var errorOutput: String
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` in the current directory and waits for it.
    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.path
        let outPath = "\(directory)/springkit-child-\(getpid())-out", errPath = "\(directory)/springkit-child-\(getpid())-err"
        defer { unlink(outPath); unlink(errPath) }
        let parentResident = resetHighWaterMark()
        let start = DispatchTime.now().uptimeNanoseconds
        let pid: pid_t
        do {
            let create: Int32 = O_WRONLY | O_CREAT | O_TRUNC
            let redirects = [ProcessSpawn.Redirect(0, "/dev/null", O_RDONLY), ProcessSpawn.Redirect(1, outPath, create),
                             ProcessSpawn.Redirect(2, errPath, create)]
            pid = try ProcessSpawn.spawn([executable] + arguments, redirects: redirects)
        } catch let failure as ProcessSpawn.Failure {
            throw SpawnError(description: "bench: \(failure)")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnError(description: "bench: waiting for \(executable): \(String(cString: strerror(errno)))") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)          // bytes on macOS
        #else
        let peak = Int(usage.ru_maxrss) * 1024   // kilobytes on Linux
        #endif
        // Exited normally: the low 7 bits are 0 and the code is in the next byte; else a signal.
        let exited = status & 0x7f == 0
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), seconds: seconds, cpuSeconds: cpu,
                      peakResidentBytes: peak, parentResidentBytes: parentResident, output: read(outPath), errorOutput: read(errPath))
    }

    /// Linux: sets this process's peak resident set to its current one (writing 5 to
    /// /proc/self/clear_refs) and returns the current one, bytes; 0 elsewhere or when refused.
    private static func resetHighWaterMark() -> Int {
        #if os(Linux)
        ProcessMemory.returnFreedHeap()   // give freed heap back first: what the suite freed stays resident otherwise
        guard let clear = fopen("/proc/self/clear_refs", "w") else { return 0 }
        fputs("5", clear)
        fclose(clear)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
        #else
        return 0
        #endif
    }

    /// Runs it and fails unless it exits 0.
    static func runChecked(_ executable: String, _ arguments: [String]) throws -> Result {
        let result = try run(executable, arguments)
        guard result.status == 0 else {
            let reason = result.errorOutput.split(separator: "\n").first.map(String.init) ?? ""
            throw SpawnError(description: "bench: \(([executable] + arguments).joined(separator: " ")) exited \(result.status): \(reason)")
        }
        return result
    }

    /// This program's own path, for running it as a child.
    static var simrun: String { URL(fileURLWithPath: CommandLine.arguments[0]).path }
}
