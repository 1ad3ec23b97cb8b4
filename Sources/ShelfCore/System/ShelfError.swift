/// Every failure the library reports. Each case carries the path it concerns, so that a message
/// can always say where; `description`, `failureReason` and `recoverySuggestion` are the three
/// strings Disk gives. The library never prints these: callers decide how to show them.
public enum ShelfError: Error, Sendable, Equatable {
    /// Nothing is stored at `path`.
    case notFound(path: String)
    /// User-given text (a path, an app or group name) that shelf refuses to use.
    case invalidName(String, reason: String)
    /// Input that had to be one JSON text was not; nothing was written.
    case invalidJSON(path: String, line: Int, column: Int, reason: String)
    /// A value could not be encoded (library `save` of a `Codable`).
    case serialization(path: String, reason: String)
    /// Stored bytes could not be decoded into the requested type.
    case deserialization(path: String, reason: String)
    /// Input that is valid JSON but not of the shape an operation needs (`sync`: an array of
    /// objects with unique, file-safe ids); nothing was changed.
    case invalidInput(path: String, reason: String)
    /// A base directory cannot be determined or used (unset HOME, unsafe temporary folder…).
    case cannotAccessDirectory(path: String, reason: String)
    /// The operating system refused access (EACCES, EPERM).
    case permissionDenied(path: String)
    /// A path component is a symbolic link; shelf never follows links inside a namespace.
    case symbolicLink(path: String)
    /// The target exists and the operation does not replace it.
    case alreadyExists(path: String)
    /// A folder was found where a file is needed.
    case isAFolder(path: String)
    /// A file was found where a folder is needed.
    case notAFolder(path: String)
    /// Something that is neither a regular file nor a folder (a FIFO, a socket, a device) stands
    /// where a file is read or written; `kind` says which (`FileStatus.kindName`). shelf never
    /// opens it: a FIFO would block and a device could be anything.
    case notAFile(path: String, kind: String)
    /// The file system has no room left (ENOSPC, EDQUOT).
    case noSpace(path: String)
    /// The file system is mounted read-only.
    case readOnly(path: String)
    /// Reading the input (stdin, `--file`) failed midway; nothing was written.
    case inputFailed(path: String, reason: String)
    /// The stored file has passed its expiry time.
    case expired(path: String, at: String)
    /// The file system or platform lacks a feature shelf needs (for example user xattrs).
    case unsupported(path: String, reason: String)
    /// A move, copy or rename whose target is the source itself or lies inside the source folder.
    case invalidTarget(path: String, reason: String)
    /// `replace` would have to delete what only a target folder holds (a move onto a folder that is
    /// not empty, a file onto a folder): replacing a folder whole is asked for by name
    /// (`replaceFolder`). Nothing was changed.
    case folderInTheWay(path: String, reason: String)
    /// Any other system call failure, with its errno.
    case io(path: String, operation: String, errno: Int32)
    /// The file is locked by the `shelf update` that runs this process, which waits for this
    /// process to end: waiting for the lock would never end (`UpdateLocks`).
    case lockedByUpdate(path: String)

    /// The path the error concerns (the offending text for `invalidName`).
    public var path: String {
        switch self {
        case .notFound(let p), .permissionDenied(let p), .symbolicLink(let p), .alreadyExists(let p),
             .isAFolder(let p), .notAFolder(let p), .noSpace(let p), .readOnly(let p), .lockedByUpdate(let p),
             .invalidName(let p, _), .invalidJSON(let p, _, _, _), .serialization(let p, _), .deserialization(let p, _),
             .invalidInput(let p, _), .cannotAccessDirectory(let p, _), .inputFailed(let p, _), .expired(let p, _),
             .unsupported(let p, _), .invalidTarget(let p, _), .folderInTheWay(let p, _), .io(let p, _, _), .notAFile(let p, _):
            return p
        }
    }
}

