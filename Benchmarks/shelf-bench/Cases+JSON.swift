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
            tearDown: {
                w.remove(source)
                w.remove(w.caches() + "/big.json")
            })
        return [.paired(validate)]
    }

    static func appends(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let item = w.plain("item.json"), line = w.plain("line.jsonl")
        let writeItems = {
            try writeText(item, DataFiles.record(9_999_999))
            try writeText(line, DataFiles.record(9_999_999) + "\n")
        }
        let big = "append-big.json", small = "append-small.json"
        let sizes = BenchCase(
            name: "append 1 item to a \(Scale.bytes(scale.bigJSON)) array",
            shelf: Side(label: "shelf append") { _ in shelf(w, "append", "caches", big, input: .file(item)) },
            baseline: Side(label: "shelf append to a 1 KB array") { _ in
                shelf(w, "append", "caches", small, input: .file(item))
            },
            target: .atMost(1.5), repetitions: scale.small, warmUp: true, commands: ["append"],
            setUp: {
                try writeItems()
                try DataFiles.makeFolders(w.caches())
                try DataFiles.writeArray(w.caches() + "/" + big, bytes: scale.bigJSON)
                try DataFiles.writeArray(w.caches() + "/" + small, bytes: 1000)
            },
            tearDown: {
                w.remove(w.caches() + "/" + small)
                w.remove(w.caches() + "/" + big)
            })
        var cases: [Benchmark] = [.paired(sizes)]
        // Disk's append at the issue's sizes, then at the big array's; the last has a target.
        let counts = [(1_000, scale.small), (10_000, scale.medium), (100_000, scale.large)]
        for (count, repetitions) in counts {
            cases.append(.paired(diskRewrite(w, name: "append 1 item to a \(Scale.count(count))-item array",
                                             stored: "rewrite-\(count).json", items: count, bytes: .max,
                                             target: .none, repetitions: repetitions, writeItems: writeItems)))
        }
        cases.append(.paired(diskRewrite(w, name: "append 1 item to a \(Scale.bytes(scale.bigJSON)) array",
                                         stored: big, items: .max, bytes: scale.bigJSON,
                                         target: .fasterBy(100), repetitions: scale.large, writeItems: writeItems)))
        let lines = BenchCase(
            name: "append 1 line to JSON Lines",
            shelf: Side(label: "shelf append") { _ in shelf(w, "append", "caches", "log.jsonl", input: .file(line)) },
            baseline: Side(label: "sh -c 'echo >> f'") { _ in
                shell(w, #"echo "$1" >> "$2""#, DataFiles.record(9_999_999), w.plain("log.jsonl"))
            },
            target: .atMost(2), repetitions: scale.small, warmUp: true, commands: ["append"], tools: ["sh"],
            setUp: {
                try writeItems()
                try DataFiles.makeFolders(w.caches())
                let start = (0..<100).map { DataFiles.record($0) + "\n" }.joined()
                try writeText(w.caches() + "/log.jsonl", start)
                try writeText(w.plain("log.jsonl"), start)
            },
            tearDown: {
                w.remove(w.caches() + "/log.jsonl")
                w.remove(w.plain("log.jsonl"))
            })
        cases.append(.paired(lines))
        return cases
    }

    /// shelf append against the harness's own Disk-style append (`shelf-bench disk-append`) on
    /// an equal copy of the array.
    private static func diskRewrite(_ w: Workspace, name: String, stored: String, items: Int, bytes: Int,
                                    target: Target, repetitions: Int, writeItems: @escaping () throws -> Void) -> BenchCase {
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
                try writeItems()
                try DataFiles.makeFolders(w.caches())
                let written = try DataFiles.writeArray(shelfPath, count: items, bytes: bytes)
                try DataFiles.writeArray(copy, count: items, bytes: bytes)
                recordCount = written
            },
            check: { "\(Scale.count(recordCount)) records, \(Scale.bytes(DataFiles.size(of: copy)))" },
            tearDown: {
                w.remove(shelfPath)
                w.remove(copy)
            })
    }
}
