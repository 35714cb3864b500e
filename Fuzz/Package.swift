// swift-tools-version:6.0
// RaceKit fuzz targets (libFuzzer): one executable per reader. A nested package, so that
// RaceKit's users never build it and its sanitizer flags never reach the main build.
//   make fuzz                     every target for FUZZ_SECONDS (default 60) each
//   scripts/fuzz.sh gpx race      some targets
// scripts/fuzz.sh builds them with `-sanitize=fuzzer,address`, linked with lld; each target's
// top-level code hands libFuzzer's driver its input function (FuzzSupport).
import PackageDescription

/// Every fuzz target: its folder under Sources/ and the RaceKit products it reads with.
let targets: [(name: String, products: [String])] = [
    ("FuzzGPX", ["GeoFormats"]),
    ("FuzzGeoJSON", ["GeoFormats", "Geofencing"]),
    ("FuzzJSON", ["RaceKitCore"]),
    ("FuzzRaceFile", ["RaceKitCore", "RaceModel", "GameModes"]),
    ("FuzzStopsCSV", ["GeoFormats", "RaceModel"]),
    ("FuzzPositionsCSV", ["GeoFormats"]),
    ("FuzzTSPLIB", ["RouteOptimizer"]),
    ("FuzzMatrix", ["RouteOptimizer"]),
    ("FuzzResponses", ["GameModes"]),
]

let package = Package(
    name: "RaceKitFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "RaceKit", path: "../")],
    targets: [.target(name: "FuzzSupport")] + targets.map { target in
        .executableTarget(
            name: target.name,
            dependencies: ["FuzzSupport"] + target.products.map { .product(name: $0, package: "RaceKit") }
        )
    },
    swiftLanguageModes: [.v6]
)
