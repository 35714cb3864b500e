/// The local search of ``ConstrainedOrderSearch``: block swaps around the queued stops, first
/// improvement, and SOP-3-exchanges under dense precedence.
extension ConstrainedOrderSearch {
    /// The longest block of a SOP-3-exchange.
    static let exchangeBlock = 50
    /// The share of ordered pairs precedence must decide for SOP-3-exchanges: below it, the
    /// exchanges cost more rounds than they find (TSPLIB's sparser SOPs ended longer with them).
    static let exchangeDensity = 0.25

    /// Applies `move` if it lowers (lateness, length) lexicographically and keeps precedence.
    @inline(__always) private func tryMove(_ move: BlockSwap, pairsKept: Bool = false) -> Bool {
        let delta = state.delta(move)
        if state.lateness == 0 {
            guard delta < 0, pairsKept || state.keepsPairs(move), state.keepsBounds(move),
                state.keepsLateness(move, within: 0)
            else { return false }
        } else {
            guard pairsKept || state.keepsPairs(move), state.keepsBounds(move),
                state.keepsLateness(move, within: delta < 0 ? 0 : -1)
            else { return false }
        }
        state.apply(move, delta: delta)
        pushEnds(of: move)
        return true
    }

    /// SOP-3-exchange around free index p (L. M. Gambardella, M. Dorigo, INFORMS J. Computing
    /// 12 (3), 2000): the blocks B = p…i and C = i+1…j trade places, and so do B = a…b and
    /// C = b+1…p, for every i, j (a, b) with blocks of at most ``exchangeBlock`` stops. Labels make
    /// the precedence check O(1) a move: as B grows, its stops' successors are marked, and C stops
    /// growing at a marked stop (the reduced pairs suffice, ``PrecedenceReduction``).
    private func tryExchange(_ p: Int) -> Bool {
        let limit = Self.exchangeBlock
        let layout = state.layout
        let start = layout.successorStart, successors = layout.successors
        let before = layout.predecessorStart, predecessors = layout.predecessors
        let seq = state.seq
        stamp &+= 1
        var i = p
        while i < min(m - 1, p + limit) {
            let s = Int(seq[i])
            for e in Int(start[s])..<Int(start[s + 1]) { marks[Int(successors[e])] = stamp }
            var j = i + 1
            while j < min(m, i + 1 + limit) && marks[Int(seq[j])] != stamp {
                if tryMove(BlockSwap(p, i + 1, j + 1), pairsKept: true) { return true }
                j += 1
            }
            i += 1
        }
        stamp &+= 1
        var b = p - 1
        while b >= max(0, p - limit) {
            let s = Int(seq[b + 1])
            for e in Int(before[s])..<Int(before[s + 1]) { marks[Int(predecessors[e])] = stamp }
            var a = b
            while a >= max(0, b + 1 - limit) && marks[Int(seq[a])] != stamp {
                if tryMove(BlockSwap(a, b + 1, p + 1), pairsKept: true) { return true }
                a -= 1
            }
            b -= 1
        }
        return false
    }

    /// Segment insertions and reversals that create the leg x → y (free stops).
    ///
    /// A segment insertion A B C D → A C B D replaces the legs a₁→a₂, b₁→b₂, c₁→c₂ at the cuts
    /// (a₁ ends A, a₂ starts B, …) by a₁→b₂, c₁→a₂, b₁→c₂. The leg x → y is one of the new three;
    /// where it fixes two cuts, the third is where another new leg goes to or comes from a
    /// candidate (or the sequence's end, or its start).
    private func tryLeg(_ x: Int32, _ y: Int32) -> Bool {
        let px = Int(state.index[Int(x)]), py = Int(state.index[Int(y)])
        if px + 1 == py { return false }
        let seq = state.seq, index = state.index
        if px < py {
            // x = a₁, y = b₂: B = px+1..<py; C ends where b₁ → c₂ or c₁ → a₂ is a candidate leg.
            let i = px + 1, j = py
            if tryMove(BlockSwap(i, j, m)) { return true }
            let b1 = Int(seq[j - 1]), a2 = Int(seq[i])
            for q in 0..<k {
                let c2 = Int(index[Int(outgoing[b1 * k + q])])
                if c2 > j && tryMove(BlockSwap(i, j, c2)) { return true }
                let c1 = Int(index[Int(incoming[a2 * k + q])])
                if c1 >= j && c1 + 1 < m && tryMove(BlockSwap(i, j, c1 + 1)) { return true }
            }
            // x = b₁, y = c₂: C = px+1..<py; B starts where c₁ → a₂ or a₁ → b₂ is a candidate leg.
            let j2 = px + 1, k2 = py
            if tryMove(BlockSwap(0, j2, k2)) { return true }
            let c1 = Int(seq[k2 - 1]), b2 = Int(seq[j2])
            for q in 0..<k {
                let a2 = Int(index[Int(outgoing[c1 * k + q])])
                if a2 > 0 && a2 < j2 && tryMove(BlockSwap(a2, j2, k2)) { return true }
                let a1 = Int(index[Int(incoming[b2 * k + q])])
                if a1 >= 0 && a1 + 1 < j2 && tryMove(BlockSwap(a1 + 1, j2, k2)) { return true }
            }
            // 2-opt: reverse px+1…py (x → y enters the reversed part) or px…py−1 (x → y leaves it).
            if py - px >= 2 {
                if tryMove(.reversal(px + 1, py + 1)) { return true }
                if tryMove(.reversal(px, py)) { return true }
            }
        } else {
            // x = c₁, y = a₂: B starts at py, C ends at px; B ends where a₁ → b₂ or b₁ → c₂ is a candidate leg.
            let i = py, end = px + 1
            let a1 = i > 0 ? Int(seq[i - 1]) : -1, c2 = end < m ? Int(seq[end]) : -1
            for q in 0..<k {
                if a1 >= 0 {
                    let b2 = Int(index[Int(outgoing[a1 * k + q])])
                    if b2 > i && b2 < end && tryMove(BlockSwap(i, b2, end)) { return true }
                }
                if c2 >= 0 {
                    let b1 = Int(index[Int(incoming[c2 * k + q])])
                    if b1 >= i && b1 + 1 < end && tryMove(BlockSwap(i, b1 + 1, end)) { return true }
                }
            }
        }
        return false
    }

