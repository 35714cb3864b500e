import RaceCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Past a file-size limit (`ulimit -f`) a write then fails with EFBIG, which racekit reports
// with the file's name, instead of the process being killed half-way through a file.
signal(SIGXFSZ, SIG_IGN)

// ArgumentParser prints help, the version and usage errors with `print`, through C's buffered
// standard output. Flushing it here, at exit, reports a failed write (`--help > /dev/full`) as
// racekit's own writes do, with exit code 74 (RaceKitExitCode.outputFailed), instead of losing it.
atexit {
    guard fflush(nil) != 0 else { return }  // nil: every output stream, standard output among them
    let line = "racekit: cannot write to standard output: \(String(cString: strerror(errno)))\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    _exit(RaceKitExitCode.outputFailed.rawValue)
}

RaceKitCommand.mainEscapingMessages()
