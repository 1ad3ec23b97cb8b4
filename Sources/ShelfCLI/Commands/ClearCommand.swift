import ShelfCore

/// `shelf clear`: empties a directory's namespace folder, or trims it to limits (for cron).
enum ClearCommand {
    static let spec = CommandSpec(
        name: "clear",
        summary: "remove everything in <directory>, or only what breaks --older-than, --max-size, --expired",
        arguments: [CommandTable.directoryArgument],
        options: [
            OptionSpec(name: "older-than", value: "DURATION", help: "remove files not modified for DURATION (90s, 15m, 12h, 7d, 2w)"),
            OptionSpec(name: "max-size", value: "SIZE", help: "remove the least recently modified files until the rest fit in SIZE (500K, 10M, 2G)"),
            OptionSpec(name: "expired", help: "remove files whose expiry time (save --expires-in) has passed"),
            OptionSpec(name: "dry-run", short: "n", help: "print what would be removed; remove nothing"),
            OptionSpec(name: "verbose", short: "v", help: "print each removed file; report skipped ones on standard error"),
            PathCommand.jsonOption,
        ],
        discussion: """
            Only the directory's own namespace folder is touched, never anything outside it: symbolic
            links are removed, not followed. CACHEDIR.TAG at the top stays. Without options everything
            else goes. Each option is instead a limit the folder must meet afterwards, and a file is
            removed when it breaks any of them: --expired, --older-than (by modification time), or
            --max-size (the least recently modified files go first; sizes are file sizes in bytes, the
            units powers of 1024). Folders the clear leaves empty are removed.
            A file another shelf process is writing or reading (it holds a lock) is skipped, not torn.
            Every file that cannot be removed is reported on standard error and the others are still
            removed; the status is then 77 if all were refused permission, else 74.
            Paths printed by --verbose and --dry-run are relative to the directory's folder.
            --json prints {"removed":N,"freedBytes":N,"failed":[{"path":…,"error":…}],"skipped":N,
            "dryRun":false} (docs/json-output.md).
            """,
        examples: [
            "shelf clear temporary",
            "shelf clear caches --older-than 7d --max-size 500M",
            "shelf clear caches --expired --json",
            "shelf clear caches --max-size 1G --dry-run",
        ],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let options = ClearOptions(olderThan: try invocation.duration("older-than"), maxSize: try invocation.size("max-size"),
                                   expiredOnly: invocation.flag("expired"), dryRun: invocation.flag("dry-run"))
        let json = invocation.flag("json")
        if json && invocation.flag("verbose") {
            throw UsageError("--verbose and --json cannot be combined (--json prints counts)", command: spec)
        }
        let store = try context.store()
        // Clearing many files can take a while: a count of files removed (on a terminal only).
        let report = try context.withProgress(invocation, unit: .items("files removed")) { _ in
            try store.clear(directory, options: options)
        }
        if json {
            context.stdout.line(JSONText.object(jsonMembers(report, dryRun: options.dryRun)))
        } else if options.dryRun || invocation.flag("verbose") {
            // Escaped as list escapes them: one line per path, whatever bytes a name holds.
            for path in report.removedPaths.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                context.stdout.line(EscapedText.escaping(path))
            }
        }
        if invocation.flag("verbose") {
            for path in report.skippedPaths {
                context.stderr.line("shelf: clear: skipped (in use or changed meanwhile): \(EscapedText.escaping(path))")
            }
        }
        return status(reporting: report.failed, to: context)
    }

    static func jsonMembers(_ report: ClearReport, dryRun: Bool) -> [(String, JSONText.Value)] {
        let failed = report.failed.map { JSONText.Value.object(JSONText.name("path", $0.pathBytes) + [("error", .string($0.error.description))]) }
        return [
            ("removed", .integer(Int64(report.removed.count))),
            ("freedBytes", .integer(report.freedBytes)),
            ("failed", .array(failed)),
            ("skipped", .integer(Int64(report.skipped.count))),
            ("dryRun", .bool(dryRun)),
        ]
    }

    /// Each failure on standard error; 77 when every one was a refusal of permission, else 74.
    static func status(reporting failures: [ClearFailure], to context: Context) -> Int32 {
        guard !failures.isEmpty else { return ExitCode.success }
        for failure in failures { context.stderr.line("shelf: clear: \(failure.error.description)") }
        let refused = failures.allSatisfy { ExitCode.status(for: $0.error, writes: true) == ExitCode.permission }
        let count = failures.count == 1 ? "1 entry" : "\(failures.count) entries"
        let advice = refused ? ShelfError.permissionDenied(path: "").recoverySuggestion : "Check the disk and the file system, then run the command again."
        context.stderr.line("shelf: clear: \(count) could not be removed; the rest were. \(advice)")
        return refused ? ExitCode.permission : ExitCode.ioError
    }
}
