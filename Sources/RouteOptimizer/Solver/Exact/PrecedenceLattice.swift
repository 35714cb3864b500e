/// Exact stop order for open paths whose precedences leave few feasible prefixes: Held–Karp's
/// dynamic programme over the prefixes the constraints allow instead of over every subset.
///
/// A prefix of a feasible order is a set of stops closed under "must come before" (an ideal of
/// the precedence order); state (prefix S, last stop j) is the shortest path that visits exactly
/// S and ends at j. With dense precedences there are few such sets however many stops there are:
/// TSPLIB's p43.4 (44 stops) has 37 921, where Held–Karp would enumerate 2⁴⁴ subsets. This is the
/// state space of the dynamic programmes for the sequential ordering problem (e.g. Mingozzi,
/// Bianco, Ricciardelli, "Dynamic programming strategies for the TSP with time windows and
/// precedence constraints", Operations Research 45 (3), 1997), without their bounds: the search
/// gives up once it holds more than a fixed number of prefixes, so a problem that is too large
/// costs a bounded, machine-independent amount of work and goes to the heuristic search.
///
/// The prefixes of each size are kept in arrays in the order they are first reached, so the
/// order returned is the same on every run (ties go to the first path found).
enum PrecedenceLattice {
    /// What a solve found.
    enum Outcome: Equatable {
        /// The optimal order and its length.
        case solved(order: [Int], length: Int)
        /// No order meets the constraints.
        case infeasible
        /// More prefixes than the limit: the problem is left to the heuristic search.
        case tooLarge
    }

    /// The most prefixes a solve holds by default (over all sizes) before it gives up
    /// (``RouteSolver/Options/exactPrefixLimit``). Each keeps a length and a parent per possible
    /// last stop, 12 bytes × stops: at most 46 MB at 64 stops.
    static let prefixLimit = 60_000

    /// The most stops a prefix set can name (one bit each).
    static let maximumStops = 64

    /// Whether the problem is one this solver takes: an open path with precedences, without
    /// time windows, of at most ``maximumStops`` stops.
    static func applies(to problem: RouteProblem) -> Bool {
        !problem.precedence.isEmpty && problem.timeWindows.isEmpty && !problem.shape.isClosed
            && problem.count <= maximumStops
    }

    /// The optimal order of `problem`, or why there is none here.
    /// - Precondition: ``applies(to:)``.
    static func solve(_ problem: RouteProblem, prefixLimit: Int = prefixLimit) -> Outcome {
        precondition(applies(to: problem), "an open path with precedences and at most 64 stops")
        let n = problem.count
        // Finding the prefixes first, without lengths, costs a fraction of the programme, so a
        // problem that is too large is found out cheaply.
        let rules = PrefixRules(problem)
        guard let prefixes = prefixLayers(rules, n: n, limit: prefixLimit) else { return .tooLarge }
        guard !prefixes[n - 1].isEmpty else { return .infeasible }
        let d = problem.matrix
        let unreached = Int.max

        // Layer k holds the prefixes of k + 1 stops; per prefix and last stop, the shortest
        // length and the state it came from (prefix index × n + last, in the layer before).
        var layers = [Layer(prefixes: prefixes[0], n: n)]
        for (p, prefix) in prefixes[0].enumerated() { layers[0].lengths[p * n + prefix.trailingZeroBitCount] = 0 }
        for position in 1..<n {
            let previous = layers[position - 1]
            var layer = Layer(prefixes: prefixes[position], n: n)
            let index = Dictionary(uniqueKeysWithValues: layer.prefixes.enumerated().map { ($1, $0) })
            for (p, prefix) in previous.prefixes.enumerated() {
                for v in 0..<n where prefix & (1 << UInt64(v)) == 0 && rules.allows(v, after: prefix, at: position) {
                    let slot = index[prefix | 1 << UInt64(v)]! * n + v
                    for last in 0..<n where previous.lengths[p * n + last] != unreached {
                        let length = previous.lengths[p * n + last] + d[last, v]
                        if length < layer.lengths[slot] {
                            layer.lengths[slot] = length
                            layer.parents[slot] = Int32(p * n + last)
                        }
                    }
                }
            }
            layers.append(layer)
        }
        let final = layers[n - 1]
        var best = -1
        for slot in final.lengths.indices where final.lengths[slot] != unreached {
            if best < 0 || final.lengths[slot] < final.lengths[best] { best = slot }
        }
        guard best >= 0 else { return .infeasible }
        var order: [Int] = []
        var slot = best
        for position in stride(from: n - 1, through: 0, by: -1) {
            order.append(slot % n)
            slot = Int(layers[position].parents[slot])
        }
        return .solved(order: order.reversed(), length: final.lengths[best])
    }

    /// The prefixes `rules` allow, by size (layer k holds those of k + 1 stops), each layer in the
    /// order its prefixes are first reached; `nil` when there are more than `limit` in all.
    static func prefixLayers(_ rules: PrefixRules, n: Int, limit: Int) -> [[UInt64]]? {
        var layers: [[UInt64]] = []
        var layer: [UInt64] = [0]
        var count = 0
        for position in 0..<n {
            var next: [UInt64] = []
            var seen: Set<UInt64> = []
            for prefix in layer {
                for v in 0..<n where prefix & (1 << UInt64(v)) == 0 && rules.allows(v, after: prefix, at: position) {
                    let extended = prefix | 1 << UInt64(v)
                    guard seen.insert(extended).inserted else { continue }
                    count += 1
                    guard count <= limit else { return nil }
                    next.append(extended)
                }
            }
            layers.append(next)
            layer = next
        }
        return layers
    }

    /// The prefixes of one size, each with a length and a parent per last stop.
    private struct Layer {
        let prefixes: [UInt64]
        /// Per prefix, n lengths (`Int.max` where the prefix cannot end at that stop).
        var lengths: [Int]
        /// Per prefix, n parent states in the layer before (−1 in the first layer).
        var parents: [Int32]

        /// The layer of `prefixes`, none reached yet.
        init(prefixes: [UInt64], n: Int) {
            self.prefixes = prefixes
            lengths = Array(repeating: .max, count: prefixes.count * n)
            parents = Array(repeating: -1, count: prefixes.count * n)
        }
    }
}
