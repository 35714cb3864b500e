import RaceSimulation

/// What a live race's log amounts to after the entries up to ``sequence``: the replay (visits,
/// course checks), the game when the race has a mode, and why either is missing.
public struct LiveRaceState: Sendable {
    /// The last log entry included.
    public let sequence: Int64
    /// The replay of every participant's track; `nil` when the race's fences cannot be built.
    public let replay: ReplayResult?
    /// The game under the race's mode; `nil` for mode `none`, an unknown mode, or a problem.
    public let game: GamePlay?
    /// Why the replay or the game is missing, if it is.
    public let problem: String?

    /// The report `racekit simulate` writes for the same race and tracks, from the race start
    /// `startEpoch` (seconds since 1970).
    public func report(startEpoch: Double) -> RaceReport? {
        replay.map { RaceReport(replay: $0, startEpoch: startEpoch, game: game) }
    }
}
