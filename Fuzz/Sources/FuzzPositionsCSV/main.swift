import FuzzSupport
import GeoFormats
import RaceKitCore

// One positions CSV per input (`participant,t,lat,lon[,accuracy]`), read by the sequential reader,
// by the chunked one at 2, 3 and 7 chunks, and folded block by block at as many parts: they must
// agree, table (or coordinates) for table and error for error (a difference traps, and libFuzzer
// keeps the input).
FuzzDriver.run { input in
    let bytes = Array(input)
    let reference = Result { () throws(InputError) in try PositionsCSV.parse(bytes, file: "fuzz.csv") }
    for threads in [2, 3, 7] {
        let chunked = Result { () throws(InputError) in
            try PositionsCSV.parse(bytes, file: "fuzz.csv", threads: threads)
        }
        switch (reference, chunked) {
        case (.success(let a), .success(let b)):
            precondition(a == b, "the chunked reader (\(threads) chunks) read another table")
        case (.failure(let a), .failure(let b)):
            precondition(a.description == b.description, "the chunked reader (\(threads) chunks) gave another error")
        default:
            preconditionFailure("the chunked reader (\(threads) chunks) disagrees on whether the input is valid")
        }
        let folded = Result { () throws(InputError) in
            try PositionsCSV.reduceCoordinateBlocks(bytes, file: "fuzz.csv", threads: threads, into: [Double]()) {
                part, _, latitudes, longitudes in
                for k in latitudes.indices { part += [latitudes[k], longitudes[k]] }
            } merge: { total, part, _ in
                total += part
            }.result
        }
        switch (reference, folded) {
        case (.success(let table), .success(let coordinates)):
            let expected = (0..<table.columns.count).flatMap {
                [table.columns.latitude[$0], table.columns.longitude[$0]]
            }
            precondition(coordinates == expected, "the block fold (\(threads) parts) saw other coordinates")
        case (.failure(let a), .failure(let b)):
            precondition(a.description == b.description, "the block fold (\(threads) parts) gave another error")
        default:
            preconditionFailure("the block fold (\(threads) parts) disagrees on whether the input is valid")
        }
    }
}
