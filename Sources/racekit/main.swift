#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RaceCommands

// Past a file-size limit (`ulimit -f`) a write then fails with EFBIG, which racekit reports
// with the file's name, instead of the process being killed half-way through a file.
signal(SIGXFSZ, SIG_IGN)
RaceKitCommand.main()
