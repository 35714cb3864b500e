import GeoCore
import RaceModel

/// A field of synthetic participants for a race: their profiles, with the cast a rehearsal
/// needs: everyone at a plausible pace, one straggler, one who misses a stop.
public struct SyntheticField: Sendable {
    /// The base settings every profile varies around.
    public struct Options: Hashable, Sendable {
        /// How many synthetic participants.
        public var participants: Int
        /// Typical speed while moving (1.4 walking, 3 running, 6 cycling).
        public var speedMetersPerSecond: Double = 2.5
        /// Participants' speeds spread uniformly ±this fraction around the typical speed.
        public var speedSpread: Double = 0.3
        /// Standard deviation of the GPS error per axis, in metres.
        public var noiseMeters: Meters = 4
        /// Seconds between recorded fixes.
        public var samplingSeconds: Seconds = 1
        /// Chance per fix that the device starts a gap without fixes.
        public var dropoutProbability: Double = 0.001
        /// Chance per leg of a wrong turn.
        public var wrongTurnProbability: Double = 0.1
        /// How many of the participants are stragglers (half speed, long stops).
        public var stragglers: Int = 1
        /// How many participants skip one stop.
        public var stopMissers: Int = 1
        /// The course of a synthetic participant the race does not list.
        public var unlistedCourse: UnlistedCourse = .spreadOverVariants

        /// Options for `participants` participants; every other setting has a typical default.
        public init(participants: Int) { self.participants = participants }
    }

    /// Which course a synthetic participant beyond the race's listed participants runs.
    public enum UnlistedCourse: Hashable, Sendable {
        /// The race's first course, as a replay does for a track it cannot match to a listed
        /// participant (`racekit synth` tracks checked by `racekit simulate`).
        case firstCourse
        /// The first course or one of its variants (``SyntheticField/variantCourses``), whichever
        /// has the fewest participants so far, listed ones included; a tie goes to the course
        /// the race lists first. So K variants get runners even when nobody is listed on them.
        case spreadOverVariants
    }

    /// The race the field runs.
    public let race: Race
    /// The settings the profiles vary around.
    public let options: Options
    /// The seed every profile and track derives from.
    public let seed: UInt64
    /// Index into `race.courses` of each participant's course; `nil` for a race without courses.
    private let courseIndices: [Int?]

    /// A field for `race`; the same seed gives the same field.
    public init(race: Race, options: Options, seed: UInt64) {
        self.race = race
        self.options = options
        self.seed = seed
        courseIndices = Self.assignCourses(
            race: race, participants: options.participants, unlisted: options.unlistedCourse)
    }

    /// The participants' names: the race's own participants first, then "Runner N".
    public var names: [String] {
        (0..<options.participants).map { i in
            i < race.participants.count ? race.participants[i].name : "Runner \(i + 1)"
        }
    }

    /// Each participant's course: a listed participant's own, else the race's first; a synthetic
    /// participant beyond the listed ones gets one by ``Options/unlistedCourse``. `nil` for a
    /// race without courses or an index outside the field.
    public func course(of index: Int) -> Course? {
        courseIndices.indices.contains(index) ? courseIndices[index].map { race.courses[$0] } : nil
    }

    /// The race's first course and every course with exactly the same stops (as a set): the
    /// courses that are variants of one another, such as `racekit optimize --variants K` writes.
    public var variantCourses: [Course] {
        Self.variantCourseIndices(of: race).map { race.courses[$0] }
    }

    /// The field as race participants, for a replay that has to know everyone's course: the
    /// race's own first, then each synthetic participant with a unique id (`runner-N`) and the
    /// course ``course(of:)`` gives it.
    public var raceParticipants: [Participant] {
        var taken = Set(race.participants.map(\.id))
        return names.indices.map { i in
            if i < race.participants.count { return race.participants[i] }
            var id = "runner-\(i + 1)"
            while taken.contains(id) { id += "-synthetic" }
            taken.insert(id)
            return Participant(id: id, name: names[i], course: course(of: i)?.id)
        }
    }

    static func variantCourseIndices(of race: Race) -> [Int] {
        guard let first = race.courses.first else { return [] }
        let stops = Set(first.stopIDs)
        return race.courses.indices.filter { Set(race.courses[$0].stopIDs) == stops }
    }

