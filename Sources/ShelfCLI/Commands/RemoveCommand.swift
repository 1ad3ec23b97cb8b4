import ShelfCore

/// `shelf remove`: deletes a file or a folder tree inside the namespace.
struct RemoveCommand: Command {
    static let force = Flag("force", short: "f", help: "succeed when nothing is there")

    static let spec = CommandSpec(
        RemoveCommand.self,
        name: "remove",
        summary: "remove the file or folder (recursively) at <path>",
        arguments: [Shared.directory, Shared.path],
        options: [force, Shared.jsonReport],
        discussion: """
            Symbolic links inside a removed folder are removed, never followed. The namespace folder
            itself cannot be removed (use 'shelf clear').
            --json prints {"directory":…,"path":…,"removed":true}; "removed" is false when --force
            found nothing to remove (docs/json-output.md).
            """,
        examples: ["shelf remove caches feeds/today.json", "shelf remove -f caches feeds/"],
        writes: true)

    let stored: StoredPath
    let force: Bool
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        force = words[Self.force]
        report = try ActionReport.Style(json: words[Shared.jsonReport])
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        var removed = true
        do {
            try store.remove(stored.path, from: stored.directory)
        } catch ShelfError.notFound where force {
            removed = false
        }
        try ActionReport(store: store, stored)
            .print(report, to: context.stdout, [("removed", .bool(removed))])
        return ExitCode.success
    }
}
