#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a whole file, with errors that name it and the system's reason.
public enum OutputFile {
    /// Writes `bytes` to `path` (created or truncated).
    /// - Throws: ``InputError`` at the path when it cannot be written.
    public static func write(_ bytes: [UInt8], to path: String) throws(InputError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw failure(path, "cannot create the file") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure(path, "cannot write the file") }
            written += n
        }
    }

    private static func failure(_ path: String, _ what: String) -> InputError {
        InputError(SourceLocation(file: path), "\(what): \(String(cString: strerror(errno)))")
    }
}
