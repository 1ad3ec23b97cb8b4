import ShelfCore

/// `shelf du`: how many bytes and files a directory (or a folder in it) holds, the number a cron
/// author needs before choosing `clear --max-size`.
struct DuCommand: Command {
    static let folder = OptionalPositional<SafePath>("folder", help: "a folder inside the directory (default: all of it)", kind: .storedPath)
    static let byFolder = Flag("by-folder", help: "also one line for each folder directly inside, before the total")
    static let human = CapacityCommand.human

    static let commandName = "du"

    static let spec = CommandSpec(
        DuCommand.self,
        name: commandName,
        summary: "print the bytes and files stored in <directory> (or a folder of it), as clear --max-size weighs them",
        arguments: [Shared.directory, folder],
        options: [byFolder, human, Shared.json],
        discussion: """
            One line, 'bytes<TAB>files<TAB>name': the sum of the sizes of every file below the folder
            (hidden ones too; a symbolic link counts its own size, its target is not followed) and
            how many there are. These are the sizes clear --max-size adds up, so the total is what
            a limit is compared with. The name is the folder as given, or '.' for the whole
            directory. --by-folder first prints the same line for each folder directly inside
            (its name ends with '/'), in byte order; files directly in the folder count in the
            total only. Nothing is changed; a missing folder is exit 66.
            --json prints {"directory":…,"name":…,"path":…,"bytes":N,"files":N,"folders":[…]}:
            folders holds, with --by-folder, one object per folder with the same keys but folders;
            null otherwise (docs/json-output.md).
            """,
        examples: ["shelf du caches", "shelf du caches --by-folder --human", "shelf du caches --json | jq .bytes"],
        statuses: [ExitCode.noInput, ExitCode.permission])

    let directory: Directory
    let folder: SafePath?
    let byFolder: Bool
    let human: Bool
    let json: Bool

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        folder = words[Self.folder]
        byFolder = words[Self.byFolder]
        human = words[Self.human]
        json = words[Shared.json]
        if json && human { throw UsageError("--human and --json cannot be combined (--json always gives bytes)") }
    }

    /// What one folder holds.
    struct Usage {
        var bytes = Int128(0)
        var files: Int64 = 0
        /// The sum as JSON and text give it: sizes from outside cannot overflow it (sparse files
        /// may each claim almost 8 EiB), and a sum past Int64 is shown as its largest value.
        var total: Int64 { bytes > Int128(Int64.max) ? Int64.max : Int64(bytes) }
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let entries = try store.entries(of: folder, in: directory, recursive: true, all: true)
        var whole = Usage(), inside: [[UInt8]: Usage] = [:]
        for entry in entries {
            let name = entry.nameBytes
            let slash = name.firstIndex(of: UInt8(ascii: "/"))
            if entry.isFolder {
                // A folder directly inside has one '/', at its end.
                if byFolder, slash == name.count - 1, inside[name] == nil { inside[name] = Usage() }
                continue
            }
            whole.bytes += Int128(entry.size)
            whole.files += 1
            if byFolder, let slash {
                inside[Array(name[...slash]), default: Usage()].bytes += Int128(entry.size)
                inside[Array(name[...slash]), default: Usage()].files += 1
            }
        }
        let top = try ActionReport.absolute(nil, in: directory, store)
        let folders = inside.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        let prefix = folder.map { $0.bytes + [UInt8(ascii: "/")] } ?? []
        if json {
            let list: JSONText.Value = byFolder ? .array(folders.map { name, usage in
                .object(JSONText.place(prefix + name, in: top) + [("bytes", .integer(usage.total)), ("files", .integer(usage.files))])
            }) : .null
            let base = try ActionReport.absolute(folder, in: directory, store)
            context.stdout.line(JSONText.object([("directory", .string(directory.name))] + JSONText.name("name", folder?.bytes ?? Array(".".utf8))
                + JSONText.name("path", base) + [("bytes", .integer(whole.total)), ("files", .integer(whole.files)), ("folders", list)]))
            return ExitCode.success
        }
        let style = NameStyle(null: false, output: context.stdout)
        for (name, usage) in folders { context.stdout.entry(prefix + name, after: line(usage), style: style) }
        context.stdout.entry(folder?.bytes ?? Array(".".utf8), after: line(whole), style: style)
        return ExitCode.success
    }

    /// `bytes<TAB>files<TAB>`, before the name.
    private func line(_ usage: Usage) -> String {
        (human ? HumanSize.format(usage.total) : String(usage.total)) + "\t" + String(usage.files) + "\t"
    }
}
