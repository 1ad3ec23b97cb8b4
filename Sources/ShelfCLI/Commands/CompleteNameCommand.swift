import ShelfCore

/// `shelf __complete-name app|group [<prefix>]`: the app names (for `--app`) or the group names
/// (after `sharedContainer:`) present on disk that start with a prefix, one per line, for the
/// completion scripts. Hidden, as `__complete-path`: an interface between shelf and its scripts.
struct CompleteNameCommand: Command {
    static let kind = Positional<Argument>("kind", help: "app or group")
    static let prefix = OptionalPositional<Argument>("prefix", help: "what has been typed of the name so far")

    static let commandName = "__complete-name"

    static let spec = CommandSpec(
        CompleteNameCommand.self,
        name: commandName,
        summary: "print the app or group names present that start with <prefix>, one per line (for shell completion)",
        arguments: [kind, prefix],
        options: [],
        discussion: """
            The names 'shelf apps' finds: for app, those of the four directories of apps, each once;
            for group, those of the shared containers. Names that are not UTF-8 or hold control
            characters or spaces are left out. Nothing is created; anything that fails prints
            nothing and exits 0.
            """,
        hidden: true, statuses: [])

    let wantsGroups: Bool?
    let prefix: String

    init(_ words: ParsedWords) throws {
        let kind = try words[Self.kind].description
        wantsGroups = kind == "group" ? true : kind == "app" ? false : nil
        prefix = words[Self.prefix]?.description ?? ""
    }

    func run(_ context: Context) throws -> Int32 {
        // Under --root the folder is the whole store: it has no namespaces (as `apps` says).
        guard let wantsGroups, (try? RootFolder.chosen(context.root, environment: context.environment)) == .some(nil),
              let found = try? context.store().namespaces() else { return ExitCode.success }
        let names = found.filter { ($0.directory == "sharedContainer") == wantsGroups }.compactMap { UTF8Text.validated($0.nameBytes) }
        for name in Set(names).sorted() where name.hasPrefix(prefix) && !name.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            context.stdout.line(name)
        }
        return ExitCode.success
    }
}
