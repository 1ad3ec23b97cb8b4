import Foundation
import ShelfTestSupport

/// Depth: a tree as deep as `save` accepts (a 4,095-byte path, 1,100 folders) and a deeper one
/// made by another program (3,000 folders, which moves and renames can also build), through
/// every command that walks a tree: list -R (text and --json), copy, move within and across file
/// systems, remove, clear (everything, --older-than, --max-size, --dry-run). With 1,024 descriptors
/// (the usual limit) and with 64: the commands must hold a bounded number, not one per level. The
/// quick run takes 64 descriptors only, and the deeper tree through the commands that sync nothing.
enum DepthScenarios {
    static let commands: [[String]] = [
        ["list", "-R", "caches"], ["list", "-R", "--json", "caches"], ["copy", "caches", "ab", "documents"],
        ["move", "caches", "ab", "documents"], ["move", "caches", "ab", "temporary"], ["remove", "-r", "caches", "ab"],
        ["clear", "caches"], ["clear", "caches", "--older-than", "0s"], ["clear", "caches", "--max-size", "0"],
        ["clear", "caches", "--dry-run"],
    ]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("depth", checked: "1,100 (saved) and 3,000 (made by another program) folders deep through list -R, copy, move (both kinds), remove, clear, with 1,024 and 64 descriptors") { report in
            for (depth, made) in [(1_100, "saved"), (3_000, "made")] {
                for openFiles: UInt64 in battery.full ? [1024, 64] : [64] {
                    // The quick run walks the deeper tree with the commands that sync nothing.
                    for command in commands where battery.full || depth == 1_100 || ["list", "remove", "clear"].contains(command[0]) {
                        let sandbox = try Sandbox(label: "deep")
                        defer { sandbox.destroy() }
                        let second = SecondFileSystem(beside: sandbox)
                        defer { second.release() }
                        if command.contains("temporary") && second.unavailable != nil { continue }
                        let environment = second.path.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
                        let problems = try check(battery, command, depth: depth, saved: made == "saved", sandbox: sandbox,
                                                 environment: environment, limits: ChildLimits(openFiles: openFiles))
                        report.record(problems, run: "\(command.joined(separator: " ")) at depth \(depth) (\(made)), \(openFiles) descriptors")
                    }
                }
            }
        }]
    }

    static func check(_ battery: Battery, _ command: [String], depth: Int, saved: Bool, sandbox: Sandbox,
                      environment: [String: String], limits: ChildLimits) throws -> [String] {
        var checks = Checks()
        let path = (0..<depth).map { _ in "ab" }.joined(separator: "/") + "/f.txt"
        if saved {
            let result = try battery.shelf.run(["save", "caches", path], in: sandbox, input: .bytes(Array("deep".utf8)), limits: limits)
            checks.expect(result, in: [0], "save of a \(path.utf8.count)-byte path")
            if result.status != 0 { return checks.problems }
        } else {
            try makeTree(sandbox.namespace("caches"), depth: depth)
        }
        let result = try battery.shelf.run(command, in: sandbox, environment: environment, limits: limits, timeout: 120)
        checks.expect(result, in: [0], command.joined(separator: " ") + " of the deep tree")
        checks.expectNoCrashReport(result, command[0])
        if command[0] == "list" || command.contains("--dry-run") {
            checks.expect(result.out.contains("/ab/f.txt"), "\(command.joined(separator: " ")) does not name the deepest file")
        }
        let moved = command[0] == "move", kept = command[0] == "list" || command[0] == "copy" || command.contains("--dry-run")
        let namespace = { (directory: String) in directory == "temporary" ? environment["XDG_RUNTIME_DIR"].map { $0 + "/shelf" } ?? sandbox.namespace(directory) : sandbox.namespace(directory) }
        checks.expect(deepFileExists(namespace("caches"), depth: depth) == kept,
                      "after \(command.joined(separator: " ")) the deepest file is \(kept ? "missing from" : "still in") caches")
        if moved || command[0] == "copy" {
            checks.expect(deepFileExists(namespace(command[3]), depth: depth), "after \(command.joined(separator: " ")) the deepest file is missing from \(command[3])")
        }
        return checks.problems
    }

    /// `f.txt` at the bottom of `depth` nested folders `ab`, opened with openat as deep as it goes
    /// (no path is ever longer than one name); `making` makes the folders and the file, as any
    /// program may. -1 if it is not there.
    static func deepFile(_ namespace: String, depth: Int, making: Bool) -> Int32 {
        var folder = open(namespace, O_RDONLY | O_DIRECTORY)
        for _ in 0..<depth where folder >= 0 {
            if making { _ = mkdirat(folder, "ab", 0o700) }
            let next = openat(folder, "ab", O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            close(folder)
            folder = next
        }
        guard folder >= 0 else { return -1 }
        defer { close(folder) }
        return making ? openat(folder, "f.txt", O_WRONLY | O_CREAT | O_EXCL, 0o600) : openat(folder, "f.txt", O_RDONLY | O_NOFOLLOW)
    }

    /// Whether the deepest `f.txt` holds `deep`.
    static func deepFileExists(_ namespace: String, depth: Int) -> Bool {
        let file = deepFile(namespace, depth: depth, making: false)
        guard file >= 0 else { return false }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 16)
        return read(file, &buffer, 16) == 4 && buffer.prefix(4).elementsEqual("deep".utf8)
    }

    static func makeTree(_ namespace: String, depth: Int) throws {
        try FileManager.default.createDirectory(atPath: namespace, withIntermediateDirectories: true)
        let file = deepFile(namespace, depth: depth, making: true)
        guard file >= 0 else { throw POSIXError(.EIO) }
        defer { close(file) }
        try Child.writeAll(file, Array("deep".utf8))
    }
}
