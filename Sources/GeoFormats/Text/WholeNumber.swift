/// Whole numbers read from text or JSON (`points`, counts): below 10^15 in magnitude, where a
/// double holds every integer exactly and an `Int` conversion cannot trap.
public enum WholeNumber {
    /// Every whole number read is strictly below this in magnitude.
    public static let magnitudeLimit = 1e15

    /// `value` as an `Int` when it is whole and below ``magnitudeLimit``, otherwise `nil`.
    public static func exact(_ value: Double) -> Int? {
        value == value.rounded() && abs(value) < magnitudeLimit ? Int(value) : nil
    }

    /// What a whole-number field must be, for messages.
    public static let requirement = "a whole number between -10^15 and 10^15"
}
