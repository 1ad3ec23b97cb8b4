import ShelfCore

/// `shelf save`: standard input (or --file) atomically replaces a stored file.
enum SaveCommand {
    static let spec = CommandSpec(
        name: "save",
        summary: "store standard input (or --file) at <path>, replacing it atomically",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [
            CommandTable.fileOption,
            OptionSpec(name: "raw", help: "store a .json path without checking that the input is JSON"),
            OptionSpec(name: "print-path", help: "print the absolute path of the saved file"),
            OptionSpec(name: "expires-in", value: "DURATION", help: "the file expires after DURATION (90s, 15m, 12h, 7d, 2w, 1h30m)"),
            OptionSpec(name: "expires-at", value: "TIME", help: "the file expires at TIME, ISO 8601 with a zone (2025-06-30T18:00:00Z)"),
        ],
        discussion: """
            The input streams into a temporary file in the target folder (unnamed while it is
            written, where the file system allows), which is fsynced and then renamed over <path>;
            the folder is fsynced too. A crash leaves the old or the new content,
            never a mix. Missing folders are created (mode 0700); new files get mode 0600. A file
            made read-only (chmod a-w) is not replaced: permission denied, exit 77.
            A <path> ending in .json must be one valid JSON text (RFC 8259): otherwise nothing is
            written, the old file stays, and the line and column of the first error are reported.
            With --expires-in or --expires-at the file gets an expiry time: retrieve then refuses it
            once the time has passed (exit 66, unless --allow-expired), 'list -l' shows it and
            'clear --expired' removes it. It is stored with the file (docs/clear-and-list.md); saving
            again without these options gives the new content no expiry.
            """,
        examples: [
            "curl -s https://example.org/feed.json | shelf save caches feeds/today.json",
            "shelf save temporary big.bin --file ./big.bin",
            "shelf --app myapp save applicationSupport state.json --print-path < state.json",
            "curl -s https://example.org/token | shelf save caches token --expires-in 1h",
        ],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let path = try invocation.path(at: 1)
        let options = SaveOptions(validateJSON: invocation.flag("raw") ? false : nil, expiresAt: try expiry(invocation))
        let store = try context.store()
        let written = try context.withProgress(invocation) { progress in
            if let size = context.inputSize(invocation) { progress.expect(size) }
            return try context.withInput(invocation) { source in
                // Counting hides the descriptor from the library, which then cannot copy inside the
                // kernel: count only when a progress line is actually drawn.
                guard progress.enabled else { return try store.save(from: &source, to: path, in: directory, options: options) }
                var counted = CountingSource(base: source, progress: progress)
                return try store.save(from: &counted, to: path, in: directory, options: options)
            }
        }
        if invocation.flag("print-path") { context.stdout.line(written) }
        return ExitCode.success
    }

    /// The expiry time the options ask for, in seconds since 1970 UTC.
    static func expiry(_ invocation: Invocation) throws -> Int64? {
        let after = try invocation.duration("expires-in")
        let at = try invocation.time("expires-at")
        if after != nil && at != nil {
            throw UsageError("--expires-in and --expires-at cannot be combined", command: spec)
        }
        guard let after else { return at }
        let (expires, overflow) = ProcessState.now().addingReportingOverflow(after)
        if overflow { throw UsageError("--expires-in \(invocation.value("expires-in")!): the duration is too large", command: spec) }
        return expires
    }
}
