import Foundation
import RaceLive
import Testing

/// A file store reads on connections of its own: every read after a write returns must see it
/// (read-your-writes across the connections), also while other writes are under way.
struct SQLiteReaderTests {
    @Test func readsSeeEveryCommittedWriteAtOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "racekit-readers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteLiveStore(path: folder.appendingPathComponent("racekit.sqlite").path)
        try await store.migrate()
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        try await store.createRace(StoredRace(id: "other", raceFile: "{}", createdAt: 0))
        // Another race's appends keep the writer busy meanwhile.
        let busy = Task {
            for n in 1...200 {
                try await store.append([
                    LogEntry(raceID: "other", sequence: Int64(n), recordedAt: 0, payload: .organiser(.start(time: 1)))
                ])
            }
        }
        for n in 1...200 {
            let entry = LogEntry(
                raceID: "r", sequence: Int64(n), recordedAt: 0,
                payload: .fix(LiveFix(participant: "p", time: Double(n), latitude: 47, longitude: 8)))
            try await store.append([entry])
            #expect(try await store.entries(raceID: "r", after: Int64(n - 1)) == [entry])
            let hash = String(repeating: "0", count: 60) + String(format: "%04d", n)
            try await store.addCredential(StoredCredential(hash: hash, raceID: "r", role: .viewer))
            #expect(try await store.credential(hash: hash)?.raceID == "r")
            #expect(try await store.deleteCredential(hash: hash, raceID: "r"))
            #expect(try await store.credential(hash: hash) == nil)
        }
        try await busy.value
        #expect(try await store.entries(raceID: "other", after: 0).count == 200)
        try await store.close()
    }
}
