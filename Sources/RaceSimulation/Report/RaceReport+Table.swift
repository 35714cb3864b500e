import Foundation

extension RaceReport {
    /// The standings and the flags as aligned text, for a terminal.
    public var table: String {
        var lines = ["\(race.name): \(standings.count) participants, \(replay.visits.count) visits"]
        // One points figure: the game's when a mode is played (its rules may take points away),
        // else the stops' sum.
        let showPoints = game == nil && race.stops.contains { $0.points != nil }
        let header = ["#", "name", "status", "time", "stops"] + (showPoints ? ["points"] : [])
        var rows = standings.map { s in
            [s.rank.map(String.init) ?? "-", s.name, s.status.rawValue, Self.clock(s.runningTime),
             "\(s.stopsReached)/\(s.stopsOnCourse)"] + (showPoints ? ["\(s.points)"] : [])
        }
        rows.insert(header, at: 0)
        let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        for row in rows {
            lines.append(row.enumerated().map { c, cell in
                c == 1 || c == 2 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                                 : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  "))
        }
        if let game {
            lines.append("")
            lines.append("game mode \(game.mode)\(game.standings.winners.isEmpty ? "" : ": won by " + game.standings.winners.joined(separator: ", "))")
            lines.append(game.standings.table().trimmingCharacters(in: .newlines))
            // The relay's reveal: every chain, one line each.
            for case .reveal(let chains, let time) in game.outcomes {
                lines.append("reveal at \(Self.clock(time)):")
                lines += chains.map { "  " + $0.description }
            }
            lines.append("")
        }
        if let last = leader.changes.last {
            lines.append("leader changes: \(leader.changes.count); last at \(Self.clock(last.time)): \(replay.input.names[last.participant])")
        }
        if !flags.flags.isEmpty {
            lines.append("flags:")
            for flag in flags.flags.prefix(20) {
                lines.append("  \(Self.clock(flag.time))  \(replay.input.names[flag.participant])  \(flag.kind.rawValue): \(flag.evidence)")
            }
            if flags.flags.count > 20 { lines.append("  … \(flags.flags.count - 20) more (see --format json)") }
        }
        let rejected = replay.screening.rejectedCount
        if rejected > 0 { lines.append("fixes not used: \(rejected) (invalid, out of order, duplicate or impossible speed)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
