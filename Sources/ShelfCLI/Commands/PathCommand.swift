import ShelfCore

/// `shelf path`: where a name lives (Disk's `url(for:in:)`), whether or not it exists.
enum PathCommand {
    static let spec = CommandSpec(
        name: "path",
        summary: "print the absolute path of <path> in <directory> (or of the directory's folder)",
        arguments: [
            CommandTable.directoryArgument,
            ArgumentSpec(name: "path", help: "relative path inside the directory (default: the folder itself)",
                         optional: true, kind: .storedPath),
        ],
        options: [jsonOption],
        discussion: """
            The path is printed whether or not anything is stored there, and nothing is created.
            <path> is checked like everywhere else: an unsafe one is a usage error (exit 64).
            With --json: {"directory":"<name>","path":"<absolute path>"} (see docs/json-output.md).
            """,
        examples: ["shelf path caches", "cd \"$(shelf path documents)\"", "shelf path --json caches feeds/today.json"],
        run: run)

    static let jsonOption = OptionSpec(name: "json", help: "print one JSON object instead of text")

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let store = try context.store()
        let path = try invocation.optionalPath(at: 1).map { try store.absolutePath(of: $0, in: directory) } ?? store.path(for: nil, in: directory)
        if invocation.flag("json") {
            context.stdout.line(JSONText.object([("directory", .string(directory.name)), ("path", .string(path))]))
        } else {
            context.stdout.line(path)
        }
        return ExitCode.success
    }
}
