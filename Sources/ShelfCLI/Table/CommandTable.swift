/// THE command table: parsing, `help`, `--help`, the man page and completions all read it.
enum CommandTable {
    static let all: [CommandSpec] = [
        SaveCommand.spec,
        UpdateCommand.spec,
        EditCommand.spec,
        RetrieveCommand.spec,
        AppendCommand.spec,
        ExistsCommand.spec,
        IsFolderCommand.spec,
        RemoveCommand.spec,
        MoveCommand.spec,
        CopyCommand.spec,
        RenameCommand.spec,
        ClearCommand.spec,
        ListCommand.spec,
        DoNotBackupCommand.spec,
        BackupCommand.spec,
        PathCommand.spec,
        DirsCommand.spec,
        AppsCommand.spec,
        CapacityCommand.spec,
        SyncCommand.spec,
        CompletionsCommand.spec,
        HelpCommand.spec,
        CompletePathCommand.spec,
    ]

    static func command(named name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// The commands users see: in `shelf help`, the man page, the completions and suggestions.
    static var visible: [CommandSpec] { all.filter { !$0.hidden } }
}