    /// Or-opt: segments of 1–3 stops that start or end at free index p, moved next to a candidate
    /// of their new first or last stop, either way round, or to an end. A candidate is tried only
    /// while the leg to (from) it costs less than taking the segment out saves (Bentley 1992).
    private func tryOrOpt(_ p: Int) -> Bool {
        let seq = state.seq, index = state.index
        for length in 1...min(3, m - 1) {
            for side in 0..<(length == 1 ? 1 : 2) {
                let a = side == 0 ? p : p - length + 1
                guard a >= 0 && a + length <= m else { continue }
                // What taking the segment out saves (the gaps' fixed stops priced as direct legs).
                let previous = state.stop(a - 1), next = state.stop(a + length)
                let saving =
                    state.legInto(a) + state.legOut(of: a + length - 1)
                    - (previous >= 0 && next >= 0 ? state.d(previous, next) : 0)
                for flip in 0..<(length == 1 ? 1 : 2) {
                    let reversed = flip == 1
                    let first = reversed ? seq[a + length - 1] : seq[a]
                    let last = reversed ? seq[a] : seq[a + length - 1]
                    @inline(__always) func insert(_ g: Int) -> Bool {
                        if g < a { return tryMove(BlockSwap(g, a, a + length, reverseC: reversed)) }
                        if g > a + length { return tryMove(BlockSwap(a, a + length, g, reverseB: reversed)) }
                        return false
                    }
                    if insert(0) || insert(m) { return true }
                    for q in 0..<k {
                        let c = incoming[Int(first) * k + q]
                        if state.d(c, first) >= saving { break }
                        if insert(Int(index[Int(c)]) + 1) { return true }
                    }
                    for q in 0..<k {
                        let e = outgoing[Int(last) * k + q]
                        if state.d(last, e) >= saving { break }
                        if insert(Int(index[Int(e)])) { return true }
                    }
                }
            }
        }
        return false
    }

    /// One improving move around stop s, applied; whether there was one.
    ///
    /// A new leg from (into) s is tried only while it is shorter than the leg from (into) s it
    /// replaces: an improving sequential exchange has an end where the first exchange already
    /// gains (S. Lin, B. W. Kernighan, Operations Research 21, 1973), and every end of a changed
    /// leg is queued. This and the Or-opt bound made rounds 3–5 times cheaper with no loss.
    private func improve(_ s: Int32) -> Bool {
        let p = Int(state.index[Int(s)])
        let out = state.legOut(of: p), into = state.legInto(p)
        for q in 0..<k {
            let t = outgoing[Int(s) * k + q]
            if state.d(s, t) >= out { break }
            if tryLeg(s, t) { return true }
        }
        for q in 0..<k {
            let t = incoming[Int(s) * k + q]
            if state.d(t, s) >= into { break }
            if tryLeg(t, s) { return true }
        }
        if tryOrOpt(p) { return true }
        if exchanges && tryExchange(p) { return true }
        // Reversals that make s the first or the last free stop.
        if p >= 1 && tryMove(.reversal(0, p + 1)) { return true }
        if p <= m - 2 && tryMove(.reversal(p, m)) { return true }
        return false
    }

    /// Runs the moves until no queued stop has an improving one.
    func localSearch() {
        while queueCount > 0 {
            let s = pop()
            if improve(s) { push(s) }
        }
    }
}
