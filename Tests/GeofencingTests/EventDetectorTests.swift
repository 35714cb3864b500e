import GeoCore
import Geofencing
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Enter, exit, dwell and cross events and their interpolated times.
struct EventDetectorTests {
    typealias F = EventFixtures

    @Test(
        "drift near the boundary gives one enter and no exit until the runner walks away",
        arguments: [-2.0, 2.0])
    func driftDoesNotFlicker(standingOffset: Meters) throws {
        let centre = F.Place.zurich.centre, radius = 30.0
        var random = SplitMix64(seed: 0xD1F7)
        var distances: [Meters] = []
        distances += stride(from: 90.0, to: radius + standingOffset, by: -1)  // walk in at 1 m/s
        distances += Array(repeating: radius + standingOffset, count: 300)  // stand 5 minutes
        let walkAway = distances.count
        distances += stride(from: radius + standingOffset, through: 90, by: 1)  // walk away
        let fixes = distances.enumerated().map { i, d in
            let noisy = F.point(
                F.point(centre, bearing: 0, distance: d),
                bearing: random.uniform(0...360), distance: random.uniform(0...5))
            return F.Fix(time: Double(i), position: noisy)
        }
        let fence = F.circle(centre, radius: radius)

        let log = F.detect(fixes, fences: [fence])
        #expect(F.kinds(log) == [.enter, .dwell, .exit])
        let exit = try #require(log.events.last)
        #expect(exit.fixIndex >= walkAway)
        #expect(exit.distanceMeters > 10)

        // Without the margin the same track flickers.
        let flickering = F.detect(fixes, fences: [fence], rules: EventRules(exitMarginMeters: 0))
        #expect(flickering.events.filter { $0.kind == .enter }.count > 1)
    }

    /// Radial positions (metres from the centre of a 30 m circle), one fix a second.
    private func radialTrack(_ distances: [Meters]) -> [F.Fix] {
        distances.enumerated().map { i, d in
            F.Fix(time: Double(i), position: F.point(F.Place.equator.centre, bearing: 0, distance: d))
        }
    }

    @Test func exitIsConfirmedByConsecutiveFixesBeyondTheMargin() throws {
        // Row 3 is a lone excursion; row 8 is outside but within the margin, restarting the count.
        let fixes = radialTrack([0, 0, 0, 45, 0, 0, 45, 45, 35, 45, 45, 45, 45])
        let fence = F.circle(F.Place.equator.centre, radius: 30)
        let rules = EventRules(exitConfirmFixes: 3, minimumDwellSeconds: 1000)

        let log = F.detect(fixes, fences: [fence], rules: rules)
        #expect(F.kinds(log) == [.enter, .exit])
        let exit = try #require(log.events.last)
        #expect(exit.fixIndex == 11)
        // The boundary time on the segment from the last inside fix (row 5) to row 6.
        #expect(abs(exit.time - (5 + 30.0 / 45)) < 1e-6)
        #expect(abs(exit.durationSeconds! - (5 + 30.0 / 45)) < 1e-6)

        let unconfirmed = F.detect(fixes, fences: [fence], rules: EventRules(minimumDwellSeconds: 1000))
        #expect(F.kinds(unconfirmed) == [.enter, .exit, .enter, .exit])
    }

    @Test func exitIsConfirmedByTimeBeyondTheMargin() throws {
        // Rows 2–4 are beyond for 2 s only; from row 7 on for good.
        let fixes = radialTrack([0, 0, 45, 45, 45, 0, 0, 45, 45, 45, 45, 45, 45])
        let fence = F.circle(F.Place.equator.centre, radius: 30)
        let rules = EventRules(exitConfirmSeconds: 4, minimumDwellSeconds: 1000)

        let log = F.detect(fixes, fences: [fence], rules: rules)
        #expect(F.kinds(log) == [.enter, .exit])
        let exit = try #require(log.events.last)
        #expect(exit.fixIndex == 11)
        #expect(abs(exit.time - (6 + 30.0 / 45)) < 1e-6)
    }

