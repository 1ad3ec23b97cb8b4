import ShelfCore

/// `shelf list`: what is stored in a directory or one of its folders.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        summary: "print the names in <directory> (or its <folder>); folders end with '/'",
        arguments: [
            CommandTable.directoryArgument,
            ArgumentSpec(name: "folder", help: "a folder inside the directory (default: the directory's folder)",
                         optional: true, kind: .storedPath),
        ],
        options: [
            OptionSpec(name: "long", short: "l", help: "also size, modification time, expiry and backup flag"),
            OptionSpec(name: "recursive", short: "R", help: "also list inside folders, as paths from <folder>"),
            OptionSpec(name: "human", help: "with --long (which it implies): sizes in binary units (1.5 MiB) instead of bytes"),
            PathCommand.jsonOption,
        ],
        discussion: """
            One name per line in byte order, relative to the listed folder; folders end with '/'.
            With --recursive each folder is followed by its contents (sub/a.json). shelf's own
            temporary, lock and journal files (.shelf-…) never appear; symbolic links are listed as
            entries, never followed. A directory where nothing was stored yet lists as empty.
            With --long, five tab-separated fields: size in bytes ('-' for a folder), modification
            time, expiry time ('-' for none), 'backup' or 'no-backup' (see do-not-backup), and the
            name. Times are ISO 8601 in UTC (2025-06-30T16:00:00Z). --human gives sizes as 1.5 MiB.
            --json prints one array of objects with the keys name, isFolder, size, modified,
            modifiedNanoseconds, expires and excludedFromBackup (docs/json-output.md).
            Names may hold any byte. Text output escapes them so that each line is one entry: a
            backslash as \\\\, newline, tab, carriage return and escape as \\n, \\t, \\r, \\e, other
            control characters and bytes that are not UTF-8 as \\xHH. With --json such a name is
            escaped the same way and its exact bytes are in nameBytes (base64).
            """,
        examples: [
            "shelf list caches",
            "shelf list -lR documents notes",
            "shelf list --human caches",
            "shelf list --json caches | jq -r '.[] | select(.expires != null) | .name'",
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let folder = try invocation.optionalPath(at: 1)
        let recursive = invocation.flag("recursive")
        let human = invocation.flag("human")
        if human && invocation.flag("json") {
            throw UsageError("--human and --json cannot be combined (--json always gives bytes)", command: spec)
        }
        let store = try context.store()
        if invocation.flag("json") {
            let entries = try store.entries(of: folder, in: directory, recursive: recursive)
            context.stdout.line(JSONText.encode(.array(entries.map { .object(jsonMembers($0)) })))
        } else if invocation.flag("long") || human {
            for entry in try store.entries(of: folder, in: directory, recursive: recursive) {
                context.stdout.line(longLine(entry, human: human))
            }
        } else {
            // One line per entry, whatever bytes a name holds (docs/clear-and-list.md).
            for name in try store.listPaths(folder, in: directory, recursive: recursive) {
                context.stdout.line(bytes: EscapedText.escapedBytes(name))
            }
        }
        return ExitCode.success
    }

    static func longLine(_ entry: ListEntry, human: Bool = false) -> String {
        [
            entry.isFolder ? "-" : human ? HumanSize.format(entry.size) : String(entry.size),
            TimestampText.format(entry.modified),
            entry.expires.map(TimestampText.format) ?? "-",
            entry.excludedFromBackup ? "no-backup" : "backup",
            entry.bytesOfInvalidName.map(EscapedText.escaping) ?? EscapedText.escaping(entry.name),
        ].joined(separator: "\t")
    }

    static func jsonMembers(_ entry: ListEntry) -> [(String, JSONText.Value)] {
        JSONText.name("name", entry.name, bytesOfInvalidName: entry.bytesOfInvalidName) + [
            ("isFolder", .bool(entry.isFolder)),
            ("size", .integer(entry.size)),
            ("modified", .integer(entry.modified)),
            ("modifiedNanoseconds", .integer(entry.modifiedNanoseconds)),
            ("expires", entry.expires.map { .integer($0) } ?? .null),
            ("excludedFromBackup", .bool(entry.excludedFromBackup)),
        ]
    }
}
