import Foundation
import GeoCore
import RaceKitCore
import Testing

@testable import RouteOptimizer

/// The search above the exact size on time windows, against Held–Karp on the sizes it can do.
struct TimeWindowSearchTests {
    /// A feasible windowed problem: stops in a 1000 × 1000 square, an open path from stop 0, and
    /// windows of width up to `width` around the arrivals of a random order (which therefore
    /// meets them all), on a share `covered` of the stops.
    static func problem(_ n: Int, width: Int, covered: Double, random: inout SplitMix64) throws -> RouteProblem {
        let matrix = Reference.matrix(n, symmetric: true, random: &random)
        let service = (0..<n).map { _ in Int(random.next() % 30) }
        let order = [0] + Array(1..<n).shuffled(using: &random)
        let plain = try RouteProblem(matrix: matrix, shape: .openPath(start: 0), serviceTimes: service)
        let arrivals = plain.arrivalTimes(of: order)
        var windows = [TimeWindow?](repeating: nil, count: n)
        for (k, stop) in order.enumerated() where k > 0 && random.uniform(0...1) < covered {
            let before = Int(random.next() % UInt64(width / 2 + 1)), after = Int(random.next() % UInt64(width / 2 + 1))
            windows[stop] = TimeWindow(opens: max(0, arrivals[k] - before), closes: arrivals[k] + after)
        }
        return try RouteProblem(
            matrix: matrix, shape: .openPath(start: 0), timeWindows: windows, serviceTimes: service)
    }

    @Test(
        "above the exact size: feasible whenever Held–Karp is, optimal on at least 22 of 24 generated problems of 14 stops"
    )
    func againstHeldKarp() throws {
        var checked = 0, optimal = 0, gaps: [Double] = []
        for n in [14] {
            for width in [100, 400, 2000] {
                for covered in [0.3, 0.7] {
                    var random = SplitMix64(seed: UInt64(n * 10_000 + width) + UInt64(covered * 10))
                    for _ in 0..<4 {
                        let problem = try Self.problem(n, width: width, covered: covered, random: &random)
                        let exact = try #require(HeldKarp.solve(problem), "the generated order meets every window")
                        let options = RouteSolver.Options(
                            timeLimit: nil, iterations: 300, seed: 1, exactLimit: 0, exactPrefixLimit: 0)
                        let found = try RouteSolver.solve(problem, options: options)
                        #expect(found.method == .constrainedLocalSearch)
                        #expect(problem.violations(of: found.order).isEmpty, "n \(n), width \(width): late")
                        #expect(found.length >= exact.length)
                        checked += 1
                        if found.length == exact.length { optimal += 1 }
                        gaps.append(Double(found.length - exact.length) / Double(exact.length))
                    }
                }
            }
        }
        #expect(checked == 24)
        #expect(optimal >= 22, "optimal on \(optimal) of \(checked)")
        #expect(gaps.max()! <= 0.02, "worst gap \((gaps.max()! * 100)) %")
    }
}
