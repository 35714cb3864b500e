import GeoCore
import RaceModel

extension Rehearsal {
    /// One course's figures over all runs.
    public struct CourseFigures: Hashable, Sendable {
        /// The course's id.
        public var course: String
        /// The course's length along its order (`RaceModel.Race.lengthMeters(of:)`): what
        /// its order asks of a runner at the least, to compare variants by.
        public var lengthMeters: Int
        /// Participants on the course in each run.
        public var runners: Int
        /// Running times of the course's OK finishers over all runs, sorted.
        public var finishTimes: [Seconds]

        /// The median running time of OK finishers (the same as ``Rehearsal/courseMedians``).
        public var median: Seconds? { Rehearsal.quantile(finishTimes, 0.5) }
        /// The running time 90 % of OK finishers stay within.
        public var p90: Seconds? { Rehearsal.quantile(finishTimes, 0.9) }
    }

    /// How far apart the courses are: the slowest median against the fastest, the longest
    /// course against the shortest.
    public struct CourseSpread: Hashable, Sendable {
        /// The fastest and slowest course medians in whole seconds (as the report shows them);
        /// `nil` when no course had an OK finisher.
        public var fastestMedian: Seconds?
        /// The slowest course median, in whole seconds.
        public var slowestMedian: Seconds?
        /// The shortest and longest course, in metres.
        public var shortestMeters: Int
        /// The longest course, in metres.
        public var longestMeters: Int

        /// Slowest median minus fastest, in seconds.
        public var medianSeconds: Seconds? { fastestMedian.flatMap { fastest in slowestMedian.map { $0 - fastest } } }
        /// The median spread as a fraction of the fastest median (0.1 is 10 %).
        public var medianFraction: Double? {
            guard let fastestMedian, fastestMedian > 0, let medianSeconds else { return nil }
            return medianSeconds / fastestMedian
        }
        /// Longest minus shortest, in metres.
        public var lengthMeters: Int { longestMeters - shortestMeters }
        /// The length spread as a fraction of the shortest course.
        public var lengthFraction: Double { shortestMeters > 0 ? Double(lengthMeters) / Double(shortestMeters) : 0 }
    }

    /// The spread over the race's courses: medians over the courses with OK finishers, lengths
    /// over every course.
    public var courseSpread: CourseSpread {
        let medians = courses.compactMap(\.median).map { $0.rounded() }
        let lengths = courses.map(\.lengthMeters)
        return CourseSpread(
            fastestMedian: medians.min(), slowestMedian: medians.max(),
            shortestMeters: lengths.min() ?? 0, longestMeters: lengths.max() ?? 0)
    }
}
