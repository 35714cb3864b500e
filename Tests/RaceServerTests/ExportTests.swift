import Foundation
import GeoFormats
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// Results and tracks through the API are what `racekit simulate` writes for the same race and
/// tracks: the sample race's eight tracks go in as native batches, and the JSON, IOF XML and
/// CSV results equal the built `racekit simulate … --format json|iof|csv` byte for byte; the
/// GPX holds every fix that went in.
@Suite struct ExportTests {
    static let folder = ServerHarness.routes.appendingPathComponent("zurich-old-town")

    /// `racekit simulate` on the sample with nobody answering (an empty response file), as the
    /// live race without game inputs plays it.
    static func simulate(format: String) throws -> String {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("racekit-empty-\(UUID()).jsonl")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        var binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: binary.appendingPathComponent("racekit").path),
            binary.pathComponents.count > 1
        {
            binary.deleteLastPathComponent()
        }
        let process = Process()
        process.executableURL = binary.appendingPathComponent("racekit")
        process.arguments = [
            "simulate", folder.appendingPathComponent("race.json").path, folder.appendingPathComponent("tracks").path,
            "--responses", empty.path, "--format", format,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func resultsEqualTheSimulatorsAndTracksHoldEveryFix() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        let tracks = try FileManager.default.contentsOfDirectory(
            atPath: Self.folder.appendingPathComponent("tracks").path
        )
        .sorted().map { try GPXDocument.read(path: Self.folder.appendingPathComponent("tracks/\($0)").path) }
        #expect(tracks.count == 8)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client, name: "Anna")
            let code = try #require(
                try ServerHarness.json(
                    try await client.execute(
                        uri: "/races/\(race.raceID)/join-codes", method: .post, headers: race.organiser,
                        body: ServerHarness.body(#"{"maxUses": null}"#)))["code"]?.string)
            var participants: [HTTPFields] = [race.participant]
            for track in tracks.dropFirst() {
                let name = try #require(track.tracks.first?.info.name)
                let joined = try ServerHarness.json(
                    try await client.execute(
                        uri: "/join", method: .post,
                        body: ServerHarness.body(#"{"code": "\#(code)", "name": "\#(name)"}"#)))
                participants.append(ServerHarness.bearer(try #require(joined["participantToken"]?.string)))
            }
            try await race.start(client)
            clock.now = LiveServerFlowTests.start + 7200
            var fixCount = 0
            for (track, token) in zip(tracks, participants) {
                let points = track.tracks.flatMap { $0.segments.flatMap(\.points) }
                fixCount += points.count
                let fixes = points.map { #"{"time": \#($0.time!), "lat": \#($0.latitude), "lon": \#($0.longitude)}"# }
                for start in stride(from: 0, to: fixes.count, by: 2000) {  // the batch limit
                    let batch = fixes[start..<min(start + 2000, fixes.count)]
                    let response = try await client.execute(
                        uri: "/races/\(race.raceID)/fixes", method: .post, headers: token,
                        body: ServerHarness.body("[" + batch.joined(separator: ",") + "]"))
                    #expect(try ServerHarness.json(response)["accepted"]?.number == Double(batch.count))
                }
            }

            // Results are the simulator's once the race is over (before, who is out is running).
            try await race.end(client)
            for (path, format, type) in [
                ("results.json", "json", "application/json"), ("results.xml", "iof", "application/xml"),
                ("results.csv", "csv", "text/csv"),
            ] {
                let response = try await client.execute(
                    uri: "/races/\(race.raceID)/\(path)", method: .get, headers: race.organiser)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix(type) == true)
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(race.raceID)-\(path)\"")
                let expected = try Self.simulate(format: format)
                #expect(expected.count > 200)
                #expect(
                    String(buffer: response.body) == expected,
                    "\(path) differs from racekit simulate --format \(format)")
            }

            let gpx = try await client.execute(
                uri: "/races/\(race.raceID)/tracks.gpx", method: .get, headers: race.organiser)
            #expect(gpx.status == .ok)
            let document = try GPXDocument.parse(Array(gpx.body.readableBytesView), file: "tracks.gpx")
            #expect(document.tracks.count == 8)
            #expect(document.tracks.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.points.count } } == fixCount)
            let first = try #require(document.tracks.first?.segments.first?.points.first)
            let original = try #require(tracks.first?.tracks.first?.segments.first?.points.first)
            #expect(first.latitude == original.latitude && first.longitude == original.longitude)
            #expect(first.time == original.time)
        }
    }
}
