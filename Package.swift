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
        .target(name: "Shelf", dependencies: ["CShelfLinux"]),
        // Linux calls Swift's Glibc module lacks (renameat2, copy_file_range, f*xattr), declared
        // in C so that they work in the fully static release binary too.
        .target(name: "CShelfLinux"),
        // The hand parser, the command table and one file per subcommand.
        .target(name: "ShelfCLI", dependencies: ["Shelf"]),
        // A few lines: run the CLI, exit with its status.
        .executableTarget(name: "shelf", dependencies: ["ShelfCLI"]),
        // The reliability battery (docs/reliability.md): runs a built `shelf`; a test tool, not shipped,
        // so it may use Foundation.
        .executableTarget(name: "shelf-reliability"),
        // `make bench`: times the release binary against cat, cp, rm, jq and a Disk-style rewrite.
        // Not shipped and not a dependency of anything; it runs shelf as a separate process, and links
        // the library only to time the JSON validator in memory.
        .executableTarget(name: "shelf-bench", dependencies: ["Shelf"], path: "Benchmarks/shelf-bench"),
        .testTarget(name: "ShelfTests", dependencies: ["Shelf", "ShelfCLI", "shelf-bench"]),
    ]
)
