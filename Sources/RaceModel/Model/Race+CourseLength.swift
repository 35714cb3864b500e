import GeoCore

extension Race {
    /// The length of `course` in whole metres: start, controls (an any-order group in its listed
    /// order) and finish, leg by leg, each leg the haversine distance between the stops'
    /// ``Stop/centre``s rounded to whole metres, the measure `racekit optimize` orders stops by.
    ///
    /// A course's length is what its order asks of a runner at the least, so courses that are
    /// variants of one another can be compared by it. Stops without a usable centre (unknown ids,
    /// fences that cannot be built) are left out, their legs with them.
    /// - Complexity: O(stops of the course × stops of the race) for the id look-ups.
    public func lengthMeters(of course: Course) -> Int {
        let centres = course.stopIDs.compactMap { stop($0)?.centre }
        return zip(centres, centres.dropFirst()).reduce(0) { $0 + Int(Haversine.distanceMeters($1.0, $1.1).rounded()) }
    }
}
