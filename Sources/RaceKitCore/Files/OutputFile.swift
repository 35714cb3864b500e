import SystemPackage

// The C library only for what swift-system does not cover: folders, links, renames, temporary
// files, permissions and owners.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing whole output files without ever losing what was there before.
///
/// - A regular file (or a new one) is written to a temporary file beside it, flushed to disk
///   and renamed over it, so a full disk or a failed command leaves the old file whole. The
///   new file keeps the old one's permissions (and owner, as root).
/// - A symbolic link is followed: its target is replaced, the link stays a link.
/// - Anything that is not a regular file (a device such as `/dev/null`, a pipe, a terminal,
///   `/dev/stdout`) is written straight through: it is never replaced by a regular file.
///
/// Errors name the path and the system's reason (`out.json: error: cannot write the file:
/// No space left on device`).
public enum OutputFile {
    /// Writes `bytes` to `path`, replacing its content as a whole or not at all.
    /// - Throws: ``InputError`` at the path when it cannot be written; the path is then unchanged.
    public static func write(_ bytes: [UInt8], to path: String) throws(InputError) {
        let batch = OutputBatch()
        try batch.add(bytes, to: path)
        try batch.commit()
    }

    /// Creates the folder `path` and any missing parents (as `mkdir -p`).
    /// - Returns: the folders it created, deepest last, so a failed command can remove them.
    /// - Throws: ``InputError`` at the path with the system's reason (a parent is a file, …).
    @discardableResult
    public static func makeFolder(_ path: String) throws(InputError) -> [String] {
        var created: [String] = []
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o777) == 0 {
                created.append(prefix)
            } else if errno != EEXIST || !isFolder(prefix) {
                let reason = errno == EEXIST ? String(cString: strerror(ENOTDIR)) : String(cString: strerror(errno))
                removeFolders(created)
                throw InputError(SourceLocation(file: path), "cannot create the folder: \(reason)")
            }
        }
        return created
    }

    /// Removes empty folders made by ``makeFolder(_:)``, deepest first.
    public static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// Writes all of `bytes` to an open descriptor, retrying short writes and interruptions.
    /// - Returns: `nil` on success, otherwise the system's error number.
    public static func write(_ bytes: [UInt8], toDescriptor fd: Int32) -> Int32? {
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(bytes)
            return nil
        } catch {
            return (error as? Errno)?.rawValue ?? EIO
        }
    }

    /// The system's sentence for an error number (`No space left on device`).
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func failure(_ path: String, _ what: String, _ code: Int32 = errno) -> InputError {
        InputError(SourceLocation(file: path), "\(what): \(reason(code))")
    }
}

/// Several output files written all or nothing, as far as the system allows: each file is
/// written beside its target as it is added, and only ``commit()`` puts them in place. A batch
/// dropped without a commit (the command failed) removes what it wrote.
public final class OutputBatch {
    private var staged: [StagedFile] = []

    /// An empty batch.
    public init() {}

    /// Writes `bytes` beside `path` (see ``OutputFile``), to be put in place by ``commit()``.
    /// - Throws: ``InputError`` at the path with the system's reason.
    public func add(_ bytes: [UInt8], to path: String) throws(InputError) {
        staged.append(try StagedFile(bytes, for: path))
    }

    /// Puts every added file in place.
    /// - Throws: ``InputError`` naming the first path that cannot be put in place.
    public func commit() throws(InputError) {
        defer { discard() }
        while !staged.isEmpty { try staged.removeFirst().commit() }
    }

    private func discard() {
        for file in staged { file.discard() }
        staged = []
    }

    deinit { discard() }
}

/// One output file's new content, already on disk beside its target (or, for a device or
/// pipe, held until it is written straight through).
private struct StagedFile {
    /// The path as the user gave it, for messages.
    let shownPath: String
    let destination: Destination
    let bytes: [UInt8]

    enum Destination {
        /// A regular file (or none yet) at `target`, symbolic links resolved; new content in `temporary`.
        case replace(target: String, temporary: String)
        /// Not a regular file: opened and written at commit time.
        case stream
    }

