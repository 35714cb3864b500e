// swift-tools-version:6.0
// RaceKit: geospatial race simulation and analytics. Module map: README.md and docs/architecture.md.
//
// Invariant-checking builds: with -DRACEKIT_INVARIANTS the grid index checks its cell table and
// runs after it is built (Geofencing/Index/GridIndex+Invariants.swift); with
// -DROUTE_OPTIMIZER_INVARIANTS the tour searches check the tour and its position index after
// every move and the kept length against a recount (RouteOptimizer/Solver). Both are off in
// normal builds (the checks cost O(n) per step); `make test-invariants` runs those modules' tests
// with them on, and .ci/run does too.
import PackageDescription

let package = Package(
    name: "RaceKit",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "racekit", targets: ["racekit"]),
        .library(name: "RaceKitCore", targets: ["RaceKitCore"]),
        .library(name: "GeoCore", targets: ["GeoCore"]),
        .library(name: "GeoProjection", targets: ["GeoProjection"]),
        .library(name: "Geofencing", targets: ["Geofencing"]),
        .library(name: "GeoFormats", targets: ["GeoFormats"]),
        .library(name: "RaceModel", targets: ["RaceModel"]),
        .library(name: "RouteOptimizer", targets: ["RouteOptimizer"]),
        .library(name: "RacePlanning", targets: ["RacePlanning"]),
        .library(name: "GameModes", targets: ["GameModes"]),
        .library(name: "RaceSimulation", targets: ["RaceSimulation"]),
        .library(name: "RaceCommands", targets: ["RaceCommands"]),
        .library(name: "RaceLive", targets: ["RaceLive"]),
        .library(name: "RaceServer", targets: ["RaceServer"]),
        .library(name: "RaceLivePostgres", targets: ["RaceLivePostgres"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // File descriptors (open, read, write, stat) without calling the C library directly, so
        // RaceKitCore's file reads and writes and GeoFormats' streaming reads build wherever
        // swift-system does.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // DocC: `make docs` builds each library's catalogue (Sources/<Module>/<Module>.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The live server (RaceLive, RaceServer): HTTP, logs, shutdown, token hashes, embedded storage.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // `racekit stream`: the HTTP client that plays tracks to a server as phones would.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The shared store for several server instances (RaceLivePostgres only).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // PROJ's C headers (libproj-dev; `make` installs it when it is missing). The library itself
        // is opened when first used, not linked: see Sources/CProj/shim.h.
        .systemLibrary(name: "CProj"),
        // A prefetch hint for the geofence index's batch query (a header only; nothing to link).
        .systemLibrary(name: "CMemoryHints"),
        // The bottom layer every module may use and nothing geographic: located diagnostics
        // (`InputError`), whole-file reads and safe writes, the strict JSON reader and writer, the
        // decimal grammar every reader shares.
        .target(name: "RaceKitCore", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "GeoCore"),
        .target(name: "GeoProjection", dependencies: ["GeoCore", "CProj"]),
        .target(name: "Geofencing", dependencies: ["RaceKitCore", "GeoCore", "CMemoryHints"]),
        .target(
            name: "GeoFormats",
            dependencies: ["RaceKitCore", "GeoCore", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "RaceModel", dependencies: ["RaceKitCore", "GeoCore", "Geofencing", "GeoFormats"]),
        // RaceKitCore for what its TSPLIB and matrix readers share with every reader (the JSON
        // reader, the decimal grammar, diagnostics); no file format stack, no XML.
        .target(name: "RouteOptimizer", dependencies: ["RaceKitCore", "GeoCore"]),
        // Race-level uses of the optimizer (a course's fair variants written into the race), shared by
        // `racekit optimize` and `racekit rehearse`; RouteOptimizer itself knows nothing of races.
        .target(name: "RacePlanning", dependencies: ["GeoCore", "RaceModel", "RouteOptimizer"]),
        // RaceKitCore for `JSONValue` (a mode's configuration, response files); no file format stack.
        .target(name: "GameModes", dependencies: ["RaceKitCore", "GeoCore", "RaceModel"]),
        .target(
            name: "RaceSimulation",
            dependencies: ["RaceKitCore", "GeoCore", "Geofencing", "GeoFormats", "RaceModel", "GameModes"]
        ),
        .target(
            name: "RaceCommands",
            dependencies: [
                "RaceKitCore", "GeoCore", "GeoProjection", "Geofencing", "GeoFormats", "RaceModel", "RouteOptimizer",
                "RacePlanning", "GameModes", "RaceSimulation", "RaceServer", "RaceLive", "RaceLivePostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The live race: its log, its storage (SQLite now, PostgreSQL later, behind one protocol) and
        // the engine that derives a race's state from the log. No HTTP here.
        .target(
            name: "RaceLive",
            dependencies: [
                "RaceKitCore", "GeoCore", "Geofencing", "GeoFormats", "RaceModel", "GameModes", "RaceSimulation",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The PostgreSQL LiveStore (`racekit serve --database postgres://…`): its own module, so only
        // what picks it (RaceCommands) links postgres-nio; RaceLive and RaceServer stay without it.
        .target(
            name: "RaceLivePostgres",
            dependencies: [
                "RaceLive", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `racekit serve`: the HTTP API over RaceLive (Hummingbird 2).
        .target(
            name: "RaceServer",
            dependencies: [
                "RaceKitCore", "GeoCore", "GeoFormats", "RaceModel", "RaceLive",
                "Geofencing", "GameModes", "RaceSimulation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The response encoder's place in the pipeline, below which event chunks go.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "racekit", dependencies: ["RaceCommands"]),
        .target(name: "RaceTestSupport", dependencies: ["GeoCore", "Geofencing"]),
        // Test stores for the live suites: SQLite always, PostgreSQL when RACEKIT_TEST_POSTGRES_URL is set.
        .target(
            name: "LiveStoreTestSupport",
            dependencies: [
                "RaceLive", "RaceLivePostgres", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "RaceKitCoreTests", dependencies: ["RaceKitCore", "GeoCore"]),
        .testTarget(name: "GeoCoreTests", dependencies: ["GeoCore", "RaceTestSupport"]),
        .testTarget(name: "GeoProjectionTests", dependencies: ["GeoProjection", "GeoCore"]),
        .testTarget(name: "GeofencingTests", dependencies: ["Geofencing", "GeoCore", "RaceKitCore", "RaceTestSupport"]),
        .testTarget(name: "GeoFormatsTests", dependencies: ["GeoFormats", "RaceKitCore", "GeoCore"], exclude: ["Fixtures"]),
        .testTarget(name: "RaceModelTests", dependencies: ["RaceModel", "RaceKitCore", "RaceTestSupport"]),
        .testTarget(name: "RouteOptimizerTests", dependencies: ["RouteOptimizer", "RaceKitCore", "GeoCore"], exclude: ["Fixtures"]),
        .testTarget(name: "RacePlanningTests", dependencies: ["RacePlanning", "RaceModel", "RouteOptimizer", "GeoCore"]),
        .testTarget(name: "GameModesTests", dependencies: ["GameModes", "RaceModel", "RaceKitCore", "GeoCore"]),
        .testTarget(name: "RaceSimulationTests", dependencies: ["RaceSimulation", "RaceModel", "RaceTestSupport"]),
        .testTarget(
            name: "RaceCommandsTests",
            dependencies: [
                "RaceCommands", "RaceTestSupport", "LiveStoreTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "RaceLiveTests",
            dependencies: [
                "RaceLive", "RaceSimulation", "RaceModel", "GameModes", "GeoCore", "GeoFormats", "RaceKitCore",
                "RaceTestSupport", "LiveStoreTestSupport", "RaceLivePostgres", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        .testTarget(
            name: "RaceServerTests",
            dependencies: [
                "RaceServer", "RaceLive", "LiveStoreTestSupport", "RaceModel", "RaceKitCore", "GeoFormats", "GeoCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
