/// The exclusive locks a move across file systems holds on every folder of the tree it moves,
/// from the moment it lists a folder until the whole source is removed.
///
/// Writers hold the same lock in shared mode on the folder they write into (and on the folder
/// they make a sub-folder in), so while the tree is held none can add to it, change a file in it
/// or replace one: a write either landed before its folder was copied, and is in the copy, or it
/// waits, finds the folder removed when it gets the lock, and makes its path anew. Without these
/// locks a write landing between the copy and the removal of the source was acknowledged and then
/// removed with the source (found by testing from outside, issue 12 item 3).
///
/// The locks are only tried, never waited for, while anything else is held: a busy folder ends
/// the attempt (`Busy`), everything is let go, the caller waits for that one folder alone and
/// starts again, so two commands locking in different orders never wait for each other forever.
/// One descriptor per folder stays open; `ProcessState.raiseOpenFileLimit` makes room first.
final class TreeLocks {
    /// Thrown when a folder of the tree (or the file a move replaces) is locked by someone else. It
    /// owns a descriptor of that entry (holding no lock), to wait on once everything else is let go.
    struct Busy: Error {
        let entry: FileDescriptor
        /// The kind of lock that was wanted.
        let kind: FileLock.Kind

        /// Waits until the lock can be had, then lets it go and closes the descriptor.
        func wait() throws {
            try entry.closeAfter { try FileLock.lock($0, kind) }
        }

        /// Takes the `kind` lock of `folder` without waiting; returns the status of the folder,
        /// which must still be there (`notFound`). Throws `Busy` when someone else holds the lock,
        /// with a descriptor of its own to wait on.
        @discardableResult
        static func tryLock(_ folder: FileDescriptor, _ kind: FileLock.Kind) throws -> FileStatus {
            guard try FileLock.tryLock(folder, kind) else {
                throw Busy(entry: try folder.open(".", FolderWalker.folderOptions, path: folder.path, operation: .openFolder), kind: kind)
            }
            let st = try folder.status()
            if st.linkCount == 0 { throw ShelfError.notFound(path: folder.path) }
            return st
        }
    }

    private var held: [OpenFile] = []

    init() {
        ProcessState.raiseOpenFileLimit()
    }

    deinit { release() }

    /// Locks the folder `name` of `parent` and every folder below it, top down (a folder is
    /// locked before it is listed, so no sub-folder can appear in it unseen). Refuses what the move
    /// could not finish: a folder removed meanwhile (`notFound`), one whose entries this user may
    /// not remove (`permissionDenied`, `readOnly`): checked now, before anything is copied, rather
    /// than after the copy is in place and half the source is gone.
    /// - Throws: `Busy` when someone else holds one of the locks.
    func holdTree(_ name: FileName, in parent: FileDescriptor, path: String) throws {
        guard let folder = try FolderWalker.openFolder(name, in: parent, path: path, create: false) else {
            throw ShelfError.notFound(path: path)
        }
        try hold(folder)
        for entry in try FolderEntries.read(folder) {
            guard try Store.isFolder(entry, in: folder) else { continue }
            // Removed since the listing (by a program that takes no lock): nil, and on to the next.
            _ = try nilIfNotFound { try holdTree(entry.name, in: folder, path: folder.path(for: entry.name)) }
        }
    }

    /// Locks `folder` (just opened, owned by this from now on) and keeps it open.
    private func hold(_ folder: FileDescriptor) throws {
        held.append(OpenFile(folder))
        let st = try Busy.tryLock(folder, .exclusive)
        try systemCall(.remove, path: folder.path) { () throws(Errno) in try kernel.checkAccess(".", in: folder.raw, [.write, .search]) }
        if st.permissions & 0o1000 != 0 { try checkStickyEntries(of: folder, owner: st.owner) }
    }

    /// In a folder with the sticky bit (like /tmp) only the owner of an entry, or of the folder,
    /// may remove it, whatever the folder's mode says.
    private func checkStickyEntries(of folder: FileDescriptor, owner: UInt32) throws {
        let me = ProcessState.effectiveUserID
        guard me != 0 && me != owner else { return }
        for entry in try FolderEntries.read(folder) {
            guard let st = try folder.status(of: entry.name), st.owner != me else { continue }
            throw ShelfError.permissionDenied(path: folder.path(for: entry.name))
        }
    }

    /// Lets every lock go: waiting writers find their folders removed and walk again.
    func release() {
        held.removeAll()
    }
}
