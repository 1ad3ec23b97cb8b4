import ShelfCore

/// `shelf copy`: a file or folder tree into another directory or under another name.
enum CopyCommand {
    static let spec = CommandSpec(
        name: "copy",
        summary: "copy the file or folder at <path> into <to-directory>, as <new-path> if given",
        arguments: [
            CommandTable.directoryArgument, CommandTable.pathArgument, MoveCommand.toDirectoryArgument,
            ArgumentSpec(name: "new-path", help: "the copy's path (default: <path>)", optional: true, kind: .storedPath),
        ],
        options: [MoveCommand.forceOption, MoveCommand.printPathOption],
        discussion: """
            The copy is built under a hidden temporary name beside the target, every file and folder
            fsynced, then renamed into place in one step: the target name never shows a partial file
            or a partial tree. Permission bits, times and user extended attributes are kept; symbolic
            links inside a folder are copied as links, never followed; FIFOs, sockets and devices are
            refused. Missing folders on the way are created. An existing target is an error (exit 73)
            unless --force is given (see 'shelf help move' for how a target is replaced).
            """,
        examples: [
            "shelf copy documents notes/todo.txt caches",
            "shelf copy documents notes/ documents notes-backup/",
        ],
        writes: true,
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let destination = try invocation.directory(at: 2)
        let store = try context.store()
        let copied = try context.withProgress(invocation) { _ in
            let path = try invocation.path(at: 1)
            return try store.copy(path, in: directory, to: destination, as: invocation.optionalPath(at: 3) ?? path,
                                  replace: invocation.flag("force"))
        }
        if invocation.flag("print-path") { context.stdout.line(copied) }
        return ExitCode.success
    }
}
