import Hummingbird
import RaceLive
import Testing

@testable import RaceServer

/// A race's leaderboard events are rendered once and shared by its viewers' streams; a new
/// sequence, or another document at the same sequence (the race's file replaced before its
/// start), renders it again, and each kind of event and each race has its own.
@Suite struct StandingsEventCacheTests {
    private func storage(_ message: EventMessage) -> UnsafeRawPointer? {
        message.chunk.withUnsafeReadableBytes { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func renderedOncePerDocument() async throws {
        let (store, runner) = try await EventStreamTests.startedRace(joining: ["anna"])
        let events = StandingsEventCache()
        let first = await runner.standings()
        let a = events.event(raceID: "r", .standings, sequence: first.sequence, text: first.text)
        let b = events.event(raceID: "r", .standings, sequence: first.sequence, text: first.text)
        #expect(String(buffer: a.bytes) == "id: \(first.sequence)\nevent: standings\ndata: \(first.text)\n\n")
        #expect(storage(a) == storage(b))

        let fix = LiveFix(
            participant: "anna", time: LiveServerFlowTests.start + 5, latitude: 47.3778876, longitude: 8.5402755)
        _ = try await runner.submit([.fix(fix)], recordedAt: 0)
        let second = await runner.standings()
        let c = events.event(raceID: "r", .standings, sequence: second.sequence, text: second.text)
        #expect(String(buffer: c.bytes).hasPrefix("id: \(second.sequence)\n"))
        #expect(storage(c) != storage(a))

        // Another document at the same sequence is rendered anew; another race, or the other
        // kind of event, has its own.
        #expect(
            String(buffer: events.event(raceID: "r", .standings, sequence: second.sequence, text: "{}").bytes)
                == "id: \(second.sequence)\nevent: standings\ndata: {}\n\n")
        #expect(
            String(buffer: events.event(raceID: "q", .standings, sequence: second.sequence, text: second.text).bytes)
                == String(buffer: c.bytes))
        #expect(
            String(buffer: events.event(raceID: "r", .changes, sequence: second.sequence, text: "{}").bytes)
                == "id: \(second.sequence)\nevent: changes\ndata: {}\n\n")
        try await store.close()
    }
}
