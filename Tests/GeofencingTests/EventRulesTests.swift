import Foundation
import Geofencing
import Testing

/// Event rules: defaults, validation and their JSON form.
struct EventRulesTests {
    @Test func decodingFillsInDefaults() throws {
        let rules = try JSONDecoder().decode(EventRules.self, from: Data(#"{"exitConfirmFixes": 3}"#.utf8))
        var expected = EventRules()
        expected.exitConfirmFixes = 3
        #expect(rules == expected)
        #expect(
            rules.exitMarginMeters == 10 && rules.minimumDwellSeconds == 30 && rules.maximumSpeedMetersPerSecond == 50)
        #expect(rules.requiredAccuracyMeters == nil && rules.detectsCrossings)
    }

    @Test func roundTripsThroughJSON() throws {
        let rules = EventRules(
            exitMarginMeters: 5, exitConfirmFixes: 2, exitConfirmSeconds: 8, minimumDwellSeconds: 60,
            requiredAccuracyMeters: 25, maximumSpeedMetersPerSecond: 12, detectsCrossings: false)
        let decoded = try JSONDecoder().decode(EventRules.self, from: JSONEncoder().encode(rules))
        #expect(decoded == rules)
    }

    @Test(
        "invalid values are named when decoding",
        arguments: [
            (#"{"exitConfirmFixes": 0}"#, "exitConfirmFixes 0 must be at least 1"),
            (#"{"exitMarginMeters": -1}"#, "exitMarginMeters -1.0 must be a finite number of at least 0"),
            (#"{"maximumSpeedMetersPerSecond": 0}"#, "maximumSpeedMetersPerSecond 0.0 must be greater than 0"),
            (#"{"requiredAccuracyMeters": -3}"#, "requiredAccuracyMeters -3.0 must be a finite number of at least 0"),
        ])
    func invalidValuesAreReported(json: String, message: String) {
        #expect {
            try JSONDecoder().decode(EventRules.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == message
        }
    }
}
