// swift-tools-version:6.1
// RaceKit benchmarks (package-benchmark). A nested package so that RaceKit's users never build it.
//   cd Benchmarks && swift package benchmark            (all)
//   swift package benchmark --target GeofenceBenchmarks (one)
import PackageDescription

let package = Package(
    name: "RaceKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "RaceKit", path: "../"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "GeofenceBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Geofencing", package: "RaceKit"),
                .product(name: "GeoFormats", package: "RaceKit"),
                .product(name: "RaceModel", package: "RaceKit"),
                .product(name: "RaceSimulation", package: "RaceKit"),
                .product(name: "GameModes", package: "RaceKit"),
                .product(name: "GeoCore", package: "RaceKit"),
            ],
            path: "Benchmarks/Geofence",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "ProjectionBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GeoProjection", package: "RaceKit"),
                .product(name: "GeoCore", package: "RaceKit"),
            ],
            path: "Benchmarks/Projection",
            // The baseline calls PROJ directly; RaceKit itself opens PROJ on first use instead.
            linkerSettings: [.linkedLibrary("proj")],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "FormatsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GeoFormats", package: "RaceKit"),
                .product(name: "GeoCore", package: "RaceKit"),
            ],
            path: "Benchmarks/Formats",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "OptimizerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "RouteOptimizer", package: "RaceKit"),
                .product(name: "GeoCore", package: "RaceKit"),
            ],
            path: "Benchmarks/Optimizer",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The live benchmark's ceiling (Benchmarks/live/run.sh): Hummingbird with nothing of RaceKit.
        .executableTarget(
            name: "hello-server",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/HelloServer"
        ),
    ],
    swiftLanguageModes: [.v6]
)
