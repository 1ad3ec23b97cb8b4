import ShelfCore

/// `shelf capacity`: the space of the volume that holds a directory, under Disk's four names.
struct CapacityCommand: Command {
    static let directory = OptionalPositional<Directory>(
        "directory", help: Shared.directory.argumentSpec.help + " (default: documents)")
    static let human = Flag("human", help: "sizes in binary units with one decimal (1.5 GiB) instead of bytes")

    static let commandName = "capacity"

    static let spec = CommandSpec(
        CapacityCommand.self,
        name: commandName,
        summary: "print the total and available space of the volume holding <directory> (default documents)",
        arguments: [directory],
        options: [Shared.json, human],
        discussion: """
            Four lines, 'name<TAB>bytes<TAB>Linux name': totalCapacity, availableCapacity,
            availableCapacityForImportantUsage and availableCapacityForOpportunisticUsage (Disk's
            names, as an app ported from iOS reads them), each followed by what df and statvfs call
            it (size, avail; the third column is for people, 'cut -f2' reads the bytes).
            Read with statvfs on the directory's folder, or on its nearest existing parent when it does
            not exist yet; nothing is created. Important usage may take all the available space;
            opportunistic usage leaves a reserve of 5% of the volume, at most 1 GiB (docs/directories.md).
            --json prints one object with these four keys, in bytes, then directory and path: what was
            measured (docs/json-output.md); --human cannot be combined with it.
            """,
        examples: ["shelf capacity", "shelf capacity temporary --human", "shelf capacity caches --json | jq .availableCapacity"],
        statuses: [ExitCode.permission])

    let directory: Directory
    let human: Bool
    let json: Bool

    init(_ words: ParsedWords) throws {
        directory = words[Self.directory] ?? .documents
        human = words[Self.human]
        json = words[Shared.json]
        if json && human { throw UsageError("--human and --json cannot be combined (--json always gives bytes)") }
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let capacity = try store.capacity(of: directory)
        let values: [(String, Int64)] = [
            ("totalCapacity", capacity.totalCapacity),
            ("availableCapacity", capacity.availableCapacity),
            ("availableCapacityForImportantUsage", capacity.availableCapacityForImportantUsage),
            ("availableCapacityForOpportunisticUsage", capacity.availableCapacityForOpportunisticUsage),
        ]
        // What each is called on Linux (df's columns, statvfs's fields), after the bytes: a
        // third column, so that `cut -f2` still reads the bytes.
        let linuxNames = ["size (df Size: statvfs f_blocks)", "avail (df Avail: statvfs f_bavail)",
                          "avail (all of it: Linux has no purgeable space)", "avail less a reserve (5% of size, at most 1 GiB)"]
        if json {
            // What was measured: the directory and its folder (or the nearest parent that exists).
            let measured: [(String, JSONText.Value)] = [
                ("directory", .string(directory.name)), ("path", .string(try store.path(for: nil, in: directory))),
            ]
            context.stdout.line(JSONText.object(values.map { ($0.0, .integer($0.1)) } + measured))
        } else {
            for ((name, bytes), linux) in zip(values, linuxNames) {
                context.stdout.line(name + "\t" + (human ? HumanSize.format(bytes) : String(bytes)) + "\t" + linux)
            }
        }
        return ExitCode.success
    }
}
