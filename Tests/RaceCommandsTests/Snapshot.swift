import Foundation
import Testing

/// Committed expected outputs under `Tests/RaceCommandsTests/Fixtures/`, compared byte for byte.
///
/// To rewrite them after an intended change, run the tests with `RACEKIT_UPDATE_SNAPSHOTS=1`:
///
///     RACEKIT_UPDATE_SNAPSHOTS=1 swift test --disable-xctest --filter "HelpSnapshotTests|GoldenOutputTests"
///
/// then read `git diff Tests/RaceCommandsTests/Fixtures` line by line before committing: a
/// snapshot is only as right as the person who checked it.
enum Snapshot {
    /// The fixtures folder beside this file.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Whether this run rewrites the snapshots instead of comparing with them.
    static let isUpdating = ProcessInfo.processInfo.environment["RACEKIT_UPDATE_SNAPSHOTS"] == "1"

    /// Compares `actual` with the committed file `name` (a path under `Fixtures/`), or writes
    /// it there when updating. A difference is reported with the first line that differs.
    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let file = fixtures.appendingPathComponent(name)
        if isUpdating {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        guard let expected = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                "no snapshot \(name); run with RACEKIT_UPDATE_SNAPSHOTS=1 to write it", sourceLocation: sourceLocation)
            return
        }
        guard expected != Data(actual.utf8) else { return }
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let expectedLine = line < old.count ? String(old[line]) : "<end of file>"
        let actualLine = line < new.count ? String(new[line]) : "<end of file>"
        Issue.record(
            """
            \(name) differs at line \(line + 1):
              expected: \(expectedLine)
              actual:   \(actualLine)
            (RACEKIT_UPDATE_SNAPSHOTS=1 rewrites the snapshots)
            """, sourceLocation: sourceLocation)
    }
}
