import ShelfCore

/// `shelf remove`: deletes files or folder trees inside the namespace, one path or several.
struct RemoveCommand: Command {
    static let force = Flag("force", short: "f", help: "a missing path is not an error")
    static let recursive = Flag("recursive", short: "r", help: "remove a folder and everything in it (without it, only an empty folder goes)")
    static let paths = RepeatedPositional<SafePath>(
        "path", help: "relative path inside the directory; several are removed in the order given")

    static let commandName = "remove"

    static let spec = CommandSpec(
        RemoveCommand.self,
        name: commandName,
        summary: "remove the file, or with -r the folder and its contents, at each <path>",
        arguments: [Shared.directory, paths],
        options: [recursive, force, Shared.dryRun, Shared.jsonReport],
        discussion: """
            As rm does: a folder that holds anything goes only with -r (--recursive); without it, it
            is refused (64) and kept whole. An empty folder goes without -r, as with rm -d (shelf's
            own hidden files in it do not count). The Swift library removes any folder, as Disk does.
            Symbolic links inside a removed folder are removed, never followed. The namespace folder
            itself cannot be removed (use 'shelf clear').
            With several paths, as rm does: each is removed in the order given, a path that fails is
            reported on standard error and the others are still removed; the status is then that of
            the first failure (66 for a missing path, unless --force; 64 for a folder refused
            without -r). Each path is checked before anything is removed: an unsafe one (64) removes
            nothing. --dry-run prints the paths that would be removed (a folder's files, then the
            folder with a trailing /), relative to the directory's folder, and removes nothing
            (docs/scripting.md).
            --json prints one object for the run: {"directory":…,"paths":[{"name":…,"path":…,
            "removed":true},…],"failed":[{"name":…,"path":…,"error":{…}},…]}, paths in the order
            given; "removed" is false when --force found nothing to remove (docs/json-output.md).
            """,
        examples: ["shelf remove caches feeds/today.json", "shelf remove -rf caches feeds/", "shelf remove -r caches a.json b.json old/",
                   "shelf remove --dry-run -r documents notes/"],
        writes: true, statuses: [ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission],
        hazards: [Hazard(destroys: "a folder and everything in it", consent: recursive.optionSpec.name),
                  Hazard(destroys: "a file", consent: nil)])

    let directory: Directory
    let paths: [SafePath]
    let force: Bool
    let recursive: Bool
    let dryRun: Bool
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        paths = try words[Self.paths]
        force = words[Self.force]
        recursive = words[Self.recursive]
        dryRun = words[Shared.dryRun]
        report = try ActionReport.Style(json: words[Shared.jsonReport])
    }

    var changesStorage: Bool { !dryRun }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        if dryRun { return try plan(store, context) }
        let folder = try ActionReport.absolute(nil, in: directory, store)
        // One path fails as it always did: the error goes up to the one place that reports it.
        if paths.count == 1 {
            guard let removed = try remove(paths[0], store, context) else { return ExitCode.usage }
            printReport([(paths[0], removed)], failed: [], folder: folder, context)
            return ExitCode.success
        }
        for path in paths { try store.checkRemovable(path, from: directory) }
        var status = ExitCode.success
        var done: [(SafePath, Bool)] = [], failed: [JSONText.Value] = []
        for path in paths {
            var failure: Int32?
            do {
                if let removed = try remove(path, store, context) { done.append((path, removed)) } else { failure = ExitCode.usage }
            } catch {
                failure = try reportFailure(error, context)
            }
            guard let failure else { continue }
            if status == ExitCode.success { status = failure }
            let message = context.stderr.reported.map { FailureReport.object($0.message, status: failure) } ?? .null
            failed.append(.object(JSONText.place(path.bytes, in: folder) + [("error", message)]))
            context.stderr.reported = nil
        }
        printReport(done, failed: failed, folder: folder, context)
        return status
    }

    /// With --json, one object for the whole run: what was removed, and what failed (also on
    /// standard error), each by its name and absolute path.
    private func printReport(_ done: [(SafePath, Bool)], failed: [JSONText.Value], folder: [UInt8], _ context: Context) {
        guard report == .json else { return }
        let paths = done.map { JSONText.Value.object(JSONText.place($0.0.bytes, in: folder) + [("removed", .bool($0.1))]) }
        context.stdout.line(JSONText.object([("directory", .string(directory.name)), ("paths", .array(paths)), ("failed", .array(failed))]))
    }

    /// `--dry-run`: each path judged as the removal would judge it; what would go is printed.
    private func plan(_ store: Store, _ context: Context) throws -> Int32 {
        for path in paths { try store.checkRemovable(path, from: directory) }
        var status = ExitCode.success
        var planned: [[UInt8]] = []
        for path in paths {
            do {
                planned += try store.removalPlan(path, from: directory, recursive: recursive)
            } catch ShelfError.notFound where force {
                continue
            } catch {
                let failed = try reportFailure(error, context)
                if status == ExitCode.success { status = failed }
            }
        }
        DryRunReport.print(planned, json: report == .json, members: [("directory", .string(directory.name))],
                           folder: try ActionReport.absolute(nil, in: directory, store), to: context.stdout)
        return status
    }

    /// Reports one path's failure on standard error; returns its status. Errors of no path rethrow.
    private func reportFailure(_ error: any Error, _ context: Context) throws -> Int32 {
        switch error {
        case let error as ShelfError:
            Messages.report(error, command: Self.spec, to: context.stderr)
            return ExitCode.status(for: error, writes: true)
        case let refused as FolderNotEmpty:
            FailureReport.report("\(refused.path) is a folder that is not empty; nothing in it was removed",
                                 hint: "Pass -r (--recursive) to remove it with everything in it; 'shelf list' shows what it holds.",
                                 command: Self.commandName, to: context.stderr)
            return ExitCode.usage
        default:
            throw error
        }
    }

    /// Removes one path: whether something was there (false only with --force); nil when it
    /// was refused, a folder that is not empty without -r (said on standard error).
    private func remove(_ path: SafePath, _ store: Store, _ context: Context) throws -> Bool? {
        do {
            try store.remove(path, from: directory, recursive: recursive)
            return true
        } catch ShelfError.notFound where force {
            return false
        } catch let refused as FolderNotEmpty {
            _ = try reportFailure(refused, context)
            return nil
        }
    }
}
