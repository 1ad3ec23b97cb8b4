/// One pass of `clear` over a namespace tree, through descriptors and without following links.
/// Failures are collected in the report, never thrown, so one stubborn file does not stop the rest.
struct ClearWalk {
    let options: ClearOptions
    let now: Int64
    /// The files `ClearPlan` chose for `maxSize` (by path from the namespace folder, as bytes),
    /// with the modification time they had then.
    var selection: [[UInt8]: ClearPlan.Stamp] = [:]
    /// For a clear of everything: the locks held when it started, so files need not be opened.
    var heldLocks: HeldLocks?
    var report = ClearReport()

    /// What became of a folder's contents.
    struct Outcome {
        /// Nothing is left in it.
        var empty = true
        /// The clear removed something in it (so an empty folder was emptied by this clear).
        var removedSomething = false
    }

    /// - Parameter prefix: the folder's path from the namespace folder, ending in `/` (empty at the top).
    mutating func clear(_ folder: FileDescriptor, prefix: [UInt8], isRoot: Bool) -> Outcome {
        let entries: [FolderEntry]
        do {
            entries = try FolderEntries.read(folder)
        } catch let error as ShelfError {
            report.failed.append(ClearFailure(pathBytes: prefix, error: error))
            return Outcome(empty: false)
        } catch {
            return Outcome(empty: false)
        }
        var own: [FileName] = []
        for entry in entries where FolderEntries.isInternal(entry.name) { own.append(entry.name) }
        var leftovers = Leftovers(names: own)
        if options.expiredOnly && own.contains(ExpiryIndex.name) {
            leftovers.index = try? ExpiryIndex.load(in: folder)
        }
        var outcome = Outcome()
        let kept = options.keepNewest.map { KeepNewest.kept($0, among: entries, in: folder, isRoot: isRoot) } ?? []
        // Inode order, as rm does: in a large folder, hash order would touch the inode table (and
        // the journal) at random; in sequence, removal runs several times faster on ext4.
        for entry in entries.sorted(by: { $0.inode < $1.inode }) where !FolderEntries.isInternal(entry.name) {
            let name = entry.name
            if (isRoot && name == CacheTag.name) || kept.contains(name) {
                outcome.empty = false
                continue
            }
            let path = prefix + name.bytes
            let gone: Bool
            if (try? Store.isFolder(entry, in: folder)) == true {
                gone = clearFolder(name, in: folder, path: path, outcome: &outcome)
            } else {
                gone = clearFile(name, kind: entry.kind, in: folder, path: path, leftovers: leftovers)
                if gone { outcome.removedSomething = true }
            }
            if !gone { outcome.empty = false }
        }
        if !own.isEmpty && !options.dryRun {
            outcome.empty = tidy(leftovers, in: folder, otherwiseEmpty: outcome.empty) && outcome.empty
        }
        return outcome
    }

