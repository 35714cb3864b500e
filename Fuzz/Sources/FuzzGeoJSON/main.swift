import FuzzSupport
import GeoFormats

// One GeoJSON document per input, read and turned into race stops as `racekit build` does.
FuzzDriver.run { input in
    if let object = try? GeoJSONReader.parse(Array(input), file: "fuzz.geojson") {
        _ = try? GeoJSONStops.stops(from: object, file: "fuzz.geojson", defaultRadiusMeters: 25)
    }
}
