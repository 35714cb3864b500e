#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads with errors that name the file and the system's reason.
public enum FileBytes {
    /// The bytes of the file at `path`.
    /// - Throws: ``InputError`` when it cannot be opened or read (missing, a folder, no permission…).
    public static func read(_ path: String) throws(InputError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure(path, "cannot open the file") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "cannot read the file's size") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw InputError(SourceLocation(file: path), "is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if n == 0 { break }
                throw failure(path, "cannot read the file")
            }
            filled += n
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return bytes
    }

    private static func failure(_ path: String, _ what: String) -> InputError {
        InputError(SourceLocation(file: path), "\(what): \(String(cString: strerror(errno)))")
    }
}