    @Test("a pending exit never confirmed is not reported")
    func unconfirmedExitAtTheEnd() {
        let fixes = radialTrack([0, 0, 45, 45])
        let log = F.detect(
            fixes, fences: [F.circle(F.Place.equator.centre, radius: 30)],
            rules: EventRules(exitConfirmFixes: 3))
        #expect(F.kinds(log) == [.enter])
    }

    @Test(
        "a cyclist at 10 m/s with 5 s fixes crossing a 15 m fence",
        arguments: F.Place.allCases, [0.0, 8.0])
    func fastMoverCrossesSmallFence(place: F.Place, offset: Meters) throws {
        let radius = 15.0, start = 123.0, speed = 10.0
        let fixes = F.straightWalk(
            through: place.centre, offset: offset, start: start, speed: speed,
            interval: 5, count: 8)
        let fence = F.circle(place.centre, radius: radius)

        let log = F.detect(fixes, fences: [fence])
        #expect(F.kinds(log) == [.cross])
        let cross = try #require(log.events.first)
        // Spherical Pythagoras: cos(r/R) = cos(offset/R)·cos(x/R) at the boundary.
        let earthRadius = Earth.meanRadiusMeters
        let x = earthRadius * acos(cos(radius / earthRadius) / cos(offset / earthRadius))
        #expect(abs(cross.time - (start - x) / speed) < 0.05)
        #expect(abs(cross.durationSeconds! - 2 * x / speed) < 0.05)
        #expect(cross.fixIndex == 3)
        #expect(cross.distanceMeters > 0)

        let off = F.detect(fixes, fences: [fence], rules: EventRules(detectsCrossings: false))
        #expect(off.events.isEmpty)
    }

    @Test(
        "a straight walk through a circle: analytic enter, dwell and exit times",
        arguments: F.Place.allCases)
    func straightWalkThroughCircle(place: F.Place) throws {
        let radius = 40.0, start = 100.0, speed = 1.3
        let fixes = F.straightWalk(through: place.centre, start: start, speed: speed, interval: 1, count: 200)
        let log = F.detect(fixes, fences: [F.circle(place.centre, radius: radius)])

        #expect(F.kinds(log) == [.enter, .dwell, .exit])
        guard log.events.count == 3 else { return }
        let (enter, dwell, exit) = (log.events[0], log.events[1], log.events[2])
        let enterTime = (start - radius) / speed, exitTime = (start + radius) / speed
        #expect(abs(enter.time - enterTime) < 1e-3)
        #expect(enter.fixIndex == 47)
        #expect(abs(enter.distanceMeters - (abs(speed * 47 - start) - radius)) < 1e-3)
        #expect(abs(dwell.time - (enterTime + 30)) < 1e-3)
        #expect(dwell.fixIndex == 77)
        #expect(abs(exit.time - exitTime) < 1e-3)
        #expect(exit.fixIndex == 116)  // the first fix more than 10 m beyond the boundary
        #expect(abs(exit.durationSeconds! - 2 * radius / speed) < 1e-3)
        #expect(log.events.allSatisfy { $0.participant == 1 && $0.fence == 0 && $0.accuracyMeters == nil })
    }

    @Test(
        "dwell only after the minimum time inside",
        arguments: [
            (29, false), (30, false), (31, true), (120, true),
        ])
    func dwellAfterMinimum(lastInside: Int, dwells: Bool) throws {
        // Outside at t = 0 (50 m), inside (20 m) from t = 1 to `lastInside`, then 60 m out.
        var distances: [Meters] = [50]
        distances += Array(repeating: 20, count: lastInside)
        distances.append(60)
        let fixes = radialTrack(distances)
        let log = F.detect(fixes, fences: [F.circle(F.Place.equator.centre, radius: 30)])

        let enterTime = 2.0 / 3
        #expect(F.kinds(log) == (dwells ? [.enter, .dwell, .exit] : [.enter, .exit]))
        if dwells {
            let dwell = log.events[1]
            #expect(abs(dwell.time - (enterTime + 30)) < 1e-6)
            #expect(dwell.fixIndex == 31)
        }
    }

