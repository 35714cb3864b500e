import GeoFormats
import Geofencing
import RaceKitCore

/// Writes `racekit fence-events` output: events as CSV or JSON lines, and the summary of
/// rejected fixes with their file lines.
struct FenceEventWriter {
    let stops: StopTable
    let positions: PositionTable
    let json: Bool

    static let csvHeader = "time,participant,stop,event,line,distance_m,accuracy_m,duration_s"

    func text(for events: [FenceEvent]) -> String {
        var out = json ? "" : Self.csvHeader + "\n"
        for event in events {
            let participant = positions.participantNames[Int(event.participant)]
            let stop = stops.ids[event.fence]
            let line = positions.lines[event.fixIndex]
            if json {
                // Fixed decimals (milliseconds, centimetres), as in the CSV: the same event
                // prints the same bytes in both.
                var members = [
                    JSONMember("time", .exactNumber(DecimalText.fixed(event.time, digits: 3))),
                    JSONMember("participant", .string(participant)),
                    JSONMember("stop", .exactNumber(String(stop))),
                    JSONMember("event", .string(event.kind.rawValue)),
                    JSONMember("line", .exactNumber(String(line))),
                    JSONMember("distanceMeters", .exactNumber(DecimalText.fixed(event.distanceMeters, digits: 2))),
                ]
                if let accuracy = event.accuracyMeters {
                    members.append(JSONMember("accuracyMeters", .exactNumber(DecimalText.fixed(accuracy, digits: 2))))
                }
                if let duration = event.durationSeconds {
                    members.append(JSONMember("durationSeconds", .exactNumber(DecimalText.fixed(duration, digits: 3))))
                }
                out += JSONValue.object(members).serialized(pretty: false) + "\n"
            } else {
                out +=
                    [
                        DecimalText.fixed(event.time, digits: 3), CSVText.field(participant), "\(stop)",
                        event.kind.rawValue,
                        "\(line)",
                        DecimalText.fixed(event.distanceMeters, digits: 2),
                        event.accuracyMeters.map { DecimalText.fixed($0, digits: 2) } ?? "",
                        event.durationSeconds.map { DecimalText.fixed($0, digits: 3) } ?? "",
                    ].joined(separator: ",") + "\n"
            }
        }
        return out
    }

    /// One line per kind of rejected fix, with the file lines of the first few.
    func screeningSummary(_ report: FixScreeningReport, file: String) -> [String] {
        var lines: [String] = []
        for reason in FixRejection.allCases {
            let count = report.count(reason)
            guard count > 0 else { continue }
            let places = report.sampleRows(reason).map { "\(file):\(positions.lines[$0])" }
            let more = count > places.count ? ", …" : ""
            lines.append(
                "racekit: warning: \(count) fix\(count == 1 ? "" : "es") not used (\(Self.describe(reason))): \(places.joined(separator: ", "))\(more)"
            )
        }
        return lines
    }

    private static func describe(_ reason: FixRejection) -> String {
        switch reason {
        case .invalid: return "invalid coordinate, time or accuracy"
        case .outOfOrder: return "earlier than the participant's previous fix"
        case .duplicate: return "same time as the participant's previous fix"
        case .impossibleSpeed: return "impossible speed from the previous fix"
        }
    }
}
