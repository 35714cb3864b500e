import Foundation

/// Runs the built `racekit` executable, as a user would.
enum RaceKitBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The executable beside the test bundle in the build's products folder.
    static let url: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The bundle may sit inside `RaceKitPackageTests.xctest/` on some platforms.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("racekit").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("racekit")
    }()
}

/// A scratch folder that is removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