    /// Clears a sub-folder, then removes it if that left it empty. Returns whether it is gone.
    private mutating func clearFolder(_ name: FileName, in folder: FileDescriptor, path: [UInt8], outcome: inout Outcome) -> Bool {
        let sub: FileDescriptor?
        do {
            sub = try FolderWalker.openFolder(name, in: folder, path: folder.path(for: name), create: false)
        } catch ShelfError.symbolicLink, ShelfError.notAFolder {
            // Replaced by a link or a file since the folder was read: clear it as such.
            let gone = clearFile(name, kind: .unknown, in: folder, path: path, leftovers: Leftovers(names: []))
            if gone { outcome.removedSomething = true }
            return gone
        } catch {
            fail(path + [ClearWalk.slash], error)
            return false
        }
        guard let sub else { return true }
        return sub.closeAfter { sub in
            let inner = clear(sub, prefix: path + [ClearWalk.slash], isRoot: false)
            if inner.removedSomething { outcome.removedSomething = true }
            // With limits, a folder that was empty before is someone's on purpose: only folders this
            // clear emptied are removed. Without limits, everything goes.
            guard inner.empty, !options.dryRun, options.removesEverything || inner.removedSomething else { return false }
            // A writer holds a shared lock on the folder it writes in (see `FolderWalker.openTarget`):
            // that folder stays, or the write would fail with "no such file or folder".
            guard (try? FileLock.tryLock(sub, .exclusive)) == true else { return false }
            do throws(Errno) {
                try kernel.remove(SystemString(name), in: folder.raw, isFolder: true)
            } catch .noSuchFile {
                // gone already
            } catch .folderNotEmpty, .fileExists {
                return false  // something new arrived meanwhile
            } catch {
                fail(path + [ClearWalk.slash], ShelfError.system(error, path: folder.path(for: name), operation: "remove folder"))
                return false
            }
            outcome.removedSomething = true
            return true
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// Whether an entry is the user's: not shelf's own `.shelf-` files, nor the cache tag at the top.
    static func isData(_ name: FileName, isRoot: Bool) -> Bool {
        !FolderEntries.isInternal(name) && !(isRoot && name == CacheTag.name)
    }

    /// Removes one file or link if the options select it. Returns whether it is gone.
    private mutating func clearFile(_ name: FileName, kind: FolderEntry.Kind, in folder: FileDescriptor, path: [UInt8],
                                    leftovers: Leftovers) -> Bool {
        let fullPath = folder.path(for: name)
        if let heldLocks, options.removesEverything, !options.dryRun {
            return clearUnlessLocked(name, in: folder, path: path, heldLocks: heldLocks, leftovers: leftovers)
        }
        if kind == .regularFile || kind == .unknown {
            var opened: Int32?
            do {
                opened = try kernel.open(SystemString(name), in: folder.raw, [.readOnly, .noFollow, .nonBlocking, .noControllingTerminal],
                                         permissions: 0)
            } catch .noSuchFile {
                return true
            } catch {
                // A link (ELOOP), a file this user may not read…: nothing shelf could have locked.
            }
            if let opened {
                let outcome: Bool? = FileDescriptor(raw: opened, path: fullPath).closeAfter { file in
                    guard let st = try? file.status(), st.isRegularFile else { return nil }
                    return clearLocked(file, st, name: name, in: folder, path: path, leftovers: leftovers)
                }
                if let outcome { return outcome }
            }
        }
        let st: FileStatus
        do {
            guard let found = try folder.status(of: name, path: fullPath) else { return true }
            st = found
        } catch {
            fail(path, error)
            return false
        }
        let expires = st.isRegularFile ? leftovers.index?.expiry(of: name, st) : nil
        guard selects(st, expires: expires, path: path) else { return false }
        return unlink(name, in: folder, path: path, size: st.isRegularFile ? st.size : 0)
    }

    /// The fast path of a clear of everything: one stat and one unlink, skipping files the lock
    /// snapshot names (see `HeldLocks` for why a lock taken later does no harm).
    private mutating func clearUnlessLocked(_ name: FileName, in folder: FileDescriptor, path: [UInt8],
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
        let gone = unlink(name, in: folder, path: path, size: st.isRegularFile ? st.size : 0)
        if gone { leftovers.removeJournal(of: name, in: folder) }
        return gone
    }

    /// Removes a regular file while holding its exclusive lock, so that a shelf append or read in
    /// progress (which holds a lock) makes the clear skip the file instead of tearing it.
    private mutating func clearLocked(_ file: FileDescriptor, _ st: FileStatus, name: FileName, in folder: FileDescriptor,
                                      path: [UInt8], leftovers: Leftovers) -> Bool {
        let expires = options.expiredOnly
            ? (try? Expiry.read(file, st, named: name, in: folder, index: .some(leftovers.index))) ?? nil : nil
        guard selects(st, expires: expires, path: path) else { return false }
        if options.dryRun {
            report.removedPaths.append(path)
            report.freedBytes += st.size
            return false
        }
        do {
            guard try FileLock.tryLock(file, .exclusive) else {
                report.skippedPaths.append(path)
                return false
            }
        } catch {
            fail(path, error)
            return false
        }
        // The name may have been given to a new file between open and lock (an atomic save). With
        // limits that new file was never judged, so it stays; without, it would go anyway.
        if !options.removesEverything {
            guard let now = try? folder.status(of: name), FileIdentity(now) == FileIdentity(st) else {
                report.skippedPaths.append(path)
                return false
            }
        }
        let gone = unlink(name, in: folder, path: path, size: st.size)
        // Its journal (empty, or a crashed append's: a running one would hold the lock) has
        // nothing left to roll back with the file gone.
        if gone { leftovers.removeJournal(of: name, in: folder) }
        return gone
    }

    /// Whether the options select a file with this status and expiry.
    func selects(_ st: FileStatus, expires: Int64?, path: [UInt8]) -> Bool {
        // Without limits every file not kept goes (what --keep-newest keeps never gets here).
        if !options.hasLimits || selectedByLimits(st, expires: expires) { return true }
        guard let stamp = selection[path] else { return false }
        return stamp.matches(st)
    }

    /// Expired, or not modified for `olderThan`: the limits that do not depend on other files.
    func selectedByLimits(_ st: FileStatus, expires: Int64?) -> Bool {
        if let age = options.olderThan {
            let (limit, overflow) = now.subtractingReportingOverflow(age)
            if !overflow && st.modified.seconds <= limit { return true }
        }
        return options.expiredOnly && Expiry.hasExpired(expires, now: now)
    }

    private mutating func unlink(_ name: FileName, in folder: FileDescriptor, path: [UInt8], size: Int64) -> Bool {
        if options.dryRun {
            report.removedPaths.append(path)
            report.freedBytes += size
            return false
        }
        do {
            try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
        } catch .noSuchFile {
            return true
        } catch {
            fail(path, ShelfError.system(error, path: folder.path(for: name), operation: "remove"))
            return false
        }
        report.removedPaths.append(path)
        report.freedBytes += size
        WorkProgress.report(.advanced(1))
        return true
    }

    mutating func fail(_ path: [UInt8], _ error: Error) {
        let shelfError = error as? ShelfError ?? .io(path: EscapedText.text(path), operation: "remove", errno: Errno.ioError.rawValue)
        report.failed.append(ClearFailure(pathBytes: path, error: shelfError))
    }
}
