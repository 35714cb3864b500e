import GeoFormats
import RaceModel

extension RaceReport {
    /// The results as an IOF XML 3.0 `ResultList` (International Orienteering Federation data
    /// standard, 2014): one `ClassResult` per course, a `PersonResult` per participant with
    /// status, times and `SplitTime`s (OK, Missing, Additional). Times of day are written only
    /// when the race has a start time; the document carries no creation time, so the same
    /// inputs give the same bytes.
    public var iofResultList: String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" iofVersion="3.0" creator="RaceKit" status="Complete">"# + "\n"
        xml += "  <Event>\n    <Name>\(Self.escape(race.name))</Name>\n"
        if let start = startEpoch { xml += "    <StartTime>\(Self.dateAndTime(start))</StartTime>\n" }
        xml += "  </Event>\n"
        let byCourse = Dictionary(grouping: standings) { replay.courses[$0.participant].course?.id ?? "" }
        for course in race.courses where byCourse[course.id] != nil {
            xml += "  <ClassResult>\n    <Class>\n      <Name>\(Self.escape(course.name ?? course.id))</Name>\n    </Class>\n"
            xml += "    <Course>\n      <Name>\(Self.escape(course.id))</Name>\n"
            xml += "      <NumberOfControls>\(course.controls.reduce(0) { $0 + ($1.stopCount) })</NumberOfControls>\n    </Course>\n"
            for standing in byCourse[course.id]! {
                let check = replay.courses[standing.participant]
                xml += "    <PersonResult>\n      <Person>\n        <Name>\n"
                xml += "          <Family>\(Self.escape(standing.name))</Family>\n          <Given></Given>\n        </Name>\n      </Person>\n"
                xml += "      <Result>\n"
                if let start = standing.startTime { xml += "        <StartTime>\(dateTime(start))</StartTime>\n" }
                if let finish = standing.finishTime { xml += "        <FinishTime>\(dateTime(finish))</FinishTime>\n" }
                if let running = standing.runningTime { xml += "        <Time>\(Self.seconds(running))</Time>\n" }
                if let rank = standing.rank { xml += "        <Position>\(rank)</Position>\n" }
                xml += "        <Status>\(standing.status.rawValue)</Status>\n"
                let inner = check.punches.filter { $0.stop != check.punches.first?.stop || course.start == nil }
                for punch in inner.dropLast(course.finish == nil ? 0 : 1) {
                    let code = Self.escape(race.stops[punch.stop].id)
                    if let time = punch.time, let start = standing.startTime {
                        xml += "        <SplitTime>\n          <ControlCode>\(code)</ControlCode>\n          <Time>\(Self.seconds(time - start))</Time>\n        </SplitTime>\n"
                    } else {
                        xml += "        <SplitTime status=\"Missing\">\n          <ControlCode>\(code)</ControlCode>\n        </SplitTime>\n"
                    }
                }
                for extra in check.additional {
                    let offset = standing.startTime.map { extra.time - $0 } ?? extra.time
                    xml += "        <SplitTime status=\"Additional\">\n          <ControlCode>\(Self.escape(race.stops[extra.stop].id))</ControlCode>\n"
                    xml += "          <Time>\(Self.seconds(offset))</Time>\n        </SplitTime>\n"
                }
                xml += "      </Result>\n    </PersonResult>\n"
            }
            xml += "  </ClassResult>\n"
        }
        return xml + "</ResultList>\n"
    }

    private func dateTime(_ t: Double) -> String { startEpoch.map { Timestamp.format($0 + t) } ?? Self.seconds(t) }

    static func dateAndTime(_ epoch: Double) -> String {
        let text = Timestamp.format(epoch)
        guard let t = text.firstIndex(of: "T") else { return "<Date>\(text)</Date>" }
        return "<Date>\(text[..<t])</Date><Time>\(text[text.index(after: t)...])</Time>"
    }

    static func seconds(_ t: Double) -> String {
        let rounded = (t * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

extension CourseItem {
    var stopCount: Int {
        switch self {
        case .stop: return 1
        case .anyOrder(let ids): return ids.count
        }
    }
}
