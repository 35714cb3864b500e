/// Instants as seconds since 1970-01-01T00:00:00Z (UTC, no leap seconds), read from and written
/// as RFC 3339 / ISO 8601 date-times — the `xsd:dateTime` of GPX and the times of GeoJSON's
/// `coordinateProperties.times` — by hand: no `DateFormatter`, no allocation, no locale.
public enum Timestamp {
    /// Parses `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm]` (RFC 3339 §5.6). Also accepted, as devices
    /// write them: a lower-case `t`/`z` or a space for `T`, no zone (read as UTC, which GPX
    /// prescribes), `±hhmm` and `±hh` offsets, any number of fraction digits, a leap second `:60`
    /// (read as the next second) and surrounding white space.
    /// - Returns: seconds since 1970 UTC, or `nil` if the text is not such a date-time.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        parse(text, requiringOffset: false)
    }

    /// Like ``parse(_:)-(UnsafeBufferPointer<UInt8>)``; with `requiringOffset`, a time without `Z`
    /// or `±hh:mm` is `nil` too (a race's start must say which instant it is, not leave it to UTC).
    public static func parse(_ text: UnsafeBufferPointer<UInt8>, requiringOffset: Bool) -> Double? {
        var i = 0, n = text.count
        while i < n && XMLCharacters.isSpace(text[i]) { i += 1 }
        while n > i && XMLCharacters.isSpace(text[n - 1]) { n -= 1 }
        @inline(__always) func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var v = 0
            for k in 0..<count {
                let d = text[i + k] &- ASCII.zero
                guard d < 10 else { return nil }
                v = v * 10 + Int(d)
            }
            i += count
            return v
        }
        @inline(__always) func expect(_ byte: UInt8) -> Bool {
            guard i < n && text[i] == byte else { return false }
            i += 1
            return true
        }
        var negativeYear = false
        if i < n && text[i] == ASCII.hyphenMinus { negativeYear = true; i += 1 }
        guard var year = digits(4) else { return nil }
        if negativeYear { year = -year }
        guard expect(ASCII.hyphenMinus), let month = digits(2), expect(ASCII.hyphenMinus), let day = digits(2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        guard i < n, text[i] == ASCII.uppercaseT || text[i] == ASCII.lowercaseT || text[i] == ASCII.space else {
            return nil
        }
        i += 1
        guard let hour = digits(2), expect(ASCII.colon), let minute = digits(2), expect(ASCII.colon),
            let second = digits(2),
            hour <= 24, minute < 60, second <= 60
        else { return nil }
        if hour == 24 && (minute != 0 || second != 0) { return nil }
        var fraction = 0.0
        if i < n && (text[i] == ASCII.period || text[i] == ASCII.comma) {
            i += 1
            let first = i
            var digitsValue: Int64 = 0, scale = 1.0
            while i < n, ASCII.isDigit(text[i]) {
                if i - first < 15 {
                    digitsValue = digitsValue * 10 + Int64(text[i] &- ASCII.zero)
                    scale *= 10
                }
                i += 1
            }
            guard i > first else { return nil }
            fraction = Double(digitsValue) / scale
        }
        var offset = 0
        if i < n {
            let z = text[i]
            if z == ASCII.uppercaseZ || z == ASCII.lowercaseZ {
                i += 1
            } else if z == ASCII.plus || z == ASCII.hyphenMinus {
                i += 1
                guard let oh = digits(2), oh <= 23 else { return nil }
                var om = 0
                if i < n {
                    _ = expect(ASCII.colon)
                    guard let m = digits(2), m < 60 else { return nil }
                    om = m
                }
                offset = (oh * 60 + om) * 60 * (z == ASCII.hyphenMinus ? -1 : 1)
            } else {
                return nil
            }
        } else if requiringOffset {
            return nil
        }
        guard i == n else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// Parses a `String`.
    public static func parse(_ text: String, requiringOffset: Bool = false) -> Double? {
        var text = text
        return text.withUTF8 { parse($0, requiringOffset: requiringOffset) }
    }

    /// `seconds` since 1970 as `YYYY-MM-DDThh:mm:ss[.fff]Z` in UTC, with the fewest fraction
    /// digits (0, 3, 6 or up to 9) that ``parse(_:)-(UnsafeBufferPointer<UInt8>)`` reads back as
    /// the same `Double`, trailing zeros dropped.
    public static func format(_ seconds: Double) -> String {
        precondition(seconds.isFinite, "time \(seconds) is not finite")
        var text = ""
        for digits in [0, 3, 6, 7, 8, 9] {
            text = format(seconds, fractionDigits: digits)
            if parse(text) == seconds { break }
        }
        return text
    }

    private static func format(_ seconds: Double, fractionDigits: Int) -> String {
        var unit: Int64 = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let floor = seconds.rounded(.down)
        var fraction = Int64(((seconds - floor) * Double(unit)).rounded())
        var whole = Int64(floor)
        if fraction >= unit { whole += 1; fraction -= unit }
        let days = Int(whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400)
        whole -= Int64(days) * 86_400
        let (y, m, d) = civilFromDays(days)
        let s = Int(whole)
        var out =
            pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(s / 3600, 2) + ":" + pad(s / 60 % 60, 2) + ":"
            + pad(s % 60, 2)
        if fraction != 0 {
            var f = pad(Int(fraction), fractionDigits)
            while f.hasSuffix("0") { f.removeLast() }
            out += "." + f
        }
        return out + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    /// Source: H. Hinnant, "chrono-Compatible Low-Level Date Algorithms" (days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01 (Hinnant's civil_from_days).
    static func civilFromDays(_ z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
