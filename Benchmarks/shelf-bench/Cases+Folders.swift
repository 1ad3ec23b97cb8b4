import Glibc

/// Many-file cases: `shelf clear` against `rm -rf`, `shelf list` against `ls -f | wc -l`.
/// Each uses its own app namespace, so clearing it touches no other case's data.
extension Cases {
    static func folders(_ w: Workspace, _ scale: Scale) -> [Benchmark] {
        let count = scale.files, label = Scale.count(scale.files)
        let clearSpace = w.caches("bench-clear"), plainFolder = w.plain("clear")
        let clear = BenchCase(
            name: "clear \(label) files",
            shelf: Side(label: "shelf clear",
                        prepare: { _ in try DataFiles.writeFolder(clearSpace, files: count) },
                        command: { _ in shelf(w, "--app", "bench-clear", "clear", "caches") }),
            baseline: Side(label: "rm -rf",
                           prepare: { _ in try DataFiles.writeFolder(plainFolder, files: count) },
                           command: { _ in Command(arguments: [w.program("rm"), "-rf", plainFolder]) }),
            target: .atMost(1.3), repetitions: scale.slow, commands: ["clear"], tools: ["rm"],
            check: {
                let left = try entries(in: clearSpace).filter { $0 != "CACHEDIR.TAG" }
                guard left.isEmpty else { throw BenchError("shelf clear left \(left.count) entries") }
                return nil
            },
            tearDown: {
                w.remove(clearSpace)
                w.remove(plainFolder)
            })
        let listSpace = w.caches("bench-list")
        let list = BenchCase(
            name: "list \(label) files",
            shelf: Side(label: "shelf list") { _ in shelf(w, "--app", "bench-list", "list", "caches", output: .drain) },
            baseline: Side(label: "ls -f | wc -l") { _ in shell(w, #"ls -f "$1" | wc -l"#, listSpace, output: .drain) },
            target: .atMost(2), repetitions: scale.medium, warmUp: true, commands: ["list"], tools: ["ls", "wc", "sh"],
            setUp: { try DataFiles.writeFolder(listSpace, files: count) },
            tearDown: { w.remove(listSpace) })
        return [.paired(clear), .paired(list)]
    }

    /// The names in a folder, without `.` and `..`.
    static func entries(in path: String) throws -> [String] {
        guard let folder = opendir(path) else { throw BenchError("cannot open \(path): \(errnoText())") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
