import ShelfCore

/// `shelf retrieve`: the stored bytes to standard output.
struct RetrieveCommand: Command {
    static let each = Flag("each", help: "a JSON array: write each element as one compact line (JSON Lines)")
    static let allowExpired = Flag("allow-expired", help: "write the file even if its expiry time (save --expires-in) has passed")

    static let commandName = "retrieve"

    static let spec = CommandSpec(
        RetrieveCommand.self,
        name: commandName,
        summary: "write the file at <path> to standard output",
        arguments: [Shared.directory, Shared.path],
        options: [each, allowExpired],
        discussion: """
            The bytes go to standard output unchanged, streamed without loading the file into memory.
            A shared lock is held meanwhile, so a concurrent shelf append is never seen half-done.
            With --each, a file holding a JSON array is written one element per line, compacted, in
            fixed memory (files larger than memory work); a .jsonl or .ndjson file gives its values
            the same way. A file holding another value exits 65 with nothing written.
            A file saved with an expiry time that has passed is refused with exit 3 ("expired at
            …"), not 66 as a missing one, unless --allow-expired is given.
            """,
        examples: [
            "shelf retrieve caches feeds/today.json | jq .title",
            "shelf retrieve documents log.json --each | jq -c 'select(.ok)'",
        ],
        statuses: [ExitCode.expired, ExitCode.dataError, ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission])

    let stored: StoredPath
    let elements: Bool
    let options: RetrieveOptions

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        elements = words[Self.each]
        options = RetrieveOptions(allowExpired: words[Self.allowExpired])
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        // The data streams past the buffer, straight to the descriptor.
        context.stdout.flush()
        try context.withProgress { _ in
            if elements {
                try store.retrieveElements(stored.path, from: stored.directory, to: context.stdout.descriptor, options: options)
            } else {
                try store.retrieve(stored.path, from: stored.directory, to: context.stdout.descriptor, options: options)
            }
        }
        return ExitCode.success
    }
}
