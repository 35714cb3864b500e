import GeoCore
import GeoFormats
import Geofencing
import RaceKitCore
import RaceModel
import Testing

/// RaceModel's bridge from GeoFormats' plain stop records to the geofence engine's fences.
struct FormatBridgeTests {
    @Test("a stops table's fences are its circles, and a table of circle fences writes and reads back the same")
    func stopTableFences() throws {
        let table = try StopsCSV.parse(
            Array("id,lat,lon,radius_m\n4,47.5,8.5,25\n9,-90,180,1000.5\n".utf8), file: "s.csv")
        let expected: [Fence] = [
            .circle(try CircleFence(centre: try Coordinate(latitude: 47.5, longitude: 8.5), radiusMeters: 25)),
            .circle(try CircleFence(centre: try Coordinate(latitude: -90, longitude: 180), radiusMeters: 1000.5)),
        ]
        #expect(table.fences == expected)
        let written = StopsCSV.text(StopTable(ids: [4, 9], fences: expected))
        #expect(written == "id,lat,lon,radius_m\n4,47.5,8.5,25\n9,-90,180,1000.5\n")
        #expect(try StopsCSV.parse(Array(written.utf8), file: "w.csv") == table)
    }

    private func geoJSONStops(_ features: String) throws -> [GeoJSONStop] {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\(features)]}"
        return try GeoJSONStops.stops(from: GeoJSONReader.parse(Array(text.utf8), file: "s.geojson"), file: "s.geojson")
    }

    @Test("GeoJSON stops become circle and polygon stops; a doubled closing vertex is dropped as the fence drops it")
    func geoJSONStopsBuild() throws {
        let stops = try geoJSONStops(
            """
            {"type":"Feature","geometry":{"type":"Point","coordinates":[8.5,47.4]},"properties":{"name":"Fountain","radius":25}},
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[8.5,47.4],[8.5,47.41],[8.51,47.41],[8.5,47.4],[8.5,47.4]]]},"properties":{"name":"Park"}}
            """)
        let race = try RaceBuilder(name: "r").stops(fromGeoJSON: stops, file: "s.geojson").build()
        let circle = try race.stops[0].fence.makeFence()
        #expect(
            circle.contains(latitude: 47.4001, longitude: 8.5) && !circle.contains(latitude: 47.401, longitude: 8.5))
        let a = Coordinate(uncheckedLatitude: 47.4, longitude: 8.5)
        let b = Coordinate(uncheckedLatitude: 47.41, longitude: 8.5)
        let c = Coordinate(uncheckedLatitude: 47.41, longitude: 8.51)
        #expect(race.stops[1].fence == .polygon([[[a, b, c, a]]]))
        #expect(try race.stops[1].fence.makeFence().contains(latitude: 47.407, longitude: 8.503))
    }

    @Test("a polygon the engine cannot take is an error at the feature's geometry")
    func badPolygon() throws {
        let stops = try geoJSONStops(
            """
            {"type":"Feature","geometry":{"type":"Point","coordinates":[8.5,47.4]},"properties":{"radius":25}},
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[8.5,47.4],[8.5,47.41],[8.5,47.4],[8.5,47.4]]]}}
            """)
        #expect {
            _ = try RaceBuilder(name: "r").stops(fromGeoJSON: stops, file: "s.geojson")
        } throws: {
            ($0 as? InputError)?.description
                == "s.geojson: error: /features/1/geometry: polygon 0 ring 0 has 2 distinct vertices; at least 3 are needed"
        }
    }
}
