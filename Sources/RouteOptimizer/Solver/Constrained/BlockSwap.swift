/// One rearrangement of a sequence: the adjacent blocks B = `i..<j` and C = `j..<k` trade places,
/// each optionally reversed, A B C D → A C′ B′ D.
///
/// Every move of ``ConstrainedOrderSearch`` is one of these:
/// - Or-opt (I. Or, PhD thesis, Northwestern University, 1976): one block of 1–3 stops, possibly
///   reversed, the other block the stretch it jumps over;
/// - segment insertion, the orientation-preserving 3-opt move of asymmetric local search ("or-3opt":
///   three legs replaced, no leg reversed; e.g. D. S. Johnson, G. Gutin, L. A. McGeoch, A. Yeo,
///   W. Zhang, A. Zverovitch, "Experimental Analysis of Heuristics for the ATSP", in G. Gutin,
///   A. P. Punnen (eds.), The Traveling Salesman Problem and Its Variations, Kluwer 2002): blocks
///   of any length, neither reversed; also the constrained search's kick;
/// - 2-opt (G. A. Croes, Operations Research 6, 1958): C empty, B reversed.
struct BlockSwap: Hashable {
    let i: Int, j: Int, k: Int
    let reverseB: Bool, reverseC: Bool

    /// - Precondition: `0 <= i < j <= k`; C may be empty only when B is reversed.
    init(_ i: Int, _ j: Int, _ k: Int, reverseB: Bool = false, reverseC: Bool = false) {
        self.i = i; self.j = j; self.k = k
        self.reverseB = reverseB; self.reverseC = reverseC
    }

    /// The reversal of `i..<j` (a 2-opt move).
    static func reversal(_ i: Int, _ j: Int) -> BlockSwap { BlockSwap(i, j, j, reverseB: true) }

    /// Where the element now at index `x` goes.
    @inline(__always) func destination(of x: Int) -> Int {
        if x < i || x >= k { return x }
        if x < j { return i &+ (k &- j) &+ (reverseB ? j &- 1 &- x : x &- i) }
        return i &+ (reverseC ? k &- 1 &- x : x &- j)
    }

    /// The index of the element that goes to index `x`.
    @inline(__always) func source(of x: Int) -> Int {
        if x < i || x >= k { return x }
        let lengthC = k &- j
        if x < i &+ lengthC {
            let offset = x &- i
            return reverseC ? k &- 1 &- offset : j &+ offset
        }
        let offset = x &- i &- lengthC
        return reverseB ? j &- 1 &- offset : i &+ offset
    }

    /// The boundary between C′ and B′ after the move (where the old boundary `j` went).
    var middle: Int { i + k - j }
}
