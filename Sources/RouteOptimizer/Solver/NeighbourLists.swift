/// The K nearest stops of every stop, nearest first (ties by index), as candidate lists for the
/// local search.
///
/// Source: J. L. Bentley, "Fast Algorithms for Geometric Traveling Salesman Problems", ORSA
/// J. Computing 4 (4), 1992 (neighbour lists and don't-look bits make 2-opt and Or-opt nearly
/// linear per pass).
/// - Complexity: O(n² · K) time with insertion into a K-long list, O(n · K) memory.
func nearestNeighbours(count n: Int, k: Int, distance: (Int, Int) -> Int) -> [Int32] {
    let k = min(k, max(n - 1, 0))
    var lists = [Int32](repeating: 0, count: n * k)
    guard k > 0 else { return lists }
    var keys = [Int](repeating: 0, count: k)
    var ids = [Int32](repeating: 0, count: k)
    for i in 0..<n {
        var filled = 0
        for j in 0..<n where j != i {
            let key = distance(i, j)
            if filled == k && key >= keys[k - 1] { continue }
            var slot = filled < k ? filled : k - 1
            if filled < k { filled += 1 }
            while slot > 0 && keys[slot - 1] > key {
                keys[slot] = keys[slot - 1]
                ids[slot] = ids[slot - 1]
                slot -= 1
            }
            keys[slot] = key
            ids[slot] = Int32(j)
        }
        for m in 0..<k { lists[i * k + m] = ids[m] }
    }
    return lists
}
