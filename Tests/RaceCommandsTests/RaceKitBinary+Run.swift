import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension RaceKitBinary {
    /// Runs `racekit` with `arguments` and returns its exit status and what it printed; standard
    /// output may be sent to `standardOutputPath` instead (for example `/dev/full`), and a
    /// file-size limit of `fileSizeLimitBlocks` × 512 bytes
    /// (`ulimit -f`, RLIMIT_FSIZE): a full disk as far as racekit can tell, without filling one.
    /// `unprivileged` runs it as user `nobody` when the tests run as root, so that permission
    /// bits stop it as they stop a user. `environment` adds to (or replaces) the test's own variables;
    /// `currentDirectory` is where relative paths start (the test's own by default).
    static func run(
        _ arguments: [String], standardOutputPath: String? = nil, fileSizeLimitBlocks: Int? = nil,
        unprivileged: Bool = false, environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.currentDirectoryURL = currentDirectory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
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
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutputPath))
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        try process.run()
        // Both pipes are drained at once: reading one to its end first would stall a child that
        // fills the other (64 KiB of stderr, say).
        let errDrain = PipeDrain(err)
        let outData = standardOutputPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = errDrain.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    // Written once by the reading thread before `done` is signalled, read after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried, once the writer has closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
