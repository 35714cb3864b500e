import RaceKitCore
import RouteOptimizer

/// The stops `racekit optimize` reads: a TSPLIB instance or a user's matrix, with ids.
struct OptimizeInput {
    let name: String
    let matrix: DistanceMatrix
    let labels: [String]
    /// The optimum from `bestSolutions.txt` beside a TSPLIB file.
    let bestKnown: Int?

    static func load(tsplib: String?, matrix: String?) throws(InputError) -> OptimizeInput {
        if let tsplib {
            let instance = try TSPLIBInstance.read(path: tsplib)
            let folder = tsplib.contains("/") ? String(tsplib[..<tsplib.lastIndex(of: "/")!]) : "."
            // Named by the file, as tsp_peers.py does (some files' NAME carries a ".tsp").
            let stem = String(tsplib.split(separator: "/").last ?? "")
            let name = stem.hasSuffix(".tsp") ? String(stem.dropLast(4)) : stem
            let best = TSPLIBTour.bestKnownLengths(path: folder + "/bestSolutions.txt")[name]
            return OptimizeInput(name: name, matrix: instance.matrix, labels: instance.labels, bestKnown: best)
        }
        let path = matrix!
        let file = try MatrixFile.read(path: path)
        let labels = file.labels ?? (1...max(file.matrix.count, 1)).prefix(file.matrix.count).map(String.init)
        if Set(labels).count != labels.count {
            throw InputError(.malformedMatrix, "stop ids must be unique", at: SourceLocation(file: path))
        }
        let stem = path.split(separator: "/").last.map(String.init) ?? path
        return OptimizeInput(
            name: stem.split(separator: ".").first.map(String.init) ?? stem, matrix: file.matrix, labels: labels,
            bestKnown: nil)
    }
}
