import Foundation

/// Runs a program to completion, keeping one of its streams (the other discarded): its exit
/// status and that stream's text.
private func runKeeping(_ executable: String, _ arguments: [String],
                        standardError keepErrors: Bool) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let kept = Pipe()
    if keepErrors {
        process.standardError = kept
        process.standardOutput = FileHandle.nullDevice
    } else {
        process.standardOutput = kept
        process.standardError = FileHandle.nullDevice
    }
    try process.run()
    let data = kept.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Runs a program to completion with stderr discarded; its exit status and standard output.
func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
    let (status, text) = try runKeeping(executable, arguments, standardError: false)
    return (status, text)
}

/// Runs a program to completion with stdout discarded: its standard error when it fails, nil
/// when it exits 0 (a checker's or compiler's diagnostics).
func toolErrors(_ executable: String, _ arguments: [String]) throws -> String? {
    let (status, text) = try runKeeping(executable, arguments, standardError: true)
    return status == 0 ? nil : text
}
