import ShelfCore

/// `shelf apps`: the namespaces present in each directory.
struct AppsCommand: Command {
    static let commandName = "apps"
    static let spec = CommandSpec(
        AppsCommand.self,
        name: commandName,
        summary: "list the app namespaces present in each directory, one 'directory<TAB>name' per line",
        arguments: [],
        options: [Shared.json],
        discussion: """
            For documents, caches, applicationSupport and temporary, each folder in the directory's
            base folder (as 'shelf dirs' resolves it: ~/.cache for caches, …) is an app namespace that
            --app NAME reaches; for sharedContainer, each group in the shared folder. shelf keeps no
            register of apps, so every real folder there is listed, whoever made it (~/.cache holds
            other programs' caches too); symbolic links are not namespaces and are left out. In the
            shared $TMPDIR (no XDG_RUNTIME_DIR) only this user's <app>-<uid> folders count, shown as
            <app>. Lines are sorted by name within each directory; names are escaped (or quoted on a
            terminal) as list shows them. Nothing is created. Under --root there are no namespaces:
            the folder is the whole store (exit 64).
            With --json: one array of {"directory":…,"name":…}, with "nameBytes" (base64) for a name
            that is not UTF-8 (docs/json-output.md).
            """,
        examples: [
            "shelf apps",
            "shelf apps | cut -f2 | sort -u",
            "shelf apps --json | jq -r '.[] | select(.directory == \"caches\") | .name'",
        ],
        statuses: [ExitCode.permission])

    let json: Bool

    init(_ words: ParsedWords) throws {
        json = words[Shared.json]
    }

    func run(_ context: Context) throws -> Int32 {
        if try RootFolder.chosen(context.root, environment: context.environment) != nil {
            throw UsageError("under --root or SHELF_ROOT there are no namespaces: the folder is the whole store")
        }
        let found = try context.store().namespaces()
        if json {
            let items = found.map { JSONText.Value.object([("directory", .string($0.directory))] + JSONText.name("name", $0.nameBytes)) }
            context.stdout.line(JSONText.encode(.array(items)))
        } else {
            let style = NameStyle(null: false, output: context.stdout)
            for entry in found { context.stdout.entry(entry.nameBytes, after: entry.directory + "\t", style: style) }
        }
        return ExitCode.success
    }
}
