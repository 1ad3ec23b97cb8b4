import Glibc

/// The big array read and written element by element: `retrieve --each` against `jq -c '.[]'`,
/// and `append --each` of a whole array against saving the same bytes. No targets in the issue;
/// the rows show time and, above all, that shelf's memory stays flat.
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
            setUp: {
                try DataFiles.makeFolders(w.caches())
                try DataFiles.writeArray(stored, bytes: scale.bigJSON)
            },
            tearDown: { w.remove(stored) })
        let appended = w.caches() + "/stream-appended.json", saved = w.caches() + "/stream-saved.json"
        let appendEach = BenchCase(
            name: "append --each of a \(label) array to a new file",
            shelf: Side(label: "shelf append --each", prepare: { _ in try DataFiles.removeDurably(appended) }) { _ in
                shelf(w, "append", "caches", "stream-appended.json", "--each", "--file", source)
            },
            baseline: Side(label: "shelf save", prepare: { _ in try DataFiles.removeDurably(saved) }) { _ in
                shelf(w, "save", "caches", "stream-saved.json", "--file", source)
            },
            target: .none, rssLimitMiB: 32, repetitions: scale.slow, commands: ["append"],
            setUp: { try DataFiles.writeArray(source, bytes: scale.bigJSON) },
            tearDown: {
                w.remove(source)
                w.remove(appended)
                w.remove(saved)
            })
        return [.paired(each), .paired(appendEach)]
    }
}
