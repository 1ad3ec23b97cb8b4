/// What the next shelf commands see in the observed directories: per directory, the recursive
/// listing, every listed file as `retrieve` gives it (which repairs a crashed append first), and
/// the long listing (sizes, expiry, backup flag; not times) afterwards.
struct Observation: Equatable {
    /// Directory → label (`list`, `long`, `file <name>`) → status and bytes.
    var groups: [String: [String: [UInt8]]] = [:]

    /// The retrieved files of `directory` whose paths start with `prefix`, by label.
    func files(_ directory: String, _ prefix: String) -> [String: [UInt8]] {
        (groups[directory] ?? [:]).filter { $0.key.hasPrefix("file " + prefix) }
    }
}

/// The observation and the next commands' statuses of one golden state (no crash).
struct Golden {
    let observation: Observation
    let nextStatuses: [Int32]
}

extension Machine {
    /// Observes `directories` on the current world. Problems (a descriptor left open, a journal
    /// still holding a record after its file was read) come back as text.
    func observe(_ directories: [String], time: Int64) -> (Observation, [String]) {
        var observation = Observation()
        var problems: [String] = []
        func record(_ outcome: Outcome, _ command: String, shown: [UInt8]? = nil) -> [UInt8] {
            if let problem = outcome.problem { problems.append("\(command): \(problem)") }
            return Array("\(outcome.status)\n".utf8) + (shown ?? outcome.stdout)
        }
        for directory in directories {
            var group: [String: [UInt8]] = [:]
            let listing = run(Command("list -R --all \(directory)"), time: time)
            group["list"] = record(listing, "list -R \(directory)", shown: Machine.withoutEmptyFolders(Machine.lines(listing.stdout)))
            for name in Machine.lines(listing.stdout) where !name.hasSuffix("/") {
                var retrieve = Command("retrieve \(directory)")
                retrieve.arguments.append(name)
                let file = record(run(retrieve, time: time), "retrieve \(directory) \(name)")
                // The cache tag (listed with --all) comes with the namespace folder, which a command cut short may have
                // made: not judged against the golden states, but it must be whole.
                if name == "CACHEDIR.TAG" {
                    if !file.starts(with: Array("0\nSignature: 8a477f597d28d172789f06886806bc55\n".utf8)) || file.last != 10 {
                        problems.append("CACHEDIR.TAG is not whole: \(Machine.brief(file))")
                    }
                    continue
                }
                group["file " + name] = file
            }
            let long = run(Command("list -lR --all \(directory)"), time: time)
            let withoutTimes = Machine.lines(long.stdout).map { line in
                var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count == 5 { fields.remove(at: 1) }
                return fields.joined(separator: "\t")
            }
            group["long"] = record(long, "list -lR \(directory)", shown: Machine.withoutEmptyFolders(withoutTimes))
            group["modes"] = permissions(in: directory)
            observation.groups[directory] = group
            problems += unsettledJournals(in: directory)
        }
        return (observation, problems)
    }

    /// The permission bits of every file, and of every folder holding one, by path: no command
    /// shows them, so they are read from the model (a copy must keep them).
    private func permissions(in directory: String) -> [UInt8] {
        let world = kernel.world
        guard let folder = Machine.namespaces[directory],
              let root = try? world.existing(Array(folder.utf8), in: nil, followFinal: true).1 else { return [] }
        func walk(_ inode: Int, _ prefix: String) -> [String] {
            var lines: [String] = []
            for entry in world.disk[inode].entries where !entry.name.starts(with: Array(".shelf-".utf8)) {
                let name = String(decoding: entry.name, as: UTF8.self)
                let target = world.disk.entered(entry.inode)
                let node = world.disk[target]
                if node.kind == .folder {
                    let inner = walk(target, prefix + name + "/")
                    if !inner.isEmpty { lines += [prefix + name + "/ " + String(node.mode, radix: 8)] + inner }
                } else if name != "CACHEDIR.TAG" {
                    lines.append(prefix + name + " " + String(node.mode, radix: 8))
                }
            }
            return lines
        }
        return Array(walk(root, "").sorted().map { $0 + "\n" }.joined().utf8)
    }

    /// Journals that still hold a record although their file was just retrieved.
    private func unsettledJournals(in directory: String) -> [String] {
        guard let folder = Machine.namespaces[directory] else { return [] }
        let world = kernel.world
        guard let root = try? world.existing(Array(folder.utf8), in: nil, followFinal: true).1 else { return [] }
        var problems: [String] = []
        let prefix = Array(".shelf-journal2-".utf8)  // docs/formats.md, "The journal"
        world.disk.walk(from: root) { inode, entry, path, target in
            let node = world.disk[target]
            if entry.name.starts(with: prefix), node.kind == .file, !node.data.isEmpty,
               world.disk[inode].entry(Array(entry.name.dropFirst(prefix.count))) != nil {
                problems.append(folder + String(decoding: path, as: UTF8.self) + " still holds a record after its file was retrieved")
            }
            return false
        }
        return problems
    }

    /// The namespace folder of each directory the scenarios use (Machine.environment, app `shelf`).
    static let namespaces = [
        "documents": "/home/u/Documents/shelf",
        "applicationSupport": "/home/u/.local/share/shelf",
        "caches": "/home/u/.cache/shelf",
        "temporary": "/run/user/1000/shelf",
    ]

