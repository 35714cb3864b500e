import Foundation
import GeoCore
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

    @Test("a mapped file is the bytes read, and the file is unchanged after; an empty file maps to no bytes")
    func mappedFile() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix64(seed: 7)
        let bytes = (0..<3_000_001).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let path = folder.appendingPathComponent("data.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileBytes.withMapped(path) { Array($0) } == bytes)
        #expect(try FileBytes.read(path) == bytes)
        let empty = folder.appendingPathComponent("empty").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try FileBytes.withMapped(empty) { $0.count } == 0)
    }

    @Test("mapping fails as reading does: a missing file, a folder, a device; and passes on the body's error")
    func mappedErrors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in [folder.path + "/missing.csv", folder.path, "/dev/null"] {
            var readError: InputError?
            do { _ = try FileBytes.read(path) } catch { readError = error }
            #expect(throws: readError!) { try FileBytes.withMapped(path) { $0.count } }
        }
        let path = folder.appendingPathComponent("some.csv").path
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: path))
        let bodyError = InputError(SourceLocation(file: path, line: 1, column: 2), "the body's")
        #expect(throws: bodyError) { try FileBytes.withMapped(path) { _ throws(InputError) in throw bodyError } }
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
