import FuzzSupport
import GeoFormats
import RaceModel

// One CSV per input, read as fence-check's stop table and as `racekit build`'s stop list.
FuzzDriver.run { input in
    let bytes = Array(input)
    _ = try? StopsCSV.parse(bytes, file: "fuzz.csv")
    if let document = try? CSVDocument(bytes: bytes, file: "fuzz.csv"),
        let builder = try? StopListCSV.addStops(from: document, to: RaceBuilder(name: "fuzz"))
    {
        _ = RaceValidator().validate(builder.build())
    }
}