    @Test("a visit long enough but without an inside fix after the minimum dwells at its exit")
    func dwellAtExit() throws {
        // 10 s fixes; the one at t = 40 is just outside (within the margin), so the visit
        // lasts until ≈ 39.5 s, though no inside fix comes 30 s after the enter at ≈ 6.7 s.
        let fixes = zip([0.0, 10, 20, 30, 40, 50], [50.0, 20, 20, 20, 30.5, 60]).map { t, d in
            F.Fix(time: t, position: F.point(F.Place.equator.centre, bearing: 0, distance: d))
        }
        let log = F.detect(fixes, fences: [F.circle(F.Place.equator.centre, radius: 30)])
        #expect(F.kinds(log) == [.enter, .dwell, .exit])
        guard log.events.count == 3 else { return }
        #expect(abs(log.events[1].time - (20.0 / 3 + 30)) < 1e-6)
        #expect(log.events[1].fixIndex == 5)
        #expect(abs(log.events[2].time - (30 + 10 * 10 / 10.5)) < 1e-6)
    }

    @Test("the accuracy gate: a poor fix inside does not enter, the next good one does")
    func accuracyGate() throws {
        let centre = F.Place.zurich.centre
        let track: [(Meters, Meters?)] = [(60, 5), (20, 50), (10, 10), (10, 80), (10, 5), (55, 80)]
        let fixes = track.enumerated().map { i, fix in
            F.Fix(time: Double(i), position: F.point(centre, bearing: 0, distance: fix.0), accuracy: fix.1)
        }
        let fence = F.circle(centre, radius: 30)
        let rules = EventRules(minimumDwellSeconds: 1000, requiredAccuracyMeters: 20)

        let log = F.detect(fixes, fences: [fence], rules: rules)
        #expect(F.kinds(log) == [.enter, .exit])
        guard log.events.count == 2 else { return }
        // The previous fix was already inside (too poor to enter): the enter time is the fix's own.
        #expect(log.events[0].fixIndex == 2)
        #expect(log.events[0].time == 2)
        #expect(log.events[0].accuracyMeters == 10)
        // A poor fix still counts for the exit.
        #expect(log.events[1].fixIndex == 5)
        #expect(log.events[1].accuracyMeters == 80)

        let ungated = F.detect(fixes, fences: [fence], rules: EventRules(minimumDwellSeconds: 1000))
        #expect(ungated.events.first?.fixIndex == 1)
        #expect(abs((ungated.events.first?.time ?? 0) - 0.75) < 1e-6)
    }

    @Test("a fix too inaccurate to enter is not the end of a crossing either")
    func poorFixInsideIsNeitherEnterNorCross() {
        let centre = F.Place.zurich.centre
        let fixes = [(60.0, 5.0), (20, 50), (60, 5)].enumerated().map { i, fix in
            F.Fix(time: Double(i), position: F.point(centre, bearing: 0, distance: fix.0), accuracy: fix.1)
        }
        let log = F.detect(fixes, fences: [F.circle(centre, radius: 30)], rules: EventRules(requiredAccuracyMeters: 20))
        #expect(log.events.isEmpty)
    }

    @Test("a walk through a polygon's hole exits and enters again", arguments: F.Place.allCases)
    func polygonWithHole(place: F.Place) throws {
        func square(_ half: Meters) -> [Coordinate] {
            [45.0, 135, 225, 315].map { F.point(place.centre, bearing: $0, distance: half * 2.0.squareRoot()) }
        }
        let fence = Fence.polygon(try PolygonFence(polygons: [[square(100), square(30)]]))
        let speed = 1.5
        let fixes = F.straightWalk(through: place.centre, start: 150, speed: speed, interval: 1, count: 200)

        let log = F.detect(fixes, fences: [fence])
        #expect(F.kinds(log) == [.enter, .dwell, .exit, .enter, .dwell, .exit])
        guard log.events.count == 6 else { return }
        let expected: [Seconds] = [
            50 / speed, 50 / speed + 30, 120 / speed, 180 / speed, 180 / speed + 30, 250 / speed,
        ]
        for (event, time) in zip(log.events, expected) {
            #expect(abs(event.time - time) < 1e-3, "\(event.kind) at \(event.time), expected \(time)")
        }
        #expect(log.events[2].fixIndex == 87)  // 10 m into the hole
        #expect(log.events[5].fixIndex == 174)  // 10 m beyond the outer edge
    }

