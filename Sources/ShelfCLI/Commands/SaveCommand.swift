import ShelfCore

/// `shelf save`: standard input (or --file) atomically replaces a stored file.
struct SaveCommand: Command {
    static let raw = Flag("raw", help: "store a .json path without checking that the input is JSON")
    static let printPath = Flag("print-path", help: "print the absolute path of the saved file")
    static let expiresIn = Option<DurationValue>(
        "expires-in", value: "DURATION", help: "the file expires after DURATION (3600 seconds, 90s, 15m, 12h, 7d, 7days, 2w, 1h30m)")
    static let expiresAt = Option<TimeValue>(
        "expires-at", value: "TIME", help: "the file expires at TIME, ISO 8601 with a zone (2025-06-30T18:00:00Z)")
    static let noExpiry = Flag("no-expiry", help: "give the new content no expiry time (by default it keeps the replaced file's)")

    static let fromCommand = Flag(
        "from-command", help: "run <command> and store its standard output, only if it exits 0 (else keep the old file and exit 125)")
    static let program = ProgramWords("command", optional: true, help: "with --from-command: the program that produces the content, and its arguments")

    static let commandName = "save"

    static let spec = CommandSpec(
        SaveCommand.self,
        name: commandName,
        summary: "store standard input (or --file) at <path>, replacing it atomically",
        arguments: [Shared.directory, Shared.path, program],
        options: [Shared.file, fromCommand, raw, printPath, expiresIn, expiresAt, noExpiry, Shared.mode, Shared.jsonReport],
        discussion: """
            The input streams into a temporary file in the target folder (unnamed while it is
            written, where the file system allows), which is fsynced and then renamed over <path>;
            the folder is fsynced too. A crash leaves the old or the new content,
            never a mix. Missing folders are created (mode 0700); new files get mode 0600. A file
            that exists keeps its permission bits (as sponge and cp onto a file do). --mode 644
            gives a new file that mode, and the folders made for it the matching search bits (755),
            less the umask, as open(2) and mkdir(2) apply it; an existing file keeps its own
            (use chmod). A file made read-only (chmod a-w) is not replaced: permission denied,
            exit 77.
            A <path> ending in .json must be one valid JSON text (RFC 8259): otherwise nothing is
            written, the old file stays, and the line and column of the first error are reported.
            With --expires-in or --expires-at the file gets an expiry time: retrieve then refuses it
            once the time has passed (exit 3, unless --allow-expired), 'exists' answers 3, 'list -l'
            marks it and 'clear --expired' removes it. A bare number for --expires-in is seconds, as
            OAuth's expires_in and every DURATION; a time that is already past (--expires-in 0, --expires-at in the
            past) is refused with exit 64 and nothing is written. It is stored with the file (docs/clear-and-list.md).
            A file saved over keeps what it carries: its permission bits, its expiry time, its
            do-not-backup flag and its other user extended attributes, as every command that
            rewrites a file keeps them (docs/formats.md, "What a rewrite keeps"); --expires-in and
            --expires-at set a new expiry, --no-expiry removes it, and --mode is only for a new file.
            --json prints {"directory":…,"path":…,"bytes":N,"expires":…,"expiresAt":…}: the file, its
            size and the expiry time it now has or null, in seconds and as list -l prints it
            (docs/json-output.md).
            With --from-command, shelf runs <command> itself (standard input and error inherited, its
            standard output streamed into the temporary file) and replaces <path> only if it exits 0.
            Otherwise the old file stays and shelf exits 125, with the program's own status (or the
            signal that killed it) in the message and in --json's error object; 126 when it cannot be
            run, 127 when it is not found: a status of its own, as timeout(1) has, since curl's 66
            would read as shelf's "not found". Output that is not JSON for a .json path is named as
            the program's (65). A pipe cannot do this: 'curl … | shelf save' sees
            only the end of its input when curl fails midway (docs/scripting.md).
            """,
        examples: [
            "curl -s https://example.org/feed.json | shelf save caches feeds/today.json",
            "shelf save temporary big.bin --file ./big.bin",
            "shelf --app myapp save applicationSupport state.json --print-path < state.json",
            "curl -s https://example.org/token | shelf save caches token --expires-in 1h",
            "shelf save caches feeds/today.json --from-command -- curl -fsS https://example.org/feed.json",
            "shelf save documents www/index.html --mode 644 < index.html",
        ],
        writes: true, statuses: [ExitCode.dataError, ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission] + ExitCode.ofProgram,
        hazards: [Hazard(destroys: "the file at <path> (replaced, as > does)", consent: nil)])

