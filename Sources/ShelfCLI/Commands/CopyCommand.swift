import ShelfCore

/// `shelf copy`: a file or folder tree into another directory or under another name.
struct CopyCommand: Command {
    static let newPath = OptionalPositional<SafePath>("new-path", help: "the copy's path (default: <path>)")
    static let preserve = Flag("preserve", short: "p", help: "give the copy the source's access and modification times (as cp -p)")

    static let commandName = "copy"

    static let spec = CommandSpec(
        CopyCommand.self,
        name: commandName,
        summary: "copy the file or folder at <path> into <to-directory>, as <new-path> if given",
        arguments: [Shared.directory, Shared.path, Shared.toDirectory, newPath],
        options: [Shared.force, Shared.replaceFolder, preserve, Shared.dryRun, Shared.printPath, Shared.jsonReport],
        discussion: """
            The copy is built under a hidden temporary name beside the target, every file and folder
            fsynced, then renamed into place in one step: the target name never shows a partial file
            or a partial tree. Permission bits and user extended attributes are kept; times are
            those of the copy's making, as cp gives them (a copy made now is new to 'clear
            --older-than'), or the source's with --preserve (-p), as cp -p keeps them; symbolic
            links inside a folder are copied as links, never followed; FIFOs, sockets and devices are
            refused. Missing folders on the way are created. An existing target is an error (exit 73)
            unless --force is given: a file replaces a file atomically; a folder onto a folder is
            merged, as cp -rf does: each file replaces its namesake atomically (under its lock),
            missing subfolders are copied whole, and what only the target holds is kept. A file over
            a folder is refused (exit 73). A crash leaves each file old or new; run the copy again to
            complete a merge. --replace-folder replaces a target folder whole instead (see 'shelf help
            move').
            --dry-run checks as the copy would and prints what it would replace at the target
            (relative to <to-directory>'s folder; for a merge, each file a source file replaces;
            with --replace-folder, the target folder's files, then the folder, ending in /), copying
            nothing.
            --json prints {"directory":…,"path":…,"from":…}: the copy and its source (docs/json-output.md).
            """,
        examples: [
            "shelf copy documents notes/todo.txt caches",
            "shelf copy documents notes/ documents notes-backup/",
            "shelf copy --force documents site/ documents www/",
        ],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission],
        hazards: TransferOptions.hazards)

    let stored: StoredPath
    let destination: Directory
    let newPath: SafePath
    let transfer: TransferOptions
    let preserve: Bool

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        destination = try words[Shared.toDirectory]
        newPath = words[Self.newPath] ?? stored.path
        transfer = try TransferOptions(words)
        preserve = words[Self.preserve]
    }

    var changesStorage: Bool { !transfer.dryRun }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        if transfer.dryRun {
            return try transfer.printPlan(stored, to: StoredPath(newPath, in: destination), merging: true, store: store, to: context.stdout)
        }
        let copied = try context.withProgress { _ in
            try store.copy(stored.path, in: stored.directory, to: destination, as: newPath, replace: transfer.replace,
                           folders: transfer.folders, keepTimes: preserve)
        }
        try transfer.print(stored, now: StoredPath(newPath, in: destination), printed: copied, store: store, to: context.stdout)
        return ExitCode.success
    }
}
