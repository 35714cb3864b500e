import Foundation

/// JSON for `--json`: keys sorted, so the same result prints the same bytes; paths keep their
/// slashes unescaped (`"/tmp/race.json"`, not `"\/tmp\/race.json"`).
enum JSONOutput {
    static func string<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
