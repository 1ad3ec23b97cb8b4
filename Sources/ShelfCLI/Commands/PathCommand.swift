import ShelfCore

/// `shelf path`: where a name lives (Disk's `url(for:in:)`), whether or not it exists.
struct PathCommand: Command {
    static let path = OptionalPositional<SafePath>("path", help: "relative path inside the directory (default: the folder itself)")

    static let commandName = "path"

    static let spec = CommandSpec(
        PathCommand.self,
        name: commandName,
        summary: "print the absolute path of <path> in <directory> (or of the directory's folder)",
        arguments: [Shared.directory, path],
        options: [Shared.json],
        discussion: """
            The path is printed whether or not anything is stored there, and nothing is created.
            <path> is checked like everywhere else: an unsafe one is a usage error (exit 64).
            With --json: {"directory":"<name>","path":"<absolute path>"} (see docs/json-output.md).
            """,
        examples: ["shelf path caches", "cd \"$(shelf path documents)\"", "shelf path --json caches feeds/today.json"],
        statuses: [ExitCode.permission])

    let directory: Directory
    let path: SafePath?
    let json: Bool

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        path = words[Self.path]
        json = words[Shared.json]
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let absolute = try path.map { try store.absolutePath(of: $0, in: directory) } ?? store.path(for: nil, in: directory)
        if json {
            context.stdout.line(JSONText.object([("directory", .string(directory.name)), ("path", .string(absolute))]))
        } else {
            context.stdout.line(absolute)
        }
        return ExitCode.success
    }
}
