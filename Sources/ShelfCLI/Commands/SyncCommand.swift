import ShelfCore

/// `shelf sync`: one `<id>.json` file per element of a JSON array, kept in step with the input.
struct SyncCommand: Command {
    static let folder = Positional<SafePath>("folder", help: "folder inside the directory that holds the files (created if missing)")
    static let key = Option<String>(
        "key", value: "FIELD", help: "the field holding each element's id (default: id); strings and numbers allowed")
    static let json = Flag("json", help: "print what was added, removed and updated as one JSON object")
    static let allowEmpty = Flag("allow-empty", help: "let an empty array remove every file of the folder (else refused, 65)")

    static let commandName = "sync"

    static let spec = CommandSpec(
        SyncCommand.self,
        name: commandName,
        summary: "keep one <folder>/<id>.json file per element of the JSON array on standard input",
        arguments: [Shared.directory, folder],
        options: [key, Shared.file, allowEmpty, Shared.dryRun, json],
        discussion: """
            Reads a JSON array of objects. Each element is stored as <folder>/<id>.json exactly as
            given, byte for byte (its spacing, key order and number spellings are kept; nothing is
            re-serialised), written atomically. The id is the element's key field: a string's text,
            compared as bytes (an NFC and an NFD spelling of 'é' are two ids), or a number exactly
            as written (7, 7.0 and 7e0 are three ids). A file holding other bytes is rewritten; an
            identical one is left untouched (same modification time); a *.json file whose id is no
            longer in the input is removed. Other files in the folder, hidden files and sub-folders
            are never touched, nor are *.json files that are not valid JSON.
            The whole input is read and every id checked before anything changes: an input that is
            not an array of objects, an element without the key, or an id that is not a safe file
            name (contains '/', starts with '.', …) or appears twice exits 65 and leaves the folder
            unchanged. The input waits in memory, or past 1 MiB in an unnamed temporary file.
            An empty array ([]) would remove every file of the folder (a feed that failed and
            answered [] would empty it): it is refused (65, nothing changed) unless --allow-empty is
            given; into a folder with none of sync's files it is harmless and accepted.
            Prints nothing on success, as save; with --json one line: {"added":[…],"removed":[…],
            "updated":[…]} with the ids, each list sorted; running it again with the same input
            prints empty lists and changes nothing.
            --dry-run makes the same checks and prints instead the paths of the files that would be
            removed or rewritten, relative to the directory's folder, one per line (with --json,
            the report above with "dryRun":true and "removedPaths"), changing nothing.
            """,
        examples: [
            "curl -s https://example.org/users.json | shelf sync applicationSupport users",
            "shelf sync documents notes --key slug --file notes.json",
            "shelf sync --dry-run applicationSupport users --file users.json",
        ],
        writes: true, statuses: [ExitCode.dataError, ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission],
        hazards: [Hazard(destroys: "every file of the folder (an empty input)", consent: allowEmpty.optionSpec.name),
                  Hazard(destroys: "the files of ids gone from the input", consent: nil)])

    let directory: Directory
    /// An unsafe folder is a usage error before any input is read.
    let folder: SafePath
    let key: String
    let input: InputFile?
    let options: SyncOptions
    let json: Bool

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        folder = try words[Self.folder]
        key = words[Self.key] ?? "id"
        if key.isEmpty { throw UsageError("option --key needs a field name") }
        input = words[Shared.file]
        options = SyncOptions(dryRun: words[Shared.dryRun], allowsEmptying: words[Self.allowEmpty])
        json = words[Self.json]
    }

    var changesStorage: Bool { !options.dryRun }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let report: SyncReport
        do {
            // Many elements take a while: a count of them on a terminal (standard error only).
            report = try context.withProgress(unit: .items("files synced")) { _ in
                try context.withInput(input) { source in
                    try store.synchronize(folder: folder, in: directory, from: &source, key: key, inputName: input?.description ?? "<stdin>",
                                          options: options)
                }
            }
        } catch let refused as SyncWouldEmpty {
            let files = refused.count == 1 ? "its 1 file" : "all \(refused.count) of its files"
            context.stderr.line("shelf: sync: the input is an empty array, which would remove \(files) from \(printable(refused.path)); nothing was changed")
            context.stderr.line("shelf: sync: Check where the input comes from; pass --allow-empty if the folder is to be emptied.")
            return ExitCode.dataError
        }
        let members: [(String, JSONText.Value)] = [
            ("added", .strings(report.added)), ("removed", .strings(report.removed)), ("updated", .strings(report.updated)),
        ]
        guard options.dryRun else {
            // Data on standard output only when asked for: a sync that worked is silent, as save is.
            if json { context.stdout.line(JSONText.object(members)) }
            return ExitCode.success
        }
        // The files removed or rewritten, as paths from the directory's folder.
        let paths = (report.removed + report.updated).map { folder.bytes + Array("/\($0).json".utf8) }
        DryRunReport.print(paths.sorted { $0.lexicographicallyPrecedes($1) }, json: json, members: members,
                           folder: try ActionReport.absolute(nil, in: directory, store), to: context.stdout)
        return ExitCode.success
    }
}
