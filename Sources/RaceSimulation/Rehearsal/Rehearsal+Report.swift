import GeoFormats
import RaceModel

extension Rehearsal {
    /// The finish time at quantile `q` (0…1) of OK finishers.
    public func finishTime(quantile q: Double) -> Double? {
        guard !finishTimes.isEmpty else { return nil }
        return finishTimes[min(finishTimes.count - 1, Int((Double(finishTimes.count - 1) * q).rounded()))]
    }

    /// A summary for a terminal.
    public var table: String {
        let results = statusCounts.values.reduce(0, +)
        var lines = ["Rehearsal of \(race.name): \(runs) runs, \(results) results"]
        lines.append("finish time (OK): 10% \(RaceReport.clock(finishTime(quantile: 0.1))), median \(RaceReport.clock(finishTime(quantile: 0.5))), 90% \(RaceReport.clock(finishTime(quantile: 0.9)))")
        lines.append("statuses: " + ResultStatus.allCases.compactMap { status in
            statusCounts[status].map { "\(status.rawValue) \(Self.percent(Double($0) / Double(max(1, results))))" }
        }.joined(separator: ", "))
        let width = max(4, race.stops.map(\.id.count).max() ?? 4)
        lines.append("stop".padded(width) + "  radius  arrivals  missed  peak together")
        for figures in stops {
            let stop = race.stops[figures.stop]
            let radius: String
            if case .circle(_, let r) = stop.fence { radius = "\(Int(r.rounded())) m" } else { radius = "area" }
            lines.append(stop.id.padded(width) + "  " + radius.leftPadded(6) + "  " + String(figures.planned).leftPadded(8)
                         + "  " + Self.percent(figures.missRate).leftPadded(6) + "  " + String(figures.peakTogether).leftPadded(13))
        }
        if courseMedians.count > 1 {
            lines.append("course medians: " + courseMedians.sorted { $0.key < $1.key }.map { "\($0.key) \(RaceReport.clock($0.value))" }.joined(separator: ", "))
        }
        lines.append(recommendations.isEmpty ? "recommendations: none" : "recommendations:")
        lines += recommendations.map { "  " + $0.text }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as JSON.
    public var json: JSONValue {
        func time(_ t: Double?) -> JSONValue { t.map { .number($0.rounded()) } ?? .null }
        return .object([
            JSONMember("format", .string("racekit.rehearsal/1")),
            JSONMember("race", .string(race.name)),
            JSONMember("runs", .number(Double(runs))),
            JSONMember("finishTime", .object([JSONMember("p10", time(finishTime(quantile: 0.1))), JSONMember("median", time(finishTime(quantile: 0.5))),
                                              JSONMember("p90", time(finishTime(quantile: 0.9)))])),
            JSONMember("statuses", .object(ResultStatus.allCases.compactMap { s in statusCounts[s].map { JSONMember(s.rawValue, .number(Double($0))) } })),
            JSONMember("stops", .array(stops.map { f in
                .object([JSONMember("stop", .string(race.stops[f.stop].id)), JSONMember("arrivals", .number(Double(f.planned))),
                         JSONMember("missed", .number(Double(f.missed))), JSONMember("peakTogether", .number(Double(f.peakTogether)))])
            })),
            JSONMember("courseMedians", .object(courseMedians.sorted { $0.key < $1.key }.map { JSONMember($0.key, time($0.value)) })),
            JSONMember("recommendations", .array(recommendations.map { .string($0.text) })),
        ])
    }
}

private extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