    let stored: StoredPath
    let input: InputFile?
    let options: SaveOptions
    let report: ActionReport.Style
    /// The program whose output is stored (--from-command); empty for standard input or --file.
    let producer: [Argument]

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        input = words[Shared.file]
        producer = words[Self.program]
        if let first = producer.first, !words[Self.fromCommand] {
            throw UsageError("unexpected argument '\(first)'; to store a program's output, use --from-command -- <command> [<argument>…]")
        }
        if words[Self.fromCommand] {
            if producer.isEmpty { throw UsageError("--from-command needs a program: --from-command -- <command> [<argument>…]") }
            if input != nil { throw UsageError("--from-command and --file cannot be combined") }
        }
        let expiresAt = try SaveCommand.expiry(words)
        if expiresAt != nil && words[Self.noExpiry] { throw UsageError("--no-expiry cannot be combined with --expires-in or --expires-at") }
        options = SaveOptions(validateJSON: words[Self.raw] ? false : nil, expiresAt: expiresAt, clearsExpiry: words[Self.noExpiry],
                              mode: words[Shared.mode]?.permissions ?? FileMode.privateFile)
        report = try ActionReport.Style(printPath: words[Self.printPath], json: words[Shared.jsonReport])
    }

    /// The expiry time the options ask for, in seconds since 1970 UTC.
    static func expiry(_ words: ParsedWords) throws -> Int64? {
        let after = words[expiresIn], at = words[expiresAt]
        if after != nil && at != nil { throw UsageError("--expires-in and --expires-at cannot be combined") }
        let now = ProcessState.now()
        // A file that would be expired as soon as saved is a mistake (a stale token, a wrong clock
        // or unit): refused before anything is read or written.
        if let at, at.epochSeconds <= now {
            throw UsageError("--expires-at \(TimestampText.format(at.epochSeconds)) is not in the future: the file would be expired at once")
        }
        guard let after else { return at?.epochSeconds }
        if after.seconds <= 0 { throw UsageError("--expires-in \(after.text) is not in the future: give a positive duration") }
        let (expires, overflow) = now.addingReportingOverflow(after.seconds)
        if overflow { throw UsageError("--expires-in \(after.text): the duration is too large") }
        return expires
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let saved: SavedFile
        if producer.isEmpty {
            saved = try saveInput(store, context)
        } else {
            do {
                saved = try ProgramRun.withOutput(producer, context, stdin: context.stdin) { output in
                    try store.save(from: &output, to: stored.path, in: stored.directory, options: options)
                }
            } catch {
                guard let status = ProgramRun.status(for: error, context, stored, program: producer) else { throw error }
                return status
            }
        }
        try ActionReport.print(report, store: store, stored, printed: saved.path, to: context.stdout,
                               [("bytes", .integer(saved.bytes))] + JSONText.time("expires", saved.expires))
        return ExitCode.success
    }

    /// Standard input or --file, with a progress line on a terminal.
    private func saveInput(_ store: Store, _ context: Context) throws -> SavedFile {
        try context.withProgress { progress in
            // The total matters only to a line that is drawn: asked only then (an `fstat` spared).
            if progress.enabled, let size = context.inputSize(input) { progress.expect(size) }
            return try context.withInput(input) { source in
                // Counting hides the descriptor from the library, which then cannot copy inside the
                // kernel: count only when a progress line is actually drawn.
                guard progress.enabled else { return try store.save(from: &source, to: stored.path, in: stored.directory, options: options) }
                var counted = CountingSource(base: source, progress: progress)
                return try store.save(from: &counted, to: stored.path, in: stored.directory, options: options)
            }
        }
    }
}
