import Glibc

/// Start-up and big-file cases: shelf against cat, cp, test -e and `cat > f && sync f`.
extension Cases {
    static func startUp(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let small = w.caches() + "/small.bin"
        let retrieve = BenchCase(
            name: "retrieve 1 KB (whole process)",
            shelf: Side(label: "shelf retrieve") { _ in shelf(w, "retrieve", "caches", "small.bin") },
            baseline: Side(label: "cat") { _ in Command(arguments: [w.program("cat"), small]) },
            target: .atMost(1.3), repetitions: scale.startUp, warmUp: true, tools: ["cat"],
            setUp: {
                try DataFiles.writeBytes(w.plain("small.bin"), bytes: 1000)
                try w.runShelf(["save", "caches", "small.bin", "--file", w.plain("small.bin")])
            })
        let exists = BenchCase(
            name: "exists on a missing file",
            shelf: Side(label: "shelf exists", command: { _ in shelf(w, "exists", "caches", "missing.txt") },
                        expectedStatus: 1),
            baseline: Side(label: "sh -c 'test -e'", command: { _ in
                shell(w, #"test -e "$1""#, w.caches() + "/missing.txt")
            }, expectedStatus: 1),
            target: .atMost(1.3), repetitions: scale.startUp, warmUp: true, tools: ["sh"])
        return [.paired(retrieve), .paired(exists)]
    }

    static func bigFiles(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let size = scale.bigFile, label = Scale.bytes(scale.bigFile)
        let source = w.plain("big-source.bin"), copy = w.plain("big-copy.bin")
        let stored = w.caches() + "/big.bin"
        // A save from a pipe against `cat > f && sync f`, each side's file made ready by `prepare`.
        let fromPipe = { (name: String, prepare: (String) -> (Int) throws -> Void) in
            BenchCase(
                name: name,
                shelf: Side(label: "shelf save", prepare: prepare(stored)) { _ in
                    shelf(w, "save", "caches", "big.bin", input: .feed(bytes: size))
                },
                baseline: Side(label: "cat > f && sync f", prepare: prepare(copy)) { _ in
                    shell(w, #"cat > "$1" && sync "$1""#, copy, input: .feed(bytes: size))
                },
                target: .atMost(1.1), rssLimitMiB: 32, repetitions: scale.durable, warmUp: true, tools: ["cat", "sync"],
                tearDown: { w.remove(stored, copy) })
        }
        let savePipe = fromPipe("save \(label) from a pipe, durable", fresh)
        let replacePipe = fromPipe("replace \(label) from a pipe, durable") { existing($0, bytes: size) }
        let saveFile = BenchCase(
            name: "save \(label) with --file, durable",
            shelf: Side(label: "shelf save --file", prepare: fresh(stored)) { _ in
                shelf(w, "save", "caches", "big.bin", "--file", source)
            },
            baseline: Side(label: "cp && sync f", prepare: fresh(copy)) { _ in
                shell(w, #"cp "$1" "$2" && sync "$2""#, source, copy)
            },
            target: .atMost(1.1), rssLimitMiB: 32, repetitions: scale.durable, warmUp: true, tools: ["cp", "sync"],
            setUp: { try DataFiles.writeBytes(source, bytes: size) },
            tearDown: { w.remove(stored, copy) })
        let kept = w.caches() + "/big-stored.bin"
        let retrieve = BenchCase(
            name: "retrieve \(label) to a pipe",
            shelf: Side(label: "shelf retrieve") { _ in shelf(w, "retrieve", "caches", "big-stored.bin", output: .drain) },
            baseline: Side(label: "cat") { _ in Command(arguments: [w.program("cat"), kept], output: .drain) },
            target: .atMost(1.1), rssLimitMiB: 32, repetitions: scale.medium, warmUp: true, tools: ["cat"],
            setUp: { try DataFiles.writeBytes(kept, bytes: size) },
            tearDown: { w.remove(kept, source) })
        return [.paired(savePipe), .paired(replacePipe), .paired(saveFile), .paired(retrieve)]
    }
}
