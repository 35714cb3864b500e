/// The kicks of ``SymmetricTourSearch``: double bridges on short adjacent segments at random places.
extension SymmetricTourSearch {
    /// One kick in this many is a global double bridge (segments up to n/3), for edges between
    /// far-apart regions that local kicks cannot re-route.
    static let globalEvery = 100
    /// The longest segment of a local kick: long enough to move a fault, short enough to stay local.
    static let kickSegment = 100
    /// The longest segment of a kick (at most n/4) in the first ``earlyRoundsPerStop``·n rounds
    /// of a walk, when the tour still has coarse faults that short kicks leave alone.
    static let earlyKickSegment = 200
    /// How long a walk kicks with ``earlyKickSegment``, in rounds per stop.
    static let earlyRoundsPerStop = 5

    /// A double bridge at a random place: three adjacent segments B C D (each of at most
    /// `longestSegment` stops and n/4, or up to n/3 one time in ``globalEvery``) become D C B, so
    /// all four edges around them change; returns whether it found a place that keeps every fixed
    /// edge. Swapping only two segments changes three edges, a move the 3-opt chain often undoes at
    /// once. Random places, not candidates: kicks at candidates did worse.
    func kick(longestSegment: Int) -> Bool {
        let global = random.next() % UInt64(SymmetricTourSearch.globalEvery) == 0
        let maxSegment = global ? max(1, n / 3) : max(1, min(longestSegment, n / 4))
        for _ in 0..<8 {
            let i = Int(random.next() % UInt64(n))
            let l1 = 1 + Int(random.next() % UInt64(maxSegment))
            let l2 = 1 + Int(random.next() % UInt64(maxSegment))
            let l3 = 1 + Int(random.next() % UInt64(maxSegment))
            guard l1 + l2 + l3 + 2 <= n else { continue }
            @inline(__always) func at(_ p: Int) -> Int { Int(tour[(i + p) % n]) }
            let a = at(0), b0 = at(1), b1 = at(l1), c0 = at(l1 + 1), c1 = at(l1 + l2)
            let d0 = at(l1 + l2 + 1), d1 = at(l1 + l2 + l3), e = at(l1 + l2 + l3 + 1)
            if isFixed(a, b0) || isFixed(b1, c0) || isFixed(c1, d0) || isFixed(d1, e) { continue }
            let delta = d(a, d0) + d(d1, c0) + d(c1, b0) + d(b1, e) - d(a, b0) - d(b1, c0) - d(c1, d0) - d(d1, e)
            reverseSegmentOrder(after: i, l1, l2, l3)
            length += delta
            push(a); push(b0); push(b1); push(c0); push(c1); push(d0); push(d1); push(e)
            checkInvariants()
            return true
        }
        return false
    }

    /// Rewrites positions i+1 … i+l1+l2+l3 (cyclically), three adjacent segments of l1, l2 and
    /// l3 stops, as the third segment, then the second, then the first, each in its own direction.
    private func reverseSegmentOrder(after i: Int, _ l1: Int, _ l2: Int, _ l3: Int) {
        @inline(__always) func at(_ p: Int) -> Int32 { tour[(i &+ p) % n] }
        for q in 0..<l3 { scratch[q] = at(l1 + l2 + 1 + q) }
        for q in 0..<l2 { scratch[l3 + q] = at(l1 + 1 + q) }
        for q in 0..<l1 { scratch[l3 + l2 + q] = at(1 + q) }
        for q in 0..<(l1 + l2 + l3) {
            let p = (i + 1 + q) % n
            tour[p] = scratch[q]
            position[Int(scratch[q])] = Int32(p)
        }
    }
}
