import Foundation
import GeoCore
import Geofencing
import Testing

/// Invalid, out-of-order, duplicate and teleporting fixes are counted, reported and not used.
struct EventScreeningTests {
    typealias F = EventFixtures

    @Test func rejectedFixesAreCountedWithTheirRowsAndNotUsed() throws {
        let centre = F.Place.zurich.centre
        let fence = F.circle(centre, radius: 30)
        func at(_ d: Meters) -> Coordinate { F.point(centre, bearing: 0, distance: d) }
        var columns = PositionColumns()
        func add(_ p: Int32, _ t: Seconds, _ c: Coordinate, lat: Degrees? = nil, accuracy: Meters? = nil) {
            columns.append(
                participant: p, time: t, latitude: lat ?? c.latitude, longitude: c.longitude, accuracy: accuracy)
        }
        add(1, 0, at(40), accuracy: 5)  // 0 accepted, outside
        add(1, 1, at(10), lat: 91)  // 1 invalid latitude
        add(1, .nan, at(10))  // 2 invalid time
        add(1, 2, at(10), accuracy: .nan)  // 3 invalid accuracy
        add(1, 4, at(35), accuracy: -7)  // 4 accepted (accuracy unknown), outside
        add(2, 0, at(500))  // 5 accepted, participant 2
        add(1, 3.5, at(0))  // 6 out of order, inside
        add(1, 4, at(0))  // 7 duplicate, inside
        add(1, 5, at(2000))  // 8 impossible speed: 2 km in 1 s
        add(2, 0, at(500))  // 9 duplicate of participant 2
        add(1, 6, at(25))  // 10 accepted, inside
        add(1, 7, F.point(centre, bearing: 0, distance: 25))  // 11 accepted

        let log = EventDetector(index: GridIndex(fences: [fence])).detect(columns)
        #expect(F.kinds(log) == [.enter])
        let enter = try #require(log.events.first)
        #expect(enter.fixIndex == 10)
        // Interpolated between the accepted rows 4 (35 m at t = 4) and 10 (25 m at t = 6).
        #expect(abs(enter.time - 5) < 1e-6)

        let report = log.screening
        #expect(report.acceptedCount == 5)
        #expect(report.rejectedCount == 7)
        #expect(report.count(.invalid) == 3)
        #expect(report.count(.outOfOrder) == 1)
        #expect(report.count(.duplicate) == 2)
        #expect(report.count(.duplicate, participant: 1) == 1)
        #expect(report.count(.duplicate, participant: 2) == 1)
        #expect(report.count(.impossibleSpeed) == 1)
        #expect(report.count(.impossibleSpeed, participant: 2) == 0)
        #expect(report.sampleRows(.invalid) == [1, 2, 3])
        #expect(report.sampleRows(.outOfOrder) == [6])
        #expect(report.sampleRows(.duplicate) == [7, 9])
        #expect(report.sampleRows(.impossibleSpeed) == [8])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(json.contains(#""rejectedCounts":{"duplicate":2,"impossibleSpeed":1,"invalid":3,"outOfOrder":1}"#))
        #expect(try JSONDecoder().decode(FixScreeningReport.self, from: Data(json.utf8)) == report)
        #expect(
            report.description == "5 fixes accepted, 7 rejected: 3 invalid (rows 1, 2, 3), 1 outOfOrder (row 6), "
                + "2 duplicate (rows 7, 9), 1 impossibleSpeed (row 8)")
    }

    @Test(
        "the tracker returns the reason for each rejected fix",
        arguments: [
            (Seconds(10), 0.0, 0.0, Meters?.none, FixRejection?.none),
            (Seconds(10), 0.0, 181.0, nil, .invalid),
            (Seconds(10), -90.5, 0.0, nil, .invalid),
            (Seconds(10), 0.0, 0.0, -.infinity, .invalid),
            (.infinity, 0.0, 0.0, nil, .invalid),
            (Seconds(4), 0.0, 0.0, nil, .outOfOrder),
            (Seconds(5), 0.0, 0.0, nil, .duplicate),
            (Seconds(6), 0.0, 0.001, 3, .impossibleSpeed),  // 111 m in 1 s
            (Seconds(8), 0.0, 0.001, 3, nil),  // 111 m in 3 s
        ])
    func rejectionReasons(
        time: Seconds, latitude: Degrees, longitude: Degrees, accuracy: Meters?,
        expected: FixRejection?
    ) {
        let detector = EventDetector(index: GridIndex(fences: [F.circle(F.Place.equator.centre, radius: 10)]))
        var workspace = EventWorkspace(detector: detector)
        var tracker = ParticipantEventTracker(participant: 3)
        tracker.ingest(row: 0, time: 5, latitude: 0, longitude: 0, accuracyMeters: nil, workspace: &workspace) { _ in }
        let reason = tracker.ingest(
            row: 1, time: time, latitude: latitude, longitude: longitude,
            accuracyMeters: accuracy, workspace: &workspace
        ) { _ in }
        #expect(reason == expected)
        #expect(workspace.report.acceptedCount == (expected == nil ? 2 : 1))
        #expect(workspace.report.rejectedCount == (expected == nil ? 0 : 1))
    }

    @Test("the report keeps the smallest rows, whatever order participants are processed in")
    func sampleRowsAreTheSmallest() {
        var columns = PositionColumns()
        // Participant 9 comes first, with duplicates at rows 1, 3, 5, 7, 9, then rows 13, 15, …;
        // participant 4's duplicates are rows 12, 14, ….
        for row in 0..<10 { columns.append(participant: 9, time: Double(row / 2), latitude: 0, longitude: 0) }
        for row in 10..<60 { columns.append(participant: row % 2 == 0 ? 4 : 9, time: 100, latitude: 0, longitude: 0) }
        let report = EventDetector(index: GridIndex(fences: [])).detect(columns).screening
        let duplicates = [1, 3, 5, 7, 9] + Array(12..<60)
        #expect(report.count(.duplicate) == duplicates.count)
        #expect(report.sampleRows(.duplicate) == Array(duplicates.prefix(FixScreeningReport.sampleLimit)))
    }
}
