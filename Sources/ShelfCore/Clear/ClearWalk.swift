/// One pass of `clear` over a namespace tree, through descriptors and without following links.
/// Failures are collected in the report, never thrown, so one stubborn file does not stop the rest.
struct ClearWalk {
    let options: ClearOptions
    let now: Int64
    /// The files `ClearPlan` chose for `maxSize` (by path from the namespace folder, as bytes),
    /// with the modification time they had then (a file written since stays).
    var selection: [[UInt8]: FileTime] = [:]
    /// For a clear of everything: the locks held, so files need not be opened (`LockCheck`).
    var heldLocks: HeldLocks?
    /// For a clear of everything: the lock snapshot still being read, and the namespace folder's
    /// device it is for, until `hasHeldLocks` adopts it as `heldLocks`.
    var pendingLocks: (reader: BackgroundHeldLocks, device: UInt64)?
    var report = ClearReport()

    /// What became of a folder's contents.
    struct Outcome {
        /// Nothing is left in it.
        var empty = true
        /// The clear removed something in it (so an empty folder was emptied by this clear).
        var removedSomething = false
        /// The clear removed an entry of this very folder: it must be synced (`syncRemovals`).
        var removedEntries = false

        mutating func removedHere() {
            removedSomething = true
            removedEntries = true
        }
    }

    static let slash = UInt8(ascii: "/")

    /// A file's path from the namespace folder, put together only when something names it (a
    /// failure, a skip, a listed removal): a clear of everything removes most files unnamed, and
    /// building and keeping each path was much of its own work.
    struct EntryPath {
        let prefix: [UInt8]
        let name: FileName
        var bytes: [UInt8] { prefix + name.bytes }
    }

    /// Removes one file or link if the options select it. Returns whether it is gone.
    /// `check`: how the files of `folder` are checked for locks (`lockCheck`).
    mutating func clearFile(_ entry: FolderEntry, in folder: FileDescriptor, path: EntryPath,
                            leftovers: Leftovers, check: LockCheck) -> Bool {
        let name = entry.name, kind = entry.kind
        if let heldLocks, check != .eachFile {
            return clearUnlessLocked(entry, in: folder, path: path, heldLocks: heldLocks, check: check, leftovers: leftovers)
        }
        if kind == .regularFile || kind == .unknown {
            var opened: Int32?
            do {
                opened = try ClearWalk.openToLock(name, in: folder)
            } catch .noSuchFile {
                return true
            } catch {
                // A link (ELOOP), a file this user may not read…: nothing shelf could have locked.
            }
            if let opened {
                let outcome: Bool? = FileDescriptor(raw: opened, path: folder.path(for: name)).closeAfter { file in
                    guard let st = try? file.status(), st.isRegularFile else { return nil }
                    return clearLocked(file, st, name: name, in: folder, path: path, leftovers: leftovers)
                }
                if let outcome { return outcome }
            }
        }
        guard let found = status(of: name, in: folder, path: path) else { return false }
        guard let st = found else { return true }
        let expires = st.isRegularFile ? leftovers.index?.expiry(of: name, st) : nil
        guard selects(st, expires: expires, path: path) else { return false }
        return removeName(name, in: folder, path: path, size: st.isRegularFile ? st.size : 0)
    }

    /// The `lstat` of an entry to clear: nil when it failed (the failure is reported), `.some(nil)`
    /// when the entry is gone already.
    mutating func status(of name: FileName, in folder: FileDescriptor, path: EntryPath) -> FileStatus?? {
        do {
            return try folder.status(of: name)
        } catch {
            fail(path.bytes, error)
            return nil
        }
    }

