import ShelfCore

/// `shelf rename`: a new path in the same directory, byte for byte.
enum RenameCommand {
    static let spec = CommandSpec(
        name: "rename",
        summary: "give the file or folder at <path> the path <new-path> in the same directory",
        arguments: [
            CommandTable.directoryArgument, CommandTable.pathArgument,
            ArgumentSpec(name: "new-path", help: "the new relative path; subfolders allowed", kind: .storedPath),
        ],
        options: [MoveCommand.forceOption, MoveCommand.printPathOption],
        discussion: """
            Names keep their exact bytes: a space stays a space (Disk would write %20), and unicode,
            '%' and other characters are stored as given. <new-path> may lead into other folders;
            missing ones are created. An existing target is an error (exit 73) unless --force is given
            (see 'shelf help move' for how a target is replaced). Renaming a folder into itself is refused.
            """,
        examples: [
            "shelf rename documents 'draft 1.txt' 'final draft.txt'",
            "shelf rename caches feeds/today.json feeds/archive/2024-05-01.json",
        ],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let renamed = try context.store().rename(invocation.path(at: 1), in: directory, to: invocation.path(at: 2),
                                                 replace: invocation.flag("force"))
        if invocation.flag("print-path") { context.stdout.line(renamed) }
        return ExitCode.success
    }
}
