import ShelfCore

/// Every message of a failure, on standard error: the library's error put in command-line terms,
/// a usage error with its usage line, and output that could not be written. The library's texts
/// speak of Swift values; the hints that name commands and options are added here.
enum Messages {
    /// Two lines: what failed (with the path), and what to do about it.
    static func report(_ error: ShelfError, command: CommandSpec, to err: Output) {
        FailureReport.report(error.description, hint: hint(for: error, in: command), command: command.name, to: err)
    }

    /// The library's suggestion, or the command line's own where options or commands help.
    /// Only `save` gets `--raw` offered for bad JSON: an unchecked append would break the stored array.
    static func hint(for error: ShelfError, in command: CommandSpec) -> String {
        if error.path == Output.standardOutput { return checkStandardOutput + " and run the command again." }
        switch error {
        case .notFound where command.declares(UpdateCommand.create):
            return "Pass --create TEXT to start from TEXT when the file is missing, or check the name and directory ('shelf list' shows what is stored)."
        case .notFound:
            return "Check the name and directory; 'shelf list' shows what is stored."
        case .invalidName(_, let reason) where ShelfError.namespaceNameKind(reason) == "app name":
            return "Choose another app name (--app NAME, else $SHELF_APP): one folder name, not '.' or '..', without '/' or control characters."
        case .invalidName(_, let reason) where ShelfError.namespaceNameKind(reason) == "group name":
            return "Choose another group name (sharedContainer:<group>): one folder name, not '.' or '..', without '/' or control characters."
        case .notAFolder where command.name == ClearCommand.commandName:
            return "Name a folder to clear ('shelf list' shows them); to remove a file, use 'shelf remove'."
        case .invalidJSON where error.blamesStoredFile:
            return "The stored file is unchanged: repair it with 'shelf edit', or replace it with 'shelf save'."
        case .isAFolder:
            return "Name a file inside the folder; 'shelf list' shows its contents."
        case .folderInTheWay where command.declares(Shared.replaceFolder):
            return "Pass --replace-folder to replace the folder whole (what only it holds is deleted), or remove it first."
        case .alreadyExists where command.declares(Shared.force):
            return "Pass --force to replace it, or choose another name."
        case .noSpace:
            return "Free some space (for example 'shelf clear caches') and run the command again."
        case .expired where command.declares(RetrieveCommand.allowExpired):
            return "Pass --allow-expired to read it anyway, or save a fresh copy."
        case .invalidJSON where command.name == SaveCommand.spec.name:
            return "Fix the input at the given line and column, or pass --raw to store it unchecked."
        case .invalidInput where command.name == RetrieveCommand.spec.name:
            return "Retrieve it without --each to get its bytes as they are."
        default:
            return error.recoverySuggestion
        }
    }

    static func report(_ error: UsageError, to err: Output) {
        let prefix = error.command.map { "shelf: \($0.name): " } ?? "shelf: "
        // The message quotes the user's words, which may hold newlines or escape sequences.
        err.line(prefix + printable(error.message))
        let help = error.command.map { "Run 'shelf \($0.name) --help' for more." } ?? "Run 'shelf help' for the list of commands."
        err.line("usage: " + (error.command?.synopsis ?? HelpText.usage))
        err.line(help)
        FailureReport.keep(FailureReport(message: error.message, hint: "usage: " + (error.command?.synopsis ?? HelpText.usage) + ". " + help), on: err)
    }

    /// Standard output could not be written: what printed is lost or cut short. A command that
    /// changed what is stored has done so all the same, and says so, so that no script runs it
    /// again for its output.
    static func reportLostOutput(_ failure: ShelfError, command: String?, changedStorage: Bool, to err: Output) {
        let prefix = command.map { "shelf: \($0): " } ?? "shelf: "
        err.line(prefix + printable(failure.description))
        if let command, changedStorage {
            err.line(prefix + "the \(command) itself was done and is kept; only what it printed is lost or incomplete, "
                + "so do not run it again for its output. " + checkStandardOutput + ".")
        } else {
            err.line(prefix + "what was printed is lost or incomplete. " + checkStandardOutput + " and run the command again.")
        }
    }

    private static let checkStandardOutput = "Check where standard output goes (a full disk, a closed descriptor)"
}