    @Test("a segment passing a concave polygon twice is one cross, from its first entry to its last exit")
    func crossThroughConcavePolygon() throws {
        // A U open to the north, 200 m wide with 60 m arms; the walk goes west to east through both arms.
        let c = F.Place.zurich.centre
        func at(_ east: Meters, _ north: Meters) -> Coordinate {
            F.point(F.point(c, bearing: 90, distance: east), bearing: 0, distance: north)
        }
        let u = [
            at(-100, -50), at(100, -50), at(100, 50), at(40, 50), at(40, 0), at(-40, 0), at(-40, 50), at(-100, 50),
        ]
        let fence = Fence.polygon(try PolygonFence(polygons: [[u]]))
        let fixes = [F.Fix(time: 0, position: at(-120, 25)), F.Fix(time: 10, position: at(120, 25))]

        let log = F.detect(fixes, fences: [fence])
        #expect(F.kinds(log) == [.cross])
        let cross = try #require(log.events.first)
        #expect(abs(cross.time - 20.0 / 240 * 10) < 1e-3)
        #expect(abs(cross.durationSeconds! - 200.0 / 240 * 10) < 1e-3)
    }

    @Test("the tracker fed one fix at a time gives the batch's events")
    func streamingMatchesBatch() throws {
        let centre = F.Place.zurich.centre
        // Fixes every 12 m from 101 m west: inside the first fence from row 6 to 11, on either side
        // of the second (5 m from its boundary) at rows 18 and 19.
        let fences = [F.circle(centre, radius: 40), F.circle(F.point(centre, bearing: 90, distance: 121), radius: 4)]
        let fixes = F.straightWalk(through: centre, start: 101, speed: 6, interval: 2, count: 60)
        let detector = EventDetector(index: GridIndex(fences: fences), rules: EventRules(minimumDwellSeconds: 10))
        let batch = detector.detect(F.columns(fixes, participant: 7))

        var workspace = EventWorkspace(detector: detector)
        var tracker = ParticipantEventTracker(participant: 7)
        var streamed: [FenceEvent] = []
        var insideAfterFix: [[Int]] = []
        for (row, fix) in fixes.enumerated() {
            tracker.ingest(
                row: row, time: fix.time, latitude: fix.position.latitude,
                longitude: fix.position.longitude, accuracyMeters: nil,
                workspace: &workspace
            ) { streamed.append($0) }
            insideAfterFix.append(tracker.fencesInside)
        }
        #expect(streamed.sorted(by: FenceEvent.areInLogOrder) == batch.events)
        #expect(Set(streamed.map(\.kind)) == [.enter, .dwell, .exit, .cross])
        #expect(workspace.report == batch.screening)
        #expect(insideAfterFix[10] == [0])
        #expect(insideAfterFix[59] == [])
    }
}

/// A fix that lands on the boundary (up to rounding) must give the enter at that fix's time,
/// not at the next fix: the crossing root sits at the segment's end within rounding.
struct BoundaryFixTests {
    @Test("enter time when a fix falls on the boundary", arguments: [2.5, 5.0, 12.5])
    func fixOnTheBoundary(step: Double) throws {
        let centre = Coordinate(uncheckedLatitude: 0, longitude: 500 / Earth.metersPerDegree)
        let fence = Fence.circle(try CircleFence(centre: centre, radiusMeters: 25))
        var columns = PositionColumns()
        for t in 0...300 {
            columns.append(
                participant: 0, time: Double(t), latitude: 0, longitude: step * Double(t) / Earth.metersPerDegree)
        }
        let log = EventDetector(index: GridIndex(fences: [fence]), rules: EventRules(minimumDwellSeconds: 0)).detect(
            columns)
        let enter = try #require(log.events.first { $0.kind == .enter })
        #expect(abs(enter.time - 475 / step) < 1e-6, "entered at \(enter.time), expected \(475 / step)")
    }
}
