/// Makes a first order keep the fixed ends, the pins and the precedence pairs: moves single stops,
/// each time to the first place that lowers (broken constraints, total lateness)
/// lexicographically, until nothing is broken or no move helps. Lateness left over is the
/// search's job (``ConstrainedOrderSearch`` minimises it first), which is far cheaper than
/// repairing it here (this took seconds on 200 stops and often got stuck late).
/// - Returns: what is still broken, and the lateness.
/// - Complexity: O(n³ + n²·p) per pass, a pass per improvement.
func repairOrder(_ order: inout [Int32], meter: inout FeasibilityMeter) -> (broken: Int, lateness: Int) {
    let n = order.count
    var score = meter.measure(order)
    var candidate = order
    while score.broken > 0 {
        var improved = false
        for i in 0..<n where !improved {
            for g in 0...n where g != i && g != i + 1 {
                // The order with the stop at i moved before the stop now at g.
                var w = 0
                for p in 0...n {
                    if p == g { candidate[w] = order[i]; w += 1 }
                    if p == n { break }
                    if p != i { candidate[w] = order[p]; w += 1 }
                }
                let s = meter.measure(candidate)
                if (s.broken, s.lateness) < (score.broken, score.lateness) {
                    swap(&order, &candidate)
                    score = s
                    improved = true
                    break
                }
            }
        }
        if !improved { break }
    }
    return score
}
