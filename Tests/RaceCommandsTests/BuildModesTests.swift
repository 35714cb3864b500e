import Foundation
import Testing

/// `racekit build` makes a race every mode can play (participants, teams, start time, time zone,
/// description) and refuses, like `validate`, one that breaks a mode's rules.
struct BuildModesTests {
    /// Nine stops on a 3 × 3 grid about 110 m apart, each with points and a question.
    static let stopsCSV =
        "name,lat,lon,points,question,options,answer\n"
        + (0..<9).map { i in
            "Z\(i + 1),\(47.370 + Double(i / 3) * 0.001),\(8.540 + Double(i % 3) * 0.0015),10,Which?,a|b|c,b"
        }.joined(separator: "\n") + "\n"

    /// Six players in two teams; the `id` column is left empty for Pia (a slug of her name).
    static let participantsCSV = """
        name,id,team
        Ida,ida,Red
        Ole,ole,Red
        Pia,,Red
        Tom,tom,Blue
        Una,una,Blue
        Vic,vic,Blue

        """

    @Test(
        "for each mode, stops CSV + participants CSV + options build a race validate accepts",
        arguments: [
            ("classic", "ordered"), ("quiz", "ordered"), ("score", "any-order"), ("relay", "ordered"),
            ("territory", "any-order"),
        ])
    func everyMode(mode: String, course: String) throws {
        let folder = try TemporaryFolder()
        let stops = try folder.write("stops.csv", Self.stopsCSV)
        let people = try folder.write("people.csv", Self.participantsCSV)
        let race = folder.url.appendingPathComponent("race.json").path
        let build = try RaceKitBinary.run([
            "build", stops, "--mode", mode, "--course", course, "--participants", people,
            "--start-time", "2026-05-02T10:00:00+02:00", "--time-zone", "Europe/Zurich",
            "--description", "A test race", "--time-limit", "90", "-o", race,
        ])
        #expect(build.status == 0, "\(mode): \(build.stderr)")
        let validate = try RaceKitBinary.run(["validate", race])
        #expect(validate.status == 0, "\(mode): \(validate.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: race))) as? [String: Any])
        #expect(json["startTime"] as? String == "2026-05-02T10:00:00+02:00")
        #expect(json["timeZone"] as? String == "Europe/Zurich")
        #expect(json["description"] as? String == "A test race")
        let teams = (json["teams"] as? [[String: Any]])?.map { "\($0["id"] ?? ""):\($0["name"] ?? "")" }
        #expect(teams == ["red:Red", "blue:Blue"])
        let participants = (json["participants"] as? [[String: Any]])?.map { "\($0["id"] ?? ""):\($0["team"] ?? "")" }
        #expect(participants == ["ida:red", "ole:red", "pia:red", "tom:blue", "una:blue", "vic:blue"])
    }

    @Test("build runs the mode rules: a relay of nine is refused with exit 1")
    func modeRules() throws {
        let folder = try TemporaryFolder()
        let stops = try folder.write("stops.csv", Self.stopsCSV)
        let people = try folder.write(
            "people.csv", "name\n" + (1...9).map { "Runner \($0)" }.joined(separator: "\n") + "\n")
        let build = try RaceKitBinary.run(["build", stops, "--mode", "relay", "--participants", people])
        #expect(build.status == 1)
        #expect(build.stderr.contains("[relay-player-count]"), "\(build.stderr)")
        // Territory without teams: the same refusal as validate's.
        let territory = try RaceKitBinary.run(["build", stops, "--mode", "territory", "--course", "any-order"])
        #expect(
            territory.status == 1 && territory.stderr.contains("[territory-needs-two-teams]"), "\(territory.stderr)")
    }

    @Test("a participants CSV with an unknown column or a row without a name is refused at its position")
    func badParticipants() throws {
        let folder = try TemporaryFolder()
        let stops = try folder.write("stops.csv", Self.stopsCSV)
        let unknown = try folder.write("a.csv", "name,colour\nIda,red\n")
        let a = try RaceKitBinary.run(["build", stops, "--participants", unknown])
        #expect(
            a.status == 2 && a.stderr.contains("a.csv:1:2") && a.stderr.contains("unknown column \"colour\""),
            "\(a.stderr)")
        let nameless = try folder.write("b.csv", "name,team\nIda,Red\n,Blue\n")
        let b = try RaceKitBinary.run(["build", stops, "--participants", nameless])
        #expect(b.status == 2 && b.stderr.contains("b.csv:3:1") && b.stderr.contains("no name"), "\(b.stderr)")
    }
}
