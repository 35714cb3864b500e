import GeoCore

/// The order of inputs, and so who wins a tie: two teams reaching a zone in the same second,
/// two runners finishing together.
///
/// Inputs are ordered by:
/// 1. time (earlier first);
/// 2. kind, at equal times: visits, then answers, then submissions, then leaves, then clock
///    ticks, then the end (so an answer given at the second of its visit follows it, and a time
///    limit ticking at *t* sees everything that happened at *t*);
/// 3. for visits, the accuracy of the registering fix: a known, smaller `accuracyMeters` first,
///    unknown accuracy last (the better fix is the surer arrival);
/// 4. participant id, in Unicode code point order (not locale or normalisation dependent);
/// 5. the stop id, round, choice or text, in code point order;
/// 6. the order given (the sort is stable), for inputs equal in every field.
///
/// Every mode processes inputs one at a time in this order; the first processed is the first
/// to arrive. A non-finite time sorts last and is then ignored by ``GameSession``.
public enum TieRule {
    /// Whether `a` comes before `b` (a strict weak order).
    public static func precedes(_ a: GameInput, _ b: GameInput) -> Bool {
        let ta = a.time.isNaN ? Double.infinity : a.time, tb = b.time.isNaN ? Double.infinity : b.time
        if ta != tb { return ta < tb }
        let ka = rank(a), kb = rank(b)
        if ka != kb { return ka < kb }
        if case .visit(let va) = a, case .visit(let vb) = b {
            let aa = va.accuracyMeters.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
            let ab = vb.accuracyMeters.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
            if aa != ab { return aa < ab }
        }
        let pa = a.participant ?? "", pb = b.participant ?? ""
        if pa != pb { return codePointOrder(pa, pb) }
        if case .submission(let sa) = a, case .submission(let sb) = b, sa.round != sb.round {
            return sa.round < sb.round
        }
        let da = detail(a), db = detail(b)
        return codePointOrder(da, db)
    }

    /// `inputs` sorted by ``precedes(_:_:)``; equal inputs keep their order.
    /// - Complexity: O(n log n).
    public static func sorted<S: Sequence>(_ inputs: S) -> [GameInput] where S.Element == GameInput {
        let inputs = Array(inputs)
        // Time, kind and accuracy decide almost every pair: they are compared as plain numbers,
        // and the whole rule only runs when all three are equal.
        let keys = inputs.map(LeadingKey.init)
        let order = inputs.indices.sorted { x, y in
            let kx = keys[x], ky = keys[y]
            if kx != ky { return kx < ky }
            if precedes(inputs[x], inputs[y]) { return true }
            if precedes(inputs[y], inputs[x]) { return false }
            return x < y
        }
        return order.map { inputs[$0] }
    }

    /// Unicode code point order: the order ids are compared in everywhere a mode breaks a tie.
    /// (UTF-8 keeps code point order, so the bytes are compared.)
    public static func codePointOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The first three criteria of ``precedes(_:_:)`` as numbers: time, kind and, for visits,
    /// accuracy; inputs that differ in them are ordered by them alone.
    private struct LeadingKey: Equatable, Comparable {
        var time: Double
        var rank: Int
        var accuracy: Double

        init(_ input: GameInput) {
            time = input.time.isNaN ? .infinity : input.time
            rank = TieRule.rank(input)
            if case .visit(let visit) = input {
                accuracy = visit.accuracyMeters.flatMap { $0.isNaN ? nil : $0 } ?? .infinity
            } else {
                accuracy = .infinity
            }
        }

        static func < (a: Self, b: Self) -> Bool {
            if a.time != b.time { return a.time < b.time }
            if a.rank != b.rank { return a.rank < b.rank }
            return a.accuracy < b.accuracy
        }
    }

    static func rank(_ input: GameInput) -> Int {
        switch input {
        case .visit: return 0
        case .answer: return 1
        case .submission: return 2
        case .leave: return 3
        case .tick: return 4
        case .end: return 5
        }
    }

    private static func detail(_ input: GameInput) -> String {
        switch input {
        case .visit(let v): return v.stop
        case .answer(let a): return a.stop + "\u{0}" + a.choice
        case .submission(let s): return s.text
        case .tick, .end, .leave: return ""
        }
    }
}
