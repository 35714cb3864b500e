import GeoCore
import Geofencing
import RaceModel

/// A Monte Carlo rehearsal: many synthetic fields run the race, and what an organiser needs to
/// know comes out: how long it takes, where people bunch, which stops GPS noise makes runners
/// miss, how the course variants compare, and what to change.
///
/// Synthetic participants the race does not list run the course the options' ``SyntheticField/Options/unlistedCourse``
/// gives them (by default spread over the first course and its variants), and each is checked
/// against the course they ran, so every variant is measured.
public struct Rehearsal: Sendable {
    /// One stop's figures over all runs.
    public struct StopFigures: Hashable, Sendable {
        /// The stop's index in the race.
        public var stop: Int
        /// Planned arrivals (participants who went there) and those the engine did not register.
        public var planned: Int
        /// Planned arrivals the engine did not register.
        public var missed: Int
        /// `missed` over `planned`; 0 when nobody planned to go there.
        public var missRate: Double { planned > 0 ? Double(missed) / Double(planned) : 0 }
        /// The most participants inside the fence at once, in any run.
        public var peakTogether: Int
    }

    /// A suggestion, tied to a stop when it is about one.
    public struct Recommendation: Hashable, Sendable {
        /// The id of the stop the suggestion is about, if it is about one.
        public var stop: String?
        /// The suggestion, as one sentence.
        public var text: String
    }

    /// The race rehearsed.
    public let race: Race
    /// How many simulated races were run.
    public let runs: Int
    /// Running times of every participant who finished OK, sorted.
    public let finishTimes: [Seconds]
    /// How many results had each status, over all runs.
    public let statusCounts: [ResultStatus: Int]
    /// Per stop, in race order: planned and missed arrivals and the peak crowd.
    public let stops: [StopFigures]
    /// Every course of the race, in race order, with who ran it and how long it took
    /// (``Rehearsal/courseSpread`` compares them).
    public let courses: [CourseFigures]
    /// Per course id, the median running time of OK finishers (courses without one left out).
    public var courseMedians: [String: Seconds] {
        Dictionary(uniqueKeysWithValues: courses.compactMap { figures in figures.median.map { (figures.course, $0) } })
    }
    /// What to fix before the day.
    public let recommendations: [Recommendation]

    /// Runs `runs` rehearsals of `options.participants` synthetic participants each, seeds
    /// `seed`, `seed + 1`, ….
    /// - Parameters:
    ///   - race: the race to rehearse.
    ///   - runs: how many simulated races.
    ///   - options: the synthetic field of each run.
    ///   - seed: the seed of the first run; run k uses `seed + k`.
    ///   - progress: called after each run.
    public init(
        race: Race, runs: Int, options: SyntheticField.Options, seed: UInt64,
        progress: (Int) -> Void = { _ in }
    ) throws(ReplayError) {
        // The replay checks each track against its participant's course, so the synthetic
        // participants join the race's list with the courses the field gives them. The cast does
        // not depend on the seed: the same for every run.
        let cast = SyntheticField(race: race, options: options, seed: seed)
        var judged = race
        judged.participants = cast.raceParticipants
        let ids: [String?] = judged.participants.map(\.id)
        let replay = try RaceReplay(race: judged)
        var finishTimes: [Seconds] = [], statusCounts: [ResultStatus: Int] = [:], byCourse: [String: [Seconds]] = [:]
        var planned = [Int](repeating: 0, count: race.stops.count), missed = planned, peak = planned
        for run in 0..<runs {
            let field = SyntheticField(race: race, options: options, seed: seed &+ UInt64(run))
            let profiles = field.profiles()
            let tracks = field.tracks(startTime: 0)
            // Only visits and course checks are needed: the streaming replay, no copy of the fixes.
            var stream = StreamingReplay(replay: replay)
            for (p, track) in tracks.enumerated() {
                for fix in track.fixes {
                    stream.ingest(
                        participant: p, time: fix.time, latitude: fix.coordinate.latitude,
                        longitude: fix.coordinate.longitude)
                }
            }
            let names = tracks.map(\.participant)
            let result = stream.finish(names: names, participantIDs: Array(ids.prefix(names.count)))
            let synthesizer = TrackSynthesizer(race: race, seed: seed &+ UInt64(run))
            for (p, check) in result.courses.enumerated() {
                statusCounts[check.status, default: 0] += 1
                if check.status == .ok, let time = check.runningTime {
                    finishTimes.append(time)
                    byCourse[check.course?.id ?? "", default: []].append(time)
                }
                guard let course = field.course(of: p) else { continue }
                let visited = Set(result.visits.filter { $0.participant == p }.map(\.stop))
                for stop in synthesizer.plannedStops(course, skipping: profiles[p].skippedStops) {
                    guard let s = race.stops.firstIndex(where: { $0.id == stop.id }) else { continue }
                    planned[s] += 1
                    if !visited.contains(s) { missed[s] += 1 }
                }
            }
            for (s, together) in Self.peakOccupancy(result.visits, stops: race.stops.count).enumerated() {
                peak[s] = max(peak[s], together)
            }
            progress(run + 1)
        }
        self.race = race
        self.runs = runs
        self.finishTimes = finishTimes.sorted()
        self.statusCounts = statusCounts
        stops = race.stops.indices.map {
            StopFigures(stop: $0, planned: planned[$0], missed: missed[$0], peakTogether: peak[$0])
        }
        var runners: [String: Int] = [:]
        for p in 0..<options.participants { if let course = cast.course(of: p) { runners[course.id, default: 0] += 1 } }
        courses = race.courses.map { course in
            CourseFigures(
                course: course.id, lengthMeters: race.lengthMeters(of: course), runners: runners[course.id] ?? 0,
                finishTimes: (byCourse[course.id] ?? []).sorted())
        }
        recommendations = Self.recommend(race: race, stops: stops, noise: options.noiseMeters, courses: courses)
    }

