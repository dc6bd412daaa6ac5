import Foundation
import SpringKitSim

/// simrun — runs SpringKitSim scenario scripts. Exit status: 0 success, 1 a check found
/// differences, 2 bad input (with a one-line reason on stderr).
setvbuf(stdout, nil, _IOFBF, 1 << 16)
// A closed pipe (`simrun … | head -1`) is a write error reported below, not a death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// Temporary output files are named after the program: `.NAME.simrun-tmp-PID-XXXXXX` (docs/cli.md).
AtomicFile.temporaryMarker = ".simrun-tmp-"

func fail(_ message: String, detail: String = "") -> Never {
    fflush(stdout)
    // One line whatever the message holds: line breaks and control bytes are shown escaped.
    StandardError.write("simrun: " + VisibleText.escaped(message) + "\n")
    if !detail.isEmpty { StandardError.write(detail + "\n") }
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    // Swift repairs invalid UTF-8 in arguments, so such a file name could not be opened:
    // refuse it with its position instead of "no such file".
    for k in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[k], String(validatingCString: raw) == nil else { continue }
        throw UsageError("argument \(k) ('\(String(cString: raw))') is not valid UTF-8; file names and values must be UTF-8")
    }
    // A kernel variant forced through the environment that cannot be followed is bad input.
    if let problem = World.kernelSwitchProblem, !["--help", "-h", "help", "--version"].contains(arguments.first ?? "") {
        throw UsageError(problem)
    }
    switch arguments.first {
    case nil:
        throw UsageError("no script given (usage: simrun SCRIPT [options]; see 'simrun --help')")
    case "--help", "-h", "help":
        guard arguments.count <= 2 else { throw UsageError("help takes at most one topic (see 'simrun --help')") }
        if arguments.count == 2 {
            guard let topic = Usage.topic(arguments[1]) else {
                let suggestion = CommandLineArguments.didYouMean(arguments[1], among: Usage.topics)
                throw UsageError("no help topic '\(arguments[1])' (\(suggestion)topics: \(Usage.topics.joined(separator: ", ")))")
            }
            print(topic)
        } else {
            print(Usage.main)
        }
        status = 0
    case "--version":
        guard arguments.count == 1 else { throw UsageError("--version takes no arguments") }
        print("simrun \(SpringKitSim.version)")
        status = 0
    case let name? where Subcommand.named(name) != nil:
        status = try Subcommand.named(name)!.run(Array(arguments.dropFirst()))
    case let first?:
        if let error = Subcommand.unknownCommandError(first) { throw error }
        status = try RunCommand.run(arguments)
    }
} catch let error as UsageError {
    fail(error.description)
} catch let error as ScriptError {
    fail(error.message, detail: error.traceback)
} catch let error as ParameterError {
    fail(error.description)
} catch {
    fail("\(error)")
}
if fflush(stdout) != 0 || ferror(stdout) != 0 {
    StandardError.write("simrun: cannot write standard output: \(String(cString: strerror(errno)))\n")
    exit(2)
}
exit(status)
