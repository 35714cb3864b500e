import Foundation
import RaceKitCore
import Testing

/// ``OutputFile`` and ``OutputBatch`` on their own: what replaces what, and what is left when
/// a batch is never committed. (Full disks and devices are tested end to end in RaceCommandsTests.)
struct OutputFileTests {
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func names(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test("a batch dropped without a commit removes what it wrote and changes nothing")
    func uncommittedBatch() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.txt").path
        try OutputFile.write(Array("old".utf8), to: old)
        do {
            let batch = OutputBatch()
            try batch.add(Array("new".utf8), to: old)
            try batch.add(Array("other".utf8), to: folder.appendingPathComponent("other.txt").path)
            #expect(try names(folder).count == 3, "two temporary files beside the old one")
        }
        #expect(try names(folder) == ["old.txt"])
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old")
    }

    @Test("a chain of relative links is followed to the file, and every link stays a link")
    func linkChain() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("data"), withIntermediateDirectories: false)
        let target = folder.appendingPathComponent("data/race.json").path
        try OutputFile.write(Array("old".utf8), to: target)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("data/current").path, withDestinationPath: "race.json")
        let first = folder.appendingPathComponent("latest").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: "data/current")
        try OutputFile.write(Array("new".utf8), to: first)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: first) == "data/current")
        #expect(try names(folder.appendingPathComponent("data")) == ["race.json", "current"])
    }

    @Test("a folder as the target is refused with the system's reason")
    func folderTarget() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: InputError(SourceLocation(file: folder.path), "cannot write the file: Is a directory")) {
            try OutputFile.write(Array("x".utf8), to: folder.path)
        }
    }

    @Test("makeFolder creates the missing folders, reports them, and removeFolders takes them back")
    func folders() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("a/b/c").path
        let created = try OutputFile.makeFolder(nested)
        #expect(created == ["a", "a/b", "a/b/c"].map { folder.appendingPathComponent($0).path })
        #expect(try OutputFile.makeFolder(nested).isEmpty, "nothing new the second time")
        OutputFile.removeFolders(created)
        #expect(try names(folder).isEmpty)
    }
}
