import ShelfCore

/// `shelf list`: what is stored in a directory or one of its folders.
struct ListCommand: Command {
    static let folder = OptionalPositional<SafePath>(
        "folder", help: "a folder inside the directory (default: the directory's folder)")
    static let long = Flag("long", short: "l", help: "also size, modification time, expiry and backup flag")
    static let recursive = Flag("recursive", short: "R", help: "also list inside folders, as paths from <folder>")
    static let human = Flag("human", help: "with --long (which it implies): sizes in binary units (1.5 MiB) instead of bytes")
    static let json = Flag("json", help: "print one JSON array of objects, one per entry, instead of text")
    static let all = Flag("all", short: "a", help: "also shelf's own CACHEDIR.TAG at the top of caches")

    static let commandName = "list"

    static let spec = CommandSpec(
        ListCommand.self,
        name: commandName,
        summary: "print the names in <directory> (or its <folder>); folders end with '/'",
        arguments: [Shared.directory, folder],
        options: [long, recursive, human, all, Shared.null, json],
        discussion: """
            One name per line in byte order, relative to the listed folder; folders end with '/'.
            With --recursive each folder is followed by its contents (sub/a.json). shelf's own
            temporary, lock and journal files (.shelf-…) never appear, nor, unless --all, the
            CACHEDIR.TAG shelf keeps at the top of caches; symbolic links are listed as
            entries, never followed. A directory where nothing was stored yet lists as empty.
            With --long, five tab-separated fields: size in bytes ('-' for a folder), modification
            time, expiry time ('-' for none; followed by ' (expired)' once it has passed, when
            retrieve refuses the file), 'backup' or 'no-backup' (see do-not-backup), and the name. Times are ISO 8601 in UTC (2025-06-30T16:00:00Z). --human gives sizes as 1.5 MiB.
            --json prints one array of objects with the keys name, isFolder, size, modified,
            modifiedNanoseconds, expires, expired and excludedFromBackup (docs/json-output.md).
            Names may hold any byte. On a terminal they are quoted for the shell as ls does, so that
            a name can be pasted back ('a b', 'evil'$'\\n''x', 'caf'$'\\351''.txt'). Otherwise each
            line is one entry: a backslash as \\\\, newline, tab, carriage return and escape as \\n,
            \\t, \\r, \\e, other control characters and bytes that are not UTF-8 as \\xHH. --null
            (-0) prints each name's exact bytes ended by NUL instead of a newline, for xargs -0.
            With --json a name that is not UTF-8 is escaped the same way and its exact bytes are in
            nameBytes (base64).
            """,
        examples: [
            "shelf list caches",
            "shelf list -lR documents notes",
            "shelf list --human caches",
            "shelf list --json caches | jq -r '.[] | select(.expires != null) | .name'",
        ],
        statuses: [ExitCode.noInput, ExitCode.permission])

    let directory: Directory
    let folder: SafePath?
    let recursive: Bool
    let all: Bool
    let format: Format

    /// What each entry shows; `null`: names end with NUL and keep their bytes (`NameStyle`).
    enum Format {
        case names(null: Bool)
        case long(human: Bool, null: Bool)
        case json
    }

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        folder = words[Self.folder]
        recursive = words[Self.recursive]
        all = words[Self.all]
        let human = words[Self.human], null = words[Shared.null]
        if words[Self.json] {
            if human { throw UsageError("--human and --json cannot be combined (--json always gives bytes)") }
            if null { throw UsageError("--null and --json cannot be combined (--json gives every name's bytes)") }
            format = .json
        } else if words[Self.long] || human {
            format = .long(human: human, null: null)
        } else {
            format = .names(null: null)
        }
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        switch format {
        case .json:
            let entries = try store.entries(of: folder, in: directory, recursive: recursive, all: all)
            let now = ProcessState.now()
            context.stdout.line(JSONText.encode(.array(entries.map { .object(ListCommand.jsonMembers($0, now: now)) })))
        case .long(let human, let null):
            let style = NameStyle(null: null, output: context.stdout)
            let now = ProcessState.now()
            for entry in try store.entries(of: folder, in: directory, recursive: recursive, all: all) {
                context.stdout.entry(entry.nameBytes, after: ListCommand.fields(entry, human: human, now: now), style: style)
            }
        case .names(let null):
            let style = NameStyle(null: null, output: context.stdout)
            for name in try store.listPaths(folder, in: directory, recursive: recursive, all: all) {
                context.stdout.entry(name, style: style)
            }
        }
        return ExitCode.success
    }

    /// The four fields `--long` puts before the name, each followed by a tab. An expired file's
    /// expiry says so, inside its field, so that the columns stay where scripts cut them.
    static func fields(_ entry: ListEntry, human: Bool = false, now: Int64) -> String {
        [
            entry.isFolder ? "-" : human ? HumanSize.format(entry.size) : String(entry.size),
            TimestampText.format(entry.modified),
            entry.expires.map { TimestampText.format($0) + (entry.hasExpired(at: now) ? " (expired)" : "") } ?? "-",
            entry.excludedFromBackup ? "no-backup" : "backup",
        ].map { $0 + "\t" }.joined()
    }

    static func jsonMembers(_ entry: ListEntry, now: Int64) -> [(String, JSONText.Value)] {
        JSONText.name("name", entry.name, bytesOfInvalidName: entry.bytesOfInvalidName) + [
            ("isFolder", .bool(entry.isFolder)),
            ("size", .integer(entry.size)),
        ] + JSONText.time("modified", entry.modified) + [
            ("modifiedNanoseconds", .integer(entry.modifiedNanoseconds)),
        ] + JSONText.time("expires", entry.expires) + [
            ("expired", .bool(entry.hasExpired(at: now))),
            ("excludedFromBackup", .bool(entry.excludedFromBackup)),
        ]
    }
}
