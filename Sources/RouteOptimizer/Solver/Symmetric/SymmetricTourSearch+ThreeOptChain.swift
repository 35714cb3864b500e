/// The Lin–Kernighan chain of sequential 3-opt moves of ``SymmetricTourSearch``, made as
/// journalled 2-opt flips that are undone when the chain finds no shorter tour.
extension SymmetricTourSearch {
    /// The most 3-opt steps of a chain (1 is plain 3-opt): deeper chains find more, at a cost per stop.
    static let maxSteps = 3

    /// Applies a 2-opt move (as ``twoOptMove(_:_:_:_:)``) and journals it.
    @inline(__always) private func flip(_ a: Int, _ b: Int, _ c: Int, _ e: Int) {
        twoOptMove(a, b, c, e)
        let j = journal + 4 &* journalCount
        j[0] = Int32(truncatingIfNeeded: a); j[1] = Int32(truncatingIfNeeded: b)
        j[2] = Int32(truncatingIfNeeded: c); j[3] = Int32(truncatingIfNeeded: e)
        journalCount &+= 1
    }

    /// Undoes journalled flips, last first, down to `count`.
    private func undo(to count: Int) {
        while journalCount > count {
            journalCount &-= 1
            let j = journal + 4 &* journalCount
            twoOptMove(Int(j[0]), Int(j[2]), Int(j[1]), Int(j[3]))
        }
    }

    /// Whether `b` lies on the path from `a` to `c` following successors (ends included).
    @inline(__always) private func between(_ a: Int, _ b: Int, _ c: Int) -> Bool {
        let pa = position[a], pb = position[b], pc = position[c]
        if pa <= pc { return pa <= pb && pb <= pc }
        return pb >= pa || pb <= pc
    }

    @inline(__always) private func wasAdded(_ a: Int, _ b: Int) -> Bool {
        var i = 0
        let x = Int32(truncatingIfNeeded: a), y = Int32(truncatingIfNeeded: b)
        while i < addedCount {
            let p = added[2 &* i], q = added[2 &* i &+ 1]
            if (p == x && q == y) || (p == y && q == x) { return true }
            i &+= 1
        }
        return false
    }

    @inline(__always) private func noteAdded(_ a: Int, _ b: Int) {
        added[2 &* addedCount] = Int32(truncatingIfNeeded: a)
        added[2 &* addedCount &+ 1] = Int32(truncatingIfNeeded: b)
        addedCount &+= 1
    }

    /// A sequential 3-opt move from (t1, t2); `kind` is nil until a search finds one.
    private struct Move { var kind: ThreeOptKind?, t3 = 0, t4 = 0, t5 = 0, t6 = 0, gain = Int.min }

    /// The shapes of a sequential 3-opt move that removes (t1, t2), (t3, t4) and (t5, t6).
    private enum ThreeOptKind {
        /// A plain 2-opt move: only (t3, t4) removed, closed by (t4, t1).
        case twoOpt
        /// A 2-opt move, then a second from its new end: two flips.
        case twoFlips
        /// The segments [t2…t5] and [t6…t3] swap places.
        case segmentSwap
        /// The segments [t2…t6] and [t5…t3] are both reversed in place.
        case bothReversed
    }

    /// Searches every sequential 3-opt move that removes (t1, t2) (with `g0` = removed minus
    /// added so far, (t1, t2) counted as removed) over the candidate lists; `close` gets the move
    /// with the best closed gain, `open` the 3-opt move with the best gain before its closing
    /// edge (to go on from).
    private func searchThreeOpt(_ t1: Int, _ t2: Int, _ g0: Int, _ close: inout Move, _ open: inout Move) {
        if succ(t1) == t2 {
            searchThreeOpt(Forward.self, t1, t2, g0, &close, &open)
        } else {
            searchThreeOpt(Backward.self, t1, t2, g0, &close, &open)
        }
    }

