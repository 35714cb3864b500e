import Foundation
import RaceKitCore
import Testing

/// ``FileBytes`` through swift-system's `FileDescriptor`: the bytes of a file, and the same
/// errors as the C calls it replaced (the path, then the system's reason).
struct FileBytesTests {
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a file larger than one read comes back byte for byte; an empty file is empty")
    func wholeFile() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = folder.appendingPathComponent("data.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileBytes.read(path) == bytes)
        let empty = folder.appendingPathComponent("empty").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try FileBytes.read(empty).isEmpty)
    }

    @Test("a missing file, a folder and a device are errors naming the path and the reason")
    func errors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: InputError(
                SourceLocation(file: folder.path + "/missing.csv"),
                "cannot open the file: No such file or directory")
        ) {
            try FileBytes.read(folder.path + "/missing.csv")
        }
        #expect(throws: InputError(SourceLocation(file: folder.path), "is not a regular file")) {
            try FileBytes.read(folder.path)
        }
        #expect(throws: InputError(SourceLocation(file: "/dev/null"), "is not a regular file")) {
            try FileBytes.read("/dev/null")
        }
    }

    @Test("writing to a device goes straight through the descriptor")
    func device() throws {
        try OutputFile.write(Array("nothing to keep\n".utf8), to: "/dev/null")
        #expect(OutputFile.write(Array("x".utf8), toDescriptor: -1) == 9)  // EBADF
    }
}
