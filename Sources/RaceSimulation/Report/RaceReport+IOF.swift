import GameModes
import GeoFormats
import RaceKitCore
import RaceModel

extension RaceReport {
    /// The results as an IOF XML 3.0 `ResultList` (International Orienteering Federation data
    /// standard, 2014): one `ClassResult` per course, a `PersonResult` per participant with
    /// status, times and `SplitTime`s (OK, Missing, Additional). Times of day (`StartTime`,
    /// `FinishTime`: `xsd:dateTime`) are written only when the race has a start time; durations
    /// are seconds. Names are split into `Given` and `Family` (`PersonNameParts`); under the
    /// score mode the game's points are each runner's `Score` (their team's in team play). The document carries no creation
    /// time, so the same inputs give the same bytes; it validates against IOF.xsd.
    public var iofResultList: String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml +=
            #"<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" iofVersion="3.0" creator="RaceKit" status="Complete">"#
            + "\n"
        xml += "  <Event>\n    <Name>\(Self.escape(race.name))</Name>\n"
        if let start = startEpoch { xml += "    <StartTime>\(Self.dateAndTime(start))</StartTime>\n" }
        xml += "  </Event>\n"
        let byCourse = Dictionary(grouping: standings) { replay.courses[$0.participant].course?.id ?? "" }
        for course in race.courses where byCourse[course.id] != nil {
            xml +=
                "  <ClassResult>\n    <Class>\n      <Name>\(Self.escape(course.name ?? course.id))</Name>\n    </Class>\n"
            xml += "    <Course>\n      <Name>\(Self.escape(course.id))</Name>\n"
            xml +=
                "      <NumberOfControls>\(course.controls.reduce(0) { $0 + ($1.stopCount) })</NumberOfControls>\n    </Course>\n"
            for standing in byCourse[course.id]! {
                let check = replay.courses[standing.participant]
                let name = PersonNameParts(standing.name)
                xml += "    <PersonResult>\n      <Person>\n        <Name>\n"
                xml +=
                    "          <Family>\(Self.escape(name.family))</Family>\n          <Given>\(Self.escape(name.given))</Given>\n"
                xml += "        </Name>\n      </Person>\n      <Result>\n"
                if let start = standing.startTime, let time = dateTime(start) {
                    xml += "        <StartTime>\(time)</StartTime>\n"
                }
                if let finish = standing.finishTime, let time = dateTime(finish) {
                    xml += "        <FinishTime>\(time)</FinishTime>\n"
                }
                if let running = standing.runningTime { xml += "        <Time>\(Self.seconds(running))</Time>\n" }
                if let rank = standing.rank { xml += "        <Position>\(rank)</Position>\n" }
                xml += "        <Status>\(standing.status.rawValue)</Status>\n"
                if game?.mode == ScoreMode.identifier, let row = gameRow(of: standing.participant) {
                    // A team's points are the team's, not the runner's own: the type says which.
                    let type = row.members == [row.competitor] ? "Points" : "TeamPoints"
                    xml += "        <Score type=\"\(type)\">\(row.points)</Score>\n"
                }
                let inner = check.punches.filter { $0.stop != check.punches.first?.stop || course.start == nil }
                for punch in inner.dropLast(course.finish == nil ? 0 : 1) {
                    let code = Self.escape(race.stops[punch.stop].id)
                    if let time = punch.time, let start = standing.startTime {
                        xml +=
                            "        <SplitTime>\n          <ControlCode>\(code)</ControlCode>\n          <Time>\(Self.seconds(time - start))</Time>\n        </SplitTime>\n"
                    } else {
                        xml +=
                            "        <SplitTime status=\"Missing\">\n          <ControlCode>\(code)</ControlCode>\n        </SplitTime>\n"
                    }
                }
                for extra in check.additional {
                    let offset = standing.startTime.map { extra.time - $0 } ?? extra.time
                    xml +=
                        "        <SplitTime status=\"Additional\">\n          <ControlCode>\(Self.escape(race.stops[extra.stop].id))</ControlCode>\n"
                    xml += "          <Time>\(Self.seconds(offset))</Time>\n        </SplitTime>\n"
                }
                xml += "      </Result>\n    </PersonResult>\n"
            }
            xml += "  </ClassResult>\n"
        }
        return xml + "</ResultList>\n"
    }

    /// The time of day `t` seconds after the start, or `nil` when the race has no start time
    /// (IOF times of day are `xsd:dateTime`; a bare number of seconds is not one).
    private func dateTime(_ t: Double) -> String? { startEpoch.map { Timestamp.format($0 + t) } }

    static func dateAndTime(_ epoch: Double) -> String {
        let text = Timestamp.format(epoch)
        guard let t = text.firstIndex(of: "T") else { return "<Date>\(text)</Date>" }
        return "<Date>\(text[..<t])</Date><Time>\(text[text.index(after: t)...])</Time>"
    }

    static func seconds(_ t: Double) -> String {
        DecimalText.shortest((t * 10).rounded() / 10, wholeBelow: 0x1p63)
    }

    /// `text` for XML or HTML content and double-quoted attributes: the package's one escaper
    /// (markup characters escaped, characters XML forbids dropped).
    static func escape(_ text: String) -> String { XMLCharacters.escape(text, attribute: true) }
}

extension CourseItem {
    var stopCount: Int {
        switch self {
        case .stop: return 1
        case .anyOrder(let ids): return ids.count
        }
    }
}
