import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import RaceKitCore
import Testing

/// The live page is one self-contained document that talks only to its server, and the
/// positions it draws are each participant's last fix with their next stop.
@Suite struct LivePageTests {
    /// The contents of every `<tag …>…</tag>` in `html`.
    static func elements(_ tag: String, in html: String) -> [String] {
        html.components(separatedBy: "<\(tag)").dropFirst().compactMap { part in
            guard let open = part.firstIndex(of: ">"), let close = part.range(of: "</\(tag)>") else { return nil }
            return String(part[part.index(after: open)..<close.lowerBound])
        }
    }

    @Test func thePageIsSelfContainedAndPositionsFollowTheFixes() async throws {
        let clock = ManualClock(LiveServerFlowTests.start - 60)
        try await ServerHarness.withServer(clock: clock) { client in
            let race = try await RaceFixture.make(client)
            let token = try #require(race.organiser[.authorization]?.replacingOccurrences(of: "Bearer ", with: ""))
            let page = try await client.execute(uri: "/races/\(race.raceID)/live?token=\(token)", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.init("Referrer-Policy")!] == "no-referrer")
            let html = String(buffer: page.body)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"))
            // The policy allows exactly the page's own inline script and style, by their SHA-256.
            let scripts = Self.elements("script", in: html)
            #expect(scripts.count == 2)  // the race's data (not run) and the script
            for text in [scripts.last!, Self.elements("style", in: html).first!] {
                let hash = Data(SHA256.hash(data: Array(text.utf8))).base64EncodedString()
                #expect(policy.contains("'sha256-\(hash)'"))
            }
            // Nothing from elsewhere: no address but SVG's namespace, no external resource.
            let addresses = html.components(separatedBy: "http").dropFirst().map { "http" + $0.prefix(30) }
            #expect(addresses.allSatisfy { $0.hasPrefix("http://www.w3.org/2000/svg") }, "\(addresses)")
            #expect(!html.contains("src=") && !html.contains("<link"))
            // The stops are embedded for the map: eight, in file order, Zürich HB first.
            let data = try JSONParser.parse(Array(scripts[0].utf8), file: "race-data")
            #expect(data["raceID"]?.string == race.raceID)
            #expect(data["stops"]?.array?.count == 8)
            #expect(data["stops"]?.array?.first?["name"]?.string == "Zürich Hauptbahnhof")
            #expect(data["stops"]?.array?.first?["radius"]?.number == 30)
            #expect(data["course"]?.array?.count == 8)

            try await race.start(client)
            clock.now = LiveServerFlowTests.start + 600
            let before = try ServerHarness.json(
                try await client.execute(uri: "/races/\(race.raceID)/positions", method: .get, headers: race.organiser))
            #expect(before["participants"]?.array?.first?["lat"] == nil)
            #expect(before["participants"]?.array?.first?["next"]?.string == "hb")
            _ = try await client.execute(
                uri: "/races/\(race.raceID)/fixes", method: .post, headers: race.participant,
                body: ServerHarness.body(
                    #"[{"time": \#(LiveServerFlowTests.start + 5), "lat": 47.3779, "lon": 8.5403, "accuracy": 4}]"#))
            let after = try #require(
                try ServerHarness.json(
                    try await client.execute(
                        uri: "/races/\(race.raceID)/positions?token=\(token)", method: .get))["participants"]?.array?
                    .first)
            #expect(after["id"]?.string == "anna" && after["name"]?.string == "Anna")
            #expect(after["lat"]?.number == 47.3779 && after["lon"]?.number == 8.5403 && after["accuracy"]?.number == 4)
            #expect(after["time"]?.string == "2026-05-02T08:00:05Z")
            #expect(after["next"]?.string == "lindenhof")
        }
    }
}
