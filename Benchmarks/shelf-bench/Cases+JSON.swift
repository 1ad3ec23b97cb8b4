/// JSON cases: validation against jq, O(item) appends against appends to a small file and
/// against Disk's read-decode-append-encode-rewrite.
extension Cases {
    static func json(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let source = w.plain("big-source.json")
        let validate = BenchCase(
            name: "validate + save \(Scale.bytes(scale.bigJSON)) JSON",
            shelf: Side(label: "shelf save") { _ in shelf(w, "save", "caches", "big.json", input: .file(source)) },
            baseline: Side(label: "jq empty") { _ in Command(arguments: [w.program("jq"), "empty"], input: .file(source)) },
            target: .fasterBy(5), repetitions: scale.slow, tools: ["jq"],
            setUp: { try DataFiles.writeArray(source, bytes: scale.bigJSON) },
            tearDown: { w.remove(source, w.caches() + "/big.json") })
        return [.paired(validate)]
    }

    static func appends(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let item = w.plain("item.json")
        let big = "append-big.json", small = "append-small.json"
        let sizes = BenchCase(
            name: "append 1 item to a \(Scale.bytes(scale.bigJSON)) array",
            shelf: Side(label: "shelf append") { _ in shelf(w, "append", "caches", big, input: .file(item)) },
            baseline: Side(label: "shelf append to a 1 KB array") { _ in
                shelf(w, "append", "caches", small, input: .file(item))
            },
            target: .atMost(1.5), repetitions: scale.small, warmUp: true, commands: ["append"],
            setUp: {
                try writeItems(w)
                try DataFiles.writeArray(w.caches() + "/" + big, bytes: scale.bigJSON)
                try DataFiles.writeArray(w.caches() + "/" + small, bytes: 1000)
            },
            tearDown: { w.remove(w.caches() + "/" + small, w.caches() + "/" + big) })
        var cases: [Benchmark] = [.paired(sizes)]
        // Disk's append at the issue's sizes, then at the big array's; the last has a target.
        let counts = [(1_000, scale.small), (10_000, scale.medium), (100_000, scale.large)]
        for (count, repetitions) in counts {
            cases.append(.paired(diskRewrite(w, name: "append 1 item to a \(Scale.count(count))-item array",
                                             stored: "rewrite-\(count).json", items: count, bytes: .max,
                                             target: .none, repetitions: repetitions)))
        }
        cases.append(.paired(diskRewrite(w, name: "append 1 item to a \(Scale.bytes(scale.bigJSON)) array",
                                         stored: big, items: .max, bytes: scale.bigJSON,
                                         target: .fasterBy(100), repetitions: scale.large)))
        // JSON Lines on disk, where shelf's fsyncs (journal, folder, file, folder) meet `>>`'s none,
        // then with `sync f` added to the baseline, then on tmpfs, where an fsync costs nothing.
        cases.append(.paired(lines(w, scale, suffix: "", sync: false, target: .atMost(2))))
        cases.append(.paired(lines(w, scale, suffix: " (baseline fsyncs too)", sync: true, target: .none)))
        if let temporary = w.temporary {
            cases.append(.paired(lines(w, scale, suffix: ", tmpfs", sync: false, target: .atMost(2),
                                       on: ("temporary", temporary, temporary + "-plain/"))))
        }
        return cases
    }

    /// The item and the line the append cases append.
    private static func writeItems(_ w: Workspace) throws {
        try writeText(w.plain("item.json"), DataFiles.record(9_999_999))
        try writeText(w.plain("line.jsonl"), DataFiles.record(9_999_999) + "\n")
    }

    /// shelf append of one line against `echo >> f` (and, with `sync`, `echo >> f && sync f`), in
    /// caches unless `on` names another directory, its folder and the baseline's.
    private static func lines(_ w: Workspace, _ scale: Scale, suffix: String, sync: Bool, target: Target,
                              on place: (directory: String, base: String, plainBase: String)? = nil) -> BenchCase {
        let (directory, base, plainBase) = place ?? ("caches", w.caches(), w.plain(""))
        let line = w.plain("line.jsonl"), stored = base + "/log.jsonl", plain = plainBase + "log.jsonl"
        let script = sync ? #"echo "$1" >> "$2" && sync "$2""# : #"echo "$1" >> "$2""#
        return BenchCase(
            name: "append 1 line to JSON Lines" + suffix,
            shelf: Side(label: "shelf append") { _ in shelf(w, "append", directory, "log.jsonl", input: .file(line)) },
            baseline: Side(label: sync ? "sh -c 'echo >> f && sync f'" : "sh -c 'echo >> f'") { _ in
                shell(w, script, DataFiles.record(9_999_999), plain)
            },
            target: target, repetitions: scale.small, warmUp: true, commands: ["append"], tools: ["sh", "sync"],
            setUp: {
                try writeItems(w)
                let start = (0..<100).map { DataFiles.record($0) + "\n" }.joined()
                try writeText(stored, start)
                try writeText(plain, start)
            },
            tearDown: { w.remove(stored, plain) })
    }

    /// shelf append against the harness's own Disk-style append (`shelf-bench disk-append`) on
    /// an equal copy of the array.
    private static func diskRewrite(_ w: Workspace, name: String, stored: String, items: Int, bytes: Int,
                                    target: Target, repetitions: Int) -> BenchCase {
        let item = w.plain("item.json"), copy = w.plain("disk-" + stored)
        let shelfPath = w.caches() + "/" + stored
        var recordCount = 0
        return BenchCase(
            name: name,
            shelf: Side(label: "shelf append") { _ in shelf(w, "append", "caches", stored, input: .file(item)) },
            baseline: Side(label: "Disk-style rewrite") { _ in
                Command(arguments: [w.bench, "disk-append", copy, item])
            },
            target: target, repetitions: repetitions, baselineMemory: true, commands: ["append"],
            setUp: {
                try writeItems(w)
                let written = try DataFiles.writeArray(shelfPath, count: items, bytes: bytes)
                try DataFiles.writeArray(copy, count: items, bytes: bytes)
                recordCount = written
            },
            check: { "\(Scale.count(recordCount)) records, \(Scale.bytes(DataFiles.size(of: copy)))" },
            tearDown: { w.remove(shelfPath, copy) })
    }
}
