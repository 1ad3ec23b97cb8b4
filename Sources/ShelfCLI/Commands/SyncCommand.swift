import Shelf
import ShelfCore

/// `shelf sync`: one `<id>.json` file per element of a JSON array, kept in step with the input.
enum SyncCommand {
    static let spec = CommandSpec(
        name: "sync",
        summary: "keep one <folder>/<id>.json file per element of the JSON array on standard input",
        arguments: [
            CommandTable.directoryArgument,
            ArgumentSpec(name: "folder", help: "folder inside the directory that holds the files (created if missing)", kind: .storedPath),
        ],
        options: [
            OptionSpec(name: "key", value: "FIELD", help: "the field holding each element's id (default: id); strings and numbers allowed"),
            CommandTable.fileOption,
            OptionSpec(name: "json", help: "print the report as JSON (it always is; accepted like everywhere else)"),
        ],
        discussion: """
            Reads a JSON array of objects. Each element is stored as <folder>/<id>.json (pretty-printed,
            keys sorted), written atomically. A file whose value changed is rewritten; an equal one is
            left untouched (same bytes, same modification time); a *.json file whose id is no longer in
            the input is removed. Other files in the folder, hidden files and sub-folders are never
            touched, nor are *.json files that are not valid JSON.
            Every id is checked before anything changes: an input that is not an array of objects, an
            element without the key, or an id that is not a safe file name (contains '/', starts with
            '.', …) or appears twice exits 65 and leaves the folder unchanged.
            Prints one line: {"added":[…],"removed":[…],"updated":[…]} with the ids, each list sorted;
            running it again with the same input prints empty lists and changes nothing.
            """,
        examples: [
            "curl -s https://example.org/users.json | shelf sync applicationSupport users",
            "shelf sync documents notes --key slug --file notes.json",
        ],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let key = invocation.value("key") ?? "id"
        if key.isEmpty { throw UsageError("option --key needs a field name", command: spec) }
        let folder = try JSONFolder(invocation.positionals[1], in: directory, store: context.store())
        let report = try context.withInput(invocation) { source in
            try folder.synchronize(from: &source, key: key, name: invocation.value("file") ?? "<stdin>")
        }
        context.stdout.line(JSONText.object([
            ("added", .strings(report.added)), ("removed", .strings(report.removed)), ("updated", .strings(report.updated)),
        ]))
        return ExitCode.success
    }
}