    /// A listing without its empty folders: a command cut short may leave the folders it made
    /// for its target (a `mkdir` persisted, the file not), as a killed `mkdir -p && cp` would.
    /// Harmless, and so not judged; the files are. Nor the cache tag (checked on its own).
    static func withoutEmptyFolders(_ lines: [String]) -> [UInt8] {
        let names = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) ?? $0 }
            .map { $0 == "CACHEDIR.TAG" ? "" : $0 }
        let kept = zip(lines, names).filter { line, name in
            !name.isEmpty && (!name.hasSuffix("/") || names.contains { !$0.hasSuffix("/") && $0.hasPrefix(name) })
        }
        return Array(kept.map { $0.0 + "\n" }.joined().utf8)
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension Oracle {
    /// Why `observed` is not allowed when the goldens `allowed` are (the last acknowledged state
    /// first); nil when it is.
    func judge(_ observed: Observation, allowed: [Golden]) -> String? {
        let goldens = allowed.map(\.observation)
        switch self {
        case .atomic:
            return goldens.contains(observed) ? nil : "not the old state nor the new one"
        case .transfer(let source, let target):
            guard let found = goldens.lastIndex(where: { $0.groups[target] == observed.groups[target] }) else {
                return "\(target) is neither as before nor as after"
            }
            let installed = found == goldens.count - 1
            if !installed || goldens.count == 1 {
                // The target is not there yet (or the move returned): the source must be whole.
                guard observed.groups[source] == goldens[found].groups[source] else {
                    return installed ? "\(source) is not as after the move" : "the source is (partly) gone and the target is not there: the entry is lost"
                }
                return nil
            }
            // The target is complete; the source may be partly removed (its files each whole or gone).
            return Oracle.judgeItems(source, observed.groups[source] ?? [:], goldens)
        case .perItem:
            for (directory, group) in observed.groups {
                if let why = Oracle.judgeItems(directory, group, goldens) { return why }
            }
            return nil
        case .numberedPrefix(let directory, let folder):
            return Oracle.perItem.judge(observed, allowed: allowed)
                ?? Oracle.judgePrefix(directory, folder, observed, goldens)
        }
    }

    /// The files of `folder` are those before the command plus its first k new ones, for some k
    /// (all of them once it is acknowledged: then the only golden is the state after it).
    static func judgePrefix(_ directory: String, _ folder: String, _ observed: Observation, _ goldens: [Observation]) -> String? {
        guard let before = goldens.first, let after = goldens.last else { return nil }
        let old = before.files(directory, folder)
        let added = after.files(directory, folder).filter { old[$0.key] == nil }
            .sorted { ($0.key.count, $0.key) < ($1.key.count, $1.key) }
        let seen = observed.files(directory, folder)
        for count in 0...added.count where seen == old.merging(added.prefix(count).map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }) { return nil }
        return "\(directory) \(folder) does not hold the old files and the first new ones, each whole: " + seen.keys.sorted().joined(separator: ", ")
    }

    /// Each folder of `folders` exactly as in one golden state: the same files, the same bytes.
    static func judgeWhole(_ folders: [(directory: String, prefix: String)], _ observed: Observation, _ goldens: [Observation]) -> String? {
        for (directory, prefix) in folders {
            if !goldens.contains(where: { $0.files(directory, prefix) == observed.files(directory, prefix) }) {
                return "\(directory) \(prefix) is a mix: its files are not those of one state"
            }
        }
        return nil
    }

    /// At least one of `files` there: a renamed entry is under its old name or its new one.
    static func judgeOneOf(_ files: [(directory: String, path: String)], _ observed: Observation) -> String? {
        guard !files.isEmpty, !files.contains(where: { observed.groups[$0.directory]?["file " + $0.path] != nil }) else { return nil }
        return "neither " + files.map { "\($0.directory) \($0.path)" }.joined(separator: " nor ") + " is there: the entry is lost"
    }

    /// Each file as in one of the goldens (or gone where one lacks it), listings showing only
    /// names some golden has, and no file gone that every golden has.
    static func judgeItems(_ directory: String, _ group: [String: [UInt8]], _ goldens: [Observation]) -> String? {
        for (label, value) in group {
            let candidates = goldens.map { $0.groups[directory]?[label] }
            if label.hasPrefix("file ") {
                if !candidates.contains(value) { return "\(directory) \(label.dropFirst(5)) is neither old nor new" }
            } else {
                let known = Set(candidates.flatMap { Machine.lines($0 ?? []) })
                if let stray = Machine.lines(value).first(where: { !known.contains($0) }) {
                    return "\(directory) \(label) shows '\(stray)', which no golden state has"
                }
            }
        }
        for label in Set(goldens.flatMap { $0.groups[directory]?.keys.filter { $0.hasPrefix("file ") } ?? [] })
            where group[label] == nil && goldens.allSatisfy({ $0.groups[directory]?[label] != nil }) {
            return "\(directory) \(label.dropFirst(5)) is gone, yet no golden state lacks it"
        }
        return nil
    }
}
