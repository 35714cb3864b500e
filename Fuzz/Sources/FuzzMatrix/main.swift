import Foundation
import FuzzSupport
import RouteOptimizer

// One distance-matrix file per input, read as CSV and as JSON.
FuzzDriver.run { input in
    _ = try? MatrixFile.parseCSV(String(decoding: input, as: UTF8.self), source: "fuzz.csv")
    _ = try? MatrixFile.parseJSON(Data(input), source: "fuzz.json")
}
