import ShelfCore

/// `shelf dirs`: every directory as resolved from the environment now.
struct DirsCommand: Command {
    static let group = Option<String>("group", value: "NAME", help: "resolve sharedContainer for the group NAME")

    static let commandName = "dirs"

    static let spec = CommandSpec(
        DirsCommand.self,
        name: commandName,
        summary: "print the folder of each directory, one 'name<TAB>path' per line",
        arguments: [],
        options: [Shared.json, group],
        discussion: """
            Each line is the directory's name, a tab, and its absolute folder for the current app
            (documents, caches, applicationSupport, temporary), then the shared containers: with
            --group NAME the line sharedContainer:NAME and its folder, without it the line
            sharedContainer:<group> and the folder with <group> standing for the group's name.
            Nothing is created. Under --root (or SHELF_ROOT) every line shows that one folder.
            With --json: one object with the keys app, documents, caches, applicationSupport, temporary,
            sharedContainer and group (the last two null without --group); see docs/json-output.md.
            """,
        examples: [
            "shelf dirs",
            "shelf dirs --group team | cut -f2",
            "shelf --app myapp dirs --json | jq -r .caches",
        ],
        statuses: [ExitCode.permission])

    let group: String?
    let json: Bool

    init(_ words: ParsedWords) throws {
        group = words[Self.group]
        json = words[Shared.json]
    }

    func run(_ context: Context) throws -> Int32 {
        let store = try context.store()
        let standard = try Directory.standard.map { ($0.name, try store.locations.path(for: $0)) }
        let shared = try group.map { try store.locations.path(for: .sharedContainer(appGroupName: $0)) }
        if json {
            let members: [(String, JSONText.Value)] = [("app", .string(store.locations.app))]
                + standard.map { ($0.0, .string($0.1)) }
                + [("sharedContainer", shared.map { .string($0) } ?? .null), ("group", group.map { .string($0) } ?? .null)]
            context.stdout.line(JSONText.object(members))
        } else {
            for (name, path) in standard { context.stdout.line(name + "\t" + path) }
            if let group, let shared {
                context.stdout.line(Directory.sharedContainer(appGroupName: group).name + "\t" + shared)
            } else {
                // Any valid group name resolves to the shared root plus that name: show the pattern.
                // Under --root every group is the one folder, which is then shown as it is.
                let sample = "group"
                let path = try store.locations.path(for: .sharedContainer(appGroupName: sample))
                let sameForAll = try path == store.locations.path(for: .sharedContainer(appGroupName: "other"))
                context.stdout.line("sharedContainer:<group>\t" + (sameForAll ? path : String(path.dropLast(sample.count)) + "<group>"))
            }
        }
        return ExitCode.success
    }
}
