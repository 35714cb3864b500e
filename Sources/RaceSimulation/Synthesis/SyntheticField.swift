import GeoCore
import RaceModel

/// A field of synthetic participants for a race: their profiles, with the cast a rehearsal
/// needs: everyone at a plausible pace, one straggler, one who misses a stop.
public struct SyntheticField: Sendable {
    /// The base settings every profile varies around.
    public struct Options: Hashable, Sendable {
        public var participants: Int
        /// Typical speed while moving (1.4 walking, 3 running, 6 cycling).
        public var speedMetersPerSecond: Double = 2.5
        /// Participants' speeds spread uniformly ±this fraction around the typical speed.
        public var speedSpread: Double = 0.3
        public var noiseMeters: Meters = 4
        public var samplingSeconds: Seconds = 1
        public var dropoutProbability: Double = 0.001
        public var wrongTurnProbability: Double = 0.1
        /// How many of the participants are stragglers (half speed, long stops).
        public var stragglers: Int = 1
        /// How many participants skip one stop.
        public var stopMissers: Int = 1

        public init(participants: Int) { self.participants = participants }
    }

    public let race: Race
    public let options: Options
    public let seed: UInt64

    public init(race: Race, options: Options, seed: UInt64) {
        self.race = race
        self.options = options
        self.seed = seed
    }

    /// The participants' names: the race's own participants first, then "Runner N".
    public var names: [String] {
        (0..<options.participants).map { i in i < race.participants.count ? race.participants[i].name : "Runner \(i + 1)" }
    }

    /// Each participant's course: their own, else the race's first.
    public func course(of index: Int) -> Course? {
        let own = index < race.participants.count ? race.participants[index].course : nil
        return own.flatMap { id in race.courses.first { $0.id == id } } ?? race.courses.first
    }

    /// The profiles, in participant order. The last `stragglers` are stragglers, and the
    /// `stopMissers` before them each skip the control farthest off the straight line between
    /// its neighbours (so their path does not cross it by chance).
    public func profiles() -> [RunnerProfile] {
        var random = SplitMix64(seed: seed ^ 0x5EED_F1E1D)
        let n = options.participants
        return names.enumerated().map { i, name in
            let pace = 1 + options.speedSpread * (2 * random.nextUnit() - 1)
            var profile = RunnerProfile(name: name, speedMetersPerSecond: options.speedMetersPerSecond * pace,
                                        noiseMeters: options.noiseMeters, samplingSeconds: options.samplingSeconds,
                                        dropoutProbability: options.dropoutProbability,
                                        wrongTurnProbability: options.wrongTurnProbability)
            if i >= n - options.stragglers {
                profile.speedMetersPerSecond = options.speedMetersPerSecond * 0.5
                profile.dwellSeconds = 40...120
            } else if i >= n - options.stragglers - options.stopMissers, let course = course(of: i), let skipped = mostOffPathControl(course) {
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
                  let c = race.stop(ids[k + 1])?.fence.anchor else { continue }
            let detour = a.distanceMeters(to: b) + b.distanceMeters(to: c) - a.distanceMeters(to: c)
            if best == nil || detour > best!.1 { best = (ids[k], detour) }
        }
        return best?.0
    }

    /// Every participant's track, starting at `startTime` (seconds since 1970).
    public func tracks(startTime: Seconds) -> [SyntheticTrack] {
        let synthesizer = TrackSynthesizer(race: race, seed: seed)
        return profiles().enumerated().compactMap { i, profile in
            course(of: i).map { synthesizer.track(profile, course: $0, startTime: startTime + Double(i % 3), index: i) }
        }
    }
}
