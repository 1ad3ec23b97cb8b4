import ShelfCore

/// `shelf exists`: answers with the exit status only, for one path or several.
struct ExistsCommand: Command {
    static let paths = RepeatedPositional<SafePath>(
        "path", help: "relative path inside the directory; several: the answer is yes only if all are there")
    static let allowExpired = Flag("allow-expired", help: "count a file whose expiry time has passed as there")

    static let commandName = "exists"

    static let spec = CommandSpec(
        ExistsCommand.self,
        name: commandName,
        summary: "exit 0 if a file or folder is stored at every <path>, 1 if one is missing, 3 if one has expired; prints nothing",
        arguments: [Shared.directory, paths],
        options: [allowExpired],
        discussion: """
            0: every path is there. 1: at least one is missing. 3: all are there, but at least one
            is a file whose expiry time (save --expires-in) has passed, which retrieve would refuse;
            with --allow-expired such a file counts as there. Nothing is created, not even the
            namespace folder. A path that cannot be looked at (a link on the way, an unsafe name) is
            an error with its own status (77, 64), as for every command.
            """,
        examples: [
            "shelf exists documents notes/todo.txt && echo yes",
            "shelf exists caches token || refresh-token",
            "shelf exists caches feeds/a.json feeds/b.json",
        ],
        statuses: [ExitCode.no, ExitCode.expired, ExitCode.permission])

    let directory: Directory
    let paths: [SafePath]
    let allowExpired: Bool

    init(_ words: ParsedWords) throws {
        directory = try words[Shared.directory]
        paths = try words[Self.paths]
        allowExpired = words[Self.allowExpired]
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let now = ProcessState.now()
        var answer = ExitCode.success
        for path in paths {
            switch try store.presence(path, in: directory, now: now) {
            case .missing: return ExitCode.no
            case .expired where !allowExpired: answer = ExitCode.expired
            case .expired, .present: continue
            }
        }
        return answer
    }
}
