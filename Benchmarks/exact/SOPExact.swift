// The optimal length of a TSPLIB sequential ordering problem (SOP), by exhaustive dynamic
// programming over the prefixes its precedences allow: the proof behind the README's statements
// about instances RaceKit's own solver (`PrecedenceLattice`) leaves to the heuristic search
// because they have too many prefixes for a one-second budget.
//
// A prefix of a feasible order is a set of nodes closed under "must come before"; state (prefix,
// last node) holds the shortest path from the first node that visits exactly the prefix and ends
// at that node. Only two layers (prefix sizes) are held at once and only the value is kept, so
// memory follows the widest layer; p43.3 has 74 million prefixes, 6.2 million in its widest layer.
//
// It reads the SOP file on its own (not with RaceKit's reader), so it also checks that reader:
// n nodes after EDGE_WEIGHT_SECTION, then n × n weights; -1 at (i, j) puts j before i; the path
// runs from node 0 to node n − 1.
//
//   Benchmarks/exact/prove.sh FILE.sop ...     (compiles this file once, then runs it)
import Foundation

struct SOP {
    let n: Int
    /// Per node, the nodes that must come before it, one bit each.
    let predecessors: [UInt64]
    /// Row-major weights (−1 entries read as 0: they only state precedences).
    let weights: [Int64]

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard let section = tokens.firstIndex(of: "EDGE_WEIGHT_SECTION"), section + 1 < tokens.count,
            let n = Int(tokens[section + 1]), n >= 2, n <= 64, section + 1 + n * n < tokens.count
        else { throw Failure(message: "\(path): no SOP weight section of at most 64 nodes") }
        var predecessors = [UInt64](repeating: 0, count: n)
        var weights = [Int64](repeating: 0, count: n * n)
        for row in 0..<n {
            for column in 0..<n {
                guard let value = Int64(tokens[section + 2 + row * n + column]) else {
                    throw Failure(message: "\(path): weight (\(row), \(column)) is not a number")
                }
                if value == -1 { predecessors[row] |= 1 << UInt64(column) } else { weights[row * n + column] = value }
            }
        }
        (self.n, self.predecessors, self.weights) = (n, predecessors, weights)
    }

    /// The nodes that may follow `prefix`, which holds `size` nodes: those whose predecessors are
    /// all in it, the last node only at the end.
    func successors(of prefix: UInt64, size: Int) -> UInt64 {
        var result: UInt64 = 0
        for v in 1..<n where prefix & (1 << UInt64(v)) == 0 && predecessors[v] & ~prefix == 0 {
            if v == n - 1 && size != n - 1 { continue }
            result |= 1 << UInt64(v)
        }
        return result
    }

    /// The optimal path length, or nil when no order meets the precedences; `progress` gets each
    /// layer's size.
    func optimum(progress: (Int, Int, Int) -> Void) -> Int64? {
        let unreached = Int64.max
        // One layer: its prefixes, per prefix the set of possible last nodes, and their lengths in
        // that set's bit order (offsets[k]..<offsets[k + 1]).
        var prefixes: [UInt64] = [1]
        var lasts: [UInt64] = [1]
        var offsets = [0, 1]
        var lengths: [Int64] = [0]
        for size in 1..<n {
            var index: [UInt64: Int] = [:]
            index.reserveCapacity(prefixes.count * 2)
            var nextPrefixes: [UInt64] = []
            var nextLasts: [UInt64] = []
            for prefix in prefixes {
                var free = successors(of: prefix, size: size)
                while free != 0 {
                    let v = UInt64(free.trailingZeroBitCount)
                    free &= free - 1
                    let extended = prefix | 1 << v
                    if let k = index[extended] {
                        nextLasts[k] |= 1 << v
                    } else {
                        index[extended] = nextPrefixes.count
                        nextPrefixes.append(extended)
                        nextLasts.append(1 << v)
                    }
                }
            }
            var nextOffsets = [Int](repeating: 0, count: nextPrefixes.count + 1)
            for k in nextPrefixes.indices { nextOffsets[k + 1] = nextOffsets[k] + nextLasts[k].nonzeroBitCount }
            var nextLengths = [Int64](repeating: unreached, count: nextOffsets[nextPrefixes.count])
            for (k, prefix) in prefixes.enumerated() {
                var free = successors(of: prefix, size: size)
                while free != 0 {
                    let v = free.trailingZeroBitCount
                    free &= free - 1
                    let target = index[prefix | 1 << UInt64(v)]!
                    let slot = nextOffsets[target] + (nextLasts[target] & ((1 << UInt64(v)) - 1)).nonzeroBitCount
                    var from = lasts[k]
                    var j = offsets[k]
                    while from != 0 {
                        let last = from.trailingZeroBitCount
                        from &= from - 1
                        if lengths[j] != unreached {
                            nextLengths[slot] = min(nextLengths[slot], lengths[j] + weights[last * n + v])
                        }
                        j += 1
                    }
                }
            }
            (prefixes, lasts, offsets, lengths) = (nextPrefixes, nextLasts, nextOffsets, nextLengths)
            progress(size, prefixes.count, lengths.count)
        }
        return lengths.filter { $0 != Int64.max }.min()
    }
}

struct Failure: Error { let message: String }

for path in CommandLine.arguments.dropFirst() {
    let clock = Date()
    do {
        let problem = try SOP(path: path)
        var prefixes = 1  // {first node}
        let optimum = problem.optimum { size, layer, states in
            prefixes += layer
            FileHandle.standardError.write(
                Data("\(path): \(size + 1) nodes placed, \(layer) prefixes, \(states) states\n".utf8))
        }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(clock))
        print("\(path) optimum=\(optimum.map(String.init) ?? "infeasible") prefixes=\(prefixes) seconds=\(seconds)")
    } catch let failure as Failure {
        FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
        exit(2)
    } catch {
        FileHandle.standardError.write(Data("error: \(path): \(error)\n".utf8))
        exit(2)
    }
}
