import Foundation
import RaceKitCore
import RouteOptimizer

/// The stops `racekit optimize` reads: a TSPLIB instance or a user's matrix, with ids.
struct OptimizeInput {
    let name: String
    let matrix: DistanceMatrix
    let labels: [String]
    /// The optimum (or best known upper bound) from `bestSolutions.txt` beside a TSPLIB file.
    let bestKnown: Int?
    /// The problem the file itself states (a TSPLIB ATSP or SOP), which the command's shape
    /// options do not change; `nil` for a tour or path of the command's choosing.
    var statedProblem: RouteProblem? = nil

    static func load(tsplib: String?, matrix: String?) throws(InputError) -> OptimizeInput {
        if let tsplib {
            let folder = tsplib.contains("/") ? String(tsplib[..<tsplib.lastIndex(of: "/")!]) : "."
            // Named by the file, as tsp_peers.py does (some files' NAME carries a ".tsp").
            let stem = String(tsplib.split(separator: "/").last ?? "")
            let extensions = [".tsp", ".atsp", ".sop"]
            let name = extensions.first { stem.hasSuffix($0) }.map { String(stem.dropLast($0.count)) } ?? stem
            // TSPLIB's lists spell some names without their dots (prob.42: prob42) or an ATSP's
            // trailing p (kro124p: kro124).
            let known = TSPLIBTour.bestKnownLengths(path: folder + "/bestSolutions.txt")
            let spellings = [name, name.replacingOccurrences(of: ".", with: ""), String(name.dropLast())]
            let best = spellings.lazy.compactMap { known[$0] }.first
            let stated = try FileBytes.withMapped(tsplib) { bytes throws(InputError) in
                TSPLIBMatrixInstance.states(bytes)
                    ? try TSPLIBMatrixInstance.parse(bytes, source: tsplib, defaultName: name) : nil
            }
            if let instance = stated {
                return OptimizeInput(
                    name: name, matrix: instance.matrix, labels: instance.labels, bestKnown: best,
                    statedProblem: try instance.problem(source: tsplib))
            }
            let instance = try TSPLIBInstance.read(path: tsplib)
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
