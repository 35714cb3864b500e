/// Text for CSV output.
public enum CSVText {
    /// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
    public static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        var quoted = "\""
        for character in value { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }
}
