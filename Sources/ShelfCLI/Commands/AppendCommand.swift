import ShelfCore

/// `shelf append`: standard input (or --file) joins what is stored, at the cost of the new item.
struct AppendCommand: Command {
    static let each = Flag("each", help: "the input is a JSON array: append each of its elements")
    static let raw = Flag("raw", help: "append the bytes as they are, without checking for JSON")
    static let wrap = Flag("wrap", help: "let a .json file holding one value that is not an array become [<value>,<input>]")

    static let commandName = "append"

    static let spec = CommandSpec(
        AppendCommand.self,
        name: commandName,
        summary: "add standard input (or --file) to the array, lines, folder or file at <path>",
        arguments: [Shared.directory, Shared.path],
        options: [Shared.file, each, raw, wrap, Shared.mode, Shared.jsonReport],
        discussion: """
            What happens depends on <path>:
              *.json             the input (one JSON text) becomes the last element of the
                                 stored array, in place: only the bytes at the closing bracket
                                 are rewritten, so a 1 GB array takes as long as a 1 KB one.
                                 No file yet: it becomes [<item>]. A file holding another
                                 value (an object: a config) is refused (65, unchanged);
                                 with --wrap it becomes [<old>,<item>], as the Swift
                                 library (and Disk) always does.
              *.jsonl, *.ndjson  each input line (one JSON text) is added as a line.
              a folder           (existing, or <path> ending in '/') the input is stored as the
                                 next numbered file, after the highest numeric name; its name
                                 is printed.
              any other file     the bytes are added at the end as they are (like >>).
            With --each the input must be a JSON array: each element is appended to a .json array,
            written as one compact line to a .jsonl file, or stored as its own file in a folder.
            Invalid input exits 65 and changes nothing. The append holds an exclusive lock on the
            file and a rollback journal beside it: concurrent appends all land, each once, and a
            crash at any instant leaves the file with or without the new item, never torn.
            A file the append creates gets mode 0600, or --mode (a numbered folder's new files too),
            and the folders it makes the matching search bits, less the umask; a file that exists
            keeps its mode, also when it is rewritten (a single value becoming an array).
            --json prints {"directory":…,"path":…,"items":N,"created":[…]}: the file or folder appended
            to, how many items were added, and the names of new numbered files (docs/json-output.md).
            """,
        examples: [
            "echo '{\"at\":\"09:00\",\"ok\":true}' | shelf append documents log.json",
            "jq -c '.items[]' feed.json | shelf append caches items.jsonl",
            "shelf append documents log.json --each --file batch.json",
            "shelf append caches shots/ --file screen.png",
            "date | shelf append temporary notes.txt",
        ],
        writes: true, statuses: [ExitCode.dataError, ExitCode.noInput, ExitCode.cannotCreate, ExitCode.permission],
        hazards: [Hazard(destroys: "the shape of a .json file holding one value (it becomes an array)", consent: wrap.optionSpec.name)])

    let stored: StoredPath
    let input: InputFile?
    let options: AppendOptions
    let report: ActionReport.Style

    init(_ words: ParsedWords) throws {
        stored = try StoredPath(words)
        input = words[Shared.file]
        var options = AppendOptions(each: words[Self.each], raw: words[Self.raw],
                                    mode: words[Shared.mode]?.permissions ?? FileMode.privateFile)
        options.wrapsSingleValue = words[Self.wrap]
        self.options = options
        if options.each && options.raw { throw UsageError("--each and --raw cannot be used together") }
        report = try ActionReport.Style(json: words[Shared.jsonReport])
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let result: AppendResult
        do {
            result = try context.withInput(input) { source in
                try store.append(from: &source, to: stored.path, in: stored.directory, options: options)
            }
        } catch let refused as StoredValueNotArray {
            context.stderr.line("shelf: append: \(printable(refused.path)) holds \(refused.holds), not an array; nothing was changed")
            context.stderr.line("shelf: append: Pass --wrap to make it an array of the stored value and the input, "
                + "or use 'shelf update' to change the value itself.")
            return ExitCode.dataError
        }
        if report == .json {
            try ActionReport(store: store, stored).print(.json, to: context.stdout, [
                ("items", .integer(Int64(result.itemsAppended))), ("created", .strings(result.createdNames)),
            ])
        } else {
            // A folder's new numbered files, one name a line: digits only, nothing to escape.
            for name in result.createdNames { context.stdout.line(name) }
        }
        return ExitCode.success
    }
}
