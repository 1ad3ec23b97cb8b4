import Foundation
import ShelfTestSupport

/// Generation confusion: an append killed once its journal record is durable (the append engine's
/// own failpoints, `SHELF_TEST_CRASH_AT`), then the name is given a new file by save, remove and
/// save, rename, move (same and another file system), copy or another program, again and again
/// until the new file gets the old inode number (ext4 and XFS reuse them). The new file must come
/// back whole: a record applies only to the file generation it was written for. Another program
/// may also rewrite the file through its own inode (`cp` over it, an editor saving in place):
/// the same inode, birth time and handle, and still not the file the record was written for.
/// `sync` replaces a `.json` file too (its files are objects, so not in the shape a record
/// mistakes for its own; it shows that sync retires the record like a save).
enum GenerationScenarios {
    enum Kind: String, CaseIterable { case raw = "log", lines = "jsonl", array = "json" }
    static let replacers = ["save", "remove+save", "rename", "move", "move-cross-fs", "copy", "outside", "outside-in-place", "sync"]
    static let points = ["journal", "partial-data"]
    static let triesForReuse = 12

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("generation", checked: "append killed after its journal record; name replaced until its inode is reused; retrieve and append keep the new file whole", sandbox: "generation") { report, sandbox in
            var rng = battery.random(for: "generation")
            let second = SecondFileSystem(beside: sandbox)
            defer { second.release() }
            let environment = second.path.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
            var reused = 0, runs = 0
            var failedBy: [String: Int] = [:]
            for round in 0..<(battery.full ? 3 : 1) {
                for kind in Kind.allCases {
                    for point in points {
                        for replacer in replacers {
                            if replacer == "move-cross-fs" && second.path == nil { continue }
                            if replacer == "sync" && kind != .array { continue }
                            runs += 1
                            let name = replacer == "sync" ? "s\(runs)/g.json" : "g\(runs).\(kind.rawValue)"
                            let context = Context(battery: battery, sandbox: sandbox, environment: environment, name: name)
                            let (problems, didReuse) = try context.attack(kind, point: point, replacer: replacer, &rng)
                            if didReuse { reused += 1 }
                            if !problems.isEmpty { failedBy["\(replacer)/\(kind)", default: 0] += 1 }
                            report.record(problems, run: "round \(round) \(kind) killed at \(point), replaced by \(replacer)")
                        }
                    }
                }
            }
            if let reason = second.unavailable { report.note("move-cross-fs skipped: \(reason)") }
            if !failedBy.isEmpty { report.note("failed by replacer/kind: " + failedBy.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")) }
            report.note("\(reused) of \(runs) replacements got the killed file's inode number back (the dangerous case)")
        }]
    }

    struct Context {
        let battery: Battery
        let sandbox: Sandbox
        let environment: [String: String]
        let name: String

        var file: String { sandbox.namespace("caches") + "/" + name }

        func shelf(_ arguments: [String], _ input: [UInt8]? = nil, extra: [String: String] = [:]) throws -> ChildResult {
            try battery.shelf.run(arguments, in: sandbox, input: input.map { .bytes($0) } ?? .none,
                                  environment: environment.merging(extra) { $1 })
        }

        func inode() -> ino_t? { RawFiles.status(Array(file.utf8))?.st_ino }

        func attack(_ kind: Kind, point: String, replacer: String, _ rng: inout SeededRandom) throws -> ([String], Bool) {
            var checks = Checks()
            let (old, item) = GenerationScenarios.contents(kind, &rng)
            let saved = try shelf(["save", "caches", name], old)
            guard saved.status == 0 else { return (["first save: \(saved.summary)"], false) }
            let killed = try shelf(["append", "caches", name], item, extra: [Failpoints.variable: point])
            guard killed.signal == SIGKILL else { return (["the append armed to die at \(point) did not: \(killed.summary)"], false) }
            guard let killedInode = inode() else { return (["the file vanished after the killed append"], false) }
            // The replacement keeps the bytes the record's fingerprint looks at and has a length
            // the killed append could have left: exactly what a careless recovery mistakes for it.
            let new = replacer == "sync" ? Array("{\"id\":\"g\",\"v\":\(rng.int(1...1_000_000))}".utf8)
                : GenerationScenarios.replacement(kind, old: old, item: item, &rng)
            var sameInode = false
            for _ in 0..<triesForReuse {
                checks.problems += try replace(with: new, by: replacer)
                if !checks.problems.isEmpty { return (checks.problems, false) }
                if inode() == killedInode { sameInode = true; break }
            }
            let read = try shelf(["retrieve", "caches", name])
            checks.expect(read, in: [0], "retrieve after the replacement")
            checks.expect(read.stdout == new, "retrieve gave \(read.stdout.count) bytes, not the \(new.count) of the replacing \(replacer): the stale journal record rolled the new file back")
            let more = GenerationScenarios.contents(kind, &rng).1
            // A file sync replaced holds one object: the command line wraps it only when asked.
            let appended = try shelf(["append", "caches", name] + (replacer == "sync" ? ["--wrap"] : []), more)
            checks.expect(appended, in: [0], "append after the replacement")
            let expected = replacer == "sync" ? Array("[".utf8) + new + [UInt8(ascii: ",")] + more + [UInt8(ascii: "]")]
                : kind == .array ? Array(new.dropLast()) + [UInt8(ascii: ",")] + more + [UInt8(ascii: "]")] : new + more
            let after = try shelf(["retrieve", "caches", name])
            checks.expect(after.stdout == expected, "after one more append the file holds \(after.stdout.count) bytes, not the \(expected.count) of the replacement plus the item")
            return (checks.problems, sameInode)
        }

