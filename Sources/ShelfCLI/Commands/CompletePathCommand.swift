import ShelfCore

/// `shelf __complete-path`: the stored paths that continue a prefix, for the completion
/// scripts. Hidden: it is an interface between shelf and its own scripts, not a user command.
struct CompletePathCommand: Command {
    // Words as typed, whatever they hold: a completion helper answers nothing rather than fail.
    static let directory = Positional<Argument>("directory", help: Shared.directory.argumentSpec.help, kind: .directory)
    static let prefix = OptionalPositional<Argument>("prefix", help: "what has been typed of the path so far", kind: .storedPath)

    static let commandName = "__complete-path"

    static let spec = CommandSpec(
        CompletePathCommand.self,
        name: commandName,
        summary: "print the stored paths in <directory> that start with <prefix>, one per line (for shell completion)",
        arguments: [directory, prefix],
        options: [],
        discussion: """
            Lists one folder level, as file-name completion does: the entries of the folder named by
            <prefix> up to its last '/', whose names start with the rest. Folders end in '/'.
            Symbolic links, shelf's own .shelf-* files, the CACHEDIR.TAG of caches and names with
            control characters are left out, and hidden names unless the rest starts with '.'.
            Links on the way are not
            followed. Nothing is created; a prefix that leads nowhere prints nothing and exits 0.
            """,
        hidden: true, statuses: [])

    let directory: Directory?
    let prefix: String

    init(_ words: ParsedWords) throws {
        directory = Directory(parsing: try words[Self.directory].description)
        prefix = words[Self.prefix]?.description ?? ""
    }

    func run(_ context: Context) throws -> Int32 {
        guard let directory, let base = try? context.store().path(for: nil, in: directory) else { return ExitCode.success }
        let slash = prefix.lastIndex(of: "/")
        let parent = slash.map { String(prefix[...$0]) } ?? ""
        let leaf = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard parent.isEmpty || (try? SafePath(parent)) != nil,
              let folder = Self.openFolder(base, components: parent.split(separator: "/").map { FileName(String($0)) }) else {
            return ExitCode.success
        }
        for (name, isFolder) in folder.closeAfter(Self.entries) where Self.matches(name, leaf) && !(parent.isEmpty && name == "CACHEDIR.TAG") {
            context.stdout.line(parent + name + (isFolder ? "/" : ""))
        }
        return ExitCode.success
    }

    static func matches(_ name: String, _ leaf: String) -> Bool {
        name.hasPrefix(leaf) && !name.hasPrefix(SafePath.reservedPrefix)
            && (leaf.hasPrefix(".") || !name.hasPrefix("."))
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Opens the namespace folder, then each component with O_NOFOLLOW: a link on the way ends the walk.
    static func openFolder(_ base: String, components: [FileName]) -> FileDescriptor? {
        var folder = try? FileDescriptor.open(base, [.readOnly, .folder, .noFollow])
        for component in components {
            folder = folder.flatMap { folder in
                folder.closeAfter { try? FolderWalker.openFolder(component, in: $0, path: $0.path(for: component), create: false) } ?? nil
            }
        }
        return folder
    }

    /// The files and folders of an open folder (links, special files and names that are not
    /// UTF-8 left out), sorted by name.
    static func entries(of folder: FileDescriptor) -> [(String, Bool)] {
        var found: [(String, Bool)] = []
        for entry in (try? FolderEntries.read(folder)) ?? [] {
            guard let name = entry.name.text, let status = (try? folder.status(of: entry.name)) ?? nil else { continue }
            if status.isRegularFile || status.isFolder { found.append((name, status.isFolder)) }
        }
        return found.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    }
}
