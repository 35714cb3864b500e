import GeoCore
import RaceModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes plausible GPS tracks of participants running a race's course: deterministic for a
/// seed, with a time origin given by the caller (never the clock).
///
/// A runner aims at a random point inside each stop's fence in course order (any-order groups
/// nearest first), at a speed wandering around the profile's, heading wandering ±20° around the
/// bearing, sometimes taking a wrong turn; dwells at each stop; and records a fix every
/// sampling interval, displaced by drifting GPS error, with occasional gaps.
public struct TrackSynthesizer: Sendable {
    /// The race whose courses the tracks run.
    public let race: Race
    /// The seed every random choice derives from.
    public let seed: UInt64

    /// A synthesizer for `race`; the same seed gives the same tracks.
    public init(race: Race, seed: UInt64) {
        self.race = race
        self.seed = seed
    }

    /// The stops a participant on `course` aims for, in order, leaving out the skipped ones.
    public func plannedStops(_ course: Course, skipping skipped: Set<String>) -> [Stop] {
        var planned: [Stop] = []
        var here = course.start.flatMap(race.stop)?.fence.anchor
        func visit(_ id: String) {
            guard let stop = race.stop(id), !skipped.contains(id) else { return }
            planned.append(stop)
            here = stop.fence.anchor
        }
        if let start = course.start { visit(start) }
        for item in course.controls {
            switch item {
            case .stop(let id): visit(id)
            case .anyOrder(let ids):
                var left = ids.compactMap(race.stop)
                while !left.isEmpty {
                    let from = here ?? left[0].fence.anchor
                    let next = left.indices.min {
                        from.distanceMeters(to: left[$0].fence.anchor) < from.distanceMeters(to: left[$1].fence.anchor)
                    }!
                    visit(left.remove(at: next).id)
                }
            }
        }
        if let finish = course.finish, finish != course.start || !planned.isEmpty { visit(finish) }
        return planned
    }

    /// The track of one participant on `course`, starting at `startTime` (seconds since 1970).
    /// `index` tells participants apart in the random stream.
    public func track(_ profile: RunnerProfile, course: Course, startTime: Seconds, index: Int) -> SyntheticTrack {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(index) &* 0x85EB_CA6B)
        let stops = plannedStops(course, skipping: profile.skippedStops)
        guard let first = stops.first else { return SyntheticTrack(participant: profile.name, fixes: []) }
        var position = first.fence.anchor.destination(
            bearingDegrees: random.uniform(0...360), distanceMeters: 3 * random.nextUnit())
        var time = startTime
        var fixes: [SyntheticTrack.Fix] = []
        var noiseEast = 0.0, noiseNorth = 0.0, gapUntil = -Double.infinity
        var speedFactor = 1.0, headingOffset = 0.0
        let elevationBase = 400 + 30 * random.nextUnit()

        func record(_ random: inout SplitMix64) {
            // AR(1) drift: x ← 0.9·x + √(1 − 0.9²)·σ·N(0, 1), stationary standard deviation σ.
            let keep = pow(0.9, profile.samplingSeconds)
            let fresh = (1 - keep * keep).squareRoot() * profile.noiseMeters
            noiseEast = keep * noiseEast + fresh * random.gaussian()
            noiseNorth = keep * noiseNorth + fresh * random.gaussian()
            if time >= gapUntil {
                if random.nextUnit() < profile.dropoutProbability {
                    gapUntil = time + random.uniform(5...30)
                } else {
                    let distance = (noiseEast * noiseEast + noiseNorth * noiseNorth).squareRoot()
                    let shown = position.destination(
                        bearingDegrees: atan2(noiseEast, noiseNorth) / Earth.radiansPerDegree, distanceMeters: distance)
                    fixes.append(
                        .init(
                            time: time, coordinate: shown,
                            elevationMeters: (elevationBase + 2 * random.gaussian()).rounded()))
                }
            }
            time += profile.samplingSeconds
        }

        func dwell(_ random: inout SplitMix64) {
            let until = time + random.uniform(profile.dwellSeconds)
            while time < until {
                position = position.destination(
                    bearingDegrees: random.uniform(0...360), distanceMeters: 0.3 * random.nextUnit())
                record(&random)
            }
        }

        dwell(&random)
        for stop in stops.dropFirst() {
            var waypoints = [stop.fence.aimPoint(&random)]
            if random.nextUnit() < profile.wrongTurnProbability {
                let bearing = position.initialBearingDegrees(to: waypoints[0]) + (random.nextUnit() < 0.5 ? -60 : 60)
                waypoints.insert(
                    position.destination(bearingDegrees: bearing, distanceMeters: random.uniform(50...150)), at: 0)
            }
            for target in waypoints {
                var steps = 0
                while position.distanceMeters(to: target) > 2, steps < 100_000 {
                    speedFactor = min(
                        1 + 2 * profile.speedVariation,
                        max(
                            0.2,
                            speedFactor + 0.1 * random.gaussian() * profile.speedVariation
                                - 0.05 * (speedFactor - 1)))
                    headingOffset = 0.9 * headingOffset + 4 * random.gaussian()
                    headingOffset = min(20, max(-20, headingOffset))
                    let step = min(
                        position.distanceMeters(to: target),
                        profile.speedMetersPerSecond * speedFactor * profile.samplingSeconds)
                    let bearing =
                        position.initialBearingDegrees(to: target) + headingOffset
                        * min(1, position.distanceMeters(to: target) / 30)
                    position = position.destination(bearingDegrees: bearing, distanceMeters: step)
                    record(&random)
                    steps += 1
                }
            }
            dwell(&random)
        }
        return SyntheticTrack(participant: profile.name, fixes: fixes)
    }
}

extension StopFence {
    /// Where a runner heads for: the circle's centre or the polygon's first vertex ring's
    /// mean position.
    var anchor: Coordinate {
        switch self {
        case .circle(let centre, _): return centre
        case .polygon(let polygons):
            let ring = polygons[0][0]
            let open = ring.first == ring.last ? ring.dropLast() : ring[...]
            return Coordinate(
                uncheckedLatitude: open.map(\.latitude).reduce(0, +) / Double(open.count),
                longitude: open.map(\.longitude).reduce(0, +) / Double(open.count))
        }
    }

    /// A random point well inside a circle (within 40 % of the radius) or the polygon's anchor.
    func aimPoint(_ random: inout SplitMix64) -> Coordinate {
        switch self {
        case .circle(let centre, let radius):
            return centre.destination(
                bearingDegrees: random.uniform(0...360), distanceMeters: 0.4 * radius * random.nextUnit().squareRoot())
        case .polygon: return anchor
        }
    }
}
