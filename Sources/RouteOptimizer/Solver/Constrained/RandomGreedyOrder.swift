import GeoCore

/// A fresh free order for a restart of the constrained search: from the fixed stop the sequence
/// starts from (``FreeSequenceLayout/headStop``; a random free stop when there is none), each
/// next stop is drawn at random from the `choices` nearest of the stops whose predecessors are all
/// placed, nearest by the leg from the stop placed last. With `choices` 1 it is the nearest
/// neighbour order that keeps precedence.
///
/// Randomised greedy starts are the construction phase of GRASP (T. A. Feo, M. G. C. Resende,
/// J. Global Optimization 6, 1995), here with a restricted candidate list of fixed size.
/// - Precondition: the layout has no pins between free stops and no time windows (then
///   precedence is all an order of the free stops must keep).
/// - Returns: the m free stops in their new order.
/// - Complexity: O(m² · choices + p) for p pairs.
func randomGreedyOrder(
    _ layout: FreeSequenceLayout, choices: Int, random: inout SplitMix64, leg: (Int32, Int32) -> Int
) -> [Int32] {
    precondition(layout.gaps.isEmpty && !layout.hasWindows && choices >= 1)
    // The layout's pairs are between free stops only, and imply all the others between them.
    var predecessorsLeft = [Int32](repeating: 0, count: layout.n)
    var available: [Int32] = []
    for s in 0..<layout.n where !layout.isFixed[s] {
        predecessorsLeft[s] = layout.predecessorStart[s + 1] - layout.predecessorStart[s]
        if predecessorsLeft[s] == 0 { available.append(Int32(s)) }
    }
    var order: [Int32] = []
    order.reserveCapacity(layout.m)
    var last = layout.headStop
    // The `choices` nearest available stops so far, as indices into `available`, nearest first.
    var nearest: [(leg: Int, index: Int)] = []
    while !available.isEmpty {
        let pick: Int
        if last < 0 {
            pick = Int(random.next() % UInt64(available.count))
        } else {
            nearest.removeAll(keepingCapacity: true)
            for (index, s) in available.enumerated() {
                let cost = leg(last, s)
                guard nearest.count < choices || cost < nearest[nearest.count - 1].leg else { continue }
                if nearest.count == choices { nearest.removeLast() }
                let at = nearest.firstIndex { cost < $0.leg } ?? nearest.count
                nearest.insert((cost, index), at: at)
            }
            pick = nearest[Int(random.next() % UInt64(nearest.count))].index
        }
        let s = available.remove(at: pick)
        order.append(s)
        for q in Int(layout.successorStart[Int(s)])..<Int(layout.successorStart[Int(s) + 1]) {
            let t = Int(layout.successors[q])
            predecessorsLeft[t] -= 1
            if predecessorsLeft[t] == 0 { available.append(Int32(t)) }
        }
        last = s
    }
    return order
}
