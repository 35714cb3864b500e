/// Whole numbers read from a user's file into a count (points, penalties): exact in a double,
/// in JSON and in an `Int`, so nothing is rounded or traps on the way.
public enum WholeNumber {
    /// The largest magnitude accepted: 10¹⁵ − 1.
    public static let limit: Double = 999_999_999_999_999

    /// The accepted range, for messages.
    public static let rangeText = "-999999999999999…999999999999999"

    /// Why `value` cannot be such a number (`nil` when it can): a sentence naming `name`.
    public static func problem(_ value: Double, name: String) -> String? {
        guard value.isFinite, abs(value) <= limit else {
            return
                "\(name) \(value.isFinite ? JSONValue.numberText(value) : String(value)) is out of range (a whole number in \(rangeText))"
        }
        guard value == value.rounded() else { return "\(name) \(JSONValue.numberText(value)) is not a whole number" }
        return nil
    }
}
