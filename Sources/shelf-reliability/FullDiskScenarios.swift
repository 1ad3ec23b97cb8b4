import Foundation
import ShelfTestSupport

/// Writes that cannot complete: a full disk, a read-only file system, an input that fails with
/// EIO, a file-size limit. Each must fail with its documented status and a message, leave the old
/// content and no temp file, and succeed once the cause is gone.
enum FullDiskScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [noSpace(battery), readOnlyFileSystem(battery), inputError(battery), fileSizeLimit(battery)]
    }

    /// One write that must fail now and succeed later.
    struct Operation {
        let label: String
        let arguments: [String]
        let input: [UInt8]?
        /// Checks, through shelf, that the failed attempt changed nothing.
        let unchanged: () throws -> [String]
        /// Checks that the later, successful attempt did its work.
        let done: () throws -> [String]
    }

    static func noSpace(_ battery: Battery) -> ScenarioReport {
        battery.scenario("full disk (ENOSPC)", checked: "save/move/copy/append on a full tmpfs: exit 74 'no space', old content kept, no temp file; succeed after freeing space") { report in
            if let reason = PrivateMount.reasonUnavailable { report.skipped = reason; return }
            try failThenRecover(battery, report, size: 4 << 20, random: "full-disk",
                                cause: { try fill($0.path + "/filler") }, cure: { _ = unlink($0.path + "/filler") },
                                failing: ("on a full disk", "no space", "disk full"), recovered: ("after freeing space", "space freed"))
        }
    }

    /// Every operation once while `cause` holds (exit 74 with a message `saying` why, nothing
    /// changed), then once more after `cure` (done); no temp file either time. Documents and caches
    /// live on a small private tmpfs of `size` bytes; temporary stays on disk.
    static func failThenRecover(_ battery: Battery, _ report: ScenarioReport, size: Int, random: String,
                                cause: (PrivateMount) throws -> Void, cure: (PrivateMount) throws -> Void,
                                failing: (when: String, saying: String, run: String), recovered: (when: String, run: String)) throws {
        let sandbox = try Sandbox(label: "full-disk")
        defer { sandbox.destroy() }
        let mount = try PrivateMount(in: sandbox.root, size: size, label: "small")
        defer { mount.unmount() }
        let environment = ["XDG_DOCUMENTS_DIR": mount.path + "/docs", "XDG_CACHE_HOME": mount.path + "/cache"]
        var rng = battery.random(for: random)
        let operations = try prepare(battery, sandbox, environment, &rng)
        try cause(mount)
        for failed in [true, false] {
            if !failed { try cure(mount) }
            for operation in operations {
                var checks = Checks()
                let result = try battery.shelf.run(operation.arguments, in: sandbox, input: operation.input.map(ChildInput.bytes) ?? .none,
                                                   environment: environment)
                if failed {
                    checks.expect(result, in: [74], "\(operation.label) \(failing.when)")
                    checks.expect(result.err.lowercased().contains(failing.saying), "\(operation.label): the message does not say '\(failing.saying)': \(result.err.prefix(200))")
                    checks.problems += try operation.unchanged()
                } else {
                    checks.expect(result, in: [0], "\(operation.label) \(recovered.when)")
                    checks.problems += try operation.done()
                }
                checks.expect(Sandbox.reservedLeftovers(mount.path).isEmpty, "temp files remain: \(Sandbox.reservedLeftovers(mount.path).prefix(3))")
                report.record(checks.problems, run: "\(operation.label), \(failed ? failing.run : recovered.run)")
            }
        }
    }

    /// Old content in place, and the writes to try: each replaces or adds something of 64 KB.
    static func prepare(_ battery: Battery, _ sandbox: Sandbox, _ environment: [String: String],
                        _ rng: inout SeededRandom) throws -> [Operation] {
        let shelf = battery.shelf
        func run(_ arguments: [String], _ input: [UInt8]? = nil) throws -> ChildResult {
            try shelf.run(arguments, in: sandbox, input: input.map(ChildInput.bytes) ?? .none, environment: environment)
        }
        func must(_ arguments: [String], _ input: [UInt8]? = nil) throws {
            let result = try run(arguments, input)
            guard result.exited && result.status == 0 else { throw HarnessError("\(arguments.joined(separator: " ")): \(result.summary)") }
        }
        func holds(_ directory: String, _ path: String, _ bytes: [UInt8]) throws -> [String] {
            let read = try run(["retrieve", directory, path])
            return read.status == 0 && read.stdout == bytes ? [] : ["\(directory) \(path) does not hold its \(bytes.count) bytes: \(read.summary), \(read.stdout.count) bytes"]
        }
        func absent(_ directory: String, _ path: String) throws -> [String] {
            try run(["exists", directory, path]).status == 1 ? [] : ["\(directory) \(path) exists"]
        }
        let old = Content.json(run: 0, size: 2000, &rng), new = Content.json(run: 1, size: 64 << 10, &rng)
        let moving = rng.bytes(64 << 10), copying = rng.bytes(64 << 10), tiny: [UInt8] = [65]
        try must(["save", "documents", "state.json"], old)
        try must(["save", "temporary", "incoming.bin"], moving)
        try must(["save", "caches", "source.bin"], copying)
        let inbox = environment["XDG_DOCUMENTS_DIR"]! + "/shelf/inbox"
        let item = Content.json(run: 2, size: 64 << 10, &rng), line = Content.json(run: 3, size: 64 << 10, &rng) + [10]
        let firstLine = Content.json(run: 4, size: 100, &rng) + [10]
        try must(["save", "documents", "list.json"], Array("[1]".utf8))
        try must(["save", "documents", "log.jsonl"], firstLine)
        try must(["save", "documents", "raw.log"], tiny)
        return [
            Operation(label: "save (replace)", arguments: ["save", "documents", "state.json"], input: new,
                      unchanged: { try holds("documents", "state.json", old) }, done: { try holds("documents", "state.json", new) }),
            Operation(label: "save (1 byte, new folders)", arguments: ["save", "documents", "new/sub/one.txt"], input: tiny,
                      unchanged: { try absent("documents", "new/sub/one.txt") }, done: { try holds("documents", "new/sub/one.txt", tiny) }),
            Operation(label: "move (from another file system)", arguments: ["move", "temporary", "incoming.bin", "documents"], input: nil,
                      unchanged: { try holds("temporary", "incoming.bin", moving) + absent("documents", "incoming.bin") },
                      done: { try holds("documents", "incoming.bin", moving) + absent("temporary", "incoming.bin") }),
            Operation(label: "copy", arguments: ["copy", "caches", "source.bin", "documents"], input: nil,
                      unchanged: { try absent("documents", "source.bin") + holds("caches", "source.bin", copying) },
                      done: { try holds("documents", "source.bin", copying) }),
            Operation(label: "append (array)", arguments: ["append", "documents", "list.json"], input: item,
                      unchanged: { try holds("documents", "list.json", Array("[1]".utf8)) },
                      done: { Content.parseJSON(try run(["retrieve", "documents", "list.json"]).stdout).flatMap { $0 as? [Any] }?.count == 2 ? [] : ["the array does not hold 2 items"] }),
            Operation(label: "append (JSON Lines)", arguments: ["append", "documents", "log.jsonl"], input: line,
                      unchanged: { try holds("documents", "log.jsonl", firstLine) }, done: { try holds("documents", "log.jsonl", firstLine + line) }),
            Operation(label: "append (raw)", arguments: ["append", "documents", "raw.log"], input: moving,
                      unchanged: { try holds("documents", "raw.log", tiny) }, done: { try holds("documents", "raw.log", tiny + moving) }),
            Operation(label: "append (folder)", arguments: ["append", "documents", "inbox/"], input: copying,
                      unchanged: { Visibility.visibleEntries(inbox).isEmpty ? [] : ["the folder has files: \(Visibility.visibleEntries(inbox).sorted())"] },
                      done: {
                          let names = Visibility.visibleEntries(inbox)
                          return names.count == 1 && Sandbox.readFile(inbox + "/" + names.first!) == copying ? [] : ["the folder holds \(names.sorted()), not one file with the item"]
                      }),
        ]
    }

    /// Fills the file system holding `path` to the last byte.
    static func fill(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HarnessError("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        for size in [1 << 16, 1 << 12, 1] {
            let chunk = [UInt8](repeating: 0x2E, count: size)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, size) }) == size {}
        }
    }
}
