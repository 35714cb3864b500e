import GeoFormats
import RaceKitCore

extension RaceReport {
    /// One line per leg run: the split table for a spreadsheet.
    public var splitsCSV: String {
        var out =
            "name,from,to,split_s,rank,behind_s,distance_run_m,straight_m,detour_ratio,pace_s_per_km,time_lost_s\n"
        func number(_ x: Double?, _ digits: Double) -> String {
            guard let x, x.isFinite else { return "" }
            return DecimalText.shortest((x * digits).rounded() / digits, wholeBelow: 0x1p63)
        }
        for leg in legs.legs {
            let name = replay.input.names[leg.participant]
            out +=
                [
                    CSVText.field(name), race.stops[leg.from].id, race.stops[leg.to].id, number(leg.split, 1000),
                    String(leg.rank),
                    number(leg.behind, 1000), number(leg.distanceRunMeters, 100), number(leg.straightMeters, 100),
                    number(leg.detourRatio, 1000), number(leg.paceSecondsPerKilometer, 1), number(leg.timeLost, 1000),
                ]
                .joined(separator: ",") + "\n"
        }
        return out
    }
}
