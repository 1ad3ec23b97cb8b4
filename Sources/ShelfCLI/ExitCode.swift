import ShelfCore

/// sysexits(3) statuses, documented in docs/exit-codes.md and in `shelf help`.
enum ExitCode {
    static let success: Int32 = 0
    /// `exists`/`is-folder` answering no.
    static let no: Int32 = 1
    /// A file whose expiry time has passed: `retrieve` refuses it, `exists` answers so. Neither
    /// missing (66: a script may want to refresh it, not report a loss) nor a sysexits failure.
    static let expired: Int32 = 3
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let software: Int32 = 70
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let permission: Int32 = 77
    /// EX_TEMPFAIL: `edit` found the stored file changed meanwhile; running it again may succeed.
    static let tryAgain: Int32 = 75
    /// The program a command runs (`save --from-command`, `update`, `edit`'s editor) ran and
    /// failed: it exited non-zero or a signal killed it. Its own status is in the message and in
    /// `--json`, never shelf's: curl's 66 or jq's 1 would read as shelf's "not found" or "no"
    /// (timeout(1) and env(1) keep 125-127 apart from the program's statuses the same way).
    static let programFailed: Int32 = 125
    /// The program was found but could not be run (not executable), as a shell answers.
    static let programCannotRun: Int32 = 126
    /// The program was not found (no such file on PATH; no editor at all), as a shell answers.
    static let programNotFound: Int32 = 127
    /// What the commands that run a program add to their statuses.
    static let ofProgram: [Int32] = [programFailed, programCannotRun, programNotFound]

    /// One status as help texts and the man page describe it: what it means for every command
    /// that returns it, and what it also means for some (by command name).
    struct Row {
        let status: Int32
        let meaning: String
        var only: [(commands: [String], meaning: String)] = []
    }

    static let rows: [Row] = [
        Row(status: 0, meaning: "success"),
        Row(status: 1, meaning: "no: the answer of exists and is-folder (for exists: a path is missing)"),
        Row(status: 3, meaning: "expired: a file whose expiry time has passed; retrieve refuses it, exists answers so (see --allow-expired)"),
        Row(status: 64, meaning: "usage error: unknown command or option, wrong arguments, unsafe name, a target that is its own source",
            only: [(["clear"], "a clear of documents, applicationSupport or a sharedContainer without --all or a limit"),
                   (["remove"], "a folder that is not empty, without -r")]),
        Row(status: 65, meaning: "bad data: input is not valid JSON or not of the needed shape, or stored data cannot be decoded",
            only: [(["append"], "a .json file holding one value, without --wrap"), (["sync"], "an empty input that would empty the folder, without --allow-empty")]),
        Row(status: 66, meaning: "not found: no such file or folder"),
        Row(status: 70, meaning: "internal error: please report it"),
        Row(status: 73, meaning: "cannot create: the target exists, --force would have to empty a folder, or a file stands where a folder must be",
            only: [(["clear"], "the <folder> to clear is a file")]),
        Row(status: 74, meaning: "I/O error: disk full, read-only file system, failed read or write, standard output not writable",
            only: [(["do-not-backup", "backup"], "no user extended attributes"), (["clear"], "could not remove some files")]),
        Row(status: 75, meaning: "try again: the stored file changed while edit had it open; nothing was replaced"),
        Row(status: 77, meaning: "permission denied, or a symbolic link or unsafe folder refused",
            only: [(["clear"], "was refused permission for what it left")]),
        Row(status: 125, meaning: "the program it runs failed (save --from-command, update, edit's editor): it exited non-zero or was killed; its status is in the message and in --json, and the stored file is unchanged"),
        Row(status: 126, meaning: "the program it runs could not be run (not an executable file); the stored file is unchanged"),
        Row(status: 127, meaning: "the program it runs was not found (for edit: no editor found, or the one set in $VISUAL or $EDITOR); the stored file is unchanged"),
    ]

    /// The table printed by `shelf help` and the man page: every status, with what it means for
    /// some commands only named.
    static var documented: [(Int32, String)] {
        rows.map { row in
            (row.status, ([row.meaning] + row.only.map { $0.commands.joined(separator: ", ") + ": " + $0.meaning }).joined(separator: "; "))
        }
    }

    /// The rows a command's `--help` prints: the statuses it declares (`CommandSpec.statuses`), each
    /// with what it means for that command.
    static func documented(for spec: CommandSpec) -> [(Int32, String)] {
        rows.filter { spec.statuses.contains($0.status) }.map { row in
            (row.status, ([row.meaning] + row.only.filter { $0.commands.contains(spec.name) }.map(\.meaning)).joined(separator: "; "))
        }
    }

    /// What every command may return: success, wrong words, an internal error, and an I/O error
    /// (74: a failed read or write, or standard output that cannot be written).
    static let everyCommand: [Int32] = [success, usage, software, ioError]

    /// The status for a library error; `writes` tells a blocked write (73) from a missing read (66).
    static func status(for error: ShelfError, writes: Bool) -> Int32 {
        switch error {
        case .expired: return expired
        case .notFound: return noInput
        case .invalidName, .invalidTarget: return usage
        case .invalidJSON, .serialization, .deserialization, .invalidInput: return dataError
        case .cannotAccessDirectory, .permissionDenied, .symbolicLink: return permission
        case .alreadyExists, .notAFolder, .folderInTheWay: return cannotCreate
        case .isAFolder, .notAFile: return writes ? cannotCreate : noInput
        case .noSpace, .readOnly, .inputFailed, .unsupported, .io, .lockedByUpdate: return ioError
        }
    }
}
