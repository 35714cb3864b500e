import GeoCore

/// Seeded random positions files in every spelling the positions reader accepts (numbered and
/// named participants, accuracy or not, CRLF, spaces, blank lines, exponents, long decimals), and
/// seeded ways to break them: the inputs on which the chunked reader must match the sequential one.
struct RandomPositionsText {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A valid file of about `rows` rows (times non-decreasing), as lines without their line ends.
    mutating func validLines(rows: Int) -> [String] {
        let hasAccuracy = chance(0.5)
        var lines = [
            hasAccuracy ? "participant,t,lat,lon,accuracy" : (chance(0.2) ? "Participant,T,LAT,LON" : Self.header)
        ]
        if chance(0.2) { lines.insert("", at: 0) }
        let participants = participantPool()
        var time = pick([0.0, -1000, 1_600_000_000, 12.5])
        for _ in 0..<rows {
            if chance(0.05) { lines.append(pick(["", "  ", "\t", " \r"])) }
            if chance(0.7) { time += pick([0, 1, 0.25, 0.001, 7]) }
            var fields = [
                pick(participants), number(time, exact: true), number(random.uniform(-90...90)),
                number(random.uniform(-180...180)),
            ]
            if hasAccuracy { fields.append(chance(0.3) ? "" : number(random.uniform(0...100))) }
            for k in fields.indices { fields[k] = spaced(fields[k]) }
            lines.append(fields.joined(separator: ","))
        }
        return lines
    }

    /// The lines as a file: `\n` or `\r\n` line ends, sometimes a byte-order mark, sometimes no
    /// line end after the last line.
    mutating func file(_ lines: [String]) -> [UInt8] {
        let end = chance(0.3) ? "\r\n" : "\n"
        var text = lines.joined(separator: end)
        if chance(0.8) { text += end }
        return (chance(0.1) ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    }

    /// `lines` with one row broken: a bad number, a missing or extra field, an empty participant,
    /// a time earlier than the row before, a coordinate, time or accuracy out of range.
    mutating func broken(_ lines: [String]) -> [String] {
        var lines = lines
        let header = lines.firstIndex { $0.contains(",") } ?? 0
        let rows = lines.indices.filter { $0 > header && lines[$0].contains(",") }
        guard let row = rows.isEmpty ? nil : pick(rows) else { return lines }
        var fields = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch random.next() % 9 {
        case 0: fields[1 + Int(random.next() % 3)] = pick(["1.2.3", "x", "", "1e400", "nan", "0x10", "--1", "1 2"])
        case 1: fields.removeLast()
        case 2: fields.append("1")
        case 3: fields[0] = " "
        case 4: fields[1] = "-1000000"  // earlier than any time the generator writes before it
        case 5: fields[2] = pick(["90.5", "-91", "1000"])
        case 6: fields[3] = pick(["180.0001", "-181"])
        case 7: fields[1] = pick(["1e12", "-100000000001"])
        default:
            if fields.count == 5 { fields[4] = pick(["-1", "20000001", "abc"]) } else { fields[2] = "lat" }
        }
        lines[row] = fields.joined(separator: ",")
        return lines
    }

    private static let header = "participant,t,lat,lon"

    private mutating func participantPool() -> [String] {
        var pool: [String] = []
        for k in 0..<(1 + Int(random.next() % 12)) {
            switch random.next() % 7 {
            case 0, 1: pool.append(String(random.next() % 2000))
            case 2: pool.append(pick(["07", "+7", "7", "0", "-0", "-5", "1048576", "999999999999999999999"]))
            case 3: pool.append(pick(["é", "e\u{301}", "ana", "Ana", "\"quoted\"", "a b", "🏃"]))
            default: pool.append("p\(k)")
            }
        }
        return pool
    }

    /// `value` written in one of the spellings a peer tool might use.
    private mutating func number(_ value: Double, exact: Bool = false) -> String {
        // Six decimals round: not for times, whose order must survive the spelling.
        let spellings: [Int] = exact ? [0, 2, 3] : [0, 1, 2, 3, 4, 5]
        switch pick(spellings) {
        case 0: return "\(value)"
        case 1: return String(format6: value)
        case 2: return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case 3: return value < 0 ? "\(value)" : "+\(value)"
        case 4: return "\(value / 10)e1"
        default: return "\(value)000"
        }
    }

    private mutating func spaced(_ field: String) -> String {
        chance(0.1) ? pick([" ", "\t", "  "]) + field + pick(["", " ", "\t"]) : field
    }

    private mutating func chance(_ p: Double) -> Bool { random.nextUnit() < p }

    private mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
}

extension String {
    /// `value` with six decimals, without Foundation.
    fileprivate init(format6 value: Double) {
        let scaled = (abs(value) * 1_000_000).rounded()
        let whole = Int64(scaled / 1_000_000)
        let fraction = String(Int64(scaled) % 1_000_000)
        self = (value < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
