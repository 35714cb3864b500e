/// The local search of ``SymmetricTourSearch``: queued stops examined for the best 2-opt or
/// Or-opt move around them, with a 3-opt chain (``threeOptChain(_:)``) where those find nothing.
extension SymmetricTourSearch {
    /// Runs 2-opt + Or-opt until no queued stop has an improving move.
    func localSearch() {
        while queueCount > 0 {
            let a = pop()
            if improve(a) { push(a) }
        }
    }

    /// Queues every stop (a full local search).
    func queueAll() {
        for p in 0..<n { push(Int(tour[p])) }
    }

    /// A move of the local search, with the stops it reconnects.
    private enum LocalMove {
        /// Replaces tour edges {a, b} and {c, e} by {a, c} and {b, e} (``twoOptMove(_:_:_:_:)``).
        case twoOpt(a: Int, b: Int, c: Int, e: Int)
        /// Cuts the segment s1…s2 out from between p and nx and puts it between cf and df (cf
        /// followed by df), joining cf–s2 and s1–df when `reversed`, else cf–s1 and s2–df.
        case orOpt(p: Int, s1: Int, s2: Int, nx: Int, cf: Int, df: Int, reversed: Bool)
    }

    /// The best move found so far and its gain; a move must gain more to replace it.
    private struct BestMove {
        var move: LocalMove?
        var gain = 0
    }

    /// Applies the best improving 2-opt or Or-opt move that involves `a` (2-opt first: on equal
    /// gains the first found wins), else tries a 3-opt chain from `a`; whether the tour changed.
    private func improve(_ a: Int) -> Bool {
        var best = BestMove()
        findTwoOpt(around: a, &best)
        for segmentLength in 1...3 where n >= segmentLength + 4 {
            findOrOpt(around: a, segmentLength: segmentLength, &best)
        }
        guard let move = best.move else { return threeOptChain(a) }
        make(move)
        length -= best.gain
        checkInvariants()
        return true
    }

    /// 2-opt moves that remove the edge from `a` to its successor or predecessor `b`; the new
    /// edge {a, c} goes to a candidate c of `a`.
    @inline(__always) private func findTwoOpt(around a: Int, _ best: inout BestMove) {
        let base = a &* k
        for side in 0..<2 {
            let b = side == 0 ? succ(a) : pred(a)
            if isFixed(a, b) { continue }
            let dab = d(a, b)
            for m in 0..<k {
                let c = Int(neighbours[base &+ m])
                let g1 = dab &- Int(neighbourDistance[base &+ m])
                if g1 <= 0 { break }
                let e = side == 0 ? succ(c) : pred(c)
                if c == b || e == a || isFixed(c, e) { continue }
                let gain = g1 &+ d(c, e) &- d(b, e)
                if gain > best.gain {
                    best = BestMove(move: .twoOpt(a: a, b: b, c: c, e: e), gain: gain)
                }
            }
        }
    }

    /// Or-opt moves of a segment of `segmentLength` stops with `a` at one end (the segment
    /// running forward from `a`, then, for longer segments, backward), put next to a candidate
    /// of either of its ends.
    @inline(__always) private func findOrOpt(around a: Int, segmentLength: Int, _ best: inout BestMove) {
        for direction in 0..<(segmentLength == 1 ? 1 : 2) {
            var s1 = a, s2 = a
            for _ in 1..<segmentLength {
                if direction == 0 { s2 = succ(s2) } else { s1 = pred(s1) }
            }
            let p = pred(s1), nx = succ(s2)
            if isFixed(p, s1) || isFixed(s2, nx) { continue }
            let g1 = d(p, s1) &+ d(s2, nx) &- d(p, nx)
            if g1 <= 0 { continue }
            let start = Int(position[s1])
            for end in 0..<2 {
                let x = end == 0 ? s1 : s2, y = end == 0 ? s2 : s1
                let xb = x &* k
                for m in 0..<k {
                    let c = Int(neighbours[xb &+ m])
                    let gx = g1 &- Int(neighbourDistance[xb &+ m])
                    if gx <= 0 { break }
                    var offset = Int(position[c]) &- start
                    if offset < 0 { offset &+= n }
                    if offset < segmentLength { continue }
                    for eSide in 0..<2 {
                        let e = eSide == 0 ? succ(c) : pred(c)
                        var eo = Int(position[e]) &- start
                        if eo < 0 { eo &+= n }
                        if eo < segmentLength || isFixed(c, e) { continue }
                        let gain = gx &+ d(c, e) &- d(y, e)
                        if gain > best.gain {
                            // Forward frame: cf is followed by df.
                            let cf = eSide == 0 ? c : e, df = eSide == 0 ? e : c
                            // x joins c; in the frame, `reversed` joins cf–s2 and s1–df.
                            let reversed = eSide == 0 ? (x == s2) : (y == s2)
                            best = BestMove(
                                move: .orOpt(p: p, s1: s1, s2: s2, nx: nx, cf: cf, df: df, reversed: reversed),
                                gain: gain)
                        }
                    }
                }
            }
        }
    }

    /// Makes `move` and queues the stops whose edges it changed.
    private func make(_ move: LocalMove) {
        switch move {
        case .twoOpt(let a, let b, let c, let e):
            twoOptMove(a, b, c, e)
            push(a); push(b); push(c); push(e)
        case .orOpt(let p, let s1, let s2, let nx, let cf, let df, let reversed):
            twoOptMove(p, s1, cf, df)  // p cf … nx s2…s1 df
            if cf != nx { twoOptMove(p, cf, nx, s2) }  // p nx … cf s2…s1 df
            if !reversed && s1 != s2 { twoOptMove(cf, s2, s1, df) }  // cf s1…s2 df
            push(p); push(nx); push(s1); push(s2); push(cf); push(df)
        }
    }
}