    /// Removes a regular file while holding its exclusive lock, so that a shelf append or read in
    /// progress (which holds a lock) makes the clear skip the file instead of tearing it.
    private mutating func clearLocked(_ file: FileDescriptor, _ st: FileStatus, name: FileName, in folder: FileDescriptor,
                                      path: EntryPath, leftovers: Leftovers) -> Bool {
        let expires = options.expiredOnly
            ? (try? Expiry.read(file, st, named: name, in: folder, index: .some(leftovers.index))) ?? nil : nil
        guard selects(st, expires: expires, path: path) else { return false }
        if options.dryRun { return removeName(name, in: folder, path: path, size: st.size) }
        do {
            guard try ClearWalk.tryLockToRemove(file) else {
                report.skippedPaths.append(path.bytes)
                return false
            }
        } catch {
            fail(path.bytes, error)
            return false
        }
        // The name may have been given to a new file between open and lock (an atomic save). With
        // limits that new file was never judged, so it stays; without, it would go anyway.
        if !options.removesEverything {
            guard let now = try? folder.status(of: name), FileIdentity(now) == FileIdentity(st) else {
                report.skippedPaths.append(path.bytes)
                return false
            }
        }
        let gone = removeName(name, in: folder, path: path, size: st.size)
        // Its journal (empty, or a crashed append's: a running one would hold the lock) has
        // nothing left to roll back with the file gone.
        if gone { leftovers.removeJournal(of: name, in: folder) }
        return gone
    }

    /// Whether the options select a file with this status and expiry.
    func selects(_ st: FileStatus, expires: Int64?, path: EntryPath) -> Bool {
        // Without limits every file not kept goes (what --keep-newest keeps never gets here).
        !options.hasLimits || selectedByLimits(st, expires: expires) || selection[path.bytes] == st.modified
    }

    /// Expired, or not modified for `olderThan`: the limits that do not depend on other files.
    func selectedByLimits(_ st: FileStatus, expires: Int64?) -> Bool {
        if let age = options.olderThan, st.modified.seconds <= now.subtractingSaturated(age) { return true }
        return options.expiredOnly && Expiry.hasExpired(expires, now: now)
    }

    /// Unlinks a file or link that frees `size` bytes (with `dryRun` only reports it); returns
    /// whether it is gone.
    mutating func removeName(_ name: FileName, in folder: FileDescriptor, path: EntryPath, size: Int64) -> Bool {
        if options.dryRun {
            record(path, size: size)
            return false
        }
        do {
            try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
        } catch .noSuchFile {
            return true
        } catch {
            fail(path.bytes, ShelfError.system(error, path: folder.path(for: name), operation: .remove))
            return false
        }
        record(path, size: size)
        WorkProgress.report(.advanced(1))
        return true
    }

    /// Counts a file removed (or, with `dryRun`, to remove); names it only where the report lists paths.
    private mutating func record(_ path: EntryPath, size: Int64) {
        report.removedCount += 1
        if options.listsRemovedPaths { report.removedPaths.append(path.bytes) }
        if options.countsFreedBytes { report.freedBytes = report.freedBytes.addingSaturated(size) }
    }

    mutating func fail(_ path: [UInt8], _ error: Error) {
        let shelfError = error as? ShelfError ?? .io(path: EscapedText.text(path), operation: SystemOperation.remove.text, errno: Errno.ioError.rawValue)
        report.failed.append(ClearFailure(pathBytes: path, error: shelfError))
    }

    /// Opens a file to take its exclusive lock: on a network file system for writing too where the
    /// user may (see `NetworkFileSystem`), else for reading.
    private static func openToLock(_ name: FileName, in folder: FileDescriptor) throws(Errno) -> Int32 {
        let options: OpenOptions = [.noFollow, .nonBlocking, .noControllingTerminal]
        if NetworkFileSystem.contains(folder),
           let raw = try? retryingStaleHandle({ () throws(Errno) in try kernel.open(SystemString(name), in: folder.raw, options.union(.readWrite), permissions: 0) }) {
            return raw
        }
        return try retryingStaleHandle { () throws(Errno) in try kernel.open(SystemString(name), in: folder.raw, options.union(.readOnly), permissions: 0) }
    }

    /// Takes the lock that makes removing a file safe: exclusive, so that no shelf reader or writer
    /// holds it. On a network file system a file this user may only read cannot be locked
    /// exclusively (EBADF): a shared lock then proves at least that no writer holds it.
    private static func tryLockToRemove(_ file: FileDescriptor) throws -> Bool {
        do {
            return try FileLock.tryLock(file, .exclusive)
        } catch ShelfError.io(_, _, let code) where code == Errno.badDescriptor.rawValue {
            return try FileLock.tryLock(file, .shared)
        }
    }
}
