import FuzzSupport
import GeoFormats

// One positions CSV per input (`participant,t,lat,lon[,accuracy]`).
FuzzDriver.run { input in
    _ = try? PositionsCSV.parse(Array(input), file: "fuzz.csv")
}
