import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory figures of the current process, for benchmarks and leak checks.
package enum ProcessMemory {
    /// Resident set size now, in bytes (0 when the platform does not say).
    package static func residentBytes() -> Int {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return result == KERN_SUCCESS ? Int(info.resident_size) : 0
        #else
        return 0
        #endif
    }

    /// Gives the heap's freed pages back to the system where the C library keeps them
    /// (glibc's `malloc_trim`: a long-lived server's threads each keep an arena); nothing on
    /// other systems.
    /// - Complexity: O(the heap's free lists).
    package static func returnFreedHeap() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }

    /// Peak resident set size of the process so far, in bytes.
    package static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)          // bytes on macOS
        #else
        return Int(usage.ru_maxrss) * 1024   // kilobytes on Linux
        #endif
    }
}

#if os(Linux)
/// glibc's `malloc_trim(size_t pad)`, which Swift's Glibc module does not export.
@_silgen_name("malloc_trim") private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
