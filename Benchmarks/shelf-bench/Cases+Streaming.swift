import Glibc

/// The big array read and written element by element: `retrieve --each` against `jq -c '.[]'`,
/// and `append --each` of a whole array against saving the same bytes. No targets in the issue;
/// the rows show time and, above all, that shelf's memory stays flat. And a save from `cat file |`.
extension Cases {
    static func streaming(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let label = Scale.bytes(scale.bigJSON)
        let stored = w.caches() + "/stream.json", source = w.plain("stream-source.json")
        let each = BenchCase(
            name: "retrieve --each of a \(label) array",
            shelf: Side(label: "shelf retrieve --each") { _ in
                shelf(w, "retrieve", "caches", "stream.json", "--each", output: .drain)
            },
            baseline: Side(label: "jq -c '.[]'") { _ in
                Command(arguments: [w.program("jq"), "-c", ".[]", stored], output: .drain)
            },
            target: .none, rssLimitMiB: 32, repetitions: scale.slow, baselineMemory: true,
            commands: ["retrieve --each"], tools: ["jq"],
            setUp: { try DataFiles.writeArray(stored, bytes: scale.bigJSON) },
            tearDown: { w.remove(stored) })
        let appended = w.caches() + "/stream-appended.json", saved = w.caches() + "/stream-saved.json"
        let appendEach = BenchCase(
            name: "append --each of a \(label) array to a new file",
            shelf: Side(label: "shelf append --each", prepare: fresh(appended)) { _ in
                shelf(w, "append", "caches", "stream-appended.json", "--each", "--file", source)
            },
            baseline: Side(label: "shelf save", prepare: fresh(saved)) { _ in
                shelf(w, "save", "caches", "stream-saved.json", "--file", source)
            },
            target: .none, rssLimitMiB: 32, repetitions: scale.slow, commands: ["append"],
            setUp: { try DataFiles.writeArray(source, bytes: scale.bigJSON) },
            tearDown: { w.remove(source, appended, saved) })
        return [.paired(each), .paired(appendEach), .paired(replaceFromCat(w, scale))]
    }

    /// Issue 25's row exactly: 256 MiB from `cat file |` over an existing file of the same size,
    /// against `cat file | cat > f && sync f`. Both sides run under the same shell with the same
    /// producer, so only what reads the pipe differs. 256 MiB in the quick run too.
    private static func replaceFromCat(_ w: Workspace, _ scale: Scale) -> BenchCase {
        let size = 256 << 20, label = Scale.bytes(size)
        let source = w.plain("cat-source.bin"), stored = w.caches() + "/cat-replaced.bin", copy = w.plain("cat-replaced.bin")
        return BenchCase(
            name: "replace \(label) from `cat file |`, durable",
            shelf: Side(label: "cat file | shelf save", prepare: existing(stored, bytes: size)) { _ in
                shell(w, #"cat "$1" | "$2" save caches cat-replaced.bin"#, source, w.shelf)
            },
            baseline: Side(label: "cat file | cat > f && sync f", prepare: existing(copy, bytes: size)) { _ in
                shell(w, #"cat "$1" | cat > "$2" && sync "$2""#, source, copy)
            },
            target: .atMost(1.1), rssLimitMiB: 32, repetitions: scale.durable, warmUp: true, commands: ["save"],
            tools: ["cat", "sync"],
            setUp: { try DataFiles.writeBytes(source, bytes: size) },
            tearDown: { w.remove(source, stored, copy) })
    }
}
