/// An order of the stops and what it costs.
public struct RouteSolution: Hashable, Sendable {
    /// Stop indices, position 0 first. A closed tour starts at its start stop and returns to it.
    public let order: [Int]
    /// The length in the problem's matrix (with the return leg for a closed tour).
    public let length: Int
    /// Whether `length` is proven minimal (an exact solver solved the problem: ``Method/heldKarp``
    /// or ``Method/precedenceLattice``).
    public let isProvenOptimal: Bool
    /// Perturbation rounds of the iterated local search (0 for the exact solver).
    public let iterations: Int
    /// Which algorithm produced the order.
    public let method: Method

    /// The solver that produced a solution.
    public enum Method: String, Hashable, Sendable {
        /// Held–Karp dynamic programming: exact.
        case heldKarp = "held-karp"
        /// Dynamic programming over the prefixes the precedences allow: exact, for open paths
        /// whose precedences leave few of them.
        case precedenceLattice = "precedence-dp"
        /// Iterated 2-opt + Or-opt on a symmetric, unconstrained problem.
        case symmetricLocalSearch = "ils-2opt-oropt"
        /// Iterated segment insertion, Or-opt and orientation-aware 2-opt under constraints or
        /// asymmetric distances.
        case constrainedLocalSearch = "ils-constrained"
    }

    /// Creates a solution from its order, length and how it was found.
    public init(order: [Int], length: Int, isProvenOptimal: Bool, iterations: Int, method: Method) {
        self.order = order
        self.length = length
        self.isProvenOptimal = isProvenOptimal
        self.iterations = iterations
        self.method = method
    }

    /// The consecutive legs (from, to) of the order, with the return leg when `closed`.
    public func legs(closed: Bool) -> [Leg] {
        guard order.count > 1 else { return [] }
        var legs = (1..<order.count).map { Leg(from: order[$0 - 1], to: order[$0]) }
        if closed { legs.append(Leg(from: order[order.count - 1], to: order[0])) }
        return legs
    }
}

/// A leg between consecutive stops, with its direction.
public struct Leg: Hashable, Sendable {
    /// The stop the leg leaves (0-based index).
    public let from: Int
    /// The stop the leg arrives at (0-based index).
    public let to: Int

    /// Creates the leg from stop `from` to stop `to`.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
