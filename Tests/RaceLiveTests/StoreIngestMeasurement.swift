import Foundation
import LiveStoreTestSupport
import PostgresNIO
import RaceLive
import RaceLivePostgres
import Testing

/// Ingest throughput of both stores in one run (docs/scaling.md): not a timed test (it asserts
/// only that every entry was stored and reads back); it runs when RACEKIT_MEASURE_INGEST=1, as
/// `scripts/measure-store-ingest.sh` sets it, and prints its figures.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["RACEKIT_MEASURE_INGEST"] == "1",
        "a measurement: run it with scripts/measure-store-ingest.sh"))
struct StoreIngestMeasurement {
    static func fix(_ race: String, _ sequence: Int) -> LogEntry {
        LogEntry(
            raceID: race, sequence: Int64(sequence), recordedAt: 1_700_000_000 + Double(sequence),
            payload: .fix(
                LiveFix(
                    participant: "p\(sequence % 50)", time: 1_700_000_000 + Double(sequence),
                    latitude: 47.37 + Double(sequence % 1000) * 1e-6, longitude: 8.54, accuracyMeters: 5)))
    }

    /// Seconds `body` takes.
    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    static func report(_ store: String, _ workload: String, entries: Int, seconds: Double) {
        let line = String(
            format: "ingest %-10@ %-44@ %7d entries %7.3f s %9.0f entries/s\n", store as NSString,
            workload as NSString, entries, seconds, Double(entries) / seconds)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Stores on disk, so both pay for durability (SQLite in a temporary file with
    /// synchronous=FULL; PostgreSQL on a new database of the test cluster, fsync on).
    @Test(arguments: [TestStoreKind.sqliteFile, .postgres]) func ingest(_ kind: TestStoreKind) async throws {
        let made = try await TestStores.make(kind)
        do {
            try await Self.workloads(kind, made)
            try await made.dispose()
        } catch {
            try? await made.dispose()
            throw error
        }
    }

    static func workloads(_ kind: TestStoreKind, _ made: TestStore) async throws {
        let store = made.store
        for race in 0..<10 { try await store.createRace(StoredRace(id: "r\(race)", raceFile: "{}", createdAt: 0)) }

        // Native batches: 50 × 2 000 fixes, one race.
        let batches = 50, batchSize = 2_000
        let batched = try await seconds {
            for b in 0..<batches {
                try await store.append((1...batchSize).map { fix("r0", b * batchSize + $0) })
            }
        }
        report("\(kind)", "batches of 2000, one writer", entries: batches * batchSize, seconds: batched)
        #expect(try await store.entries(raceID: "r0", after: 0).count == batches * batchSize)

        // OsmAnd-style: one fix per append (one transaction each), one writer.
        let singles = 1_000
        let single = try await seconds {
            for n in 1...singles { try await store.append([fix("r1", n)]) }
        }
        report("\(kind)", "one fix per append, one writer", entries: singles, seconds: single)

        // One fix per append from 8 writers at once, each its own race (phones of several races).
        let writers = 8
        let concurrent = try await seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for w in 0..<writers {
                    group.addTask {
                        for n in 1...singles / writers {
                            try await store.append([fix("r\(w + 2)", n)])
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        report("\(kind)", "one fix per append, 8 writers", entries: singles, seconds: concurrent)
        #expect(try await store.entries(raceID: "r1", after: 0).count == singles)

        #expect(try await store.entries(raceID: "r9", after: 0).count == singles / writers)
        if let url = made.postgresURL { try await Self.insertComparison(url) }
    }

    /// The same rows by multi-row INSERT with bound parameters (what COPY was chosen over), on
    /// a table of the same shape without the store: 50 × 2 000 rows, and 1 000 single rows.
    static func insertComparison(_ url: String) async throws {
        try await TestStores.withClient(url) { client in
            try await client.query(
                "CREATE TABLE insert_probe (LIKE log_entries INCLUDING ALL)")
            let columns = "race_id, seq, recorded_at, kind, participant, time, latitude, longitude, accuracy"
            func insert(_ entries: [LogEntry]) async throws {
                var sql = "INSERT INTO insert_probe (\(columns)) VALUES "
                var binds = PostgresBindings(capacity: entries.count * 9)
                for (i, entry) in entries.enumerated() {
                    guard case .fix(let f) = entry.payload else { continue }
                    let p = i * 9
                    sql +=
                        (i == 0 ? "" : ",") + "($\(p + 1),$\(p + 2),$\(p + 3),$\(p + 4),$\(p + 5),$\(p + 6),"
                        + "$\(p + 7),$\(p + 8),$\(p + 9))"
                    binds.append(entry.raceID)
                    binds.append(entry.sequence)
                    binds.append(entry.recordedAt)
                    binds.append("fix")
                    binds.append(f.participant)
                    binds.append(f.time)
                    binds.append(f.latitude)
                    binds.append(f.longitude)
                    binds.append(f.accuracyMeters)
                }
                try await client.query(PostgresQuery(unsafeSQL: sql, binds: binds))
            }
            let batched = try await seconds {
                for b in 0..<50 { try await insert((1...2_000).map { fix("r0", b * 2_000 + $0) }) }
            }
            report("postgres", "INSERT batches of 2000 (not used)", entries: 100_000, seconds: batched)
            let single = try await seconds {
                for n in 1...1_000 { try await insert([fix("r1", n)]) }
            }
            report("postgres", "INSERT one row per statement (not used)", entries: 1_000, seconds: single)
            let rows = try await client.query("SELECT count(*) FROM insert_probe")
            for try await count in rows.decode(Int.self) { #expect(count == 101_000) }
        }
    }
}
