import RaceKitCore

/// JSON for `--json`: one line, keys sorted, so the same result prints the same bytes; written by
/// the package's one JSON writer (``JSONValueEncoder``, then `serialized`).
enum JSONOutput {
    static func string<T: Encodable>(_ value: T) throws -> String {
        try JSONValueEncoder(sortsKeys: true).encode(value).serialized(pretty: false)
    }
}
