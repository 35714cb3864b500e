// swift-tools-version:6.0
// A game mode from another package: RaceKit is a dependency, not a fork.
//   cd Examples/CustomMode && swift run custom-mode-demo
import PackageDescription

let package = Package(
    name: "CustomMode",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LastOneStanding", targets: ["LastOneStanding"])
    ],
    dependencies: [
        // In your own package: .package(url: "https://…/RaceKit.git", from: "0.1.0")
        .package(name: "RaceKit", path: "../..")
    ],
    targets: [
        .target(
            name: "LastOneStanding",
            dependencies: [
                .product(name: "GameModes", package: "RaceKit"),
                .product(name: "RaceModel", package: "RaceKit"),
            ]
        ),
        .executableTarget(
            name: "custom-mode-demo",
            dependencies: [
                "LastOneStanding",
                .product(name: "GameModes", package: "RaceKit"),
                .product(name: "RaceModel", package: "RaceKit"),
                .product(name: "GeoCore", package: "RaceKit"),
                .product(name: "GeoFormats", package: "RaceKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
