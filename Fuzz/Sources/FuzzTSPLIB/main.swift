import FuzzSupport
import RouteOptimizer

// One TSPLIB file per input; an instance that reads is also measured on its identity tour.
FuzzDriver.run { input in
    guard let instance = try? TSPLIBInstance.parse(String(decoding: input, as: UTF8.self), source: "fuzz.tsp") else {
        return
    }
    _ = instance.matrix.length(of: Array(0..<instance.dimension), closed: true)
}
