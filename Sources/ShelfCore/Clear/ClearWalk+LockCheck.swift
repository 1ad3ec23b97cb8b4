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

    /// Whether the lock snapshot is in hand, adopting it if it has just been read. Never waits:
    /// until then, files are checked one by one.
    mutating func hasHeldLocks() -> Bool {
        if heldLocks != nil { return true }
        guard let pending = pendingLocks, let read = pending.reader.ifRead() else { return false }
        pendingLocks = nil
        heldLocks = read
        heldLocks?.device = pending.device
        return heldLocks != nil
    }

    /// How the files of `folder` are checked for locks (`LockCheck`); asked once per folder, not
    /// once per file (and once more when the snapshot arrives): a folder keeps its device, and the
    /// trail only ever comes back to the very folder it entered.
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

    /// The fast paths of a clear of everything: one unlink, skipping files the lock snapshot names
    /// (see `HeldLocks` for why a lock taken later does no harm), after one `stat`, or with
    /// `.listing` none: the inode number the folder listing gave stands in. Removing a name never
    /// tears a file, so a name replaced since the listing (a save's rename) goes as the clear asked.
    mutating func clearUnlessLocked(_ entry: FolderEntry, in folder: FileDescriptor, path: EntryPath, heldLocks: HeldLocks,
                                    check: LockCheck, leftovers: Leftovers) -> Bool {
        let locked: Bool, size: Int64
        var mayHaveJournal = true
        if case .listing(let device) = check, entry.kind != .unknown && entry.kind != .folder {
            mayHaveJournal = entry.kind == .regularFile
            (locked, size) = (mayHaveJournal && heldLocks.contains(device: device, inode: entry.inode), 0)
        } else {
            guard let found = status(of: entry.name, in: folder, path: path) else { return false }
            guard let st = found else { return true }
            (locked, size) = (st.isRegularFile && heldLocks.contains(st), st.isRegularFile ? st.size : 0)
        }
        if locked {
            report.skippedPaths.append(path.bytes)
            return false
        }
        let gone = removeName(entry.name, in: folder, path: path, size: size)
        if gone && mayHaveJournal { leftovers.removeJournal(of: entry.name, in: folder) }
        return gone
    }
}
