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

    static func reduce(
        _ a: [Int], _ b: [Int], _ matrix: DistanceMatrix, limit: Int? = nil, halo: TourMerge.Halo? = nil,
        required: Set<[Int]> = []
    ) -> TourMerge? {
        let a32 = a.map(Int32.init), b32 = b.map(Int32.init)
        return a32.withUnsafeBufferPointer { a in
            b32.withUnsafeBufferPointer { b in
                matrix.entries.withUnsafeBufferPointer {
                    TourMerge(
                        a.baseAddress!, b.baseAddress!, n: a.count, distance: $0.baseAddress!, limit: limit ?? a.count,
                        halo: halo, isRequired: { required.contains([$0, $1].sorted()) })
                }
            }
        }
    }

    /// A halo of `size` over each stop's nearest others (ties to the lower index), `width` a row.
    static func halo(size: Int, width: Int, _ matrix: DistanceMatrix) -> TourMerge.Halo {
        let n = matrix.count
        var nearest: [Int32] = []
        for i in 0..<n {
            let row = (0..<n).filter { $0 != i }.sorted { (matrix[i, $0], $0) < (matrix[i, $1], $1) }
            nearest += row.prefix(width).map(Int32.init)
        }
        return TourMerge.Halo(size: size, nearest: nearest, width: width)
    }

    /// The edges a reduction fixes: those both tours share, but, with a halo, none at a stop of
    /// an edge only `a` has or at one of such a stop's `size` nearest, unless `required`.
    static func fixedEdges(_ a: [Int], _ b: [Int], halo: TourMerge.Halo?, required: Set<[Int]> = []) -> Set<[Int]> {
        let shared = edges(a).intersection(edges(b))
        guard let halo else { return shared }
        var free = Set<Int>()
        for e in edges(a).subtracting(edges(b)) {
            for x in e {
                free.insert(x)
                for m in 0..<min(halo.size, halo.width) { free.insert(Int(halo.nearest[x * halo.width + m])) }
            }
        }
        return shared.filter { free.isDisjoint(with: $0) || required.contains($0) }
    }

    @Test(
        "the reduced problem: a stop per path end and per stop on no fixed edge (shared, and with a halo away from where the tours differ or required); tours that keep its fixed edges come back whole, as long as the fixed edges make them"
    )
    func reduction() {
        var random = SplitMix64(seed: 21)
        var identical = 0
        for attempt in 0..<600 {
            let round = attempt / 2
            let n = 8 + round % 53
            let matrix = Reference.matrix(n, symmetric: true, random: &random)
            let a = Array(0..<n).shuffled(using: &random)
            let b = Self.perturbed(a, moves: 1 + round % 5, random: &random)
            let halo = attempt % 2 == 0 ? nil : Self.halo(size: round % 4, width: min(3, n - 1), matrix)
            // Edges the problem requires (fixed for open paths): some of the shared ones.
            let required = Set(
                Self.edges(a).intersection(Self.edges(b)).sorted { $0.lexicographicallyPrecedes($1) }
                    .filter { _ in random.next() % 4 == 0 })
            let fixed = Self.fixedEdges(a, b, halo: halo, required: required)
            guard let reduction = Self.reduce(a, b, matrix, halo: halo, required: required) else {
                #expect(fixed.count == n, "round \(round): nil, but the tours differ")
                identical += 1
                continue
            }
            var degree = [Int](repeating: 0, count: n)
            for e in fixed { degree[e[0]] += 1; degree[e[1]] += 1 }
            #expect(reduction.count == degree.filter { $0 < 2 }.count, "round \(round)")
            #expect(reduction.fixedEdges.count == degree.filter { $0 == 1 }.count / 2, "round \(round)")
            let m = reduction.count
            #expect(
                Self.reduce(a, b, matrix, limit: m - 1, halo: halo, required: required) == nil,
                "round \(round): \(m) stops over a limit of \(m - 1)")
            for (i, j) in reduction.fixedEdges {
                #expect(reduction.matrix[i * m + j] == 0 && reduction.matrix[j * m + i] == 0)
            }
            // The start is tour a.
            let start = reduction.expand(reduction.start.map(Int.init)).map(Int.init)
            #expect(Self.edges(start) == Self.edges(a), "round \(round): the start is not tour a")
            // Any order of the reduced problem's blocks (a fixed edge's two stops, either way
            // round, or a lone stop) expands to a tour with every fixed edge, as long as the
            // reduced tour plus the fixed edges.
            var mate = [Int](repeating: -1, count: m)
            for (i, j) in reduction.fixedEdges { mate[i] = j; mate[j] = i }
            var blocks: [[Int]] = []
            for i in 0..<m where mate[i] < 0 || mate[i] > i {
                blocks.append(mate[i] < 0 ? [i] : (random.next() % 2 == 0 ? [i, mate[i]] : [mate[i], i]))
            }
            let reduced = blocks.shuffled(using: &random).flatMap { $0 }
            let full = reduction.expand(reduced).map(Int.init)
            #expect(full.count == n && Set(full) == Set(0..<n), "round \(round): not a tour")
            #expect(fixed.isSubset(of: Self.edges(full)), "round \(round): a fixed edge lost")
            let reducedLength = reduced.indices.reduce(0) {
                $0 + Int(reduction.matrix[reduced[$1] * m + reduced[($1 + 1) % m]])
            }
            let fixedLength = fixed.reduce(0) { $0 + matrix[$1[0], $1[1]] }
            #expect(Self.length(full, matrix) == reducedLength + fixedLength, "round \(round)")
        }
        #expect(identical < 60, "\(identical) of 600 pairs were the same tour")
    }

    @Test(
        "a merge of two local optima, with a halo or without, is never longer than the shorter, keeps its fixed edges, and is often shorter than both"
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
            let halo = round % 2 == 0 ? nil : Self.halo(size: 3, width: 5, matrix)
            guard let reduction = Self.reduce(a, b, matrix, halo: halo), reduction.count >= 8 else {
                skipped += 1
                continue
            }
            let search = SymmetricTourSearch(
                n: reduction.count, matrix: reduction.matrix, neighbourCount: 6, fixedEdges: reduction.fixedEdges,
                seed: UInt64(round), start: reduction.start, isMergeSearch: true)
            _ = search.run(SearchBudget(clock: { 0 }, deadline: .infinity, rounds: 10 * reduction.count))
            let merged = reduction.expand(search.order).map(Int.init)
            #expect(Set(merged) == Set(0..<n) && merged.count == n, "round \(round): not a tour")
            let lengthA = Self.length(a, matrix), lengthB = Self.length(b, matrix)
            let mergedLength = Self.length(merged, matrix)
            #expect(mergedLength <= lengthA, "round \(round): merged \(mergedLength) > shorter \(lengthA)")
            #expect(Self.fixedEdges(a, b, halo: halo).isSubset(of: Self.edges(merged)), "round \(round)")
            if mergedLength < min(lengthA, lengthB) { shorterThanBoth += 1 }
        }
        #expect(
            shorterThanBoth >= 5, "the merge beat both tours in \(shorterThanBoth) of 40 rounds (\(skipped) skipped)")
    }
}
