import Foundation
import Glibc
import LiveStoreTestSupport
import Testing

/// Issue 16's fault tests: several `racekit serve` instances on one PostgreSQL database, fed by
/// `racekit stream` with phones spread over the instances (`--also`), with reordering,
/// duplicates and drops.
@Suite(.serialized) struct SeveralInstancesFaultTests {
    static let route = LiveStreamTests.route

    /// Three instances; the first is killed with SIGKILL while the phones stream. Its phones
    /// move on to the others; viewers on the surviving instances keep receiving events, and the
    /// dead instance's viewer resumes on a survivor from the `Last-Event-ID` it had; no
    /// acknowledged fix is lost; every instance's final report equals the offline replay.
    @Test(.hangGuard) func killNineOfOneOfThreeInstances() async throws {
        let cluster = try TestStores.postgresURLOrSkip()
        let database = try await TestStores.createDatabase(serverURL: cluster)
        var servers: [LiveServerProcess] = []
        defer { for server in servers { server.stop() } }
        for _ in 0..<3 { servers.append(try await LiveServerProcess(storage: ["--database", database.url])) }
        let (race, organiser) = try await servers[0].createRace(Self.route.appendingPathComponent("race.json").path)
        let viewers = servers.map { EventStreamViewer(base: $0.base, race: race, token: organiser) }
        defer { for viewer in viewers { viewer.stop() } }

        let tracks = Self.route.appendingPathComponent("tracks").path
        let stream = try LiveStreamTests.StreamRun([
            servers[0].base, race, tracks, "--also", servers[1].base, "--also", servers[2].base,
            "--organiser-token", organiser, "--start", "--protocol", "native", "--batch-size", "10", "--speed", "300",
            "--json", "--reorder", "0.1", "--duplicate", "0.05", "--drop", "0.02", "--seed", "9",
        ])
        var acknowledgedBeforeKill = 0
        for _ in 0..<600 where acknowledgedBeforeKill < 3000 {
            try await Task.sleep(for: .milliseconds(50))
            acknowledgedBeforeKill = (try? await servers[1].sequence(race: race, token: organiser)) ?? 0
        }
        try #require(stream.process.isRunning, "the stream ended before the kill: \(stream.errors)")
        servers[0].kill()
        let killedAt = ContinuousClock.now
        // The dead instance's viewer reconnects to a survivor with the last id it had.
        let resumedFrom = try #require(viewers[0].events.last?.id, "the first instance's viewer got no event")
        let resumed = EventStreamViewer(
            base: servers[2].base, race: race, token: organiser, lastEventID: resumedFrom)
        defer { resumed.stop() }

        let (status, summary) = try await stream.finish(within: 150)
        #expect(status == 0, "\(stream.errors)")
        let fixes = try #require(summary["fixes"] as? Int)
        #expect(summary["acknowledged"] as? Int == fixes)
        #expect(summary["failed"] as? Int == 0 && summary["refused"] as? Int == 0, "\(summary)")

        for server in servers.dropFirst() {
            // Every fix in the log exactly once, whichever instance took it: fixes plus the start.
            #expect(try await server.sequence(race: race, token: organiser) == fixes + 1)
        }
        // The viewers on the surviving instances kept receiving events, up to the last entry.
        for viewer in viewers.dropFirst() {
            let after = viewer.events.filter { $0.at > killedAt }
            #expect(!after.isEmpty, "no event after the kill")
            for _ in 0..<100 where viewer.events.last?.id != fixes + 1 { try await Task.sleep(for: .milliseconds(50)) }
            #expect(viewer.events.last?.id == fixes + 1)
        }
        // Resumed on another instance: only what came after the id it had, up to the last entry.
        for _ in 0..<100 where resumed.events.last?.id != fixes + 1 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(resumed.events.last?.id == fixes + 1)
        #expect(resumed.events.allSatisfy { $0.id > resumedFrom })
        // A viewer that has the last entry (from whichever instance) gets nothing again.
        let upToDate = EventStreamViewer(base: servers[1].base, race: race, token: organiser, lastEventID: fixes + 1)
        defer { upToDate.stop() }
        try await Task.sleep(for: .seconds(1))
        #expect(upToDate.events.isEmpty)
        // Once the race is over, each survivor's report is `racekit simulate`'s.
        try await servers[1].end(race: race, token: organiser)
        let offline = try LiveStreamTests.offlineReport(tracks: [tracks], in: try TemporaryFolder())
        for server in servers.dropFirst() {
            let (sequence, live) = try await server.report(race: race, token: organiser, reaching: fixes + 2)
            #expect(sequence == fixes + 2)
            #expect((live as? NSDictionary) == (offline as? NSDictionary))
        }
        for server in servers.dropFirst() { server.stop() }
        try await TestStores.dropDatabase(database.name, serverURL: cluster)
    }