    /// The most visits overlapping in time, per stop (a visit without a departure lasts to the end).
    static func peakOccupancy(_ visits: [StopVisit], stops: Int) -> [Int] {
        var events = [[(time: Seconds, delta: Int)]](repeating: [], count: stops)
        for visit in visits {
            events[visit.stop].append((visit.time, 1))
            events[visit.stop].append((visit.leftAt ?? .infinity, -1))
        }
        return events.map { list in
            var inside = 0, most = 0
            for e in list.sorted(by: { ($0.time, $0.delta) < ($1.time, $1.delta) }) {
                inside += e.delta
                most = max(most, inside)
            }
            return most
        }
    }

    /// More participants than this inside a control at once gets a stagger suggestion.
    public static let crowdLimit = 6

    /// Stops missed more than 2 % of the time get a radius suggestion (enough for the noise:
    /// three standard deviations plus the runners' aiming spread, rounded up to 5 m); controls
    /// where more than ``crowdLimit`` are inside at once get a stagger suggestion; course variants
    /// whose medians differ by more than 10 % get a fairness note.
    ///
    /// A course's start and finish are left out of the crowding advice: the rehearsal starts
    /// everyone together there and a track ends inside the finish, so their counts say how many
    /// ran, not something an organiser can change at that stop.
    static func recommend(race: Race, stops: [StopFigures], noise: Meters, courses: [CourseFigures]) -> [Recommendation]
    {
        var out: [Recommendation] = []
        let startsAndFinishes = Set(race.courses.flatMap { [$0.start, $0.finish].compactMap { $0 } })
        for figures in stops {
            let stop = race.stops[figures.stop]
            if figures.missRate > 0.02, case .circle(_, let radius) = stop.fence {
                let suggested = max(radius + 5, ((3 * noise + 0.4 * radius + 5) / 5).rounded(.up) * 5)
                out.append(
                    Recommendation(
                        stop: stop.id,
                        text: "\(stop.id): raise the radius to \(Int(suggested)) m "
                            + "(\(percent(figures.missRate)) of arrivals were missed under \(Int(noise)) m GPS noise)"))
            }
            if figures.peakTogether > Self.crowdLimit, !startsAndFinishes.contains(stop.id) {
                out.append(
                    Recommendation(
                        stop: stop.id,
                        text: "\(stop.id): up to \(figures.peakTogether) participants inside at once "
                            + "(more than \(Self.crowdLimit)); stagger the starts or split the stop"))
            }
        }
        let medians = courses.compactMap(\.median)
        if let fastest = medians.min(), let slowest = medians.max(), fastest > 0, slowest / fastest > 1.1 {
            out.append(
                Recommendation(
                    stop: nil,
                    text:
                        "course variants differ: medians from \(RaceReport.clock(fastest)) to \(RaceReport.clock(slowest)); rebalance them"
                ))
        }
        return out
    }

    /// The element at quantile `q` (0…1) of `sorted`, by nearest rank (index (n − 1)·q rounded;
    /// the median is element n / 2); `nil` when empty.
    static func quantile(_ sorted: [Seconds], _ q: Double) -> Seconds? {
        guard !sorted.isEmpty else { return nil }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
    }

    static func percent(_ x: Double) -> String { "\((x * 1000).rounded() / 10) %" }
}
