import FuzzSupport
import GeoFormats
import RaceKitCore

// One positions CSV per input (`participant,t,lat,lon[,accuracy]`), read by the sequential reader
// and by the chunked one at 2, 3 and 7 chunks: they must agree, table for table and error for
// error (a difference traps, and libFuzzer keeps the input).
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
    }
}
