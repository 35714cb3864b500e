import GeoFormats
import RaceKitCore
import RaceModel

extension Rehearsal {
    /// The finish time at quantile `q` (0…1) of OK finishers.
    public func finishTime(quantile q: Double) -> Double? { Self.quantile(finishTimes, q) }

    /// A summary for a terminal.
    public var table: String {
        let results = statusCounts.values.reduce(0, +)
        var lines = ["Rehearsal of \(race.name): \(runs) runs, \(results) results"]
        lines.append(
            "finish time (OK): 10% \(RaceReport.clock(finishTime(quantile: 0.1))), median \(RaceReport.clock(finishTime(quantile: 0.5))), 90% \(RaceReport.clock(finishTime(quantile: 0.9)))"
        )
        lines.append(
            "statuses: "
                + ResultStatus.allCases.compactMap { status in
                    statusCounts[status].map {
                        "\(status.rawValue) \(Self.percent(Double($0) / Double(max(1, results))))"
                    }
                }.joined(separator: ", "))
        var stopTable = TextTable(alignments: [.left, .right, .right, .right, .right])
        stopTable.append(["stop", "radius", "arrivals", "missed", "peak together"])
        for figures in stops {
            let stop = race.stops[figures.stop]
            let radius: String
            if case .circle(_, let r) = stop.fence { radius = "\(Int(r.rounded())) m" } else { radius = "area" }
            stopTable.append([
                stop.id, radius, String(figures.planned), Self.percent(figures.missRate), String(figures.peakTogether),
            ])
        }
        lines += stopTable.lines
        if comparesCourses { lines += courseTable }
        lines.append(recommendations.isEmpty ? "recommendations: none" : "recommendations:")
        lines += recommendations.map { "  " + $0.text }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as JSON.
    public var json: JSONValue {
        func time(_ t: Double?) -> JSONValue { t.map { .number($0.rounded()) } ?? .null }
        return .object(
            [
                JSONMember("format", .string("racekit.rehearsal/1")),
                JSONMember("race", .string(race.name)),
                JSONMember("runs", .number(Double(runs))),
                JSONMember(
                    "finishTime",
                    .object([
                        JSONMember("p10", time(finishTime(quantile: 0.1))),
                        JSONMember("median", time(finishTime(quantile: 0.5))),
                        JSONMember("p90", time(finishTime(quantile: 0.9))),
                    ])),
                JSONMember(
                    "statuses",
                    .object(
                        ResultStatus.allCases.compactMap { s in
                            statusCounts[s].map { JSONMember(s.rawValue, .number(Double($0))) }
                        })),
                JSONMember(
                    "stops",
                    .array(
                        stops.map { f in
                            .object([
                                JSONMember("stop", .string(race.stops[f.stop].id)),
                                JSONMember("arrivals", .number(Double(f.planned))),
                                JSONMember("missed", .number(Double(f.missed))),
                                JSONMember("peakTogether", .number(Double(f.peakTogether))),
                            ])
                        })),
                JSONMember(
                    "courseMedians",
                    .object(courseMedians.sorted { $0.key < $1.key }.map { JSONMember($0.key, time($0.value)) })),
            ] + (comparesCourses ? courseJSON : []) + [
                JSONMember("recommendations", .array(recommendations.map { .string($0.text) }))
            ])
    }
}

extension Rehearsal {
    /// Whether the report compares courses: when the race has more than one.
    var comparesCourses: Bool { courses.count > 1 }

    /// One row per course (length, runners per run, OK finishes over all runs, median and 90 %
    /// running time), then the spread of medians and lengths.
    var courseTable: [String] {
        var table = TextTable(
            alignments: [.left, .right, .right, .right, .right, .right], minimumWidths: [0, 8, 0, 0, 7, 7])
        table.append(["course", "length", "runners", "finishes", "median", "90%"])
        for figures in courses {
            table.append([
                figures.course, "\(figures.lengthMeters) m", String(figures.runners), String(figures.finishTimes.count),
                RaceReport.clock(figures.median), RaceReport.clock(figures.p90),
            ])
        }
        var lines = table.lines
        let spread = courseSpread
        let medians =
            spread.medianSeconds.map { "\(RaceReport.clock($0)) (\(Self.percent(spread.medianFraction ?? 0)))" } ?? "-"
        lines.append(
            "course spread: medians \(medians), lengths \(spread.lengthMeters) m (\(Self.percent(spread.lengthFraction)))"
        )
        return lines
    }

    /// The same as JSON members: `courses` and `courseSpread`.
    var courseJSON: [JSONMember] {
        func number(_ x: Double?, _ scale: Double = 1) -> JSONValue {
            x.map { .number(($0 * scale).rounded() / scale) } ?? .null
        }
        let spread = courseSpread
        return [
            JSONMember(
                "courses",
                .array(
                    courses.map { f in
                        .object([
                            JSONMember("course", .string(f.course)),
                            JSONMember("lengthMeters", .number(Double(f.lengthMeters))),
                            JSONMember("runners", .number(Double(f.runners))),
                            JSONMember("finishes", .number(Double(f.finishTimes.count))),
                            JSONMember("median", number(f.median)), JSONMember("p90", number(f.p90)),
                        ])
                    })),
            JSONMember(
                "courseSpread",
                .object([
                    JSONMember("medianSeconds", number(spread.medianSeconds)),
                    JSONMember("medianPercent", number(spread.medianFraction.map { 100 * $0 }, 10)),
                    JSONMember("lengthMeters", .number(Double(spread.lengthMeters))),
                    JSONMember("lengthPercent", number(100 * spread.lengthFraction, 10)),
                ])),
        ]
    }
}
