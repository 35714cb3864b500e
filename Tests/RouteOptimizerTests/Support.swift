import GeoCore
import RaceKitCore

@testable import RouteOptimizer

/// Random instances and a brute-force reference for the optimizer tests.
enum Reference {
    /// A random n × n matrix: points in a 1000 × 1000 square (rounded Euclidean) when symmetric,
    /// otherwise that plus a random asymmetric surcharge per leg.
    static func matrix(_ n: Int, symmetric: Bool, random: inout SplitMix64) -> DistanceMatrix {
        let points = (0..<n).map { _ in (random.uniform(0...1000), random.uniform(0...1000)) }
        var extra = [Int](repeating: 0, count: n * n)
        if !symmetric { for k in 0..<(n * n) { extra[k] = Int(random.next() % 300) } }
        return DistanceMatrix(count: n) { i, j in
            let dx = points[i].0 - points[j].0, dy = points[i].1 - points[j].1
            return Int((dx * dx + dy * dy).squareRoot().rounded()) + extra[i * n + j]
        }
    }

    /// The ascent's graph with every edge of `matrix` (symmetric).
    static func completeGraph(_ matrix: DistanceMatrix) -> SparseGraph {
        let n = matrix.count
        let all = (0..<n).flatMap { i in (0..<n).filter { $0 != i }.map(Int32.init) }
        return sparseGraph(matrix, nearest: all, k: n - 1)
    }

    /// The ascent's graph on `nearest` (k per stop, row-major) and a minimum spanning tree.
    static func sparseGraph(_ matrix: DistanceMatrix, nearest: [Int32], k: Int) -> SparseGraph {
        let n = matrix.count
        return matrix.entries.withUnsafeBufferPointer {
            SparseGraph(count: n, nearest: nearest, k: k, distance: $0.baseAddress!)
        }
    }

    /// Every permutation of 0..<n (Heap's algorithm).
    static func permutations(_ n: Int) -> [[Int]] {
        var a = Array(0..<n), c = [Int](repeating: 0, count: n), all = [a]
        var i = 0
        while i < n {
            if c[i] < i {
                if i % 2 == 0 { a.swapAt(0, i) } else { a.swapAt(c[i], i) }
                all.append(a)
                c[i] += 1
                i = 0
            } else {
                c[i] = 0
                i += 1
            }
        }
        return all
    }

    /// The shortest feasible order's length by trying every permutation, or nil if none is feasible.
    static func bruteForce(_ problem: RouteProblem) -> Int? {
        var best: Int? = nil
        for order in permutations(problem.count) where problem.violations(of: order).isEmpty {
            let length = problem.length(of: order)
            if best == nil || length < best! { best = length }
        }
        return best
    }

    /// A closed tour of 20 stops from 0 where stops 3 and 4 both close at once, before either
    /// can be reached from the other (every leg is longer than 0): no order is on time.
    static func twoStopsNeverBothOnTime() throws -> RouteProblem {
        var random = SplitMix64(seed: 32)
        let n = 20
        let matrix = matrix(n, symmetric: false, random: &random)
        var windows = [TimeWindow?](repeating: nil, count: n)
        let reach = max(matrix[0, 3], matrix[0, 4])
        windows[3] = TimeWindow(opens: reach, closes: reach)
        windows[4] = TimeWindow(opens: reach, closes: reach)
        return try RouteProblem(matrix: matrix, shape: .closedTour(start: 0), timeWindows: windows)
    }

    /// A random valid problem with the requested constraints (drawn again until it validates; it
    /// may still have no feasible order).
    static func problem(
        _ n: Int, symmetric: Bool, closed: Bool, precedence: Bool, pins: Bool, windows: Bool,
        random: inout SplitMix64
    ) throws -> RouteProblem {
        for _ in 0..<200 {
            if let problem = try? draw(
                n, symmetric: symmetric, closed: closed, precedence: precedence, pins: pins,
                windows: windows, random: &random)
            {
                return problem
            }
        }
        throw InputError(.invalidOption, "no valid random problem")
    }

    private static func draw(
        _ n: Int, symmetric: Bool, closed: Bool, precedence: Bool, pins: Bool, windows: Bool,
        random: inout SplitMix64
    ) throws -> RouteProblem {
        let matrix = matrix(n, symmetric: symmetric, random: &random)
        let start: Int? = closed || random.next() % 2 == 0 ? Int(random.next() % UInt64(n)) : nil
        var finish: Int? = nil
        if !closed, random.next() % 2 == 0 {
            let f = Int(random.next() % UInt64(n))
            if f != start { finish = f }
        }
        let shape: RouteShape = closed ? .closedTour(start: start) : .openPath(start: start, finish: finish)
        var pairs: [Precedence] = []
        if precedence {
            // Edges from a random permutation's order are acyclic.
            let rank = Array(0..<n).shuffled(using: &random)
            for _ in 0..<2 {
                let a = Int(random.next() % UInt64(n)), b = Int(random.next() % UInt64(n))
                if a != b {
                    pairs.append(rank[a] < rank[b] ? Precedence(before: a, after: b) : Precedence(before: b, after: a))
                }
            }
        }
        var pinList: [Pin] = []
        if pins {
            let s = Int(random.next() % UInt64(n)), p = 1 + Int(random.next() % UInt64(n - 2))
            if s != start && s != finish { pinList.append(Pin(stop: s, position: p)) }
        }
        var timeWindows: [TimeWindow?] = []
        if windows {
            timeWindows = (0..<n).map { _ in
                random.next() % 3 == 0
                    ? TimeWindow(opens: Int(random.next() % 1500), closes: 1500 + Int(random.next() % 4000)) : nil
            }
        }
        return try RouteProblem(
            matrix: matrix, shape: shape, precedence: pairs, pins: pinList, timeWindows: timeWindows,
            serviceTimes: windows ? (0..<n).map { _ in Int(random.next() % 50) } : [])
    }
}
