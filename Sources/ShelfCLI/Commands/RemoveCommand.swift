import ShelfCore

/// `shelf remove`: deletes files or folder trees inside the namespace, one path or several.
struct RemoveCommand: Command {
    static let force = Flag("force", short: "f", help: "a missing path is not an error")
    static let paths = RepeatedPositional<SafePath>(
        "path", help: "relative path inside the directory; several are removed in the order given")

    static let commandName = "remove"

    static let spec = CommandSpec(
        RemoveCommand.self,
        name: commandName,
        summary: "remove the file or folder (recursively) at each <path>",
        arguments: [Shared.directory, paths],
        options: [force, Shared.jsonReport],
        discussion: """
            Symbolic links inside a removed folder are removed, never followed. The namespace folder
            itself cannot be removed (use 'shelf clear').
            With several paths, as rm does: each is removed in the order given, a path that fails is
            reported on standard error and the others are still removed; the status is then that of
            the first failure (66 for a missing path, unless --force). Each path is checked before
            anything is removed: an unsafe one (64) removes nothing.
            --json prints {"directory":…,"path":…,"removed":true} for each path removed, one object
            per line, in the order given; "removed" is false when --force found nothing to remove
            (docs/json-output.md).
            """,
        examples: ["shelf remove caches feeds/today.json", "shelf remove -f caches feeds/", "shelf remove caches a.json b.json old/"],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission])

    let directory: Directory
    let paths: [SafePath]
    let force: Bool
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        paths = try words[Self.paths]
        force = words[Self.force]
        report = try ActionReport.Style(json: words[Shared.jsonReport])
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        // One path fails as it always did: the error goes up to the one place that reports it.
        if paths.count == 1 { return try remove(paths[0], store, context) }
        for path in paths { try store.checkRemovable(path, from: directory) }
        var status = ExitCode.success
        for path in paths {
            do {
                _ = try remove(path, store, context)
            } catch let error as ShelfError {
                Messages.report(error, command: Self.spec, to: context.stderr)
                if status == ExitCode.success { status = ExitCode.status(for: error, writes: true) }
            }
        }
        return status
    }

    private func remove(_ path: SafePath, _ store: Store, _ context: Context) throws -> Int32 {
        var removed = true
        do {
            try store.remove(path, from: directory)
        } catch ShelfError.notFound where force {
            removed = false
        }
        try ActionReport(store: store, StoredPath(path, in: directory))
            .print(report, to: context.stdout, [("removed", .bool(removed))])
        return ExitCode.success
    }
}
