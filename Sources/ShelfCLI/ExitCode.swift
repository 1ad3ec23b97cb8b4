import ShelfCore

/// sysexits(3) statuses, documented in docs/exit-codes.md and in `shelf help`.
enum ExitCode {
    static let success: Int32 = 0
    /// `exists`/`is-folder` answering no.
    static let no: Int32 = 1
    /// `exists`: every path is there, but a file has expired.
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

    /// The table printed in help texts and the man page.
    static let documented: [(Int32, String)] = [
        (0, "success"),
        (1, "no: the answer of exists and is-folder (for exists: a path is missing)"),
        (3, "expired: exists found every path, but a file whose expiry time has passed (see --allow-expired)"),
        (64, "usage error: unknown command or option, wrong arguments, unsafe name, a target that is its own source"),
        (65, "bad data: input is not valid JSON or not of the needed shape, or stored data cannot be decoded"),
        (66, "not found: no such file or folder (or it has expired)"),
        (73, "cannot create: the target exists, --force would have to empty a folder, or a file stands where a folder must be"),
        (74, "I/O error: disk full, read-only file system, failed read or write, no user extended attributes; clear could not remove some files"),
        (75, "try again: the stored file changed while edit had it open; nothing was replaced"),
        (77, "permission denied, or a symbolic link or unsafe folder refused; clear was refused permission for what it left"),
    ]

    /// The status for a library error; `writes` tells a blocked write (73) from a missing read (66).
    static func status(for error: ShelfError, writes: Bool) -> Int32 {
        switch error {
        case .notFound, .expired: return noInput
        case .invalidName, .invalidTarget: return usage
        case .invalidJSON, .serialization, .deserialization, .invalidInput: return dataError
        case .cannotAccessDirectory, .permissionDenied, .symbolicLink: return permission
        case .alreadyExists, .notAFolder, .folderInTheWay: return cannotCreate
        case .isAFolder, .notAFile: return writes ? cannotCreate : noInput
        case .noSpace, .readOnly, .inputFailed, .unsupported, .io, .lockedByUpdate: return ioError
        }
    }
}
