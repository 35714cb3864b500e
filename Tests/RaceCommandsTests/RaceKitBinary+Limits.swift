import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension RaceKitBinary {
    /// Runs `racekit` as ``run(_:)`` does, with standard output sent to `standardOutputPath`
    /// (for example `/dev/full`) and/or a file-size limit of `fileSizeLimitBlocks` × 512 bytes
    /// (`ulimit -f`, RLIMIT_FSIZE): a full disk as far as racekit can tell, without filling one.
    /// `unprivileged` runs it as user `nobody` when the tests run as root, so that permission
    /// bits stop it as they stop a user.
    static func run(_ arguments: [String], standardOutputPath: String? = nil, fileSizeLimitBlocks: Int? = nil,
                    unprivileged: Bool = false) throws -> Result {
        let process = Process()
        if unprivileged && geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", url.path] + arguments
        } else if let blocks = fileSizeLimitBlocks {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        let out = Pipe(), err = Pipe()
        if let standardOutputPath {
            process.standardOutput = try #require(FileHandle(forWritingAtPath: standardOutputPath))
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        try process.run()
        let outData = standardOutputPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
