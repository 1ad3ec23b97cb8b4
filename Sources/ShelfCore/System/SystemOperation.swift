/// What a failed system call was doing, as messages name it ("remove folder failed for …"). The
/// same errno means different things for different operations, so `ShelfError.system` maps by
/// both: EEXIST from `mkdir`, `link` or an exclusive `open` is a name already taken, but from
/// `rmdir` it is a folder that is not empty (POSIX lets rmdir answer EEXIST or ENOTEMPTY), which
/// says nothing about a name the user chose. (Found by the reliability battery: `remove` of a folder
/// a writer was adding to exited 73 "already exists".)
package enum SystemOperation: Sendable {
    case open, openFolder, openJournal, openToRecover
    case status, read, readWhole, readFolder, readLink, readTemporaryFile, write, append, copy
    case sync, syncData, syncFolder, truncate, truncateTemporaryFile, emptyJournal
    case setMode, setJournalPermissions, setTimes, lock
    case createFolder, createTemporaryFile, nameTemporaryFile, createLink, link, rename
    case remove, removeFolder, removeJournal
    case volumeStatus, readAttribute, setAttribute, removeAttribute

    /// What the call does to names in a folder: the kind decides what EEXIST and ENOTEMPTY mean.
    package enum Kind: Sendable {
        /// Makes a new name (mkdir, link, symlink, an exclusive open): EEXIST is a name taken.
        case creates
        /// Gives an entry another name: EEXIST and ENOTEMPTY are a target name taken.
        case renames
        /// Takes a name away (unlink, rmdir): EEXIST and ENOTEMPTY are a folder that is not empty.
        case removes
        /// Uses what is there.
        case uses
    }

    package var kind: Kind {
        switch self {
        case .createFolder, .createTemporaryFile, .nameTemporaryFile, .createLink, .link, .open, .openJournal: return .creates
        case .rename: return .renames
        case .remove, .removeFolder, .removeJournal: return .removes
        default: return .uses
        }
    }

    /// The words messages use.
    package var text: String {
        switch self {
        case .open: return "open"
        case .openFolder: return "open folder"
        case .openJournal: return "open journal"
        case .openToRecover: return "open to recover an interrupted append"
        case .status: return "stat"
        case .read: return "read"
        case .readWhole: return "read whole (it is larger than this machine's memory)"
        case .readFolder: return "read folder"
        case .readLink: return "read link"
        case .readTemporaryFile: return "read temporary file"
        case .write: return "write"
        case .append: return "append"
        case .copy: return "copy"
        case .sync: return "fsync"
        case .syncData: return "fdatasync"
        case .syncFolder: return "fsync folder"
        case .truncate: return "truncate"
        case .truncateTemporaryFile: return "truncate temporary file"
        case .emptyJournal: return "empty journal"
        case .setMode: return "set mode"
        case .setJournalPermissions: return "set journal permissions"
        case .setTimes: return "set times"
        case .lock: return "lock"
        case .createFolder: return "create folder"
        case .createTemporaryFile: return "create temporary file"
        case .nameTemporaryFile: return "name the temporary file"
        case .createLink: return "create link"
        case .link: return "link"
        case .rename: return "rename"
        case .remove: return "remove"
        case .removeFolder: return "remove folder"
        case .removeJournal: return "remove journal"
        case .volumeStatus: return "statvfs"
        case .readAttribute: return "read extended attribute"
        case .setAttribute: return "set extended attribute"
        case .removeAttribute: return "remove extended attribute"
        }
    }
}
