import Shelf

/// `shelf dirs`: every directory as resolved from the environment now.
enum DirsCommand {
    static let spec = CommandSpec(
        name: "dirs",
        summary: "print the folder of each directory, one 'name<TAB>path' per line",
        arguments: [],
        options: [
            PathCommand.jsonOption,
            OptionSpec(name: "group", value: "NAME", help: "also print sharedContainer:NAME"),
        ],
        discussion: """
            Each line is the directory's name, a tab, and its absolute folder for the current app
            (documents, caches, applicationSupport, temporary). A shared container needs a group name,
            so its line (sharedContainer:NAME) appears only with --group NAME. Nothing is created.
            With --json: one object with the keys app, documents, caches, applicationSupport, temporary,
            sharedContainer and group (the last two null without --group); see docs/json-output.md.
            """,
        examples: [
            "shelf dirs",
            "shelf dirs --group team | cut -f2",
            "shelf --app myapp dirs --json | jq -r .caches",
        ],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let store = try context.store()
        let group = invocation.value("group")
        var directories = Directory.standard
        if let group { directories.append(.sharedContainer(appGroupName: group)) }
        let resolved = try directories.map { ($0, try store.locations.path(for: $0)) }
        if invocation.flag("json") {
            var members: [(String, JSONText.Value)] = [("app", .string(store.locations.app))]
            for (directory, path) in resolved where directory != .sharedContainer(appGroupName: group ?? "") {
                members.append((directory.name, .string(path)))
            }
            members.append(("sharedContainer", resolved.count > Directory.standard.count ? .string(resolved[Directory.standard.count].1) : .null))
            members.append(("group", group.map { .string($0) } ?? .null))
            context.stdout.line(JSONText.object(members))
        } else {
            for (directory, path) in resolved { context.stdout.line(directory.name + "\t" + path) }
        }
        return ExitCode.success
    }
}