extension ShelfError: CustomStringConvertible {
    /// One line: what failed and where.
    public var description: String {
        switch self {
        case .notFound(let p): return "no such file or folder: \(p)"
        case .invalidName(let name, let reason): return "invalid name '\(printable(name))': \(reason)"
        case .invalidJSON(let p, let line, let column, let reason):
            return "not valid JSON for \(p): line \(line), column \(column): \(reason)"
        case .serialization(let p, let reason): return "cannot encode the value for \(p): \(reason)"
        case .deserialization(let p, let reason): return "cannot decode \(p): \(reason)"
        case .invalidInput(let p, let reason): return "unusable input for \(p): \(reason)"
        case .cannotAccessDirectory(let p, let reason): return "cannot use directory \(p): \(reason)"
        case .permissionDenied(let p): return "permission denied: \(p)"
        case .symbolicLink(let p): return "refusing to follow a symbolic link: \(p)"
        case .alreadyExists(let p): return "already exists: \(p)"
        case .isAFolder(let p): return "is a folder, not a file: \(p)"
        case .notAFolder(let p): return "not a folder: \(p)"
        case .notAFile(let p, let kind): return "is \(kind), not a regular file: \(p)"
        case .noSpace(let p): return "no space left on device while writing \(p)"
        case .readOnly(let p): return "read-only file system: \(p)"
        case .inputFailed(let p, let reason): return "reading the input for \(p) failed: \(reason)"
        case .expired(let p, let at): return "expired at \(at): \(p)"
        case .unsupported(let p, let reason): return "not supported for \(p): \(reason)"
        case .invalidTarget(let p, let reason): return "cannot use \(p) as the target: \(reason)"
        case .folderInTheWay(let p, let reason): return "will not replace the folder \(p): \(reason)"
        case .io(let p, let op, let err): return "\(op) failed for \(p): \(Errno(rawValue: err))"
        case .lockedByUpdate(let p): return "locked by the update that runs this program: \(p)"
        }
    }

    /// Why it failed, in a sentence.
    public var failureReason: String {
        switch self {
        case .notFound: return "Nothing is stored under that name."
        case .invalidName: return "The name could lead outside the namespace folder or cannot be stored safely."
        case .invalidJSON: return "The input is not one valid JSON text (RFC 8259)."
        case .serialization: return "The encoder rejected the value."
        case .deserialization: return "The stored bytes do not match the requested type."
        case .invalidInput: return "The input does not have the shape the operation needs."
        case .cannotAccessDirectory: return "The base directory is missing, unsafe or not configured."
        case .permissionDenied: return "The operating system denied access."
        case .symbolicLink: return "A component of the path is a symbolic link."
        case .alreadyExists: return "Something is already stored under the target name."
        case .isAFolder: return "The name refers to a folder."
        case .notAFolder: return "A file stands where a folder is needed: at the name itself (a Data list is a folder of numbered files) or at a folder on its way."
        case .notAFile: return "Something other than a regular file or a folder stands under that name."
        case .noSpace: return "The file system is full."
        case .readOnly: return "The file system is mounted read-only."
        case .inputFailed: return "The input could not be read to its end."
        case .expired: return "The file's expiry time has passed."
        case .unsupported: return "The file system does not support the operation."
        case .invalidTarget: return "The target is the source itself or lies inside it."
        case .folderInTheWay: return "Replacing it would delete what only the target folder holds."
        case .io(_, _, let err): return Errno(rawValue: err).description
        case .lockedByUpdate: return "The update holds the file's lock until its program ends, so waiting for the lock would never end."
        }
    }

