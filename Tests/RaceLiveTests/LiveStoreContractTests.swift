import Foundation
import RaceLive
import Testing

/// What every ``LiveStore`` promises (the PostgreSQL store of issue 16 is to pass the same
/// tests): migrations once, unique keys, atomic appends, every entry kind read back as stored,
/// join codes counted and expiring.
@Suite struct LiveStoreContractTests {
    static func makeStore() async throws -> any LiveStore {
        let store = try await SQLiteLiveStore(path: nil)
        try await store.migrate()
        return store
    }

    @Test func migrationsRunOnceAndSurviveAReopen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("racekit.sqlite").path
        var store = try await SQLiteLiveStore(path: path)
        try await store.migrate()
        try await store.migrate()
        #expect(try await store.schemaVersion() == 2)
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 1))
        try await store.close()
        store = try await SQLiteLiveStore(path: path)
        try await store.migrate()
        #expect(try await store.races() == [StoredRace(id: "r", raceFile: "{}", createdAt: 1)])
        // WAL mode: the write-ahead log file sits beside the database.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try await store.close()
    }

    @Test func racesParticipantsAndCredentials() async throws {
        let store = try await Self.makeStore()
        try await store.createRace(StoredRace(id: "r", raceFile: "{\"a\":1}", createdAt: 5))
        await #expect(throws: LiveStoreError.self) {
            try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 6))
        }
        try await store.updateRaceFile(raceID: "r", raceFile: "{\"a\":2}")
        #expect(try await store.race(id: "r")?.raceFile == "{\"a\":2}")
        #expect(try await store.race(id: "nope") == nil)
        for (id, name) in [("zoe", "Zoë"), ("anna", "Anna")] {
            try await store.addParticipant(StoredParticipant(raceID: "r", id: id, displayName: name, joinedAt: 7))
        }
        await #expect(throws: LiveStoreError.self) {
            try await store.addParticipant(StoredParticipant(raceID: "r", id: "anna", displayName: "A", joinedAt: 8))
        }
        #expect(try await store.participants(raceID: "r").map(\.id) == ["zoe", "anna"])  // joining order, not by name
        let credential = StoredCredential(hash: "ab12", raceID: "r", role: .device, participant: "anna")
        try await store.addCredential(credential)
        #expect(try await store.credential(hash: "ab12") == credential)
        #expect(try await store.credential(hash: "ab13") == nil)
        try await store.close()
    }

    @Test func shareLinksExpireAndRacesOpenToThePublic() async throws {
        let store = try await Self.makeStore()
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 1))
        try await store.createRace(StoredRace(id: "open", raceFile: "{}", createdAt: 2, isPublic: true))
        #expect(try await store.race(id: "r")?.isPublic == false)
        #expect(try await store.race(id: "open")?.isPublic == true)
        try await store.setRacePublic(raceID: "r", isPublic: true)
        try await store.setRacePublic(raceID: "open", isPublic: false)
        #expect(try await store.races().map(\.isPublic) == [true, false])
        let link = StoredCredential(hash: "cd34", raceID: "r", role: .viewer, expiresAt: 1_800_000_000.5)
        try await store.addCredential(link)
        #expect(try await store.credential(hash: "cd34") == link)
        try await store.close()
    }

    @Test func joinCodesAreCountedAndExpire() async throws {
        let store = try await Self.makeStore()
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        try await store.addJoinCode(StoredJoinCode(hash: "single", raceID: "r", maximumUses: 1, expiresAt: 100))
        try await store.addJoinCode(StoredJoinCode(hash: "open", raceID: "r", maximumUses: nil, expiresAt: nil))
        #expect(try await store.redeemJoinCode(hash: "single", now: 100) == nil)  // expired at 100
        #expect(try await store.redeemJoinCode(hash: "single", now: 99)?.uses == 1)
        #expect(try await store.redeemJoinCode(hash: "single", now: 99) == nil)  // used up
        for n in 1...5 { #expect(try await store.redeemJoinCode(hash: "open", now: 1e12)?.uses == n) }
        #expect(try await store.redeemJoinCode(hash: "unknown", now: 0) == nil)
        try await store.close()
    }

    @Test func everyEntryKindReadsBackAndAppendsAreAtomic() async throws {
        let store = try await Self.makeStore()
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        try await store.createRace(StoredRace(id: "other", raceFile: "{}", createdAt: 0))
        let payloads: [LogPayload] = [
            .organiser(.start(time: 1_700_000_000.25)),
            .fix(
                LiveFix(
                    participant: "anna", time: 1_700_000_001.123456, latitude: 47.3778876, longitude: 8.5402755,
                    accuracyMeters: 4.5,
                    altitudeMeters: 401, speedMetersPerSecond: 1.2, bearingDegrees: 270, batteryPercent: 81)),
            .fix(LiveFix(participant: "beat", time: 1_700_000_002, latitude: -33.9, longitude: -179.9999999)),
            .game(
                LiveGameInput(
                    participant: "anna", time: 1_700_000_010, kind: .answer(stop: "lindenhof", choice: "A fountain"))),
            .game(
                LiveGameInput(
                    participant: "beat", time: 1_700_000_011,
                    kind: .submission(round: 2, text: "the big clock, \"ß\"\n"))),
            .game(LiveGameInput(participant: "beat", time: 1_700_000_012, kind: .leave)),
            .organiser(.end(time: 1_700_000_100)),
        ]
        let entries = payloads.enumerated().map {
            LogEntry(raceID: "r", sequence: Int64($0.offset + 1), recordedAt: 9, payload: $0.element)
        }
        try await store.append(entries)
        try await store.append([LogEntry(raceID: "other", sequence: 1, recordedAt: 9, payload: payloads[1])])
        #expect(try await store.entries(raceID: "r", after: 0) == entries)
        #expect(try await store.entries(raceID: "r", after: 5) == Array(entries[5...]))
        #expect(try await store.entries(raceID: "other", after: 0).count == 1)
        // A batch with one taken sequence number stores nothing of it.
        let clash = [
            LogEntry(raceID: "r", sequence: 8, recordedAt: 9, payload: payloads[2]),
            LogEntry(raceID: "r", sequence: 3, recordedAt: 9, payload: payloads[2]),
        ]
        await #expect(throws: LiveStoreError.self) { try await store.append(clash) }
        #expect(try await store.entries(raceID: "r", after: 0).count == entries.count)
        // Larger than one INSERT statement: still one transaction, read back in order.
        let many = (0..<2_500).map { i in
            LogEntry(
                raceID: "other", sequence: Int64(i + 2), recordedAt: 9,
                payload: .fix(LiveFix(participant: "p\(i % 7)", time: Double(i), latitude: 1, longitude: 2)))
        }
        try await store.append(many)
        #expect(try await store.entries(raceID: "other", after: 1) == many)
        try await store.close()
    }
}
