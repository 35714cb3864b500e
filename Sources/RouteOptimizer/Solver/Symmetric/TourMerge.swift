/// Two tours merged by searching again only where they differ: the edges both share are fixed,
/// each path of shared edges becomes one fixed edge between its ends, and the stops of the
/// reduced problem (the paths' ends and the stops on no shared edge) get a search of their own,
/// started from the shorter tour. The result is never longer than that tour, and it may take some
/// of each tour's differing parts, or edges of neither, where a crossover must take whole parts.
///
/// With a ``Halo``, shared edges next to where the tours differ stay free too: two good tours
/// often share an edge there that a better tour does not have, and fixing it walls the search
/// off from the repair (docs/optimizer-tuning.md has the gr666 case).
///
/// Tour merging by fixing the edges good tours share: K. Helsgaun, "An Effective Implementation of
/// K-opt Moves for the Lin–Kernighan TSP Heuristic", DATALOGISKE SKRIFTER 109, Roskilde
/// University, 2006 (LKH's MERGE_TOUR); the shared edges as a reduced problem, as in
/// W. Cook, P. Seymour, "Tour Merging via Branch-Decomposition", INFORMS J. Computing 15 (3), 2003,
/// there solved exactly, here by the same iterated local search.
struct TourMerge {
    /// A path of fixed edges from `first` (a stop of the full problem), `inner` the stops after
    /// it up to the path's other end.
    private struct FixedPath {
        let first: Int
        let inner: [Int32]
    }

    /// Stops of the full problem for each stop of the reduced one.
    private let stops: [Int]
    /// For each reduced stop on a path's end, the path's index; -1 for a stop on no fixed edge.
    private let pathOf: [Int]
    private let paths: [FixedPath]
    /// The reduced problem's row-major distances: the full ones, 0 across a path.
    let matrix: [Int32]
    /// Each path as an edge between the reduced stops at its ends.
    let fixedEdges: [(Int, Int)]
    /// The shorter tour in the reduced problem's stops, which are numbered in its order.
    var start: [Int32] { (0..<Int32(stops.count)).map { $0 } }

    /// The reduced problem's stop count.
    var count: Int { stops.count }

    /// Stops set free beside each stop on an edge only one tour has: the first `size` of its row
    /// of `nearest` (row-major, `width` stops a row). A shared edge at a free stop is not fixed.
    struct Halo {
        let size: Int
        let nearest: [Int32]
        let width: Int
    }

    /// Reduces tours `a` (the shorter) and `b` of `n` stops, fixing the edges they share but
    /// those at a stop of `halo` (unless `isRequired`: edges every tour of the problem keeps,
    /// which both tours share); nil when they share every edge or the reduced problem would have
    /// more than `limit` stops (its matrix is built only below it).
    init?(
        _ a: UnsafePointer<Int32>, _ b: UnsafePointer<Int32>, n: Int, distance: UnsafePointer<Int32>, limit: Int,
        halo: Halo? = nil, isRequired: (Int, Int) -> Bool = { _, _ in false }
    ) {
        var neighbourB = [Int32](repeating: 0, count: 2 * n)
        for p in 0..<n {
            let u = Int(b[p]), v = b[p + 1 == n ? 0 : p + 1]
            neighbourB[2 * u + 1] = v
            neighbourB[2 * Int(v)] = Int32(u)
        }
        @inline(__always) func inB(_ u: Int, _ v: Int) -> Bool {
            neighbourB[2 * u] == Int32(v) || neighbourB[2 * u + 1] == Int32(v)
        }
        var isFree = [Bool](repeating: false, count: n)
        if let halo {
            let size = min(halo.size, halo.width)
            func free(_ x: Int) {
                isFree[x] = true
                for m in 0..<size { isFree[Int(halo.nearest[x * halo.width + m])] = true }
            }
            for p in 0..<n {
                let u = Int(a[p]), v = Int(a[p + 1 == n ? 0 : p + 1])
                if !inB(u, v) { free(u); free(v) }
            }
        }
        var fixedMates = [Int32](repeating: -1, count: 2 * n)
        var fixedCount = [UInt8](repeating: 0, count: n)
        var fixed = 0
        var firstAfterGap = 0
        for p in 0..<n {
            let u = Int(a[p]), v = Int(a[p + 1 == n ? 0 : p + 1])
            guard inB(u, v), !(isFree[u] || isFree[v]) || isRequired(u, v) else {
                firstAfterGap = p + 1 == n ? 0 : p + 1
                continue
            }
            fixedMates[2 * u + Int(fixedCount[u])] = Int32(v)
            fixedMates[2 * v + Int(fixedCount[v])] = Int32(u)
            fixedCount[u] += 1
            fixedCount[v] += 1
            fixed += 1
        }
        if fixed == n { return nil }
        // Reduced stops in the order of tour a, read from a stop that follows an edge not fixed,
        // so that each path is entered at one end and left at the other: `start` is a's order.
        var isReduced = [Bool](repeating: false, count: n)
        var stops: [Int] = []
        var pathOf: [Int] = []
        var paths: [FixedPath] = []
        var fixedEdges: [(Int, Int)] = []
        for q in 0..<n {
            let p = firstAfterGap + q
            let u = Int(a[p < n ? p : p - n])
            guard fixedCount[u] < 2, !isReduced[u] else { continue }
            isReduced[u] = true
            stops.append(u)
            pathOf.append(-1)
            guard fixedCount[u] == 1 else { continue }
            var inner: [Int32] = []
            var previous = u, current = Int(fixedMates[2 * u])
            while fixedCount[current] == 2 {
                inner.append(Int32(current))
                let mates = (Int(fixedMates[2 * current]), Int(fixedMates[2 * current + 1]))
                let next = mates.0 == previous ? mates.1 : mates.0
                previous = current
                current = next
            }
            isReduced[current] = true
            stops.append(current)
            pathOf[stops.count - 2] = paths.count
            pathOf.append(paths.count)
            paths.append(FixedPath(first: u, inner: inner))
            fixedEdges.append((stops.count - 2, stops.count - 1))
        }
        let m = stops.count
        if m > limit { return nil }
        var matrix = [Int32](repeating: 0, count: m * m)
        for i in 0..<m {
            let row = stops[i] * n
            for j in 0..<m where j != i { matrix[i * m + j] = distance[row + stops[j]] }
        }
        for (i, j) in fixedEdges {
            matrix[i * m + j] = 0
            matrix[j * m + i] = 0
        }
        self.stops = stops
        self.pathOf = pathOf
        self.paths = paths
        self.matrix = matrix
        self.fixedEdges = fixedEdges
    }

    /// The full tour of a reduced tour that keeps every fixed edge.
    func expand(_ reduced: [Int]) -> [Int32] {
        let m = reduced.count
        var tour: [Int32] = []
        tour.reserveCapacity(stops.count + paths.reduce(0) { $0 + $1.inner.count })
        for p in 0..<m {
            let u = reduced[p], v = reduced[p + 1 == m ? 0 : p + 1]
            tour.append(Int32(stops[u]))
            let path = pathOf[u]
            guard path >= 0, path == pathOf[v] else { continue }
            if stops[u] == paths[path].first {
                tour.append(contentsOf: paths[path].inner)
            } else {
                tour.append(contentsOf: paths[path].inner.reversed())
            }
        }
        return tour
    }
}
