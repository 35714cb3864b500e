import GeoCore
import RaceKitCore
import RaceModel

/// One line of the standings: a competitor (a participant, or a team in team modes).
public struct StandingsRow: Hashable, Sendable, Codable {
    /// 1-based; equal results share a rank (1, 1, 3). `nil` for an unranked status.
    public var rank: Int?
    /// The participant or team id.
    public var competitor: String
    /// The participant's or team's name.
    public var name: String
    /// Participant ids (the competitor itself for a single participant).
    public var members: [String]
    /// How the competitor's race stands: finished, still going, disqualified….
    public var status: ResultStatus
    /// Points, in modes that score (0 otherwise).
    public var points: Int
    /// How many stops counted (reached in order, claimed, handled).
    public var stopsReached: Int
    /// When the competitor finished, in seconds since the start (raw, before penalties).
    public var finishTime: Seconds?
    /// Mode-specific columns, by the names in ``Standings/columns``.
    public var details: [String: String]

    /// Creates a row; an unranked, pointless, unfinished row by default.
    public init(
        rank: Int? = nil, competitor: String, name: String, members: [String], status: ResultStatus,
        points: Int = 0, stopsReached: Int = 0, finishTime: Seconds? = nil, details: [String: String] = [:]
    ) {
        self.rank = rank
        self.competitor = competitor
        self.name = name
        self.members = members
        self.status = status
        self.points = points
        self.stopsReached = stopsReached
        self.finishTime = finishTime
        self.details = details
    }
}

/// A leaderboard of its own for a group of competitors (the score hunt's groups).
public struct GroupStandings: Hashable, Sendable, Codable {
    /// The group's id.
    public var id: String
    /// The group's name.
    public var name: String
    /// The group's competitors, best first.
    public var rows: [StandingsRow]

    /// Creates a group leaderboard.
    public init(id: String, name: String, rows: [StandingsRow]) {
        self.id = id
        self.name = name
        self.rows = rows
    }
}

/// Who stands where, at any moment of a game: rows in order (best first), the mode-specific
/// columns, and group leaderboards.
public struct Standings: Hashable, Sendable, Codable {
    /// The mode's identifier.
    public var mode: String
    /// The names of the mode-specific columns in ``StandingsRow/details``, in display order.
    public var columns: [String]
    /// Every competitor, best first.
    public var rows: [StandingsRow]
    /// The group leaderboards, if the mode has groups.
    public var groups: [GroupStandings]
    /// Whether the race is over (an ``GameInput/end(_:)`` was seen): ranks are final.
    public var final: Bool

    /// Creates standings.
    public init(mode: String, columns: [String] = [], rows: [StandingsRow], groups: [GroupStandings] = [], final: Bool)
    {
        self.mode = mode
        self.columns = columns
        self.rows = rows
        self.groups = groups
        self.final = final
    }

    /// The rank-1 competitors of a final result (several on a tie); empty while the race runs.
    public var winners: [String] {
        final ? rows.filter { $0.rank == 1 }.map(\.competitor) : []
    }

    /// A plain-text table, the same bytes for the same standings.
    public func table() -> String {
        let header = ["rank", "competitor", "status", "points", "stops", "finish"] + columns
        var table = TextTable(alignments: header.map { _ in .left }, trimsTrailingSpaces: true)
        table.append(header)
        for row in rows {
            table.append(
                [
                    row.rank.map(String.init) ?? "-", row.competitor, row.status.rawValue, String(row.points),
                    String(row.stopsReached), row.finishTime.map(RaceClock.text) ?? "-",
                ]
                    + columns.map { row.details[$0] ?? "" })
        }
        var out = table.text
        for group in groups {
            out += "\ngroup \(group.id) (\(group.name))\n"
            for row in group.rows {
                out += "  \(row.rank.map(String.init) ?? "-")  \(row.competitor)  \(row.points)\n"
            }
        }
        return out
    }
}

/// Standard competition ranking ("1224"): rows in order; a row equal to the one before (by
/// `same`) shares its rank. Rows whose status is not in `ranked` get no rank.
public func competitionRanks(
    _ rows: [StandingsRow], ranked: Set<ResultStatus> = [.ok, .active],
    same: (StandingsRow, StandingsRow) -> Bool
) -> [StandingsRow] {
    var out = rows
    var position = 0
    var previous: StandingsRow?
    for i in out.indices {
        guard ranked.contains(out[i].status) else { out[i].rank = nil; continue }
        position += 1
        if let previous, let rank = previous.rank, same(previous, out[i]) {
            out[i].rank = rank
        } else {
            out[i].rank = position
        }
        previous = out[i]
    }
    return out
}
