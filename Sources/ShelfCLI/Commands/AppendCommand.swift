import ShelfCore

/// `shelf append`: standard input (or --file) joins what is stored, at the cost of the new item.
enum AppendCommand {
    static let spec = CommandSpec(
        name: "append",
        summary: "add standard input (or --file) to the array, lines, folder or file at <path>",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument],
        options: [
            CommandTable.fileOption,
            OptionSpec(name: "each", help: "the input is a JSON array: append each of its elements"),
            OptionSpec(name: "raw", help: "append the bytes as they are, without checking for JSON"),
        ],
        discussion: """
            What happens depends on <path>:
              *.json             the input (one JSON text) becomes the last element of the
                                 stored array, in place: only the bytes at the closing bracket
                                 are rewritten, so a 1 GB array takes as long as a 1 KB one.
                                 No file yet: it becomes [<item>]. A file holding another
                                 value becomes [<old>,<item>].
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
            """,
        examples: [
            "echo '{\"at\":\"09:00\",\"ok\":true}' | shelf append documents log.json",
            "jq -c '.items[]' feed.json | shelf append caches items.jsonl",
            "shelf append documents log.json --each --file batch.json",
            "shelf append caches shots/ --file screen.png",
            "date | shelf append temporary notes.txt",
        ],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let path = try invocation.path(at: 1)
        let options = AppendOptions(each: invocation.flag("each"), raw: invocation.flag("raw"))
        if options.each && options.raw {
            throw UsageError("--each and --raw cannot be used together", command: invocation.command)
        }
        let store = try context.store()
        let result = try context.withInput(invocation) { source in
            try store.append(from: &source, to: path, in: directory, options: options)
        }
        for name in result.createdNames { context.stdout.line(name) }
        return ExitCode.success
    }
}
