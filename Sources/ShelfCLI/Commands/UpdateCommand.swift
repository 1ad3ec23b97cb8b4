import ShelfCore

/// `shelf update`: read-modify-write of one stored file under its exclusive lock, by a program.
struct UpdateCommand: Command {
    static let create = Option<String>("create", value: "TEXT", help: "start from TEXT when the file is missing (else exit 66)")
    static let raw = Flag("raw", help: "store a .json path without checking that the new content is JSON")
    static let program = ProgramWords("command", optional: false, help: "the program that turns the content on its standard input into the new content on its standard output, and its arguments")

    static let commandName = "update"

    static let spec = CommandSpec(
        UpdateCommand.self,
        name: commandName,
        summary: "rewrite <path> with a program's output, holding the file's lock: concurrent updates lose nothing",
        arguments: [Shared.directory, Shared.path, program],
        options: [create, raw, Shared.printPath, Shared.jsonReport],
        discussion: """
            shelf takes the file's exclusive lock, runs <command> with the current content on its
            standard input (a read-only descriptor of its own) and standard error inherited, and streams
            its standard output into a temporary file, validated like save (one JSON text for a
            .json name unless --raw). Only if the program exits 0 does the new content replace the
            file atomically; otherwise the file stays as it was and shelf exits 125 (the program's
            status in the message and in --json), 126 when it cannot be run, 127 when it is not
            found; output that is not JSON is named as the program's (65). Other updates, appends,
            saves, moves and locked readers of the file wait meanwhile, so none is lost.
            A missing file is exit 66 unless --create gives the content to start from; the file is
            then created only if no one else created it meanwhile, or else the program runs again on
            that file. The program must not use shelf to read or write the same file: it would wait
            for the lock this update holds, so such a shelf fails at once instead (exit 74; it finds
            the file in $SHELF_UPDATE_LOCKS). The new content keeps what the file carried: its
            permission bits, expiry time, do-not-backup flag and other user extended attributes.
            --json prints {"directory":…,"path":…,"bytes":N} (docs/json-output.md).
            """,
        examples: [
            "shelf update applicationSupport counter.json --create '{\"n\":0}' -- jq '.n += 1'",
            "shelf update documents todo.txt -- sort -u",
        ],
        writes: true, statuses: [ExitCode.dataError, ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission] + ExitCode.ofProgram,
        hazards: [Hazard(destroys: "the content of the file (replaced by the program's output)", consent: nil)])

    let stored: StoredPath
    let options: UpdateOptions
    let producer: [Argument]
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        options = UpdateOptions(validateJSON: words[Self.raw] ? false : nil, create: words[Self.create].map { Array($0.utf8) })
        producer = words[Self.program]
        report = try ActionReport.Style(printPath: words[Shared.printPath], json: words[Shared.jsonReport])
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let saved: SavedFile
        do {
            saved = try store.update(stored.path, in: stored.directory, options: options) {
                (current: FileDescriptor, folder: FileDescriptor, replaceWith: (inout CommandOutput) throws -> Void) in
                // Nested shelf processes learn what this one holds locked (UpdateLocks): the file,
                // and its folder, which a writer that may create folders holds a shared lock on.
                let locks = try UpdateLocks.value(adding: [current, folder], to: context.environment[UpdateLocks.variable])
                try ProgramRun.withOutput(producer, context, stdin: current.raw, extra: [UpdateLocks.variable: locks]) { try replaceWith(&$0) }
            }
        } catch {
            guard let status = ProgramRun.status(for: error, context, stored, program: producer) else { throw error }
            return status
        }
        try ActionReport.print(report, store: store, stored, printed: saved.path, to: context.stdout, [("bytes", .integer(saved.bytes))])
        return ExitCode.success
    }
}
