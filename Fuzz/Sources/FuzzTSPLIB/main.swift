import FuzzSupport
import RouteOptimizer

// One TSPLIB file per input, read as a coordinate instance (TSP) and as a matrix instance (ATSP,
// SOP); an instance that reads is also measured on its identity order, and a matrix instance's
// problem is built (precedence cycles and contradictions are errors, not traps).
FuzzDriver.run { input in
    let text = String(decoding: input, as: UTF8.self)
    if let instance = try? TSPLIBInstance.parse(text, source: "fuzz.tsp") {
        _ = instance.matrix.length(of: Array(0..<instance.dimension), closed: true)
    }
    if let instance = try? TSPLIBMatrixInstance.parse(text, source: "fuzz.sop"),
        let problem = try? instance.problem(source: "fuzz.sop")
    {
        _ = problem.matrix.length(of: Array(0..<problem.count), closed: instance.kind == .asymmetric)
    }
}