    /// What the user can do about it. Said in terms of the library (its values and options), never
    /// of the command line: the command line puts its own options and commands in its messages.
    public var recoverySuggestion: String {
        switch self {
        case .notFound: return "Check the name and the directory."
        case .invalidName(let name, _) where ShelfError.namesAVariable(name):
            return "Set the variable to a folder path in UTF-8, or unset it to use the default."
        case .invalidName(_, let reason) where ShelfError.namespaceNameKind(reason) != nil:
            return "Choose another \(ShelfError.namespaceNameKind(reason) ?? ""): one folder name, not '.' or '..', without '/' or control characters, at most 255 bytes."
        case .invalidName(_, let reason) where reason.hasSuffix("cannot end with '/'"):
            return "Name the file without the trailing '/'."
        case .invalidName(_, let reason) where reason.hasPrefix("name too long") || reason.hasSuffix("longer than 255 bytes"):
            return "Use shorter names: at most 255 bytes for each part of the path."
        case .invalidName(_, let reason) where reason.hasPrefix("CACHEDIR.TAG"):
            return "Choose another name, or put the file in a folder of caches."
        case .invalidName(_, let reason) where reason.hasPrefix("no numbered name is left"):
            return "Append to another folder, or move its files with the longest numbers away."
        case .invalidName: return "Use a relative path without '..', empty or '.' components, control characters or a leading '.shelf-'."
        case .invalidJSON where blamesStoredFile:
            return "Repair the stored file at the given line and column, or save a new file in its place; it is unchanged."
        case .invalidJSON: return "Fix the input at the given line and column."
        case .serialization: return "Check the value's Encodable conformance."
        case .deserialization: return "Retrieve it as the type it was saved as, or as raw data."
        case .invalidInput: return "Fix the input as the message says and try again; nothing was changed."
        case .cannotAccessDirectory: return "Set HOME or the XDG variable for the directory, or fix the folder's owner and mode (0700)."
        case .permissionDenied: return "Check the owner and mode of the file and its folders."
        case .symbolicLink: return "Replace the link with a real file or folder; shelf does not follow links."
        case .alreadyExists: return "Choose another name, or remove the existing one first."
        case .isAFolder: return "Name a file inside the folder."
        case .notAFolder: return "Remove or rename the file that stands there (shelf remove, Disk.remove), or use another name; shelf append makes a folder only for a name ending in '/'."
        case .notAFile: return "shelf stores regular files only: remove what stands there (another program made it) or use another name."
        case .noSpace: return "Free some space and try again."
        case .readOnly: return "Remount the file system read-write or use another directory."
        case .inputFailed: return "Check the input source and try again; the stored file is unchanged."
        case .expired: return "Save a fresh copy, or read it with RetrieveOptions(allowExpired: true)."
        case .unsupported: return "Use a file system that supports it."
        case .invalidTarget: return "Choose a target outside the source (another directory or another path)."
        case .folderInTheWay: return "Pass replaceFolder: true to replace the folder whole, or remove it first."
        case .io: return "Check the disk and the file system, then try again."
        case .lockedByUpdate: return "Read the current content from standard input and write the new content to standard output instead."
        }
    }
}

extension ShelfError {
    /// `failureReason` and `recoverySuggestion` under names of their own: in modules that import
    /// the Swift API, its `LocalizedError` conformance (optional `String`s) shadows the two above.
    public var reasonText: String { failureReason }
    public var suggestionText: String { recoverySuggestion }

    /// How the reason of an `invalidJSON` about the stored file begins (`JSONRewrite`), where the
    /// input is fine: its advice must not be to fix the input.
    static let storedFileReason = "the stored file is not valid JSON: "

    /// Whether this is an `invalidJSON` about the stored file rather than the input.
    package var blamesStoredFile: Bool {
        if case .invalidJSON(_, _, _, let reason) = self { return reason.hasPrefix(ShelfError.storedFileReason) }
        return false
    }

    /// "app name" or "group name" when an invalid name is one of those (its reason begins
    /// "the app name" or "the group name", as `Locations` and `NamespaceRules` word them), not a
    /// path: the two call for different advice.
    package static func namespaceNameKind(_ reason: String) -> String? {
        ["app name", "group name"].first { reason.hasPrefix("the " + $0) }
    }

    /// Whether an invalid name is an environment variable (`$XDG_CACHE_HOME`) or a line of
    /// `user-dirs.dirs` (`XDG_DOCUMENTS_DIR in …`), which `Locations` refuses when not UTF-8.
    static func namesAVariable(_ name: String) -> Bool {
        let variable = name.hasPrefix("$") ? name.dropFirst() : name.hasPrefix("XDG_DOCUMENTS_DIR in ") ? "XDG_DOCUMENTS_DIR" : ""
        return !variable.isEmpty && variable.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}

extension ShelfError {
    /// What to report when `status` stands where a regular file is needed: one rule for every
    /// command, naming what is there (a folder, a link, a FIFO, a socket, a device).
    static func notRegular(_ status: FileStatus, path: String) -> ShelfError {
        if status.isFolder { return .isAFolder(path: path) }
        if status.isSymbolicLink { return .symbolicLink(path: path) }
        return .notAFile(path: path, kind: status.kindName)
    }
}

/// Runs `body`, answering nil where it throws `notFound`: for what may be gone (or never was),
/// which is then an answer, not a failure.
func nilIfNotFound<R>(_ body: () throws -> R) rethrows -> R? {
    do {
        return try body()
    } catch ShelfError.notFound {
        return nil
    }
}
