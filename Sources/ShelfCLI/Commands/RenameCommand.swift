import ShelfCore

/// `shelf rename`: a new path in the same directory, byte for byte.
struct RenameCommand: Command {
    static let newPath = Positional<SafePath>("new-path", help: "the new relative path; subfolders allowed")

    static let commandName = "rename"

    static let spec = CommandSpec(
        RenameCommand.self,
        name: commandName,
        summary: "give the file or folder at <path> the path <new-path> in the same directory",
        arguments: [Shared.directory, Shared.path, newPath],
        options: [Shared.force, Shared.replaceFolder, Shared.dryRun, Shared.printPath, Shared.jsonReport],
        discussion: """
            Names keep their exact bytes: a space stays a space (Disk would write %20), and unicode,
            '%' and other characters are stored as given. <new-path> may lead into other folders;
            missing ones are created. An existing target is an error (exit 73) unless --force is given
            (see 'shelf help move' for how a target is replaced: a folder only when empty, or whole
            with --replace-folder). Renaming a folder into itself is refused. A <new-path> that is a
            directory's name (rename caches x documents) is refused (exit 64): rename never moves
            to another directory; use move (shelf move caches x documents), which also gives a file
            such a name where it is meant (shelf move caches x caches documents). --dry-run prints what
            would be removed or replaced at <new-path> and renames nothing.
            --json prints {"directory":…,"path":…,"from":…}: the new path and the old (docs/json-output.md).
            """,
        examples: [
            "shelf rename documents 'draft 1.txt' 'final draft.txt'",
            "shelf rename caches feeds/today.json feeds/archive/2024-05-01.json",
        ],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission],
        hazards: TransferOptions.hazards)

    let stored: StoredPath
    let newPath: SafePath
    let transfer: TransferOptions

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        newPath = try words[Self.newPath]
        transfer = try TransferOptions(words)
        try RenameCommand.refuseDirectoryName(newPath, stored)
    }

    /// `rename caches x documents` means a move: a file named `documents` is almost never what is
    /// wanted (issue 22, item 14). The name is still possible through `move`, which names both
    /// directories: `shelf move caches x caches documents`.
    static func refuseDirectoryName(_ newPath: SafePath, _ stored: StoredPath) throws {
        guard newPath.components.count == 1, let named = Directory(parsing: newPath.description) else { return }
        let source = String(decoding: ShellQuoted.quoted(stored.path.bytes), as: UTF8.self), target = String(decoding: ShellQuoted.quoted(newPath.bytes), as: UTF8.self)
        throw UsageError("'\(newPath)' is a directory's name, and rename gives <path> a new name in the same directory "
            + "(\(stored.directory.name)); to move it, use 'shelf move \(stored.directory.name) \(source) \(named.name)'; "
            + "to name it \(target) in \(stored.directory.name), use 'shelf move \(stored.directory.name) \(source) "
            + "\(stored.directory.name) \(target)'")
    }

    var changesStorage: Bool { !transfer.dryRun }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        if transfer.dryRun {
            return try transfer.printPlan(stored, to: StoredPath(newPath, in: stored.directory), merging: false, store: store, to: context.stdout)
        }
        let renamed = try store.relocate(stored.path, in: stored.directory, to: newPath, in: stored.directory, replace: transfer.replace,
                                         folders: transfer.folders)
        try transfer.print(stored, now: StoredPath(newPath, in: stored.directory), printed: renamed, store: store, to: context.stdout)
        return ExitCode.success
    }
}
