/// How a clear of everything knows a file is not in use without opening it: the locks held when
/// it started (`HeldLocks`), looked up by the file's identity, from a `stat` or from the folder
/// listing itself.
extension ClearWalk {
    /// How a folder's files are known to be free of locks before a clear of everything removes them.
    enum LockCheck: Equatable {
        /// Each file is opened and its lock tried (`clearLocked`).
        case eachFile
        /// The lock snapshot speaks for the folder's files, each `stat`ed for its identity and size.
        case snapshot
        /// As `snapshot`, but the folder listing's kinds and inode numbers stand in for a `stat`
        /// (no size is wanted): one system call a file, as `rm -rf` makes. `device` is the folder's.
        case listing(device: UInt64)
    }

    /// File systems whose listings give a file's own inode number (`d_ino` equals `st_ino`) and
    /// kind: tmpfs, ext2/3/4, XFS, Btrfs, F2FS. Elsewhere (overlayfs, for one, can list another
    /// layer's number) each file is `stat`ed.
    static let listsTrueInodes: Set<UInt64> = [0x0102_1994, 0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010]

    /// How the files of `folder` are checked for locks (`LockCheck`); asked once per folder, not
    /// once per file: a folder keeps its device, and the trail only ever comes back to the very
    /// folder it entered.
    func lockCheck(_ folder: FileDescriptor) -> LockCheck {
        guard let heldLocks, options.removesEverything, !options.dryRun, let st = try? folder.status() else { return .eachFile }
        // A network file system mounted inside the namespace holds other hosts' locks too, which
        // `/proc/locks` does not show.
        if let device = heldLocks.device, device != st.device { return .eachFile }
        if !options.countsFreedBytes, let type = folder.fileSystemType, ClearWalk.listsTrueInodes.contains(type) {
            return .listing(device: st.device)
        }
        return .snapshot
    }

    /// The fastest path of a clear of everything: one unlink, skipping files the lock snapshot
    /// names, by the inode number the folder listing gave. Removing a name never tears a file, so a
    /// name replaced since the listing (a save's rename) goes as the clear asked (see `HeldLocks`).
    mutating func clearListed(_ entry: FolderEntry, in folder: FileDescriptor, path: [UInt8], device: UInt64,
                              heldLocks: HeldLocks, leftovers: Leftovers) -> Bool {
        let isFile = entry.kind == .regularFile
        if isFile && heldLocks.contains(device: device, inode: entry.inode) {
            report.skippedPaths.append(path)
            return false
        }
        let gone = removeName(entry.name, in: folder, path: path, size: 0)
        if gone && isFile { leftovers.removeJournal(of: entry.name, in: folder) }
        return gone
    }

    /// The fast path of a clear of everything: one stat and one unlink, skipping files the lock
    /// snapshot names (see `HeldLocks` for why a lock taken later does no harm).
    mutating func clearUnlessLocked(_ name: FileName, in folder: FileDescriptor, path: [UInt8],
                                    heldLocks: HeldLocks, leftovers: Leftovers) -> Bool {
        let st: FileStatus
        do {
            guard let found = try folder.status(of: name) else { return true }
            st = found
        } catch {
            fail(path, error)
            return false
        }
        if st.isRegularFile && heldLocks.contains(st) {
            report.skippedPaths.append(path)
            return false
        }
        let gone = removeName(name, in: folder, path: path, size: st.isRegularFile ? st.size : 0)
        if gone { leftovers.removeJournal(of: name, in: folder) }
        return gone
    }
}
