// swift-tools-version:6.0
import PackageDescription

// The validator's wide kernels are compiled for newer processors than baseline x86_64: one for
// AVX-512BW (Skylake-SP and later), one for AVX2 (Haswell and later), each run only where
// `cpuid` finds what its level has (ShelfCore's BlockKernel.swift); everything else stays baseline.
// A processor level for one target can only be given as `unsafeFlags`, and SwiftPM refuses a
// package with unsafe flags as a dependency added by version: so only a build that asks for them
// (the Makefile exports SHELF_WIDE_KERNELS=1 for every build it makes) gets them. Without it the
// kernel targets compile to nothing and ShelfCore, told so by no SHELF_WIDE_KERNELS define,
// classifies with SSE2 alone.
let wideKernels = Context.environment["SHELF_WIDE_KERNELS"] == "1"
// The kernel targets also compile ShelfCore's block loop (links to its files), which
// SHELF_KERNEL_TARGET leaves out of them when they are empty.
let kernelTarget: SwiftSetting = .define("SHELF_KERNEL_TARGET")
#if arch(x86_64)
let avx512Settings: [SwiftSetting] = [kernelTarget] + (wideKernels ? [.unsafeFlags(["-target-cpu", "skylake-avx512"]), .define("SHELF_WIDE_KERNELS")] : [])
let avx2Settings: [SwiftSetting] = [kernelTarget] + (wideKernels ? [.unsafeFlags(["-target-cpu", "haswell"]), .define("SHELF_WIDE_KERNELS")] : [])
let coreSettings: [SwiftSetting] = wideKernels ? [.define("SHELF_WIDE_KERNELS")] : []
#else
let avx512Settings: [SwiftSetting] = [kernelTarget]
let avx2Settings: [SwiftSetting] = [kernelTarget]
let coreSettings: [SwiftSetting] = []
#endif

let package = Package(
    name: "shelf",
    products: [
        .library(name: "Shelf", targets: ["Shelf"]),
        .library(name: "ShelfCore", targets: ["ShelfCore"]),
        .executable(name: "shelf", targets: ["shelf"]),
    ],
    targets: [
        // The engine: all the work, no printing, no exiting. The standard library, Glibc and the C
        // shim only: no Foundation, so the command line neither links nor starts it
        // (docs/architecture.md).
        .target(name: "ShelfCore", dependencies: ["CShelfLinux", "ShelfKernelsAVX512", "ShelfKernelsAVX2"], swiftSettings: coreSettings),
        // The JSON validator's block path on 64-byte vectors: the classification and ShelfCore's
        // block loop (links to its JSON/Blocks files), one source built for two processor levels
        // (ShelfKernelsAVX2's files are links to ShelfKernelsAVX512's); ShelfCore calls one only
        // after checking the processor (docs/json.md, "Blocks of 64 bytes").
        .target(name: "ShelfKernelsAVX512", swiftSettings: avx512Settings),
        .target(name: "ShelfKernelsAVX2", swiftSettings: avx2Settings),
        // The Swift API for app developers (Disk, Codable, storages, JSONFolder) on Foundation,
        // over the engine; `import Shelf` brings the engine's public types too. Without package
        // access: it is built on the engine's public API alone, as an app would be, so the
        // compiler refuses any `package` symbol of the engine here (FacadeBoundaryTests).
        .target(name: "Shelf", dependencies: ["ShelfCore"], packageAccess: false),
        // Linux calls Swift's Glibc module lacks (renameat2, copy_file_range, f*xattr), declared
        // in C so that they work in the fully static release binary too.
        .target(name: "CShelfLinux"),
        // The hand parser, the command table and one file per subcommand: on the engine alone, so
        // the command line links no Foundation (a test checks the built binary).
        .target(name: "ShelfCLI", dependencies: ["ShelfCore"]),
        // The command line's pre-initialiser, which blocks the ending signals before the Swift
        // runtime's initialiser installs its crash handler: for the executable alone.
        .target(name: "CShelfStart", dependencies: ["CShelfLinux"]),
        // A few lines: run the CLI, exit with its status.
        .executableTarget(name: "shelf", dependencies: ["ShelfCLI", "CShelfStart"]),
        // What the tests, the battery and the bench share: the throwaway home, spawning a program
        // with its standard streams (as nobody too), and scratch file systems (loop images, libfuse
        // mounts, private tmpfs); the simulator too, for the one table printer. Test tools only,
        // so it may use Foundation; never a dependency of anything shipped.
        .target(name: "ShelfTestSupport"),
        // The reliability battery (docs/reliability.md): runs a built `shelf`; a test tool, not shipped,
        // so it may use Foundation. It reads the command table (ShelfCLI's `CommandOutline`) so that
        // its argv fuzzing covers every command.
        .executableTarget(name: "shelf-reliability", dependencies: ["ShelfCLI", "ShelfTestSupport"]),
        // The power-loss simulator (docs/reliability.md, "Power loss"): runs the engine in-process
        // on a model of the file system behind the `Kernel` protocol; a test tool, never shipped.
        .executableTarget(name: "shelf-crashsim", dependencies: ["ShelfCore", "ShelfCLI", "ShelfTestSupport"]),
        // `make bench`: times the release binary against cat, cp, rm, jq and a Disk-style rewrite,
        // and the Swift library in process against Disk's strategy. Not shipped and not a
        // dependency of anything; the command line it runs only as a separate process; the JSON
        // validator it times in memory.
        .executableTarget(name: "shelf-bench", dependencies: ["Shelf", "ShelfTestSupport"], path: "Benchmarks/shelf-bench"),
        // A program written for Disk, as Disk's README writes it, built against Shelf: the tests
        // run it in a throwaway home to show that Disk code ports by changing the import.
        .executableTarget(name: "disk-port", dependencies: ["Shelf"], path: "Tests/DiskPort"),
        .testTarget(name: "ShelfTests", dependencies: ["ShelfCore", "Shelf", "ShelfCLI", "ShelfTestSupport", "shelf-bench", "shelf-crashsim", "shelf-reliability"]),
    ]
)