    /// Listed participants keep their own course (an unknown or absent one means the first);
    /// the others follow `unlisted`, counting who is already on each variant.
    /// - Complexity: O(participants × variants + listed participants × courses).
    static func assignCourses(race: Race, participants: Int, unlisted: UnlistedCourse) -> [Int?] {
        guard !race.courses.isEmpty else { return [Int?](repeating: nil, count: participants) }
        func listedCourse(_ p: Participant) -> Int {
            p.course.flatMap { id in race.courses.firstIndex { $0.id == id } } ?? 0
        }
        let variants = unlisted == .spreadOverVariants ? variantCourseIndices(of: race) : [0]
        var load = [Int: Int]()
        for p in race.participants { load[listedCourse(p), default: 0] += 1 }
        return (0..<participants).map { i -> Int? in
            if i < race.participants.count { return listedCourse(race.participants[i]) }
            let pick = variants.min { (load[$0, default: 0], $0) < (load[$1, default: 0], $1) }!
            load[pick, default: 0] += 1
            return pick
        }
    }

    /// The profiles, in participant order. The last `stragglers` are stragglers, and the
    /// `stopMissers` before them each skip the control farthest off the straight line between
    /// its neighbours (so their path does not cross it by chance).
    public func profiles() -> [RunnerProfile] {
        var random = SplitMix64(seed: seed ^ 0x5EED_F1E1D)
        let n = options.participants
        return names.enumerated().map { i, name in
            let pace = 1 + options.speedSpread * (2 * random.nextUnit() - 1)
            var profile = RunnerProfile(
                name: name, speedMetersPerSecond: options.speedMetersPerSecond * pace,
                noiseMeters: options.noiseMeters, samplingSeconds: options.samplingSeconds,
                dropoutProbability: options.dropoutProbability,
                wrongTurnProbability: options.wrongTurnProbability)
            if i >= n - options.stragglers {
                profile.speedMetersPerSecond = options.speedMetersPerSecond * 0.5
                profile.dwellSeconds = 40...120
            } else if i >= n - options.stragglers - options.stopMissers, let course = course(of: i),
                let skipped = mostOffPathControl(course)
            {
                profile.skippedStops = [skipped]
            }
            return profile
        }
    }

    /// The control (not start or finish) whose detour from its neighbours is largest: a
    /// required one if the course has any, else an optional one (a score hunt's goals).
    func mostOffPathControl(_ course: Course) -> String? {
        let ids = TrackSynthesizer(race: race, seed: seed).plannedStops(course, skipping: []).map(\.id)
        guard ids.count >= 3 else { return nil }
        let optional = Set(course.optional)
        let anyRequired = ids[1..<(ids.count - 1)].contains { !optional.contains($0) }
        var best: (String, Double)?
        for k in 1..<(ids.count - 1) where !anyRequired || !optional.contains(ids[k]) {
            guard let a = race.stop(ids[k - 1])?.fence.anchor, let b = race.stop(ids[k])?.fence.anchor,
                let c = race.stop(ids[k + 1])?.fence.anchor
            else { continue }
            let detour = a.distanceMeters(to: b) + b.distanceMeters(to: c) - a.distanceMeters(to: c)
            if best == nil || detour > best!.1 { best = (ids[k], detour) }
        }
        return best?.0
    }

    /// Every participant's track, starting at `startTime` (seconds since 1970).
    public func tracks(startTime: Seconds) -> [SyntheticTrack] {
        var tracks: [SyntheticTrack] = []
        forEachTrack(startTime: startTime) { tracks.append($0) }
        return tracks
    }

    /// The tracks of ``tracks(startTime:)``, in the same order, handed over one at a time: a
    /// caller that writes each out holds one track in memory, not the whole field.
    public func forEachTrack(startTime: Seconds, _ body: (SyntheticTrack) throws -> Void) rethrows {
        let synthesizer = TrackSynthesizer(race: race, seed: seed)
        for (i, profile) in profiles().enumerated() {
            guard let course = course(of: i) else { continue }
            try body(synthesizer.track(profile, course: course, startTime: startTime + Double(i % 3), index: i))
        }
    }
}
