/// Minimum spanning trees of a ``SparseGraph`` under node penalties, built again and again by
/// the ascent (Prim's algorithm with an indexed binary heap: R. C. Prim, Bell System Technical
/// J. 36, 1957; D. B. Johnson, Information Processing Letters 4, 1975, for the heap form). Its
/// buffers are allocated once.
final class SpanningTreeBuilder {
    private let n: Int
    private let offsets: UnsafeMutablePointer<Int32>
    private let targets: UnsafeMutablePointer<Int32>
    private let weights: UnsafeMutablePointer<Double>
    private let key: UnsafeMutablePointer<Double>
    private let heap: UnsafeMutablePointer<Int32>
    private var heapCount = 0
    private let slot: UnsafeMutablePointer<Int32>  // a stop's place in `heap`, -1 when not in it
    private let done: UnsafeMutablePointer<Bool>
    /// The parent of each stop in the last tree (the root's is itself).
    let parent: UnsafeMutablePointer<Int32>
    /// The stops of the last tree, parents before children (``treeSize`` of them).
    let order: UnsafeMutablePointer<Int32>
    private(set) var treeSize = 0

    init(_ graph: SparseGraph) {
        n = graph.count
        let edges = graph.targets.count
        offsets = .allocate(capacity: n + 1)
        _ = UnsafeMutableBufferPointer(start: offsets, count: n + 1).initialize(from: graph.offsets)
        targets = .allocate(capacity: max(edges, 1))
        _ = UnsafeMutableBufferPointer(start: targets, count: edges).initialize(from: graph.targets)
        weights = .allocate(capacity: max(edges, 1))
        _ = UnsafeMutableBufferPointer(start: weights, count: edges).initialize(
            from: graph.weights.lazy.map(Double.init))
        key = .allocate(capacity: n)
        heap = .allocate(capacity: n)
        slot = .allocate(capacity: n)
        slot.initialize(repeating: -1, count: n)
        done = .allocate(capacity: n)
        parent = .allocate(capacity: n)
        parent.initialize(repeating: 0, count: n)
        order = .allocate(capacity: n)
    }

    deinit {
        offsets.deallocate(); targets.deallocate(); weights.deallocate(); key.deallocate(); heap.deallocate()
        slot.deallocate(); done.deallocate(); parent.deallocate(); order.deallocate()
    }

    /// Builds the minimum spanning tree of every stop but `excluded` (-1 for none) on the costs
    /// d(i, j) + π(i) + π(j), from `root`.
    /// - Returns: the tree's cost, or nil when the graph without `excluded` is not connected.
    func build(penalties pi: UnsafePointer<Double>, root: Int, excluded: Int) -> Double? {
        for v in 0..<n { key[v] = .infinity; done[v] = false }
        if excluded >= 0 { done[excluded] = true }
        treeSize = 0
        heapCount = 0
        key[root] = 0
        parent[root] = Int32(truncatingIfNeeded: root)
        push(root)
        var total = 0.0
        while heapCount > 0 {
            let u = popMin()
            done[u] = true
            order[treeSize] = Int32(truncatingIfNeeded: u)
            treeSize &+= 1
            total += key[u]
            let pu = pi[u]
            for e in Int(offsets[u])..<Int(offsets[u &+ 1]) {
                let v = Int(targets[e])
                if done[v] { continue }
                let c = weights[e] + pu + pi[v]
                if c < key[v] {
                    key[v] = c
                    parent[v] = Int32(truncatingIfNeeded: u)
                    if slot[v] < 0 { push(v) } else { siftUp(Int(slot[v])) }
                }
            }
        }
        return treeSize == n - (excluded >= 0 ? 1 : 0) ? total : nil
    }

    // MARK: Indexed binary heap on `key`

    @inline(__always) private func push(_ v: Int) {
        heap[heapCount] = Int32(truncatingIfNeeded: v)
        slot[v] = Int32(truncatingIfNeeded: heapCount)
        heapCount &+= 1
        siftUp(heapCount &- 1)
    }

    @inline(__always) private func popMin() -> Int {
        let top = Int(heap[0])
        slot[top] = -1
        heapCount &-= 1
        if heapCount > 0 {
            heap[0] = heap[heapCount]
            slot[Int(heap[0])] = 0
            siftDown(0)
        }
        return top
    }

    /// Ties go to the lower stop so the tree does not depend on the heap's history.
    @inline(__always) private func less(_ a: Int32, _ b: Int32) -> Bool {
        let ka = key[Int(a)], kb = key[Int(b)]
        return ka < kb || (ka == kb && a < b)
    }

    private func siftUp(_ at: Int) {
        var i = at
        let v = heap[i]
        while i > 0 {
            let p = (i &- 1) / 2
            guard less(v, heap[p]) else { break }
            heap[i] = heap[p]; slot[Int(heap[i])] = Int32(truncatingIfNeeded: i)
            i = p
        }
        heap[i] = v; slot[Int(v)] = Int32(truncatingIfNeeded: i)
    }

    private func siftDown(_ at: Int) {
        var i = at
        let v = heap[i]
        while true {
            var c = 2 &* i &+ 1
            if c >= heapCount { break }
            if c &+ 1 < heapCount && less(heap[c &+ 1], heap[c]) { c &+= 1 }
            guard less(heap[c], v) else { break }
            heap[i] = heap[c]; slot[Int(heap[i])] = Int32(truncatingIfNeeded: i)
            i = c
        }
        heap[i] = v; slot[Int(v)] = Int32(truncatingIfNeeded: i)
    }
}
