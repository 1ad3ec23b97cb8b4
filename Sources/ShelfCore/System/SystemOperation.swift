/// What a failed system call was doing, as messages name it ("remove folder failed for …"). The
/// same errno means different things for different operations, so `ShelfError.system` maps by
/// both: EEXIST from `mkdir`, `link` or an exclusive `open` is a name already taken, but from
/// `rmdir` it is a folder that is not empty (POSIX lets rmdir answer EEXIST or ENOTEMPTY), which
/// says nothing about a name the user chose. (Found by the reliability battery: `remove` of a folder
/// a writer was adding to exited 73 "already exists".)
/// Each case's raw value is the words messages use.
package enum SystemOperation: String, Sendable {
    case open, openFolder = "open folder", openJournal = "open journal", openToRecover = "open to recover an interrupted append"
    case status = "stat", read, readWhole = "read whole (it is larger than this machine's memory)", readFolder = "read folder"
    case readLink = "read link", readTemporaryFile = "read temporary file", write, append, copy
    case sync = "fsync", syncData = "fdatasync", syncFolder = "fsync folder", truncate
    case truncateTemporaryFile = "truncate temporary file", emptyJournal = "empty journal"
    case setMode = "set mode", setJournalPermissions = "set journal permissions", setTimes = "set times", lock, pipe
    case createFolder = "create folder", createTemporaryFile = "create temporary file"
    case nameTemporaryFile = "name the temporary file", createLink = "create link", link, rename
    case remove, removeFolder = "remove folder", removeJournal = "remove journal"
    case volumeStatus = "statvfs", readAttribute = "read extended attribute", setAttribute = "set extended attribute"
    case removeAttribute = "remove extended attribute"

    /// Makes a new name (mkdir, link, symlink, an exclusive open): EEXIST is a name taken. (A
    /// `rename` gives an entry another name: EEXIST and ENOTEMPTY are a target name taken.)
    var createsName: Bool {
        [.createFolder, .createTemporaryFile, .nameTemporaryFile, .createLink, .link, .open, .openJournal].contains(self)
    }

    /// Takes a name away (unlink, rmdir): EEXIST and ENOTEMPTY are a folder that is not empty.
    var removesName: Bool { [.remove, .removeFolder, .removeJournal].contains(self) }

    /// The words messages use.
    package var text: String { rawValue }
}
