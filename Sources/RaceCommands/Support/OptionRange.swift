import ArgumentParser
import RaceKitCore

/// The allowed values of one numeric command-line option, stated once for its `--help` text,
/// its check and docs/limits.md. A value outside is a usage error naming the option as the
/// user types it: `--sampling must be within 0.1…3600 seconds (got 1e+300).`
struct OptionRange: Sendable {
    /// The option as typed, `--sampling`.
    let option: String
    let lower: Double
    let upper: Double
    /// The unit after the range (`seconds`), or "" for a count.
    let unit: String

    init(_ option: String, _ range: ClosedRange<Double>, _ unit: String = "") {
        self.option = option
        lower = range.lowerBound
        upper = range.upperBound
        self.unit = unit
    }

    /// `0.1…3600 seconds`, for `--help` and messages.
    var text: String {
        "\(DecimalText.shortest(lower))…\(DecimalText.shortest(upper))" + (unit.isEmpty ? "" : " \(unit)")
    }

    /// The option's usage error when `value` is outside the range (or not a number); `nil` for
    /// a value inside it or an option not given.
    func problem(_ value: Double?) -> String? {
        guard let value, !(value >= lower && value <= upper) else { return nil }
        return "\(option) must be within \(text) (got \(DecimalText.shortest(value)))."
    }

    /// The same for a count, shown exactly however large.
    func problem(_ value: Int?) -> String? {
        guard let value, !(Double(value) >= lower && Double(value) <= upper) else { return nil }
        return "\(option) must be within \(text) (got \(value))."
    }

    /// Throws one usage error with a line for each option out of range, so a user fixing a
    /// command line sees every bad option at once, each under its own name.
    static func require(_ problems: String?...) throws {
        try require(problems)
    }

    /// ``require(_:)-(String?...)`` for problems gathered in an array (an option group's with a command's own).
    static func require(_ problems: [String?]) throws {
        let found = problems.compactMap { $0 }
        guard found.isEmpty else { throw ValidationError(found.joined(separator: "\nError: ")) }
    }
}
