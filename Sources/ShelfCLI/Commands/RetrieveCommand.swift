import ShelfCore

/// `shelf retrieve`: the stored bytes to standard output.
enum RetrieveCommand {
    static let spec = CommandSpec(
        name: "retrieve",
        summary: "write the file at <path> to standard output",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [
            OptionSpec(name: "each", help: "a JSON array: write each element as one compact line (JSON Lines)"),
            OptionSpec(name: "allow-expired", help: "write the file even if its expiry time (save --expires-in) has passed"),
        ],
        discussion: """
            The bytes go to standard output unchanged, streamed without loading the file into memory.
            A shared lock is held meanwhile, so a concurrent shelf append is never seen half-done.
            With --each, a file holding a JSON array is written one element per line, compacted, in
            fixed memory (files larger than memory work); a .jsonl or .ndjson file gives its values
            the same way. A file holding another value exits 65 with nothing written.
            A file saved with an expiry time that has passed is refused (exit 66, "expired at …")
            unless --allow-expired is given.
            """,
        examples: [
            "shelf retrieve caches feeds/today.json | jq .title",
            "shelf retrieve documents log.json --each | jq -c 'select(.ok)'",
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let store = try context.store()
        context.stdout.flush()
        let options = RetrieveOptions(allowExpired: invocation.flag("allow-expired"))
        let path = try invocation.path(at: 1)
        try context.withProgress(invocation) { _ in
            if invocation.flag("each") {
                try store.retrieveElements(path, from: directory, to: context.stdout.descriptor, options: options)
            } else {
                try store.retrieve(path, from: directory, to: context.stdout.descriptor, options: options)
            }
        }
        return ExitCode.success
    }
}
