import Foundation

/// Validates IOF XML against the official IOF XML 3.0 schema kept in Tests/Fixtures/IOF (see its
/// README) with `xmllint --schema` (Debian package libxml2-utils; `scripts/ensure-deps.sh`
/// installs it).
enum IOFSchema {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/IOF/IOF.xsd").path

    /// `xmllint` on the PATH, or `nil` (the caller skips, saying so).
    static let xmllint: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/xmllint"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Why the schema tests cannot run here, printed once by each test that skips.
    static let skipMessage =
        "xmllint is not installed: IOF XML schema validation skipped (apt-get install libxml2-utils, or run scripts/ensure-deps.sh)"

    /// `xmllint`'s complaints about `xml` (empty when it validates), or `nil` without xmllint.
    static func problems(_ xml: String) throws -> String? {
        guard let xmllint else { return nil }
        let folder = try TemporaryFolder()
        let file = try folder.write("result.xml", xml)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--nonet", "--schema", schema, file]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : message
    }
}