        /// Gives the name a new file holding `bytes`, the way `replacer` does.
        func replace(with bytes: [UInt8], by replacer: String) throws -> [String] {
            var steps: [(String, ChildResult)] = []
            switch replacer {
            case "save": steps.append(("save", try shelf(["save", "caches", name], bytes)))
            case "remove+save":
                steps.append(("remove", try shelf(["remove", "caches", name])))
                steps.append(("save", try shelf(["save", "caches", name], bytes)))
            case "rename":
                steps.append(("save other", try shelf(["save", "caches", name + ".new"], bytes)))
                steps.append(("rename --force", try shelf(["rename", "caches", name + ".new", name, "--force"])))
            case "move", "move-cross-fs", "copy":
                let from = replacer == "move-cross-fs" ? "temporary" : "documents", verb = replacer == "copy" ? "copy" : "move"
                steps.append(("save in \(from)", try shelf(["save", from, name], bytes)))
                steps.append(("\(verb) --force", try shelf([verb, from, name, "caches", "--force"])))
            case "sync":
                // The folder holds the one element's file, `g.json`: sync replaces it atomically.
                let folder = String(name.split(separator: "/")[0])
                steps.append(("sync", try shelf(["sync", "caches", folder], Array("[".utf8) + bytes + Array("]".utf8))))
            case "outside-in-place":
                // Another program rewrites the file through its own inode (cp over it, an editor).
                let fd = open(file, O_WRONLY | O_TRUNC)
                guard fd >= 0 else { throw HarnessError("open \(file): \(String(cString: strerror(errno)))") }
                defer { close(fd) }
                try Child.writeAll(fd, bytes)
            default:
                // Another program writes a new file and renames it over the name.
                let temporary = file + ".outside"
                try Sandbox.writeFile(temporary, bytes)
                guard rename(temporary, file) == 0 else { throw HarnessError("rename over \(file): \(String(cString: strerror(errno)))") }
            }
            return steps.compactMap { step, result in
                result.exited && result.status == 0 ? nil : "\(step) while replacing: \(result.summary)"
            }
        }
    }

    /// The stored file and an item to append to it.
    static func contents(_ kind: Kind, _ rng: inout SeededRandom) -> ([UInt8], [UInt8]) {
        let size = rng.int(40...400)
        switch kind {
        case .raw: return (rng.text(rng.int(1...300)) + [10], rng.text(size) + [10])
        case .lines: return (Content.json(run: 1, size: 60, &rng) + [10] + Content.json(run: 2, size: 80, &rng) + [10],
                             Content.json(run: 3, size: size, &rng) + [10])
        case .array: return (Array("[".utf8) + Content.json(run: 1, size: rng.int(20...200), &rng) + Array("]".utf8),
                             Content.json(run: 3, size: size, &rng))
        }
    }

    /// Old bytes plus a shorter addition: the same bytes before the append's offset, a length
    /// between the old one and the one the append would have made.
    static func replacement(_ kind: Kind, old: [UInt8], item: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        switch kind {
        case .raw: return old + rng.text(rng.int(1...(item.count - 1))) + [10]
        case .lines: return old + Content.json(run: 9, size: rng.int(20...(item.count - 1)), &rng) + [10]
        case .array: return Array(old.dropLast()) + Array(",".utf8) + Content.json(run: 9, size: rng.int(20...item.count), &rng) + Array("]".utf8)
        }
    }
}

/// The append engine's crash points, as the binary reads them from its environment.
enum Failpoints {
    static let variable = "SHELF_TEST_CRASH_AT"
}
