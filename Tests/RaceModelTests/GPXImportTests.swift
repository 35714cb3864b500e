import GeoCore
import GeoFormats
import RaceKitCore
import RaceModel
import Testing

/// What `build` takes from a GPX export: waypoint details, a route as the course.
struct GPXImportTests {
    static func point(
        _ lat: Double, _ lon: Double, _ name: String?, configure: (inout GPXPointDetails) -> Void = { _ in }
    )
        -> GPXPoint
    {
        var point = GPXPoint(latitude: lat, longitude: lon)
        var details = GPXPointDetails()
        details.name = name
        configure(&details)
        point.details = details
        return point
    }

    @Test("cmt, desc, the first link and type (else sym) become notes, description, link and category")
    func waypointDetails() throws {
        let parking = Self.point(47.37, 8.54, "Parking") {
            $0.comment = "PARKING"
            $0.description = "Parking lot by the lake"
            $0.links = [GPXLink(href: "https://example.org/p"), GPXLink(href: "https://example.org/q")]
            $0.symbol = "Parking Area"
            $0.type = "Car park"
        }
        let dot = Self.point(47.38, 8.55, nil) { $0.symbol = "Dot" }
        let race = RaceBuilder(name: "t").stops(fromWaypoints: [parking, dot]).build()
        #expect(race.stops[0].notes == "PARKING" && race.stops[0].description == "Parking lot by the lake")
        #expect(race.stops[0].link == "https://example.org/p" && race.stops[0].category == "Car park")
        #expect(race.stops[1].name == "Waypoint 2" && race.stops[1].category == "Dot")
        #expect(race.stops[1].notes == nil && race.stops[1].description == nil && race.stops[1].link == nil)
        // The race file keeps them: written, read back, equal.
        let reading = RaceFile.decode(try JSONParser.parse(Array(RaceFile.text(race).utf8), file: "r.json"))
        #expect(reading.issues.isEmpty && reading.race == race)
    }

    @Test("a route reuses the stops its points sit on, adds the others, keeps its order, and may loop")
    func routeCourse() {
        // Waypoints a, b, c; the route starts at c, passes a point of its own, b (0.5 m off: the same
        // place within the 1 m tolerance), comes back through the point of its own and ends at c.
        let waypoints = [
            Self.point(47.3700, 8.5400, "a"), Self.point(47.3710, 8.5400, "b"), Self.point(47.3720, 8.5400, "c"),
        ]
        let route = GPXRoute(
            info: GPXPathInfo(name: "loop"),
            points: [
                Self.point(47.3720, 8.5400, "C again"), Self.point(47.3715, 8.5420, "bend"),
                Self.point(47.371_004_5, 8.5400, "B"), Self.point(47.3715, 8.5420, "bend"),
                Self.point(47.3720, 8.5400, nil),
            ])
        let race = RaceBuilder(name: "t").stops(fromWaypoints: waypoints).course(alongRoute: route).build()
        #expect(race.stops.map(\.id) == ["a", "b", "c", "bend"])
        let course = race.courses[0]
        #expect(course.start == "c" && course.finish == "c")
        #expect(course.controls == [.stop("bend"), .stop("b")])
        // A point 2 m away is not the same place.
        let far = GPXRoute(points: [Self.point(47.370_018, 8.5400, nil), Self.point(47.3720, 8.5400, nil)])
        let other = RaceBuilder(name: "t").stops(fromWaypoints: waypoints).course(alongRoute: far).build()
        #expect(other.stops.map(\.id) == ["a", "b", "c", "route-point-1"])
        #expect(other.courses[0].start == "route-point-1" && other.courses[0].finish == "c")
    }

    static func race(_ positions: [(Double, Double)], radius: Double = 25) -> Race {
        var builder = RaceBuilder(name: "t").radius(radius)
        for (k, p) in positions.enumerated() {
            builder = builder.stop("s\(k)", at: Coordinate(uncheckedLatitude: p.0, longitude: p.1))
        }
        return builder.build()
    }

    static func codes(_ race: Race) -> [String] { RaceValidator().validate(race).map(\.code) }

    @Test("a stop 2000 km from the others is reported, and only that one")
    func farStop() {
        var positions: [(Double, Double)] = (0..<8).map { k -> (Double, Double) in
            let step = Double(k) * 0.002, column = Double(k % 3) * 0.002
            return (47.37 + step, 8.54 + column)
        }
        positions.insert((30.06, -9.61), at: 3)  // Morocco's coast, over 2 000 km away
        let issues = RaceValidator().validate(Self.race(positions)).filter { $0.code == "stop-far-from-others" }
        #expect(issues.map { $0.path } == ["/stops/3/fence"])
        #expect(issues.first?.message.contains(" km from the middle of the race") == true)
    }

