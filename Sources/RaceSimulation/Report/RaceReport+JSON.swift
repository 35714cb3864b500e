import GameModes
import GeoCore
import GeoFormats
import RaceKitCore

extension RaceReport {
    /// The whole report as JSON (documented in docs/simulation-output.md). Numbers are rounded
    /// to milliseconds and centimetres, so the same inputs give the same bytes.
    public var json: JSONValue {
        let names = replay.input.names
        let stops = race.stops
        func time(_ t: Double?) -> JSONValue { t.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
        func metres(_ m: Double) -> JSONValue { .number((m * 100).rounded() / 100) }
        func object(_ pairs: [(String, JSONValue)]) -> JSONValue { .object(pairs.map { JSONMember($0.0, $0.1) }) }

        let standings = self.standings.map { s in
            object([
                ("rank", s.rank.map { .number(Double($0)) } ?? .null), ("name", .string(s.name)),
                ("status", .string(s.status.rawValue)), ("startTime", time(s.startTime)),
                ("finishTime", time(s.finishTime)),
                ("runningTime", time(s.runningTime)), ("stopsReached", .number(Double(s.stopsReached))),
                ("stopsOnCourse", .number(Double(s.stopsOnCourse))), ("points", .number(Double(s.points))),
            ])
        }
        let arrivals = replay.courses.enumerated().map { p, check in
            object([
                ("name", .string(names[p])), ("course", check.course.map { .string($0.id) } ?? .null),
                (
                    "punches",
                    .array(
                        check.punches.map { punch in
                            object([
                                ("stop", .string(stops[punch.stop].id)), ("time", time(punch.time)),
                                (
                                    "status",
                                    .string(punch.time != nil ? "OK" : (punch.optional ? "Skipped" : "Missing"))
                                ),
                            ])
                        })
                ),
                (
                    "additional",
                    .array(
                        check.additional.map {
                            object([("stop", .string(stops[$0.stop].id)), ("time", time($0.time))])
                        })
                ),
            ])
        }
        let legs = self.legs.legs.map { leg in
            object([
                ("name", .string(names[leg.participant])), ("from", .string(stops[leg.from].id)),
                ("to", .string(stops[leg.to].id)),
                ("split", time(leg.split)), ("rank", .number(Double(leg.rank))), ("behind", time(leg.behind)),
                ("distanceRunMeters", metres(leg.distanceRunMeters)), ("straightMeters", metres(leg.straightMeters)),
                ("detourRatio", leg.detourRatio.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
                ("paceSecondsPerKilometer", leg.paceSecondsPerKilometer.map { .number($0.rounded()) } ?? .null),
                ("timeLost", time(leg.timeLost)),
            ])
        }
        let leaders = leader.changes.map {
            object([
                ("time", time($0.time)), ("name", .string(names[$0.participant])),
                ("stopsReached", .number(Double($0.punched))),
            ])
        }
        let visits = replay.visits.map { v in
            object([
                ("time", time(v.time)), ("name", .string(names[v.participant])), ("stop", .string(stops[v.stop].id)),
                ("leftAt", time(v.leftAt)), ("accuracyMeters", v.accuracyMeters.map { metres($0) } ?? .null),
            ])
        }
        let flags = self.flags.flags.map { f in
            object([
                ("time", time(f.time)), ("name", .string(names[f.participant])), ("kind", .string(f.kind.rawValue)),
                ("evidence", .string(f.evidence)),
            ])
        }
        let screening = replay.screening
        func rows(_ rows: [StandingsRow]) -> JSONValue {
            .array(
                rows.map { row in
                    object([
                        ("rank", row.rank.map { .number(Double($0)) } ?? .null),
                        ("competitor", .string(row.competitor)),
                        ("name", .string(row.name)), ("members", .array(row.members.map { .string($0) })),
                        ("status", .string(row.status.rawValue)), ("points", .number(Double(row.points))),
                        ("stopsReached", .number(Double(row.stopsReached))), ("finishTime", time(row.finishTime)),
                        (
                            "details",
                            .object(
                                row.details.sorted { $0.key < $1.key }.map { JSONMember($0.key, .string($0.value)) })
                        ),
                    ])
                })
        }
        let game: JSONValue =
            self.game.map { game in
                object([
                    ("mode", .string(game.mode)), ("winners", .array(game.standings.winners.map { .string($0) })),
                    ("standings", rows(game.standings.rows)),
                    (
                        "groups",
                        .array(
                            game.standings.groups.map {
                                object([
                                    ("id", .string($0.id)), ("name", .string($0.name)), ("standings", rows($0.rows)),
                                ])
                            })
                    ),
                    ("outcomes", .array(game.outcomes.map { .string($0.description) })),
                ])
            } ?? .null
        return object([
            ("format", .string("racekit.simulation/1")),
            ("race", .string(race.name)),
            ("mode", .string(race.mode.name)),
            ("startEpoch", startEpoch.map { .number($0) } ?? .null),
            ("participants", .number(Double(names.count))),
            ("warnings", .array(warnings.map { .string($0) })),
            ("standings", .array(standings)),
            ("game", game),
            ("arrivals", .array(arrivals)),
            ("legs", .array(legs)),
            ("leader", .array(leaders)),
            ("visits", .array(visits)),
            ("flags", .array(flags)),
            (
                "fixes",
                object([
                    ("used", .number(Double(screening.acceptedCount))),
                    ("rejected", .number(Double(screening.rejectedCount))),
                ])
            ),
        ])
    }
}
