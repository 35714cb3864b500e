import GeoCore
import Geofencing
import RaceModel
import RaceSimulation
import Testing

struct TrackSynthesizerTests {
    static var race: Race {
        let c = { (lat: Double, lon: Double) in Coordinate(uncheckedLatitude: lat, longitude: lon) }
        return RaceBuilder(name: "Old Town").radius(25)
            .stop("HB", at: c(47.37790, 8.54030), id: "hb")
            .stop("Lindenhof", at: c(47.37300, 8.54100), id: "lindenhof")
            .stop("Grossmünster", at: c(47.37010, 8.54410), id: "gross")
            .stop("Kunsthaus", at: c(47.37030, 8.54810), id: "kunsthaus")
            .stop("Opernhaus", at: c(47.36500, 8.54660), id: "oper")
            .stop("Bellevue", at: c(47.36680, 8.54500), id: "bellevue")
            .timeLimit(minutes: 60).build()
    }

    private func field(_ n: Int, seed: UInt64 = 7) -> SyntheticField {
        SyntheticField(race: Self.race, options: SyntheticField.Options(participants: n), seed: seed)
    }

    @Test("the same seed gives the same tracks; another seed different ones")
    func determinism() {
        let a = field(4).tracks(startTime: 1_777_000_000), b = field(4).tracks(startTime: 1_777_000_000)
        #expect(a == b)
        #expect(a != field(4, seed: 8).tracks(startTime: 1_777_000_000))
    }

    @Test("fixes every second, in time order, at plausible speeds")
    func plausible() throws {
        for track in field(6).tracks(startTime: 0).dropLast() {
            let fixes = track.fixes
            #expect(fixes.count > 300)
            let gaps = zip(fixes, fixes.dropFirst()).map { $1.time - $0.time }
            #expect(gaps.allSatisfy { $0 >= 1 })
            #expect(Double(gaps.filter { $0 == 1 }.count) / Double(gaps.count) > 0.95)
            let speeds = zip(fixes, fixes.dropFirst()).map {
                $0.coordinate.distanceMeters(to: $1.coordinate) / ($1.time - $0.time)
            }
            let median = speeds.sorted()[speeds.count / 2]
            #expect(median > 0.5 && median < 6, "median \(median) m/s")
            #expect(speeds.max()! < 25, "no teleports")
        }
    }

    @Test("every participant reaches every planned stop, the skipper never the skipped one, the straggler is slowest")
    func cast() throws {
        let field = self.field(6)
        let profiles = field.profiles()
        let tracks = field.tracks(startTime: 0)
        let skipper = try #require(profiles.firstIndex { !$0.skippedStops.isEmpty })
        #expect(profiles[skipper].skippedStops.count == 1)
        #expect(profiles[skipper].skippedStops.isDisjoint(with: ["hb", "bellevue"]), "never the start or the finish")
        for (i, track) in tracks.enumerated() {
            for stop in Self.race.stops {
                let fence = try stop.fence.makeFence()
                let reached = track.fixes.contains {
                    fence.contains(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude)
                }
                #expect(reached == !profiles[i].skippedStops.contains(stop.id), "\(track.participant) at \(stop.id)")
            }
        }
        let durations = tracks.map { $0.fixes.last!.time - $0.fixes.first!.time }
        #expect(durations.last == durations.max())
    }
}
