/// THE command table: parsing, `help`, `--help`, the man page and completions all read it.
enum CommandTable {
    /// In the order `shelf help` lists them.
    static let commands: [any Command.Type] = [
        SaveCommand.self,
        UpdateCommand.self,
        EditCommand.self,
        RetrieveCommand.self,
        AppendCommand.self,
        ExistsCommand.self,
        IsFolderCommand.self,
        RemoveCommand.self,
        MoveCommand.self,
        CopyCommand.self,
        RenameCommand.self,
        ClearCommand.self,
        ListCommand.self,
        DoNotBackupCommand.self,
        BackupCommand.self,
        PathCommand.self,
        DirsCommand.self,
        AppsCommand.self,
        CapacityCommand.self,
        DuCommand.self,
        SyncCommand.self,
        CompletionsCommand.self,
        HelpCommand.self,
        CompletePathCommand.self,
        CompleteNameCommand.self,
    ]

    static var all: [CommandSpec] { commands.map { $0.spec } }

    /// The specification of the command `name` runs, building no other.
    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.commandName == name }?.spec
    }

    /// The commands users see: in `shelf help`, the man page, the completions and suggestions.
    static var visible: [CommandSpec] { all.filter { !$0.hidden } }
}
