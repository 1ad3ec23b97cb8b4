import Glibc
import ShelfTestSupport

/// Many-file cases: `shelf clear` against `rm -rf`, `shelf list` against `ls -f | wc -l`.
/// Each uses its own app namespace, so clearing it touches no other case's data.
extension Cases {
    static func folders(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let count = scale.files, label = Scale.count(scale.files)
        // The realistic tree (100 folders of 1,000) and the worst case for ordering (one folder).
        // On tmpfs by default: on a shared disk one pair of 100,000-file runs takes minutes and
        // its time depends on everyone else's writes. `--disk-clear` adds the same on disk.
        var places: [(suffix: String, directory: String, namespaces: String, plain: String)] = []
        if let tmpfs = w.tmpfsRoot { places.append((", tmpfs", "temporary", tmpfs, tmpfs + "/plain")) }
        if w.diskClear || w.tmpfsRoot == nil { places.append(("", "caches", w.cacheHome, w.plain(""))) }
        var cases: [Benchmark] = places.flatMap { place in
            [(100, "100 folders"), (1, "one folder")].map { folders, spread in
                Benchmark.paired(clear(w, scale, name: "clear \(label) files in \(spread)\(place.suffix)", folders: folders,
                              directory: place.directory, namespaces: place.namespaces, plain: place.plain))
            }
        }
        let listSpace = w.caches("bench-list"), many = listSpace + "/many"
        let list = BenchCase(
            name: "list \(label) files",
            shelf: Side(label: "shelf list") { _ in
                shelf(w, "--app", "bench-list", "list", "caches", "many", output: .drain)
            },
            baseline: Side(label: "ls -f | wc -l") { _ in shell(w, #"ls -f "$1" | wc -l"#, many, output: .drain) },
            target: .atMost(2), repetitions: scale.medium, warmUp: true, commands: ["list"], tools: ["ls", "wc", "sh"],
            setUp: { try DataFiles.writeFolder(many, files: count) },
            tearDown: { w.remove(listSpace) })
        cases.append(.paired(list))
        cases.append(.paired(folderAppend(w, scale)))
        return cases
    }

    /// Issue 16: an append to a folder of 50,000 numbered files costs what one to an empty folder
    /// does (the next number is kept, not found by listing the folder). 50,000 in the quick run too.
    private static func folderAppend(_ w: Workspace, _ scale: Scale) -> BenchCase {
        let files = 50_000, space = w.caches() + "/appends-many", item = w.plain("folder-item.json")
        return BenchCase(
            name: "append 1 file to a folder of \(Scale.count(files)) files",
            shelf: Side(label: "shelf append") { _ in shelf(w, "append", "caches", "appends-many/", input: .file(item)) },
            baseline: Side(label: "shelf append to an empty folder", prepare: { _ in
                // Emptied, not removed: making the folder (and syncing its parent) is not the point.
                w.remove(w.caches() + "/appends-few/0")
            }) { _ in shelf(w, "append", "caches", "appends-few/", input: .file(item)) },
            target: .atMost(1.2), repetitions: scale.small, warmUp: true, commands: ["append"],
            setUp: {
                try writeText(item, DataFiles.record(9_999_999))
                try DataFiles.writeFolder(space, files: files, numbered: true)
                try DataFiles.syncFolder(space)
            },
            tearDown: { w.remove(space, w.caches() + "/appends-few", item) })
    }

    /// `shelf clear` against `rm -rf` of an identical tree, rebuilt (untimed) before each run.
    private static func clear(_ w: Workspace, _ scale: Scale, name: String, folders: Int,
                              directory: String, namespaces: String, plain: String) -> BenchCase {
        let app = "bench-clear-\(folders)"
        let space = namespaces + "/" + app, tree = space + "/tree", plainTree = plain + "/rmtree-\(folders)"
        let build: (String) -> (Int) throws -> Void = { root in
            { _ in
                try DataFiles.writeTree(root, folders: folders, files: scale.files)
                // Commit the creation, so its journal writes are not charged to the removal.
                try DataFiles.syncFolder(root)
            }
        }
        return BenchCase(
            name: name,
            shelf: Side(label: "shelf clear", prepare: build(tree)) { _ in shelf(w, "--app", app, "clear", directory) },
            baseline: Side(label: "rm -rf", prepare: build(plainTree)) { _ in
                Command(arguments: [w.program("rm"), "-rf", plainTree])
            },
            target: .atMost(1.3), repetitions: scale.slow, commands: ["clear"], tools: ["rm"],
            check: {
                let left = try entries(in: space).filter { $0 != "CACHEDIR.TAG" }
                guard left.isEmpty else { throw BenchError("shelf clear left \(left.count) entries") }
                return nil
            },
            tearDown: { w.remove(space, plainTree) })
    }

    /// The names in a folder, without `.` and `..`; a folder that cannot be opened is an error.
    static func entries(in path: String) throws -> [String] {
        let folder = RawFiles.openFolder(Array(path.utf8))
        guard folder >= 0 else { throw BenchError("cannot open \(path): \(errnoText())") }
        defer { close(folder) }
        return RawFiles.names(in: folder).map { String(decoding: $0, as: UTF8.self) }
    }
}
