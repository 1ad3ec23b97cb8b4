import ShelfCore

/// `shelf move`: the same relative path in another directory (Disk's `move(_:in:to:)`), or a new
/// path there, as `copy` takes one.
struct MoveCommand: Command {
    static let newPath = OptionalPositional<SafePath>("new-path", help: "the path in <to-directory> (default: <path>)")

    static let commandName = "move"
    static let spec = CommandSpec(
        MoveCommand.self,
        name: commandName,
        summary: "move the file or folder at <path> into <to-directory>, as <new-path> if given",
        arguments: [Shared.directory, Shared.path, Shared.toDirectory, newPath],
        options: [Shared.force, Shared.replaceFolder, Shared.dryRun, Shared.printPath, Shared.jsonReport],
        discussion: """
            The moved entry keeps its path unless <new-path> gives another (as for copy); a move
            within one directory is a rename. Within one file system this is a single rename. Across file systems (temporary is often a
            tmpfs) the file or folder is copied beside the target under a hidden name, fsynced, renamed
            into place, and only then is the source removed: a crash leaves the source intact (perhaps
            with a complete copy), never neither. Missing folders on the way are created.
            An existing target is an error (exit 73) unless --force is given: a file then replaces a
            file atomically, and a folder replaces a file. A folder at the target is treated as mv
            treats it: a folder replaces it only if it is empty (the kernel decides, atomically); a
            folder that is not empty, or a file over a folder, is refused (exit 73), so --force never
            deletes what only the target folder holds. --replace-folder replaces the target folder
            whole: it is swapped out atomically where the kernel supports it (renameat2
            RENAME_EXCHANGE), otherwise moved aside and removed, which is not atomic.
            A source that is a symbolic link, or a target that is the source itself or lies inside
            the source folder, is refused.
            --dry-run checks as the move would and prints what it would remove or replace at the
            target (relative to <to-directory>'s folder; a folder ends in /), moving nothing.
            --json prints {"directory":…,"path":…,"from":…}: where it is now and where it was
            (docs/json-output.md).
            """,
        examples: [
            "shelf move temporary downloads/report.pdf documents",
            "shelf move temporary downloads/report.pdf documents reports/2024-05.pdf",
            "shelf move --force caches feeds/ applicationSupport",
            "shelf move --replace-folder caches feeds/ applicationSupport",
            "shelf move --dry-run --replace-folder caches feeds/ applicationSupport",
        ],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission],
        hazards: TransferOptions.hazards)

    let stored: StoredPath
    let destination: Directory
    let newPath: SafePath
    let transfer: TransferOptions

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        destination = try words[Shared.toDirectory]
        newPath = words[Self.newPath] ?? stored.path
        transfer = try TransferOptions(words)
    }

    var changesStorage: Bool { !transfer.dryRun }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let target = StoredPath(newPath, in: destination)
        if transfer.dryRun { return try transfer.printPlan(stored, to: target, merging: false, store: store, to: context.stdout) }
        // A rename is instant; a move across file systems copies, and reports how far it got.
        let moved = try context.withProgress { _ in
            try store.relocate(stored.path, in: stored.directory, to: newPath, in: destination, replace: transfer.replace,
                               folders: transfer.folders)
        }
        try transfer.print(stored, now: target, printed: moved, store: store, to: context.stdout)
        return ExitCode.success
    }
}

/// The options move, copy and rename share.
struct TransferOptions: Sendable {
    let replace: Bool
    let folders: FolderReplacement
    let report: ActionReport.Style
    let dryRun: Bool

    /// What a move, copy or rename may destroy at its target, and the option each takes.
    static let hazards = [
        Hazard(destroys: "the file at the target", consent: Shared.force.optionSpec.name),
        Hazard(destroys: "what only the target folder holds", consent: Shared.replaceFolder.optionSpec.name),
    ]

    init(_ words: ParsedWords) throws {
        replace = words[Shared.force] || words[Shared.replaceFolder]
        folders = words[Shared.replaceFolder] ? .replaceWhole : .keepContents
        report = try ActionReport.Style(printPath: words[Shared.printPath], json: words[Shared.jsonReport])
        dryRun = words[Shared.dryRun]
    }

    /// `--dry-run`: checks as the command would and prints what it would remove or replace at
    /// `target` (`DryRunReport`); changes nothing.
    /// - Parameter merging: a copy, which merges a folder into a folder.
    func printPlan(_ source: StoredPath, to target: StoredPath, merging: Bool, store: Store, to output: Output) throws -> Int32 {
        let paths = try store.transferPlan(source.path, in: source.directory, to: target.path, in: target.directory, replace: replace,
                                           folders: folders, merging: merging)
        DryRunReport.print(paths, json: report == .json, members: [("directory", .string(target.directory.name))],
                           folder: try ActionReport.absolute(nil, in: target.directory, store), to: output)
        return ExitCode.success
    }

    /// Prints what was done, as the options ask: `source` is now `target`.
    func print(_ source: StoredPath, now target: StoredPath, printed: String, store: Store, to output: Output) throws {
        let from = try ActionReport.absolute(source.path, in: source.directory, store)
        try ActionReport(store: store, target, printed: printed).print(report, to: output, JSONText.name("from", from))
    }
}
