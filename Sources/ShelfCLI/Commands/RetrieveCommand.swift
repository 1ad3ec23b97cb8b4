import Shelf

/// `shelf retrieve`: the stored bytes to standard output.
enum RetrieveCommand {
    static let spec = CommandSpec(
        name: "retrieve",
        summary: "write the file at <path> to standard output",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [],
        discussion: """
            The bytes go to standard output unchanged, streamed without loading the file into memory.
            A shared lock is held meanwhile, so a concurrent shelf append is never seen half-done.
            """,
        examples: [
            "shelf retrieve caches feeds/today.json | jq .title",
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let store = try context.store()
        context.stdout.flush()
        try context.withProgress(invocation) { _ in
            try store.retrieve(invocation.positionals[1], from: directory, to: context.stdout.descriptor)
        }
        return ExitCode.success
    }
}
