import ShelfCore

/// `shelf clear`: empties a directory's namespace folder, or trims it to limits (for cron).
struct ClearCommand: Command {
    static let olderThan = Option<DurationValue>(
        "older-than", value: "DURATION", help: "remove files not modified for DURATION (3600 seconds, 90s, 15m, 12h, 7d, 7days, 2w)")
    static let maxSize = Option<SizeValue>(
        "max-size", value: "SIZE", help: "remove the least recently used files (by access or modification) until the rest fit in SIZE (500K, 10M, 2G)")
    static let expired = Flag("expired", help: "remove files whose expiry time (save --expires-in) has passed")
    static let keepNewest = Option<CountValue>(
        "keep-newest", value: "N", help: "in each folder, keep the N most recently modified files whatever else is asked")
    static let folder = OptionalPositional<SafePath>(
        "folder", help: "clear only this folder's tree inside the directory (the folder itself stays)")
    static let dryRun = Flag("dry-run", short: "n", help: "print what would be removed; remove nothing")
    static let verbose = Flag("verbose", short: "v", help: "print each removed file; report skipped ones on standard error")
    static let null = Flag("null", short: "0", help: "with --verbose or --dry-run: end each path with NUL instead of a newline, and print its exact bytes")
    static let all = Flag(
        "all", help: "remove everything without a limit in documents, applicationSupport or a sharedContainer (there a clear without a limit asks, or is refused)")

    static let commandName = "clear"

    static let spec = CommandSpec(
        ClearCommand.self,
        name: commandName,
        summary: "remove everything in <directory> (or its <folder>), or only what breaks --older-than, --max-size, --expired",
        arguments: [Shared.directory, folder],
        options: [olderThan, maxSize, expired, keepNewest, all, dryRun, verbose, null, Shared.json],
        discussion: """
            Only the directory's own namespace folder is touched, never anything outside it: symbolic
            links are removed, not followed. CACHEDIR.TAG at the top stays. Without options everything
            else goes: in caches and temporary at once (what cron clears them for); in documents,
            applicationSupport and a sharedContainer, which hold a person's data, only with --all. There,
            a clear without a limit (a <folder> is not one) asks on a terminal (standard input and
            standard error), after saying how many files of what size it would remove; elsewhere it
            is refused (64) with that summary, and nothing is removed. Each option is instead a limit
            the folder must meet afterwards, and a file is removed when it breaks any of them:
            --expired, --older-than (by modification time), or --max-size (the least recently used
            files go first: by the newer of access and modification time, as systemd-tmpfiles judges;
            under relatime, Linux's default, a read counts at most once a day, under noatime never;
            sizes are file sizes in bytes, the units powers of 1024). Folders the clear leaves empty
            are removed.
            --keep-newest N keeps, in each folder of the tree, the N most recently modified regular
            files (equal times: the later name in byte order counts as newer) whatever the other
            options say; alone, it removes every other file. With <folder>, only that folder's tree
            is cleared (paths stay relative to the directory's folder); a missing folder is already
            clear; a folder that is a link is refused (77), a file is refused (73).
            A file another shelf process is writing or reading (it holds a lock) is skipped, not torn.
            Every file that cannot be removed is reported on standard error and the others are still
            removed; the status is then 77 if all were refused permission, else 74.
            Paths printed by --verbose and --dry-run are relative to the directory's folder, one per
            line, escaped as list escapes names (on a terminal, quoted for the shell as ls does);
            --null gives their exact bytes, each ended by NUL.
            --json prints {"removed":N,"freedBytes":N,"failed":[{"name":…,"path":…,"error":…}],
            "skipped":N,"dryRun":false,"removedPaths":null}; with --verbose or --dry-run, removedPaths
            is the array of paths removed, [{"name":…,"path":…},…]: name relative to the directory's
            folder, path absolute, as in every --json (docs/json-output.md).
            """,
        examples: [
            "shelf clear temporary",
            "shelf clear documents --all",
            "shelf clear caches --older-than 7d --max-size 500M",
            "shelf clear caches --expired --json",
            "shelf clear caches --max-size 1G --dry-run",
            "shelf clear caches feeds --keep-newest 24",
            "shelf clear caches feeds --older-than 2d --keep-newest 3",
        ],
        writes: true, statuses: [ExitCode.cannotCreate, ExitCode.permission],
        hazards: [Hazard(destroys: "every file of documents, applicationSupport or a sharedContainer", consent: all.optionSpec.name),
                  Hazard(destroys: "every file of caches or temporary", consent: nil)])

