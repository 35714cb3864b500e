import GeoCore
import HummingbirdCore
import Testing

@testable import RaceServer

/// `QueryString` reads a query as Hummingbird's `URI.queryParameters` does (the reference it
/// replaces on the tracker routes): the same pairs in the same order, and the same first value
/// for a name, on random queries full of the characters that matter (`&`, `=`, `%`, `+`, hex
/// digits, malformed escapes, empty pairs, keys without values, UTF-8).
@Suite struct QueryStringTests {
    private static let pieces = [
        "a", "id", "lat", "token", "=", "=", "&", "&", "%", "%2", "%41", "%3D", "%26", "%zz", "%C3%A9", "+", "1",
        "47.37", "é", " ", "-", "",
    ]

    private static func query(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func pairsAndValuesAsHummingbirdReadsThem() {
        var random = SplitMix64(seed: 41)
        var escaped = 0, multiple = 0
        for _ in 0..<5_000 {
            let text = Self.query(&random)
            let reference = URI("/osmand?" + text).queryParameters
            let pairs = QueryString(text).pairs
            let expected = reference.map { (String($0.key), String($0.value)) }
            #expect(pairs.map(\.key) == expected.map(\.0), "\(text)")
            #expect(pairs.map(\.value) == expected.map(\.1), "\(text)")
            for name in ["a", "id", "lat", "token", "", "missing"] {
                #expect(
                    QueryString(text).value(named: name) == reference.get(name).map { String($0) }, "\(text) \(name)")
            }
            if text.contains("%") { escaped += 1 }
            if pairs.count > 1 { multiple += 1 }
        }
        // The random queries reach the cases that matter.
        #expect(escaped > 1_000 && multiple > 1_000)
    }

    @Test func firstNonEmptyOfSeveralNames() {
        let query = QueryString("id=&deviceid=phone-7&token=t")
        #expect(query.value(namedAnyOf: ["id", "deviceid", "token"]) == "phone-7")
        #expect(query.value(namedAnyOf: ["token", "id"]) == "t")
        #expect(QueryString(nil).value(namedAnyOf: ["id"]) == nil)
        #expect(QueryString(nil).pairs.isEmpty)
    }

    @Test func plusStaysAndEscapesDecode() {
        let query = QueryString("timestamp=2026-11-29T10:00:00+01:00&name=a%20b&bad=%G1")
        #expect(query.value(named: "timestamp") == "2026-11-29T10:00:00+01:00")
        #expect(query.value(named: "name") == "a b")
        #expect(query.value(named: "bad") == "%G1")
    }
}
