import Foundation
import GeoCore
import LiveStoreTestSupport
import RaceLive
import RaceLivePostgres
import SQLiteNIO
import Synchronization
import Testing

/// What every ``LiveStore`` promises, run against each store (SQLite, and PostgreSQL when
/// RACEKIT_TEST_POSTGRES_URL names a server, as in `make test`): migrations once, unique keys,
/// atomic appends, every entry kind read back as stored, join codes counted and expiring, and
/// the same under concurrent calls.
@Suite struct LiveStoreContractTests {
    @Test func sqliteMigrationsRunOnceAndSurviveAReopen() async throws {
        try await withDatabaseFile { path in
            var store = try await SQLiteLiveStore(path: path)
            try await store.migrate()
            try await store.migrate()
            #expect(try await store.schemaVersion() == 6)
            try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 1))
            try await store.close()
            store = try await SQLiteLiveStore(path: path)
            try await store.migrate()
            #expect(try await store.races() == [StoredRace(id: "r", raceFile: "{}", createdAt: 1)])
            // WAL mode: the write-ahead log file sits beside the database.
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            try await store.close()
        }
    }

    /// A file written before fixes were stored in runs (migration 6) keeps its fixes as rows of
    /// `log_entries`: they read back in their places among the runs stored after, and their
    /// numbers stay taken. A run whose blob is damaged is refused as corrupt, with its place.
    @Test func sqliteFixesStoredAsRowsBeforeRunsReadBackAmongThem() async throws {
        try await withDatabaseFile { path in
            let store = try await SQLiteLiveStore(path: path)
            try await store.migrate()
            for race in ["r", "damaged"] {
                try await store.createRace(StoredRace(id: race, raceFile: "{}", createdAt: 0))
            }
            func fix(_ sequence: Int64) -> LogEntry {
                LogEntry(
                    raceID: "r", sequence: sequence, recordedAt: 7,
                    payload: .fix(
                        LiveFix(
                            participant: "p", time: Double(sequence), latitude: 47.5, longitude: 8.25, accuracyMeters: 3
                        )))
            }
            let old = try await SQLiteConnection.open(storage: .file(path: path))
            for sequence in [1, 2, 5] as [Int64] {
                _ = try await old.query(
                    """
                    INSERT INTO log_entries (race_id, seq, recorded_at, kind, participant, time, latitude, longitude, accuracy)
                    VALUES ('r', ?, 7, 'fix', 'p', ?, 47.5, 8.25, 3)
                    """, [.integer(Int(sequence)), .float(Double(sequence))])
            }
            try await store.append([fix(3), fix(4)])
            await #expect(throws: LiveStoreError.self) { try await store.append([fix(5), fix(6)]) }
            await #expect(throws: LiveStoreError.self) { try await store.append([fix(2)]) }
            try await store.append([fix(6), fix(7)])
            #expect(try await store.entries(raceID: "r", after: 0) == (1...7).map(fix))
            #expect(try await store.entries(raceID: "r", after: 3) == (4...7).map(fix))

            _ = try await old.query(
                """
                INSERT INTO log_fix_runs (race_id, first_seq, last_seq, recorded_at, participant, fixes)
                VALUES ('damaged', 1, 2, 7, 'p', x'0100')
                """)
            do {
                _ = try await store.entries(raceID: "damaged", after: 0)
                Issue.record("a damaged run was read")
            } catch LiveStoreError.corrupt(let message) {
                #expect(message.contains("fixes 1...2 of race \"damaged\""), "\(message)")
            }
            try await old.close()
            try await store.close()
        }
    }

    @Test(arguments: TestStoreKind.allCases) func migrationsRunOnceAndSurviveAReopen(_ kind: TestStoreKind) async throws
    {
        let made = try await TestStores.make(kind)
        let store = made.store
        try await store.migrate()
        let version = try await store.schemaVersion()
        #expect(version >= 1)
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 1))
        if let url = made.postgresURL {
            let again = try PostgresLiveStore(url: url, maximumConnections: 2)
            try await again.migrate()
            #expect(try await again.schemaVersion() == version)
            #expect(try await again.races() == [StoredRace(id: "r", raceFile: "{}", createdAt: 1)])
            try await again.close()
        }
        try await made.dispose()
    }

    /// A migration added to one store needs its twin in the other (same version number).
    @Test func bothStoresReachTheSameSchemaVersion() async throws {
        let postgres = try await TestStores.make(.postgres)  // first: it may skip the test
        let sqlite = try await TestStores.make(.sqlite)
        #expect(try await sqlite.store.schemaVersion() == postgres.store.schemaVersion())
        try await sqlite.dispose()
        try await postgres.dispose()
    }

    @Test(arguments: TestStoreKind.allCases) func racesParticipantsAndCredentials(_ kind: TestStoreKind) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
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
        try await made.dispose()
    }

    @Test(arguments: TestStoreKind.allCases) func shareLinksExpireAndRacesOpenToThePublic(_ kind: TestStoreKind)
        async throws
    {
        let made = try await TestStores.make(kind)
        let store = made.store
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
        try await made.dispose()
    }

    /// Share links are listed per race and role (soonest expiry first) and revoked by deleting
    /// their credential, which then no longer authorises anything; another race's is untouchable.
    @Test(arguments: TestStoreKind.allCases) func credentialsAreListedByRaceAndRoleAndDeleted(_ kind: TestStoreKind)
        async throws
    {
        let made = try await TestStores.make(kind)
        let store = made.store
        for race in ["r", "other"] { try await store.createRace(StoredRace(id: race, raceFile: "{}", createdAt: 0)) }
        let late = StoredCredential(hash: "v-late", raceID: "r", role: .viewer, expiresAt: 2_000)
        let soon = StoredCredential(hash: "v-soon", raceID: "r", role: .viewer, expiresAt: 1_000.5)
        let tie = StoredCredential(hash: "v-tie", raceID: "r", role: .viewer, expiresAt: 2_000)
        let never = StoredCredential(hash: "v-never", raceID: "r", role: .viewer)
        let elsewhere = StoredCredential(hash: "v-other", raceID: "other", role: .viewer, expiresAt: 1)
        let organiser = StoredCredential(hash: "o", raceID: "r", role: .organiser)
        for credential in [late, never, soon, organiser, elsewhere, tie] { try await store.addCredential(credential) }

        #expect(try await store.credentials(raceID: "r", role: .viewer) == [soon, late, tie, never])
        #expect(try await store.credentials(raceID: "r", role: .organiser) == [organiser])
        #expect(try await store.credentials(raceID: "r", role: .participant) == [])
        #expect(try await store.credentials(raceID: "nope", role: .viewer) == [])

        #expect(try await store.deleteCredential(hash: "v-late", raceID: "r"))
        #expect(try await store.credential(hash: "v-late") == nil)
        #expect(try await !store.deleteCredential(hash: "v-late", raceID: "r"))  // already gone
        #expect(try await !store.deleteCredential(hash: "v-other", raceID: "r"))  // another race's
        #expect(try await store.credential(hash: "v-other") == elsewhere)
        #expect(try await store.credentials(raceID: "r", role: .viewer) == [soon, tie, never])
        try await made.dispose()
    }

    @Test(arguments: TestStoreKind.allCases) func joinCodesAreCountedAndExpire(_ kind: TestStoreKind) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
        try await store.createRace(StoredRace(id: "r", raceFile: "{}", createdAt: 0))
        try await store.addJoinCode(StoredJoinCode(hash: "single", raceID: "r", maximumUses: 1, expiresAt: 100))
        try await store.addJoinCode(StoredJoinCode(hash: "open", raceID: "r", maximumUses: nil, expiresAt: nil))
        #expect(try await store.redeemJoinCode(hash: "single", now: 100) == nil)  // expired at 100
        #expect(try await store.redeemJoinCode(hash: "single", now: 99)?.uses == 1)
        #expect(try await store.redeemJoinCode(hash: "single", now: 99) == nil)  // used up
        for n in 1...5 { #expect(try await store.redeemJoinCode(hash: "open", now: 1e12)?.uses == n) }
        #expect(try await store.redeemJoinCode(hash: "unknown", now: 0) == nil)
        try await made.dispose()
    }

    /// A log as the server writes it (appends of consecutive numbers, one participant's fixes
    /// together, game inputs and organiser actions between), in two races at once: read back
    /// after any number, also one inside a stored run of fixes, it is the log that was appended;
    /// every number already taken, inside a run or not, and a number an append repeats, is
    /// refused with nothing stored.
    @Test(arguments: TestStoreKind.allCases) func aLogReadsBackFromAnyPlaceAndRefusesEveryTakenNumber(
        _ kind: TestStoreKind
    ) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
        var random = SplitMix64(seed: 9)
        var logs: [String: [LogEntry]] = [:]
        for race in ["r", "s"] { try await store.createRace(StoredRace(id: race, raceFile: "{}", createdAt: 0)) }
        for append in 0..<60 {
            let race = Bool.random(using: &random) ? "r" : "s"
            var batch: [LogEntry] = []
            let participant = ["p", "q", "Zoë"].randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let payload: LogPayload
                switch Int.random(in: 0..<12, using: &random) {
                case 0: payload = .organiser(.start(time: Double(append)))
                case 1: payload = .game(LiveGameInput(participant: participant, time: 3, kind: .leave))
                default: payload = .fix(LogFixRunTests.randomFix(participant, using: &random))
                }
                let sequence = Int64((logs[race]?.count ?? 0) + batch.count + 1)
                batch.append(
                    LogEntry(raceID: race, sequence: sequence, recordedAt: 1e9 + Double(append), payload: payload))
            }
            try await store.append(batch)
            logs[race, default: []] += batch
        }
        for (race, log) in logs {
            #expect(try await store.entries(raceID: race, after: 0) == log)
            for _ in 0..<20 {
                let after = Int.random(in: 0...log.count, using: &random)
                #expect(try await store.entries(raceID: race, after: Int64(after)) == Array(log[after...]))
            }
        }
        let log = logs["r"]!
        let last = Int64(log.count)
        for _ in 0..<20 {
            let taken = Int64.random(in: 1...last, using: &random)
            let payload: LogPayload =
                Bool.random(using: &random)
                ? .fix(LiveFix(participant: "p", time: 5, latitude: 1, longitude: 2)) : .organiser(.end(time: 5))
            // Alone, or with free numbers before it in the same append.
            let from = Bool.random(using: &random) ? taken : max(1, taken - 3)
            let clash = (from...taken).map { LogEntry(raceID: "r", sequence: $0, recordedAt: 1, payload: payload) }
            await #expect(throws: LiveStoreError.self) { try await store.append(clash) }
        }
        let fix = LogPayload.fix(LiveFix(participant: "p", time: 5, latitude: 1, longitude: 2))
        let repeated = [last + 1, last + 2, last + 1].map {
            LogEntry(raceID: "r", sequence: $0, recordedAt: 1, payload: fix)
        }
        await #expect(throws: LiveStoreError.self) { try await store.append(repeated) }
        #expect(try await store.entries(raceID: "r", after: 0) == log)
        let next = LogEntry(raceID: "r", sequence: last + 1, recordedAt: 1, payload: fix)
        try await store.append([next])
        #expect(try await store.entries(raceID: "r", after: last) == [next])
        try await made.dispose()
    }

    @Test(arguments: TestStoreKind.allCases) func everyEntryKindReadsBackAndAppendsAreAtomic(
        _ kind: TestStoreKind
    ) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
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
                    kind: .submission(round: 2, text: "the big clock, \"ß\"\n\ttab\\N back\\slash\r 🕰"))),
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
        // Batches cut into statements of several rows (SQLite's appender): every kind at every
        // place in a statement, then the same places with other kinds and absent values, so that a
        // value left over from the statement's previous use would show; a taken number deep in
        // a batch stores nothing of it either.
        var next = Int64(entries.count + 1)
        for (count, shift) in [(150, 0), (73, 3)] {
            let batch = (0..<count).map { i in
                LogEntry(
                    raceID: "r", sequence: next + Int64(i), recordedAt: 9,
                    payload: payloads[(i + shift) % payloads.count])
            }
            try await store.append(batch)
            #expect(try await store.entries(raceID: "r", after: next - 1) == batch)
            next += Int64(count)
        }
        var deepClash = (0..<80).map { i in
            LogEntry(raceID: "r", sequence: next + Int64(i), recordedAt: 9, payload: payloads[i % payloads.count])
        }
        deepClash[70].sequence = 3
        await #expect(throws: LiveStoreError.self) { try await store.append(deepClash) }
        #expect(try await store.entries(raceID: "r", after: 0).count == Int(next - 1))
        // Larger than one INSERT statement: still one transaction, read back in order.
        let many = (0..<2_500).map { i in
            LogEntry(
                raceID: "other", sequence: Int64(i + 2), recordedAt: 9,
                payload: .fix(LiveFix(participant: "p\(i % 7)", time: Double(i), latitude: 1, longitude: 2)))
        }
        try await store.append(many)
        #expect(try await store.entries(raceID: "other", after: 1) == many)
        // One append may hold several races' entries, also within what would be one statement.
        let otherNext = Int64(many.count + 2)
        let mixed = (0..<10).map { i in
            i == 4
                ? LogEntry(raceID: "other", sequence: otherNext, recordedAt: 9, payload: payloads[3])
                : LogEntry(
                    raceID: "r", sequence: next + Int64(i < 4 ? i : i - 1), recordedAt: 9,
                    payload: payloads[i % payloads.count])
        }
        try await store.append(mixed)
        #expect(try await store.entries(raceID: "r", after: next - 1) == mixed.filter { $0.raceID == "r" })
        #expect(try await store.entries(raceID: "other", after: otherNext - 1) == [mixed[4]])
        try await made.dispose()
    }

    /// Concurrent callers (several requests, or several server instances on PostgreSQL): a
    /// code with three uses admits exactly three of ten joins; appends to different races all
    /// land; two appends with the same sequence number store one of them.
    @Test(arguments: TestStoreKind.allCases) func concurrentCallsKeepTheContract(_ kind: TestStoreKind) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
        for race in ["a", "b", "c"] { try await store.createRace(StoredRace(id: race, raceFile: "{}", createdAt: 0)) }
        try await store.addJoinCode(StoredJoinCode(hash: "three", raceID: "a", maximumUses: 3, expiresAt: nil))
        let admitted = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<10 { group.addTask { try await store.redeemJoinCode(hash: "three", now: 0)?.uses } }
            var uses: [Int] = []
            for try await use in group { if let use { uses.append(use) } }
            return uses.sorted()
        }
        #expect(admitted == [1, 2, 3])

        func fix(_ race: String, _ sequence: Int) -> LogEntry {
            LogEntry(
                raceID: race, sequence: Int64(sequence), recordedAt: 0,
                payload: .fix(LiveFix(participant: "p", time: Double(sequence), latitude: 1, longitude: 2)))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for race in ["a", "b", "c"] {
                group.addTask {
                    for n in stride(from: 1, through: 40, by: 4) {
                        try await store.append((n..<n + 4).map { fix(race, $0) })
                    }
                }
            }
            try await group.waitForAll()
        }
        for race in ["a", "b", "c"] {
            #expect(try await store.entries(raceID: race, after: 0).map(\.sequence) == Array(1...40))
        }
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    do {
                        try await store.append([fix("a", 41)])
                        return true
                    } catch LiveStoreError.conflict {
                        return false
                    } catch {
                        Issue.record("expected a conflict, got \(error)")
                        return false
                    }
                }
            }
            var stored: [Bool] = []
            for await outcome in group { stored.append(outcome) }
            return stored
        }
        #expect(outcomes.filter { $0 }.count == 1 && outcomes.count == 2)
        #expect(try await store.entries(raceID: "a", after: 40).count == 1)
        try await made.dispose()
    }

    /// A turn (`appendInTurn`) hands over what the log holds after the given sequence number and
    /// the participants in joining order, stores what it is given back, and holds the log still
    /// meanwhile: a plain append of the same number from another instance, started during the
    /// turn, waits and then collides, where without the turn it would have landed first.
    @Test(arguments: TestStoreKind.allCases) func aTurnHoldsTheLogStill(_ kind: TestStoreKind) async throws {
        let made = try await TestStores.make(kind)
        let store = made.store
        let other: any LiveStore = try made.postgresURL.map { try PostgresLiveStore(url: $0) } ?? store
        try await store.createRace(StoredRace(id: "a", raceFile: "{}", createdAt: 0))
        for id in ["q", "p"] {
            try await store.addParticipant(StoredParticipant(raceID: "a", id: id, displayName: id, joinedAt: 0))
        }
        @Sendable func fix(_ sequence: Int, by participant: String) -> LogEntry {
            LogEntry(
                raceID: "a", sequence: Int64(sequence), recordedAt: 0,
                payload: .fix(LiveFix(participant: participant, time: Double(sequence), latitude: 1, longitude: 2)))
        }
        try await store.append((1...3).map { fix($0, by: "p") })

        let seen = Mutex<(missed: [Int64], participants: [String])>(([], []))
        let rival = Mutex<Task<Bool, any Error>?>(nil)
        try await store.appendInTurn(raceID: "a", after: 1) { missed, participants in
            seen.withLock { $0 = (missed.map(\.sequence), participants.map(\.id)) }
            rival.withLock {
                $0 = Task {
                    do {
                        try await other.append([fix(4, by: "q")])
                        return true
                    } catch LiveStoreError.conflict {
                        return false
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            return [fix(4, by: "p")]
        }
        #expect(seen.withLock { $0.missed } == [2, 3])
        #expect(seen.withLock { $0.participants } == ["q", "p"])
        let rivalStored = try await #require(rival.withLock { $0 }).value
        #expect(!rivalStored, "an append landed during the turn")
        let entries = try await store.entries(raceID: "a", after: 0)
        #expect(entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(entries.last?.payload == fix(4, by: "p").payload)

        // A turn that finds nothing new to store stores nothing.
        try await store.appendInTurn(raceID: "a", after: 4) { missed, _ in
            #expect(missed.isEmpty)
            return []
        }
        #expect(try await store.entries(raceID: "a", after: 0).count == 4)
        if made.postgresURL != nil { try await other.close() }
        try await made.dispose()
    }

    /// Runs `body` with the path of an SQLite file in a new temporary folder, removed afterwards.
    private func withDatabaseFile(_ body: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("racekit.sqlite").path)
    }
}
