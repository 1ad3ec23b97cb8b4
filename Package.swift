// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "shelf",
    products: [
        .library(name: "Shelf", targets: ["Shelf"]),
        .executable(name: "shelf", targets: ["shelf"]),
    ],
    targets: [
        // The library: all the work, no printing, no exiting.
        .target(name: "Shelf"),
        // The hand parser, the command table and one file per subcommand.
        .target(name: "ShelfCLI", dependencies: ["Shelf"]),
        // A few lines: run the CLI, exit with its status.
        .executableTarget(name: "shelf", dependencies: ["ShelfCLI"]),
        // The reliability battery (docs/reliability.md): runs a built `shelf`; a test tool, not shipped,
        // so it may use Foundation.
        .executableTarget(name: "shelf-reliability"),
        .testTarget(name: "ShelfTests", dependencies: ["Shelf", "ShelfCLI"]),
    ]
)
