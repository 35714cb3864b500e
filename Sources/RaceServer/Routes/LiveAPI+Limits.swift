import Hummingbird
import RaceLive

extension LiveAPI {
    /// Refuses a join to a race that has ``LiveServerSettings/maximumParticipantsPerRace``
    /// participants already: 409 `race-full`.
    func requireRoom(in race: LiveRace) throws {
        guard race.participants.count < settings.maximumParticipantsPerRace else {
            throw APIError(
                .conflict, "race-full",
                "the race has its \(settings.maximumParticipantsPerRace) participants; nobody more can join",
                path: "/code")
        }
    }
}