    /// PostgreSQL crashes (immediate stop, connections cut) and is back two seconds later while
    /// two instances take the stream: the instances reconnect (requests in flight wait for the
    /// pool or fail and are retried by the phones), and nothing acknowledged is lost. The database is a cluster of the test's own
    /// (`scripts/postgres-test-cluster.sh` with its own state folder), so the other tests' keep running.
    @Test(.hangGuard) func postgresRestartMidStream() async throws {
        _ = try TestStores.postgresURLOrSkip()
        let folder = try TemporaryFolder()
        let cluster = PrivateCluster(state: folder.url.appendingPathComponent("pg").path)
        defer { cluster.stop() }
        let url = try cluster.start()
        var servers: [LiveServerProcess] = []
        defer { for server in servers { server.stop() } }
        for _ in 0..<2 { servers.append(try await LiveServerProcess(storage: ["--database", url])) }
        let (race, organiser) = try await servers[0].createRace(Self.route.appendingPathComponent("race.json").path)
        let viewer = EventStreamViewer(base: servers[1].base, race: race, token: organiser)
        defer { viewer.stop() }

        let tracks = Self.route.appendingPathComponent("tracks").path
        let stream = try LiveStreamTests.StreamRun([
            servers[0].base, race, tracks, "--also", servers[1].base, "--organiser-token", organiser, "--start",
            "--protocol", "native", "--batch-size", "10", "--speed", "300", "--json", "--reorder", "0.1",
            "--duplicate", "0.05", "--drop", "0.02", "--seed", "11",
        ])
        var acknowledgedBefore = 0
        for _ in 0..<600 where acknowledgedBefore < 3000 {
            try await Task.sleep(for: .milliseconds(50))
            acknowledgedBefore = (try? await servers[1].sequence(race: race, token: organiser)) ?? 0
        }
        try #require(stream.process.isRunning, "the stream ended before the restart: \(stream.errors)")
        try cluster.restart(pauseSeconds: 2)

        let (status, summary) = try await stream.finish(within: 150)
        #expect(status == 0, "\(stream.errors)")
        let fixes = try #require(summary["fixes"] as? Int)
        #expect(summary["acknowledged"] as? Int == fixes)
        #expect(summary["failed"] as? Int == 0 && summary["refused"] as? Int == 0)
        // The outage met the instances: each lost its LISTEN connection and made a new one. (The
        // phones may not have noticed: requests wait in the pool for a connection up to its
        // connect timeout, 10 s, longer than the outage.)
        for server in servers {
            #expect(server.text.contains("log announcements interrupted"), "\(server.events())")
        }

        let offline = try LiveStreamTests.offlineReport(tracks: [tracks], in: folder)
        for server in servers {
            // An instance whose own requests were caught in the outage reads the other's appends
            // once those requests are done (they wait for the pool up to its connect timeout).
            var sequence = try await server.sequence(race: race, token: organiser)
            for _ in 0..<100 where sequence != fixes + 1 {
                try await Task.sleep(for: .milliseconds(200))
                sequence = try await server.sequence(race: race, token: organiser)
            }
            #expect(sequence == fixes + 1, "\(server.events())")
            #expect(sequence > acknowledgedBefore)
        }
        // The viewer's instance heard the other's appends again after the restart (it re-LISTENed).
        for _ in 0..<100 where viewer.events.last?.id != fixes + 1 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(viewer.events.last?.id == fixes + 1)
        // Once the race is over, each instance's report is `racekit simulate`'s.
        try await servers[0].end(race: race, token: organiser)
        for server in servers {
            let (sequence, live) = try await server.report(race: race, token: organiser, reaching: fixes + 2)
            #expect(sequence == fixes + 2)
            #expect((live as? NSDictionary) == (offline as? NSDictionary))
        }
    }
}

/// A PostgreSQL cluster of one test's own, through `scripts/postgres-test-cluster.sh` with its
/// own state folder: started, restarted as after a crash, and stopped (also on failure).
struct PrivateCluster {
    let state: String
    static let script = LiveStreamTests.route.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/postgres-test-cluster.sh").path

    /// Starts it; its URL.
    func start() throws -> String {
        try run(["start"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops it as a crash would, waits, and starts it again on the same port.
    func restart(pauseSeconds: Int) throws { _ = try run(["restart", String(pauseSeconds)]) }

    /// Stops it and removes its folder.
    func stop() { _ = try? run(["stop"]) }

    /// Runs the script with `RACEKIT_PG_STATE` set, its output in a file; its output. Spawned and
    /// waited for with posix_spawn and waitpid: the server the script starts outlives it.
    private func run(_ arguments: [String]) throws -> String {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let outputPath = state + "/script-output"
        let command = ([Self.script] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let argv = ["/bin/bash", "-c", "RACEKIT_PG_STATE='\(state)' \(command) >'\(outputPath)'"]
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        guard posix_spawn(&pid, "/bin/bash", nil, nil, cArguments, environ) == 0 else {
            throw LiveServerProcess.ServerFailure(message: "could not run \(Self.script)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            throw LiveServerProcess.ServerFailure(message: "postgres-test-cluster.sh \(arguments) failed (\(status))")
        }
        return try String(contentsOfFile: outputPath, encoding: .utf8)
    }
}
