import Foundation
import GameModes
import RaceLive
import RaceModel
import RaceSimulation
import Testing

/// A live race before its end: the game has not ended, so a participant still on the course is
/// running in the standings, not DidNotFinish (the race's time limit is not its end); once the
/// organiser ends the race, who has not finished did not finish.
@Suite struct RunningRaceStandingsTests {
    @Test func aParticipantOnTheCourseIsActiveUntilTheRaceEnds() throws {
        let sample = try LogPrincipleTests.Sample("zurich-old-town")
        #expect(sample.race.timeLimitSeconds != nil, "the point is a race with a time limit")
        let track = try #require(sample.tracks.first)
        let id = TrackFiles.participant(of: track, in: sample.race)?.id ?? track.name
        var engine = LiveRace(raceID: "r", race: sample.race)
        engine.join(StoredParticipant(raceID: "r", id: id, displayName: track.name, joinedAt: 0))
        var sequence: Int64 = 0
        func apply(_ payload: LogPayload) {
            sequence += 1
            engine.apply(LogEntry(raceID: "r", sequence: sequence, recordedAt: 0, payload: payload))
        }
        apply(.organiser(.start(time: sample.start)))
        // The first tenth of the track: on the course, far from the finish.
        for point in track.points.prefix(max(2, track.points.count / 10)) {
            apply(
                .fix(LiveFix(participant: id, time: point.time, latitude: point.latitude, longitude: point.longitude)))
        }
        func status(_ state: LiveRaceState) throws -> ResultStatus {
            try #require(state.game?.standings.rows.first { $0.competitor == id }).status
        }
        #expect(try status(engine.leaderboardState()) == .active)
        #expect(try status(engine.refresh()) == .active)
        #expect(engine.refresh().game?.standings.final == false)

        apply(.organiser(.end(time: (track.points.last?.time ?? sample.start) + 60)))
        #expect(try status(engine.leaderboardState()) == .didNotFinish)
        #expect(try status(engine.refresh()) == .didNotFinish)
    }
}
