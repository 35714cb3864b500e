import GeoCore

/// Times since the race start as people read them: `m:ss`, or `h:mm:ss` from an hour on.
public enum RaceClock {
    /// `seconds` as `m:ss` or `h:mm:ss`, rounded to the second, with a sign when negative; `-` when not finite.
    public static func text(_ seconds: Seconds) -> String {
        guard seconds.isFinite else { return "-" }
        let total = Int(seconds.rounded())
        let s = abs(total)
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        let pad = { (x: Int) in x < 10 ? "0\(x)" : "\(x)" }
        let sign = total < 0 ? "-" : ""
        return h > 0 ? "\(sign)\(h):\(pad(m)):\(pad(r))" : "\(sign)\(m):\(pad(r))"
    }
}
