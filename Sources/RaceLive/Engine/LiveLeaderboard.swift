import RaceKitCore
import RaceSimulation

/// The ranking a race's viewers follow: one short row per participant, in standings order,
/// each row's JSON rendered once, so that what changed between two leaderboards is found by
/// comparing text and sent on its own (``changes(since:raceID:)``).
///
/// Viewers of a busy race get a new leaderboard many times a second; the whole report (legs,
/// flags, every visit) is a megabyte at a thousand participants and stays behind
/// `GET /races/{id}/standings`.
public struct LiveLeaderboard: Sendable {
    /// The last log entry included.
    public private(set) var sequence: Int64
    /// `created`, `started` or `ended`.
    public let status: String
    /// Why the replay or the game is missing, if it is.
    public let problem: String?
    /// The participants' ids, in standings order.
    public let order: [String]
    /// Each participant's row as compact JSON: `{"id", "name", "rank", "status", "stops",
    /// "time", "points"}`, parallel to ``order``.
    public let rows: [String]
    /// ``rows`` joined with commas, as ``snapshot(raceID:)`` writes them.
    private let joinedRows: String
    /// Where each id's row is in ``rows``.
    private let position: [String: Int]
    /// What each row says, parallel to ``rows``: a row that says the same as in the leaderboard
    /// before keeps its text instead of being written again.
    private let fields: [Fields]

    private struct Fields: Hashable {
        let name: String
        let rank: Int?
        let status: String
        let stops: Int
        let time: Double?
        let points: Int
    }

    /// The leaderboard of `state`: the game's standings when the race's mode keeps any, else
    /// the course standings of `racekit simulate` (`RaceReport.standings(of:)`); names are the
    /// participants' display names.
    /// - Parameters:
    ///   - state: the race's derived state.
    ///   - status: `created`, `started` or `ended`.
    ///   - displayNames: each joined participant's display name, by id.
    ///   - previous: the leaderboard before, whose rows' text is reused where they say the same.
    public init(
        state: LiveRaceState, status: String, displayNames: [String: String], reusing previous: LiveLeaderboard? = nil
    ) {
        sequence = state.sequence
        self.status = status
        problem = state.problem
        var order: [String] = []
        var rows: [String] = []
        var fields: [Fields] = []
        func add(id: String, rank: Int?, status: String, stops: Int, time: Double?, points: Int) {
            let said = Fields(
                name: displayNames[id] ?? id, rank: rank, status: status, stops: stops, time: time, points: points)
            order.append(id)
            fields.append(said)
            if let previous, let at = previous.position[id], previous.fields[at] == said {
                rows.append(previous.rows[at])
                return
            }
            let row: JSONValue = .object([
                JSONMember("id", .string(id)), JSONMember("name", .string(said.name)),
                JSONMember("rank", rank.map { .number(Double($0)) } ?? .null), JSONMember("status", .string(status)),
                JSONMember("stops", .number(Double(stops))), JSONMember("time", time.map { .number($0) } ?? .null),
                JSONMember("points", .number(Double(points))),
            ])
            rows.append(row.serialized(pretty: false))
        }
        if let game = state.game, !game.standings.rows.isEmpty {
            for row in game.standings.rows {
                add(
                    id: row.competitor, rank: row.rank, status: row.status.rawValue, stops: row.stopsReached,
                    time: row.finishTime, points: row.points)
            }
        } else if let replay = state.replay {
            for row in RaceReport.standings(of: replay) {
                add(
                    id: replay.input.participantIDs[row.participant] ?? row.name, rank: row.rank,
                    status: row.status.rawValue, stops: row.stopsReached, time: row.runningTime, points: row.points)
            }
        }
        self.order = order
        self.rows = rows
        joinedRows = rows.joined(separator: ",")
        self.fields = fields
        position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The same leaderboard as of a later log entry, for a state whose rows are the same
    /// (``LiveRace/leaderboardRevision`` unchanged).
    public func renumbered(to sequence: Int64) -> LiveLeaderboard {
        var later = self
        later.sequence = sequence
        return later
    }

    /// The whole leaderboard: `{"raceID", "sequence", "status", "problem"?, "rows"}`.
    public func snapshot(raceID: String) -> String {
        header(raceID: raceID, after: nil) + ",\"rows\":[" + joinedRows + "]}"
    }

    /// What changed since `previous`: `{"raceID", "sequence", "after", "status", "problem"?,
    /// "rows", "order"?}` with the rows whose text changed (or that are new), and the whole
    /// order only when it changed (rows not in it are gone). Applied to `previous`, it gives
    /// this leaderboard.
    public func changes(since previous: LiveLeaderboard, raceID: String) -> String {
        var changed: [String] = []
        for (id, row) in zip(order, rows) where previous.position[id].map({ previous.rows[$0] != row }) ?? true {
            changed.append(row)
        }
        var text =
            header(raceID: raceID, after: previous.sequence) + ",\"rows\":[" + changed.joined(separator: ",")
            + "]"
        if order != previous.order {
            text += ",\"order\":" + JSONValue.array(order.map { .string($0) }).serialized(pretty: false)
        }
        return text + "}"
    }

    private func header(raceID: String, after: Int64?) -> String {
        var members = [JSONMember("raceID", .string(raceID)), JSONMember("sequence", .number(Double(sequence)))]
        if let after { members.append(JSONMember("after", .number(Double(after)))) }
        members.append(JSONMember("status", .string(status)))
        if let problem { members.append(JSONMember("problem", .string(problem))) }
        let text = JSONValue.object(members).serialized(pretty: false)
        return String(text.dropLast())
    }
}
