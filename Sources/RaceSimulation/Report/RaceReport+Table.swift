import Foundation
import RaceKitCore

extension RaceReport {
    /// The standings and the flags as aligned text, for a terminal.
    public var table: String {
        var lines = ["\(race.name): \(standings.count) participants, \(replay.visits.count) visits"]
        // One points figure: the game's when a mode is played (its rules may take points away),
        // else the stops' sum.
        let showPoints = game == nil && race.stops.contains { $0.points != nil }
        let header = ["#", "name", "status", "time", "stops"] + (showPoints ? ["points"] : [])
        // Name and status read from the left, the figures from the right.
        var table = TextTable(alignments: header.indices.map { $0 == 1 || $0 == 2 ? .left : .right })
        table.append(header)
        for s in standings {
            table.append(
                [
                    s.rank.map(String.init) ?? "-", s.name, s.status.rawValue, Self.clock(s.runningTime),
                    "\(s.stopsReached)/\(s.stopsOnCourse)",
                ] + (showPoints ? ["\(s.points)"] : []))
        }
        lines += table.lines
        if let game {
            lines.append("")
            lines.append(
                "game mode \(game.mode)\(game.standings.winners.isEmpty ? "" : ": won by " + game.standings.winners.joined(separator: ", "))"
            )
            lines.append(game.standings.table().trimmingCharacters(in: .newlines))
            // The relay's reveal: every chain, one line each.
            for case .reveal(let chains, let time) in game.outcomes {
                lines.append("reveal at \(Self.clock(time)):")
                lines += chains.map { "  " + $0.description }
            }
            lines.append("")
        }
        if let last = leader.changes.last {
            lines.append(
                "leader changes: \(leader.changes.count); last at \(Self.clock(last.time)): \(replay.input.names[last.participant])"
            )
        }
        if !flags.flags.isEmpty {
            lines.append("flags:")
            for flag in flags.flags.prefix(20) {
                lines.append(
                    "  \(Self.clock(flag.time))  \(replay.input.names[flag.participant])  \(flag.kind.rawValue): \(flag.evidence)"
                )
            }
            if flags.flags.count > 20 { lines.append("  … \(flags.flags.count - 20) more (see --format json)") }
        }
        let rejected = replay.screening.rejectedCount
        if rejected > 0 {
            lines.append("fixes not used: \(rejected) (invalid, out of order, duplicate or impossible speed)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
