import ArgumentParser

/// Every exit code `racekit` ends with, one meaning each (docs/exit-codes.md).
///
/// - ``success`` (0): the command did what it was asked.
/// - ``problemsFound`` (1): a check read the race and found errors, and listed them as
///   `racekit validate` does: `validate` itself, and `build` and `format`, which refuse to write
///   a race with errors. The live commands use it when what they talk to fails them: `stream`
///   for fixes never acknowledged, `serve` for a server that stopped with an error.
/// - ``badInput`` (2): an input could not be used: a file that is missing, unreadable or
///   malformed, a value out of its range, a race that cannot be played. One message names the
///   file, the position (`file:line:column` or the JSON path) and what is wrong.
/// - ``usage`` (64): the command line itself is wrong (an unknown option, a missing argument, a
///   numeric option out of its range); Argument Parser's own code for a validation error
///   (`EX_USAGE` of sysexits.h), printed with the usage.
/// - ``outputFailed`` (74): an output could not be written (a full disk, a missing folder or
///   no permission behind `-o`, a closed standard output): `EX_IOERR` of sysexits.h. The files
///   racekit writes are then left as they were.
///
/// A script can so tell "fix the input" (2) from "fix the machine" (74) from "the race has
/// errors" (1).
public enum RaceKitExitCode: Int32, CaseIterable, Sendable {
    /// 0: the command did what it was asked.
    case success = 0
    /// 1: a check ran to the end and found errors in the race (`validate`, `build`, `format`),
    /// or a live command's server or stream failed (`serve`, `stream`).
    case problemsFound = 1
    /// 2: an input file or value could not be used; the message names where and why.
    case badInput = 2
    /// 64: the command line is wrong; Argument Parser's code for usage errors.
    case usage = 64
    /// 74: an output file or standard output could not be written.
    case outputFailed = 74

    /// The code as Argument Parser's error, to `throw` from a command's `run()`.
    var error: ExitCode { ExitCode(rawValue) }
}
