import ShelfCore

/// `shelf move`: the same relative path in another directory (Disk's `move(_:in:to:)`).
enum MoveCommand {
    static let spec = CommandSpec(
        name: "move",
        summary: "move the file or folder at <path> to the same path in <to-directory>",
        arguments: [CommandTable.directoryArgument, CommandTable.pathArgument, toDirectoryArgument],
        options: [forceOption, printPathOption],
        discussion: """
            Within one file system this is a single rename. Across file systems (temporary is often a
            tmpfs) the file or folder is copied beside the target under a hidden name, fsynced, renamed
            into place, and only then is the source removed: a crash leaves the source intact (perhaps
            with a complete copy), never neither. Missing folders on the way are created.
            An existing target is an error (exit 73) unless --force is given: a file then replaces a
            file atomically; a folder target is swapped out atomically where the kernel supports it
            (renameat2 RENAME_EXCHANGE), otherwise it is moved aside and removed, which is not atomic.
            A source that is a symbolic link, or a target that is the source itself or lies inside
            the source folder, is refused.
            """,
        examples: [
            "shelf move temporary downloads/report.pdf documents",
            "shelf move --force caches feeds/ applicationSupport",
        ],
        writes: true,
        run: run)

    static let toDirectoryArgument = ArgumentSpec(
        name: "to-directory", help: "the directory to put it in (same names as <directory>)", kind: .directory)
    static let forceOption = OptionSpec(name: "force", short: "f", help: "replace an existing target")
    static let printPathOption = OptionSpec(name: "print-path", help: "print the absolute path of the result")

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        let directory = try invocation.directory(at: 0)
        let destination = try invocation.directory(at: 2)
        let store = try context.store()
        // A rename is instant; a move across file systems copies, and reports how far it got.
        let moved = try context.withProgress(invocation) { _ in
            try store.move(invocation.path(at: 1), in: directory, to: destination, replace: invocation.flag("force"))
        }
        if invocation.flag("print-path") { context.stdout.line(moved) }
        return ExitCode.success
    }
}