    @Test("no far stop in a long straight course, a compact race with a finish 5 km away, or the antimeridian")
    func notFar() {
        // 20 stops over 40 km in a line.
        let line: [(Double, Double)] = (0..<20).map { k -> (Double, Double) in (47.0 + Double(k) * 0.018, 8.5) }
        #expect(!Self.codes(Self.race(line)).contains("stop-far-from-others"))
        // Eight stops within 300 m and a finish 5 km off: under the 10 km floor.
        let compact: [(Double, Double)] =
            (0..<8).map { k -> (Double, Double) in (47.37 + Double(k) * 0.0004, 8.54) } + [(47.415, 8.54)]
        #expect(!Self.codes(Self.race(compact)).contains("stop-far-from-others"))
        // Stops on both sides of the antimeridian are neighbours, not 40 000 km apart.
        let fiji: [(Double, Double)] = [(-17.0, 179.99), (-17.01, -179.99), (-17.02, 179.98), (-17.0, -179.98)]
        #expect(!Self.codes(Self.race(fiji)).contains("stop-far-from-others"))
        // Twelve stops, one of them 30 km off: more than 10 times the race's size and 10 km.
        let outlier: [(Double, Double)] =
            (0..<11).map { k -> (Double, Double) in (47.37 + Double(k) * 0.001, 8.54) } + [(47.64, 8.54)]
        #expect(Self.codes(Self.race(outlier)).contains("stop-far-from-others"))
    }

    @Test("a course too long for its time limit says how long it takes at the race's speed")
    func courseLength() {
        // Two 25 m stops 131 090 m apart: 131 040 m between the fences, 93 600 s = 26 h at 1.4 m/s.
        var race = Self.race([(47.0, 8.5), (47.0 + 131_090 / 111_195.08, 8.5)])
        race.timeLimitSeconds = 7_200
        let issue = RaceValidator().validate(race).first { $0.code == "course-too-long" }
        #expect(
            issue?.message == "course \"main\" is at least 131040 m: at 1.4 m/s it takes 26 h; the time limit is 2 h")
        race.timeLimitSeconds = 4 * 3_600
        race.rules.speedMetersPerSecond = 3
        // 131 040 / 3 = 43 680 s = 728 min.
        let faster = RaceValidator().validate(race).first { $0.code == "course-too-long" }
        #expect(
            faster?.message.hasSuffix("at 3.0 m/s it takes 12 h 8 min; the time limit is 4 h") == true,
            "\(String(describing: faster))")
    }

    @Test("a radius under half the accuracy the rules accept is a warning")
    func accuracy() {
        var race = Self.race([(47.37, 8.54), (47.38, 8.54)], radius: 30)
        #expect(!Self.codes(race).contains("radius-below-required-accuracy"))
        race.rules.requiredAccuracyMeters = 70
        let issues = RaceValidator().validate(race).filter { $0.code == "radius-below-required-accuracy" }
        #expect(issues.map { $0.path } == ["/stops/0/fence/radius", "/stops/1/fence/radius"])
        // 1 − exp(−(1.515 × 30 / 70)² / 2) = 0.190
        #expect(issues.first?.message.hasSuffix("at its centre 19 % of the time") == true, "\(issues)")
        race.rules.requiredAccuracyMeters = 60
        #expect(!Self.codes(race).contains("radius-below-required-accuracy"))
    }

    @Test("the pairs that must not follow each other are the ones the validator flags when they do")
    func spacingAgreesWithTheValidator() {
        // On a meridian, 25 m circles (they overlap up to 50 m apart): 0–1 40 m, 2–3 45 m and 4–5 49 m
        // apart overlap; 1–2 60 m, 3–4 70 m and 5–6 136 m do not, nor does any pair further apart.
        let metres = [0.0, 40, 100, 145, 215, 264, 400]
        let positions: [(Double, Double)] = metres.map { m -> (Double, Double) in (47.0 + m / 111_195.0, 8.5) }
        let race = Self.race(positions)
        let context = ValidationContext(race: race)
        let pairs = context.spacingPairs(among: Array(race.stops.indices))
        // Every pair, consecutive or not, classified as the validator's rules would.
        var expected: [(Int, Int, String)] = []
        for a in race.stops.indices {
            for b in race.stops.indices where b > a {
                let d = metres[b] - metres[a]
                if d <= 50 { expected.append((a, b, "overlapping-consecutive-stops")) }
            }
        }
        #expect(
            pairs.map { "\($0.first)-\($0.second) \($0.spacing.issueCode)" }
                == expected.map { "\($0.0)-\($0.1) \($0.2)" })
        // The course runs 0 → 1 → … → 6: the validator's order issues are exactly the adjacent pairs.
        let flagged = RaceValidator().validate(race).filter { $0.code == "overlapping-consecutive-stops" }
        #expect(flagged.count == pairs.filter { $0.second == $0.first + 1 }.count)
        // Radii 10 and 30: 45 m apart do not touch (gap 5 m) but are under the 60 m diameter.
        let mixed = RaceBuilder(name: "t")
            .stop("x", at: Coordinate(uncheckedLatitude: 47.0, longitude: 8.5), radius: 10)
            .stop("y", at: Coordinate(uncheckedLatitude: 47.0 + 45 / 111_195.0, longitude: 8.5), radius: 30)
            .build()
        let mixedPairs = ValidationContext(race: mixed).spacingPairs(among: [0, 1])
        #expect(mixedPairs.map(\.spacing.issueCode) == ["leg-too-short"])
        #expect(Self.codes(mixed).contains("leg-too-short"))
    }
}