    /// ``searchThreeOpt(_:_:_:_:_:)`` with the tour read in direction `D` (t2 = D's successor of
    /// t1), compiled once per direction so the walk has no direction tests.
    private func searchThreeOpt<D: WalkDirection>(
        _: D.Type, _ t1: Int, _ t2: Int, _ g0: Int, _ close: inout Move, _ open: inout Move
    ) {
        @inline(__always) func walkNext(_ x: Int) -> Int { D.isForward ? succ(x) : pred(x) }
        @inline(__always) func walkPrevious(_ x: Int) -> Int { D.isForward ? pred(x) : succ(x) }
        @inline(__always) func btw(_ a: Int, _ b: Int, _ c: Int) -> Bool {
            D.isForward ? between(a, b, c) : between(c, b, a)
        }
        let checkAdded = addedCount > 0
        let after2 = walkNext(t2)
        let b2 = t2 &* k
        for m in 0..<k {
            let t3 = Int(neighbours[b2 &+ m])
            let g1 = g0 &- Int(neighbourDistance[b2 &+ m])
            if g1 <= 0 { break }
            if t3 == t1 || t3 == after2 { continue }
            for side in 0..<2 {
                let t4 = side == 0 ? walkPrevious(t3) : walkNext(t3)
                if t4 == t1 || isFixed(t3, t4) || (checkAdded && wasAdded(t3, t4)) { continue }
                let g2base = g1 &+ d(t3, t4)
                if side == 0 {
                    let c2 = g2base &- d(t4, t1)
                    if c2 > close.gain { close = Move(kind: .twoOpt, t3: t3, t4: t4, t5: 0, t6: 0, gain: c2) }
                }
                let b4 = t4 &* k
                for m2 in 0..<k {
                    let t5 = Int(neighbours[b4 &+ m2])
                    let g2 = g2base &- Int(neighbourDistance[b4 &+ m2])
                    if g2 <= 0 { break }
                    if t5 == t3 || t5 == t1 || t5 == t2 { if side == 0 || t5 != t2 { continue } }
                    if side == 0 {
                        // After the 2-opt the tour reads t1 t4 … t2 t3 …: the path t2…t4 reversed.
                        let t6 = btw(t2, t5, t4) ? walkNext(t5) : walkPrevious(t5)
                        if t6 == t4 || t6 == t1 || isFixed(t5, t6) || (checkAdded && wasAdded(t5, t6)) { continue }
                        let gOpen = g2 &+ d(t5, t6)
                        let c3 = gOpen &- d(t6, t1)
                        if c3 > close.gain { close = Move(kind: .twoFlips, t3: t3, t4: t4, t5: t5, t6: t6, gain: c3) }
                        if gOpen > open.gain {
                            open = Move(kind: .twoFlips, t3: t3, t4: t4, t5: t5, t6: t6, gain: gOpen)
                        }
                    } else {
                        // t2 … t3 closes into a cycle; t5 must lie on it.
                        if !btw(t2, t5, t3) { continue }
                        for choice in 0..<2 {
                            if choice == 0 ? t5 == t3 : t5 == t2 { continue }
                            let t6 = choice == 0 ? walkNext(t5) : walkPrevious(t5)
                            if isFixed(t5, t6) || (checkAdded && wasAdded(t5, t6)) { continue }
                            let gOpen = g2 &+ d(t5, t6)
                            let c3 = gOpen &- d(t6, t1)
                            let kind: ThreeOptKind = choice == 0 ? .segmentSwap : .bothReversed
                            if c3 > close.gain { close = Move(kind: kind, t3: t3, t4: t4, t5: t5, t6: t6, gain: c3) }
                            if gOpen > open.gain {
                                open = Move(kind: kind, t3: t3, t4: t4, t5: t5, t6: t6, gain: gOpen)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Makes `move` (from t1, t2) with journalled flips; returns the new neighbour of t1 in
    /// place of t2.
    private func apply(_ t1: Int, _ t2: Int, _ mv: Move) -> Int {
        let (t3, t4, t5, t6) = (mv.t3, mv.t4, mv.t5, mv.t6)
        noteAdded(t2, t3)
        switch mv.kind {
        case .twoOpt?:
            flip(t2, t1, t3, t4)
            return t4
        case .twoFlips?:
            flip(t2, t1, t3, t4)  // t1 t4 … t2 t3
            flip(t4, t1, t5, t6)
        case .segmentSwap?:  // t1 [t2…t5] [t6…t3] t4 → t1 [t6…t3] [t2…t5] t4
            flip(t1, t2, t3, t4)  // t1 t3…t6 t5…t2 t4
            flip(t1, t3, t6, t5)  // t1 t6…t3 t5…t2 t4
            flip(t3, t5, t2, t4)  // t1 t6…t3 t2…t5 t4
        case .bothReversed?, nil:  // t1 [t2…t6] [t5…t3] t4, both reversed
            flip(t1, t2, t6, t5)  // t1 t6…t2 t5…t3 t4
            flip(t2, t5, t3, t4)  // t1 t6…t2 t3…t5 t4
        }
        noteAdded(t4, t5)
        return t6
    }

    /// A Lin–Kernighan search (S. Lin, B. W. Kernighan, Operations Research 21, 1973) from `t1`
    /// whose steps are sequential 3-opt moves, as in LKH (K. Helsgaun, European J. Operational
    /// Research 126 (1), 2000, section 4.3, there with 5-opt steps); the moves are made as 2-opt
    /// flips (D. Applegate, W. Cook, A. Rohe, INFORMS J. Computing 15 (1), 2003): each step takes the best closed 3-opt move over the candidate lists when it
    /// shortens the tour, otherwise makes the 3-opt move with the best open gain and goes on from
    /// its new end (at most ``maxSteps`` steps, edges added by the chain never removed again);
    /// flips are journalled and undone when the chain finds nothing.
    /// - Complexity: O(steps · (K² + flip length)).
    func threeOptChain(_ t1: Int) -> Bool {
        for side in 0..<2 {
            var t2 = side == 0 ? succ(t1) : pred(t1)
            if isFixed(t1, t2) { continue }
            journalCount = 0
            addedCount = 0
            var g0 = d(t1, t2)
            var gained = 0
            for step in 0..<Self.maxSteps {
                var close = Move(), open = Move()
                searchThreeOpt(t1, t2, g0, &close, &open)
                if close.gain > 0 {
                    _ = apply(t1, t2, close)
                    gained = close.gain
                    break
                }
                if open.kind == nil || step == Self.maxSteps - 1 { break }
                t2 = apply(t1, t2, open)
                g0 = open.gain
            }
            if gained > 0 {
                for i in 0..<(4 * journalCount) { push(Int(journal[i])) }
                journalCount = 0
                length -= gained
                checkInvariants()
                return true
            }
            undo(to: 0)
        }
        return false
    }
}

/// The direction a search walks the tour in, as a type so each direction gets its own compiled
/// search (``SymmetricTourSearch``'s 3-opt step).
private protocol WalkDirection { static var isForward: Bool { get } }
private enum Forward: WalkDirection { static var isForward: Bool { true } }
private enum Backward: WalkDirection { static var isForward: Bool { false } }