    init(_ bytes: [UInt8], for path: String) throws(InputError) {
        shownPath = path
        guard let target = try Self.regularTarget(of: path) else {
            destination = .stream
            self.bytes = bytes
            return
        }
        self.bytes = []
        destination = .replace(target: target, temporary: try Self.writeBeside(target, bytes, shownPath: path))
    }

    /// Puts the new content in place.
    func commit() throws(InputError) {
        switch destination {
        case .replace(let target, let temporary):
            guard rename(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw OutputFile.failure(shownPath, "cannot replace the file", code)
            }
            Self.syncFolder(of: target)
        case .stream:
            let file: FileDescriptor
            do {
                file = try FileDescriptor.open(FilePath(shownPath), .writeOnly, options: [.truncate, .closeOnExec])
            } catch {
                throw OutputFile.failure(shownPath, "cannot open for writing", (error as? Errno)?.rawValue ?? EIO)
            }
            defer { try? file.close() }
            if let code = OutputFile.write(bytes, toDescriptor: file.rawValue) {
                throw OutputFile.failure(shownPath, "cannot write", code)
            }
        }
    }

    /// Removes the temporary file of a write that will not happen.
    func discard() {
        if case .replace(_, let temporary) = destination { unlink(temporary) }
    }

    /// The regular file `path` names after following symbolic links, or the path a new file
    /// will get; `nil` when the path names something else (device, pipe, `/dev/stdout`).
    private static func regularTarget(of path: String) throws(InputError) -> String? {
        // /dev/stdout, /dev/fd/N and /proc/self/fd/N name an open file: write to it as it is
        // (replacing what the link leads to would leave the shell's redirection on the old
        // file). Other paths under /dev, such as the tmpfs /dev/shm, are followed like any.
        if namesOpenFile(path) { return nil }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw OutputFile.failure(path, "cannot write the file") }
                return current  // a new file (or a link to one not made yet)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try resolveLink(current, shownPath: path)
            case S_IFREG:
                guard access(current, W_OK) == 0 else { throw OutputFile.failure(path, "cannot write the file") }
                return current
            case S_IFDIR:
                throw OutputFile.failure(path, "cannot write the file", EISDIR)
            default:
                return nil
            }
        }
        throw OutputFile.failure(path, "cannot write the file", ELOOP)
    }

    /// Whether `path` names one of the process's open files rather than a place in a folder.
    private static func namesOpenFile(_ path: String) -> Bool {
        if ["/dev/stdin", "/dev/stdout", "/dev/stderr"].contains(path) || path.hasPrefix("/dev/fd/") { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)  // /proc/self/fd/1
        return parts.count > 4 && parts[0].isEmpty && parts[1] == "proc" && parts[3] == "fd"
    }

    private static func resolveLink(_ link: String, shownPath: String) throws(InputError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw OutputFile.failure(shownPath, "cannot read the link") }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : folder(of: link) + "/" + target
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes `bytes` to a new temporary file in `target`'s folder, flushed to disk, with the
    /// permissions (and, as root, the owner) `target` has or a new file would get.
    private static func writeBeside(_ target: String, _ bytes: [UInt8], shownPath: String) throws(InputError) -> String
    {
        let name = target.split(separator: "/").last.map(String.init) ?? target
        // At most 100 bytes of the name, so the temporary name stays under NAME_MAX (255 bytes).
        let short = String(decoding: name.utf8.prefix(100), as: UTF8.self)
        var template = Array((folder(of: target) + "/." + short + ".racekit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputFile.failure(shownPath, "cannot write the file") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = false
        defer { if !ok { unlink(temporary) } }
        do {
            defer { close(fd) }
            if let code = OutputFile.write(bytes, toDescriptor: fd) {
                throw OutputFile.failure(shownPath, "cannot write the file", code)
            }
            guard fsync(fd) == 0 else { throw OutputFile.failure(shownPath, "cannot write the file") }
            var old = stat()
            if stat(target, &old) == 0 {
                fchmod(fd, old.st_mode & 0o7777)
                if geteuid() == 0 { _ = fchown(fd, old.st_uid, old.st_gid) }
            } else {
                let mask = umask(0)
                umask(mask)
                fchmod(fd, 0o666 & ~mask)
            }
        }
        ok = true
        return temporary
    }

    /// Makes the rename itself survive a crash (best effort: some file systems refuse).
    private static func syncFolder(of path: String) {
        let fd = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
