import Foundation
import ShelfTestSupport

/// libfuse file systems (issue 21, items 2 to 4), on a bindfs mount (libfuse's high-level API,
/// mounted without `hard_remove`, as sshfs, rclone and s3fs are):
/// - a file shelf replaces must never be open while libfuse renames over it, or libfuse replaces
///   it in two steps (the old file to `.fuse_hidden…`, then the rename) and a cut between them
///   leaves neither file under the name. The daemon runs under strace: the target name must never
///   be renamed to a `.fuse_hidden` name, for save, copy, move and rename over an existing file,
///   and for the rewrites made from the old file: update, and an append's conversion of a single
///   value into an array;
/// - a rename or move without `--force` there links the new name, then unlinks the old one: the
///   state a cut between the two leaves (two links) must be finished by the same command run again;
/// - a `.fuse_hidden` file left by a cut (the daemon killed while a removed file was open) is not
///   the user's: not listed, not counted as a numbered name, removed by `clear`;
/// - the `generation` group, its sandboxes on bindfs, where a journal record's file is told without
///   handles or birth times.
enum LibfuseScenarios {
    static let replacers = ["save", "save-held", "copy", "move", "rename", "update", "append"]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        let replace = battery.scenario("libfuse: replace an open target", checked: "save, copy, move and rename over an existing file, update, and an append's conversion to an array, on bindfs: libfuse never hides the target first (strace of the daemon)") { report in
            if let reason = ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable) ?? (ScratchDisks.which("strace") == nil ? "strace is not installed" : nil) { report.skipped = reason; return }
            var rng = battery.random(for: "libfuse-replace")
            for round in 0..<(battery.full ? 4 : 1) {
                for replacer in replacers {
                    report.record(try replaceOnce(battery, by: replacer, &rng), run: "round \(round) \(replacer)")
                }
            }
        }
        let cut = battery.scenario("libfuse: cut rename", checked: "rename and move without --force on bindfs, cut between link and unlink (two links): the same command run again finishes it") { report in
            if let reason = ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable) { report.skipped = reason; return }
            for command in ["rename", "move"] { report.record(try finishCut(battery, command), run: command) }
        }
        let standIns = battery.scenario("libfuse: stand-ins", checked: "a .fuse_hidden file left by a killed daemon is not listed, not numbered, and clear removes it") { report in
            if let reason = ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable) { report.skipped = reason; return }
            report.record(try leftStandIn(battery), run: "daemon killed while a removed file was open")
        }
        return [replace, cut, standIns] + generationOnFUSE(battery)
    }

    /// The `generation` group again with its sandboxes on a bindfs mount: there a record's file is
    /// told by the record's evidence alone (FUSE inode numbers may be the daemon's own and handles
    /// last one mount, libfuse reports no birth time: `InodeNumberSource`), and no replacement,
    /// whatever inode number it got, may ever be rolled back.
    static func generationOnFUSE(_ battery: Battery) -> [ScenarioReport] {
        let name = "libfuse: generation"
        if let reason = ScratchDisks.fuseUnavailable(PrivateMount.reasonUnavailable) {
            return [battery.scenario(name, checked: "the generation group on bindfs") { $0.skipped = reason }]
        }
        let base: Sandbox, fuse: FuseMount
        do {
            base = try Sandbox(label: "libfuse-generation")
            fuse = try FuseMount(source: base.path("under"), mountPoint: base.path("mount"))
        } catch {
            return [battery.scenario(name, checked: "the generation group on bindfs") { _ in throw error }]
        }
        defer {
            fuse.release()
            base.destroy()
        }
        // Sandboxes are made in the temporary folder: this single-threaded harness points it at
        // the mount for the group's length.
        let saved = getenv("TMPDIR").map { String(cString: $0) }
        setenv("TMPDIR", base.path("mount"), 1)
        defer { if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") } }
        var onFUSE = battery
        onFUSE.prefix = "libfuse: "
        return GenerationScenarios.run(onFUSE)
    }

    /// `caches` and `documents` both on one bindfs mount (a rename or move between them is a
    /// rename inside the mount): the mount is the sandbox's cache folder, documents are below it.
    static func shelf(_ battery: Battery, _ arguments: [String], in sandbox: Sandbox, _ input: [UInt8]? = nil) throws -> ChildResult {
        try battery.shelf.run(arguments, in: sandbox, input: input.map { .bytes($0) } ?? .none,
                              environment: ["XDG_DOCUMENTS_DIR": sandbox.path("cache/docs")])
    }

    static func documents(_ sandbox: Sandbox) -> String { sandbox.path("cache/docs/shelf") }

    static func mounted(_ sandbox: Sandbox, trace: String? = nil) throws -> FuseMount {
        try FuseMount(source: sandbox.path("under"), mountPoint: sandbox.path("cache"), trace: trace)
    }

    static func replaceOnce(_ battery: Battery, by replacer: String, _ rng: inout SeededRandom) throws -> [String] {
        let sandbox = try Sandbox(label: "libfuse")
        defer { sandbox.destroy() }
        let trace = sandbox.path("trace.txt")
        let fuse = try mounted(sandbox, trace: trace)
        defer { fuse.release() }
        var checks = Checks()
        let old = Content.json(run: 1, size: rng.int(10...300), &rng), new = Content.json(run: 2, size: rng.int(10...300), &rng)
        // An append rewrites the whole file when it holds one value that is not an array.
        let first = replacer == "append" ? Array("{\"run\":0}".utf8) : old
        checks.expect(try shelf(battery, ["save", "caches", "t.json"], in: sandbox, first), in: [0], "first save")
        let source = replacer == "rename" ? "caches" : "documents"
        if ["copy", "move", "rename"].contains(replacer) {
            checks.expect(try shelf(battery, ["save", source, replacer == "rename" ? "s.json" : "t.json"], in: sandbox, new), in: [0], "save of the source")
        }
        // Another program holding the file open (a reader) makes libfuse hide it at any replace;
        // shelf's own replace must not add a holder of its own.
        let held = replacer == "save-held" ? open(sandbox.namespace("caches") + "/t.json", O_RDONLY) : -1
        let result: ChildResult
        switch replacer {
        case "save", "save-held": result = try shelf(battery, ["save", "caches", "t.json"], in: sandbox, new)
        case "rename": result = try shelf(battery, ["rename", "caches", "s.json", "t.json", "--force"], in: sandbox)
        case "update":
            let program = sandbox.path("new.json")
            try Sandbox.writeFile(program, new)
            result = try shelf(battery, ["update", "caches", "t.json", "--", "sh", "-c", "cat > /dev/null; cat \"$0\"", program], in: sandbox)
        case "append": result = try shelf(battery, ["append", "caches", "t.json", "--wrap"], in: sandbox, new)
        default: result = try shelf(battery, [replacer, "documents", "t.json", "caches", "--force"], in: sandbox)
        }
        if held >= 0 { close(held) }
        checks.expect(result, in: [0], replacer)
        let expected = replacer == "append" ? Array("[".utf8) + first + Array(",".utf8) + new + Array("]".utf8) : new
        checks.expect(Sandbox.readFile(sandbox.namespace("caches") + "/t.json") == expected, "the target does not hold the new content after \(replacer)")
        try fuse.unmount()
        let lines = String(decoding: Sandbox.readFile(trace) ?? [], as: UTF8.self).split(separator: "\n")
        if replacer != "save-held", let hidden = lines.first(where: { $0.contains("t.json\", \"") && $0.contains(".fuse_hidden") }) {
            checks.add("libfuse hid the target before renaming over it (a cut between the steps leaves neither file): \(hidden)")
        }
        return checks.problems
    }

    static func finishCut(_ battery: Battery, _ command: String) throws -> [String] {
        let sandbox = try Sandbox(label: "libfuse-cut")
        defer { sandbox.destroy() }
        let fuse = try mounted(sandbox)
        defer { fuse.release() }
        var checks = Checks()
        let content = Array("[\"cut\"]".utf8)
        checks.expect(try shelf(battery, ["save", "documents", "a.json"], in: sandbox, content), in: [0], "save")
        let source = documents(sandbox) + "/a.json"
        let target = command == "rename" ? documents(sandbox) + "/b.json" : sandbox.namespace("caches") + "/a.json"
        checks.expect(try shelf(battery, ["save", "caches", "x"], in: sandbox, []), in: [0], "save in caches")
        guard link(source, target) == 0 else { throw HarnessError("link on bindfs: \(String(cString: strerror(errno)))") }
        let again = command == "rename" ? try shelf(battery, ["rename", "documents", "a.json", "b.json"], in: sandbox)
            : try shelf(battery, ["move", "documents", "a.json", "caches"], in: sandbox)
        checks.expect(again, in: [0], "\(command) run again after the cut")
        checks.expect(RawFiles.status(Array(source.utf8)) == nil, "the source name is still there")
        checks.expect(Sandbox.readFile(target) == content, "the new name does not hold the file")
        return checks.problems
    }

    static func leftStandIn(_ battery: Battery) throws -> [String] {
        let sandbox = try Sandbox(label: "libfuse-hidden")
        defer { sandbox.destroy() }
        var fuse = try mounted(sandbox)
        defer { fuse.release() }
        var checks = Checks()
        for n in 0..<3 { checks.expect(try shelf(battery, ["append", "caches", "n/"], in: sandbox, Array("item \(n)".utf8)), in: [0], "append \(n)") }
        let held = open(sandbox.namespace("caches") + "/n/2", O_RDONLY)
        guard held >= 0 else { throw HarnessError("open n/2: \(String(cString: strerror(errno)))") }
        checks.expect(try shelf(battery, ["remove", "caches", "n/2"], in: sandbox), in: [0], "remove of the open file")
        fuse.killDaemon()
        close(held)
        fuse = try mounted(sandbox)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.namespace("caches") + "/n")) ?? []
        guard names.contains(where: { $0.hasPrefix(".fuse_hidden") }) else { return checks.problems + ["no .fuse_hidden file was left: nothing tested (\(names))"] }
        let list = try shelf(battery, ["list", "caches", "--recursive"], in: sandbox)
        checks.expect(list.out == "n/\nn/0\nn/1\n", "list shows \(list.out.debugDescription)")
        let next = try shelf(battery, ["append", "caches", "n/"], in: sandbox, Array("next".utf8))
        checks.expect(next.out == "2\n", "the next numbered name is \(next.out.debugDescription), not 2")
        checks.expect(try shelf(battery, ["clear", "caches"], in: sandbox), in: [0], "clear")
        // The cache tag stays at the top of `caches`; nothing else may.
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.namespace("caches"))) ?? []).filter { $0 != "CACHEDIR.TAG" }
        checks.expect(left.isEmpty, "clear left \(left)")
        return checks.problems
    }
}
