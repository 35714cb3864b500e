import GeoCore
import Testing

@testable import RouteOptimizer

/// Merging two tours by searching only where they differ (``TourMerge``), against edge sets
/// counted the obvious way.
struct TourMergeTests {
    /// The undirected edges of a closed tour.
    static func edges(_ tour: [Int]) -> Set<[Int]> {
        Set(tour.indices.map { [tour[$0], tour[($0 + 1) % tour.count]].sorted() })
    }

    static func length(_ tour: [Int], _ matrix: DistanceMatrix) -> Int {
        tour.indices.reduce(0) { $0 + matrix[tour[$1], tour[($1 + 1) % tour.count]] }
    }

    /// `tour` after `moves` random 2-opt moves (a reversed stretch) or segment swaps.
    static func perturbed(_ tour: [Int], moves: Int, random: inout SplitMix64) -> [Int] {
        var t = tour
        let n = t.count
        for _ in 0..<moves {
            let i = Int(random.next() % UInt64(n - 3)), j = i + 2 + Int(random.next() % UInt64(n - i - 2))
            if random.next() % 2 == 0 {
                t[i...j].reverse()
            } else {
                let cut = i + 1 + Int(random.next() % UInt64(j - i))
                t.replaceSubrange(i...j, with: Array(t[cut...j] + t[i..<cut]))
            }
        }
        return t
    }

    static func reduce(_ a: [Int], _ b: [Int], _ matrix: DistanceMatrix, limit: Int? = nil) -> TourMerge? {
        let a32 = a.map(Int32.init), b32 = b.map(Int32.init)
        return a32.withUnsafeBufferPointer { a in
            b32.withUnsafeBufferPointer { b in
                matrix.entries.withUnsafeBufferPointer {
                    TourMerge(
                        a.baseAddress!, b.baseAddress!, n: a.count, distance: $0.baseAddress!, limit: limit ?? a.count)
                }
            }
        }
    }

    @Test(
        "the reduced problem: a stop per path end and per stop on no shared edge; tours that keep its fixed edges come back whole, as long as the shared edges make them"
    )
    func reduction() {
        var random = SplitMix64(seed: 21)
        var identical = 0
        for round in 0..<300 {
            let n = 8 + round % 53
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let a = Array(0..<n).shuffled(using: &random)
            let b = Self.perturbed(a, moves: 1 + round % 5, random: &random)
            let shared = Self.edges(a).intersection(Self.edges(b))
            guard let reduction = Self.reduce(a, b, matrix) else {
                #expect(shared.count == n, "round \(round): nil, but the tours differ")
                identical += 1
                continue
            }
            var degree = [Int](repeating: 0, count: n)
            for e in shared { degree[e[0]] += 1; degree[e[1]] += 1 }
            #expect(reduction.count == degree.filter { $0 < 2 }.count, "round \(round)")
            #expect(reduction.fixedEdges.count == degree.filter { $0 == 1 }.count / 2, "round \(round)")
            let m = reduction.count
            #expect(
                Self.reduce(a, b, matrix, limit: m - 1) == nil, "round \(round): \(m) stops over a limit of \(m - 1)")
            for (i, j) in reduction.fixedEdges {
                #expect(reduction.matrix[i * m + j] == 0 && reduction.matrix[j * m + i] == 0)
            }
            // The start is tour a.
            let start = reduction.expand(reduction.start.map(Int.init)).map(Int.init)
            #expect(Self.edges(start) == Self.edges(a), "round \(round): the start is not tour a")
            // Any order of the reduced problem's blocks (a fixed edge's two stops, either way
            // round, or a lone stop) expands to a tour with every shared edge, as long as the
            // reduced tour plus the shared edges.
            var mate = [Int](repeating: -1, count: m)
            for (i, j) in reduction.fixedEdges { mate[i] = j; mate[j] = i }
            var blocks: [[Int]] = []
            for i in 0..<m where mate[i] < 0 || mate[i] > i {
                blocks.append(mate[i] < 0 ? [i] : (random.next() % 2 == 0 ? [i, mate[i]] : [mate[i], i]))
            }
            let reduced = blocks.shuffled(using: &random).flatMap { $0 }
            let full = reduction.expand(reduced).map(Int.init)
            #expect(full.count == n && Set(full) == Set(0..<n), "round \(round): not a tour")
            #expect(shared.isSubset(of: Self.edges(full)), "round \(round): a shared edge lost")
            let reducedLength = reduced.indices.reduce(0) {
                $0 + Int(reduction.matrix[reduced[$1] * m + reduced[($1 + 1) % m]])
            }
            let sharedLength = shared.reduce(0) { $0 + matrix[$1[0], $1[1]] }
            #expect(Self.length(full, matrix) == reducedLength + sharedLength, "round \(round)")
        }
        #expect(identical < 30, "\(identical) of 300 pairs were the same tour")
    }

    @Test(
        "a merge of two local optima is never longer than the shorter, keeps their shared edges, and is often shorter than both"
    )
    func mergedLocalOptima() {
        var random = SplitMix64(seed: 8)
        var shorterThanBoth = 0
        var skipped = 0
        for round in 0..<40 {
            let n = 40 + round * 3
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            // First local optima from random starts: they share most of their edges, not all.
            let budget = SearchBudget(clock: { 0 }, deadline: .infinity, rounds: 0)
            let tours = (0..<2).map { s -> [Int] in
                let search = SymmetricTourSearch(
                    n: n, matrix: matrix.entries, neighbourCount: 6, fixedEdges: [], seed: UInt64(round * 2 + s),
                    start: (0..<Int32(n)).shuffled(using: &random), isMergeSearch: true)
                _ = search.run(budget)
                return search.order
            }
            let (a, b) =
                Self.length(tours[0], matrix) <= Self.length(tours[1], matrix)
                ? (tours[0], tours[1]) : (tours[1], tours[0])
            guard let reduction = Self.reduce(a, b, matrix), reduction.count >= 8 else { skipped += 1; continue }
            let search = SymmetricTourSearch(
                n: reduction.count, matrix: reduction.matrix, neighbourCount: 6, fixedEdges: reduction.fixedEdges,
                seed: UInt64(round), start: reduction.start, isMergeSearch: true)
            _ = search.run(SearchBudget(clock: { 0 }, deadline: .infinity, rounds: 10 * reduction.count))
            let merged = reduction.expand(search.order).map(Int.init)
            #expect(Set(merged) == Set(0..<n) && merged.count == n, "round \(round): not a tour")
            let lengthA = Self.length(a, matrix), lengthB = Self.length(b, matrix)
            let mergedLength = Self.length(merged, matrix)
            #expect(mergedLength <= lengthA, "round \(round): merged \(mergedLength) > shorter \(lengthA)")
            #expect(Self.edges(a).intersection(Self.edges(b)).isSubset(of: Self.edges(merged)))
            if mergedLength < min(lengthA, lengthB) { shorterThanBoth += 1 }
        }
        #expect(
            shorterThanBoth >= 5, "the merge beat both tours in \(shorterThanBoth) of 40 rounds (\(skipped) skipped)")
    }
}
