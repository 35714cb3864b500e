/// The one renderer of input bytes inside messages (``InputError``, validation issues, the
/// optimizer's errors, reader warnings): whatever a file holds, a message stays one line of
/// printable text of bounded length.
///
/// - Control characters (C0, DEL and C1, which terminals obey: `ESC ]0;…` retitles a window)
///   are written as JSON writes them in strings: `\n`, `\r`, `\t`, otherwise `\u001b`.
/// - A run of text without a space longer than ``maximumRunLength`` characters (a 100 000-digit
///   number, a header line of commas) keeps its start and says how much was left out.
/// - A message longer than ``maximumLength`` characters is cut the same way.
public enum DiagnosticText {
    /// The longest run of non-space characters shown whole (longer runs are cut to this).
    public static let maximumRunLength = 120
    /// The most characters of a message shown.
    public static let maximumLength = 2_000

    /// `text` made safe to print: control characters escaped, long runs and long text cut.
    public static func sanitized(_ text: String) -> String {
        // The fast path: short, printable text (nearly every message) is returned as is.
        if text.utf8.count <= maximumRunLength, !text.unicodeScalars.contains(where: isControl) { return text }
        var out = ""
        var shown = 0, run = 0, skipped = 0
        var scalars = text.unicodeScalars.makeIterator()
        func flushSkipped() {
            guard skipped > 0 else { return }
            out += "…[\(skipped) more characters]"
            skipped = 0
        }
        while let scalar = scalars.next() {
            if shown >= maximumLength {
                var rest = 1
                while scalars.next() != nil { rest += 1 }
                flushSkipped()
                out += "…[message cut: \(rest) more characters]"
                return out
            }
            if scalar == " " {
                flushSkipped()
                run = 0
                out.unicodeScalars.append(scalar)
                shown += 1
                continue
            }
            run += 1
            if run > maximumRunLength { skipped += 1; continue }
            let piece = escaped(scalar)
            out += piece
            shown += piece.count
        }
        flushSkipped()
        return out
    }

    /// Control characters escaped, nothing cut: for file paths and JSON pointers, which are
    /// shown whole.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { out += escaped(scalar) }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        guard isControl(scalar) else { return String(scalar) }
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