    let directory: Directory
    let folder: SafePath?
    let options: ClearOptions
    let verbose: Bool
    let null: Bool
    let json: Bool
    let all: Bool

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        folder = words[Self.folder]
        json = words[Shared.json]
        verbose = words[Self.verbose]
        let dryRun = words[Self.dryRun]
        // Only --json prints the bytes freed: without it, no file needs a `stat` for its size; only
        // --verbose and --dry-run print the paths: without them, no path is put together.
        options = ClearOptions(olderThan: words[Self.olderThan]?.seconds, maxSize: words[Self.maxSize]?.bytes,
                               expiredOnly: words[Self.expired], keepNewest: words[Self.keepNewest]?.count,
                               dryRun: dryRun, countsFreedBytes: json, listsRemovedPaths: verbose || dryRun)
        null = words[Self.null]
        all = words[Self.all]
        if null && json { throw UsageError("--null and --json cannot be combined (--json gives every path's bytes)") }
        if null && !listsPaths { throw UsageError("--null ends the paths --verbose or --dry-run print: give one of them") }
    }

    /// Whether the removed paths are printed (or, with --json, listed).
    var listsPaths: Bool { verbose || options.dryRun }

    var changesStorage: Bool { !options.dryRun }

    /// The directories that hold a person's data: emptying one takes --all.
    static func holdsUserData(_ directory: Directory) -> Bool {
        switch directory {
        case .documents, .applicationSupport, .sharedContainer: return true
        case .caches, .temporary: return false
        }
    }

    /// Removing everything from a directory of a person's data, with no limit and no --all.
    var needsConsent: Bool {
        ClearCommand.holdsUserData(directory) && !all && !options.dryRun && options.olderThan == nil && options.maxSize == nil
            && !options.expiredOnly && options.keepNewest == nil
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        if needsConsent, let refused = try consent(store, context) { return refused }
        // Clearing many files can take a while: a count of files removed (on a terminal only).
        let report = try context.withProgress(unit: .items("files removed")) { _ in
            try store.clear(directory, in: folder, options: options)
        }
        // In byte order, as list prints names.
        let removed = listsPaths ? report.removedPaths.sorted { $0.lexicographicallyPrecedes($1) } : nil
        if json {
            let base = try ActionReport.absolute(nil, in: directory, store)
            context.stdout.line(JSONText.object(ClearCommand.jsonMembers(report, dryRun: options.dryRun, paths: removed, folder: base)))
        } else if let removed {
            // One entry per path, whatever bytes a name holds.
            let style = NameStyle(null: null, output: context.stdout)
            for path in removed { context.stdout.entry(path, style: style) }
        }
        if verbose {
            for path in report.skippedPaths {
                context.stderr.line("shelf: clear: skipped (in use or changed meanwhile): \(EscapedText.escaping(path))")
            }
        }
        return ClearCommand.status(reporting: report.failed, to: context)
    }

    /// Says what a clear without a limit would remove, and asks on a terminal; elsewhere refuses.
    /// - Returns: nil to go on; else the status to end with, nothing removed.
    private func consent(_ store: Store, _ context: Context) throws -> Int32? {
        var dry = options
        dry.dryRun = true
        dry.countsFreedBytes = true  // the question names the size
        let planned = try store.clear(directory, in: folder, options: dry)
        let count = planned.removedCount
        guard count > 0 else { return nil }
        let place = EscapedText.text(try ActionReport.absolute(folder, in: directory, store))
        let summary = "\(count == 1 ? "1 file" : "\(count) files") (\(HumanSize.format(planned.freedBytes))) in \(place)"
        guard Confirmation.mayAsk(context) else {
            throw UsageError("this would remove all \(summary), which holds a person's data: pass --all to remove "
                + "everything, or a limit (--older-than, --max-size, --expired, --keep-newest); --dry-run lists the files")
        }
        if Confirmation.ask("shelf: clear: remove all \(summary)?", context) { return nil }
        context.stderr.line("shelf: clear: nothing removed")
        return ExitCode.success
    }

    /// - Parameter paths: the removed paths to list, sorted; nil leaves them out (`null`).
    static func jsonMembers(_ report: ClearReport, dryRun: Bool, paths: [[UInt8]]?, folder: [UInt8]) -> [(String, JSONText.Value)] {
        let failed = report.failed.map {
            JSONText.Value.object(JSONText.place($0.pathBytes, in: folder) + [("error", .string($0.error.description))])
        }
        return [
            ("removed", .integer(Int64(report.removedCount))),
            ("freedBytes", .integer(report.freedBytes)),
            ("failed", .array(failed)),
            ("skipped", .integer(Int64(report.skippedPaths.count))),
            ("dryRun", .bool(dryRun)),
            ("removedPaths", paths.map { .array($0.map { .object(JSONText.place($0, in: folder)) }) } ?? .null),
        ]
    }

    /// Each failure on standard error; 77 when every one was a refusal of permission, else 74.
    static func status(reporting failures: [ClearFailure], to context: Context) -> Int32 {
        guard !failures.isEmpty else { return ExitCode.success }
        // A name on disk may hold control characters: a message stays one line.
        for failure in failures { context.stderr.line("shelf: clear: \(printable(failure.error.description))") }
        let refused = failures.allSatisfy { ExitCode.status(for: $0.error, writes: true) == ExitCode.permission }
        let count = failures.count == 1 ? "1 entry" : "\(failures.count) entries"
        let advice = refused ? ShelfError.permissionDenied(path: "").recoverySuggestion : "Check the disk and the file system, then run the command again."
        context.stderr.line("shelf: clear: \(count) could not be removed; the rest were. \(advice)")
        return refused ? ExitCode.permission : ExitCode.ioError
    }
}
