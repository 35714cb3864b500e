import SystemPackage

/// Whole-file reads with errors that name the file and the system's reason.
public enum FileBytes {
    /// The bytes of the file at `path`.
    /// - Throws: ``InputError`` when it cannot be opened or read (missing, a folder, no permission…).
    public static func read(_ path: String) throws(InputError) -> [UInt8] {
        let (file, size) = try openRegularFile(path)
        defer { try? file.close() }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < bytes.count {
            let n: Int
            do {
                // `read(into:)` retries interrupted reads itself.
                n = try bytes.withUnsafeMutableBytes { buffer in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                }
            } catch {
                throw failure(path, "cannot read the file", error)
            }
            if n == 0 { break }  // the file shrank while we read it
            filled += n
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return bytes
    }

    /// The regular file at `path`, open for reading, and its size; the caller closes it.
    /// - Throws: ``InputError`` when it cannot be opened or is not a regular file.
    static func openRegularFile(_ path: String) throws(InputError) -> (file: FileDescriptor, size: Int) {
        let file: FileDescriptor
        do { file = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec) } catch {
            throw failure(path, "cannot open the file", error)
        }
        let status: Stat
        do { status = try file.stat() } catch {
            try? file.close()
            throw failure(path, "cannot read the file's size", error)
        }
        guard status.type == .regular else {
            try? file.close()
            throw InputError(SourceLocation(file: path), "is not a regular file")
        }
        return (file, Int(status.size))
    }

    /// An error at `path` naming what failed and the system's reason (`Errno`'s `strerror` text).
    static func failure(_ path: String, _ what: String, _ error: any Error) -> InputError {
        InputError(SourceLocation(file: path), "\(what): \(error)")
    }
}
