import Glibc

/// One pass of `clear` over a namespace tree, through descriptors and without following links.
/// Failures are collected in the report, never thrown, so one stubborn file does not stop the rest.
struct ClearWalk {
    let options: ClearOptions
    let now: Int64
    /// The files `ClearPlan` chose for `maxSize`, with the modification time they had then.
    var selection: [String: ClearPlan.Stamp] = [:]
    var report = ClearReport()

    /// What became of a folder's contents.
    struct Outcome {
        /// Nothing is left in it.
        var empty = true
        /// The clear removed something in it (so an empty folder was emptied by this clear).
        var removedSomething = false
    }

    /// Interrupted saves leave `.shelf-tmp-` files; one this old belongs to no running process.
    static let staleTempAge: Int64 = 86_400

    mutating func clear(_ folder: FileDescriptor, prefix: String, isRoot: Bool) -> Outcome {
        let entries: [FolderEntry]
        do {
            entries = try FolderEntries.read(folder)
        } catch let error as ShelfError {
            report.failed.append(ClearFailure(path: prefix, error: error))
            return Outcome(empty: false)
        } catch {
            return Outcome(empty: false)
        }
        var index: ExpiryIndex?
        if options.expiredOnly && entries.contains(where: { $0.name == ExpiryIndex.name }) {
            index = try? ExpiryIndex.load(in: folder)
        }
        var outcome = Outcome()
        var housekeeping: [String] = []
        // Inode order, as rm does: in a large folder, hash order would touch the inode table (and
        // the journal) at random; in sequence, removal runs several times faster on ext4.
        for entry in entries.sorted(by: { $0.inode < $1.inode }) {
            let name = entry.name
            if FolderEntries.isInternal(name) {
                if name == ExpiryIndex.name || name == ExpiryIndex.lockName {
                    housekeeping.append(name)
                } else if !removeStaleTemp(name, in: folder) {
                    outcome.empty = false
                }
                continue
            }
            if isRoot && name == CacheTag.name {
                outcome.empty = false
                continue
            }
            let path = prefix + name
            let gone: Bool
            if (try? Store.isFolder(entry, in: folder)) == true {
                gone = clearFolder(name, in: folder, path: path, outcome: &outcome)
            } else {
                gone = clearFile(name, type: entry.type, in: folder, path: path, index: index)
                if gone { outcome.removedSomething = true }
            }
            if !gone { outcome.empty = false }
        }
        if !housekeeping.isEmpty && outcome.empty && !options.dryRun {
            outcome.empty = removeIndex(housekeeping, in: folder)
        }
        return outcome
    }

    /// Clears a sub-folder, then removes it if that left it empty. Returns whether it is gone.
    private mutating func clearFolder(_ name: String, in folder: FileDescriptor, path: String, outcome: inout Outcome) -> Bool {
        let sub: FileDescriptor?
        do {
            sub = try FolderWalker.openFolder(name, in: folder, path: folder.path + "/" + name, create: false)
        } catch ShelfError.symbolicLink, ShelfError.notAFolder {
            // Replaced by a link or a file since the folder was read: clear it as such.
            let gone = clearFile(name, type: UInt8(DT_UNKNOWN), in: folder, path: path, index: nil)
            if gone { outcome.removedSomething = true }
            return gone
        } catch {
            fail(path + "/", error)
            return false
        }
        guard let sub else { return true }
        let inner = clear(sub, prefix: path + "/", isRoot: false)
        sub.close()
        if inner.removedSomething { outcome.removedSomething = true }
        // With limits, a folder that was empty before is someone's on purpose: only folders this
        // clear emptied are removed. Without limits, everything goes.
        guard inner.empty, !options.dryRun, options.removesEverything || inner.removedSomething else { return false }
        if unlinkat(folder.raw, name, AT_REMOVEDIR) == 0 || errno == ENOENT {
            outcome.removedSomething = true
            return true
        }
        if errno != ENOTEMPTY && errno != EEXIST {  // ENOTEMPTY: something new arrived meanwhile
            fail(path + "/", ShelfError.lastError(path: folder.path + "/" + name, operation: "remove folder"))
        }
        return false
    }

    /// Removes one file or link if the options select it. Returns whether it is gone.
    private mutating func clearFile(_ name: String, type: UInt8, in folder: FileDescriptor, path: String,
                                    index: ExpiryIndex?) -> Bool {
        let fullPath = folder.path + "/" + name
        if type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) {
            let fd = retryingEINTR { openat(folder.raw, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
            if fd < 0 && errno == ENOENT { return true }
            if fd >= 0 {
                let file = FileDescriptor(raw: fd, path: fullPath)
                defer { file.close() }
                if let st = try? file.status(), st.isRegularFile {
                    return clearLocked(file, st, name: name, in: folder, path: path, index: index)
                }
            }
            // A link (ELOOP), a file this user may not read, a FIFO…: nothing shelf could have locked.
        }
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
            if errno == ENOENT { return true }
            fail(path, ShelfError.lastError(path: fullPath, operation: "stat"))
            return false
        }
        let expires = st.isRegularFile ? index?.expiry(of: name, st) : nil
        guard selects(st, expires: expires, path: path) else { return false }
        return unlink(name, in: folder, path: path, size: st.isRegularFile ? Int64(st.st_size) : 0)
    }

    /// Removes a regular file while holding its exclusive lock, so that a shelf append or read in
    /// progress (which holds a lock) makes the clear skip the file instead of tearing it.
    private mutating func clearLocked(_ file: FileDescriptor, _ st: stat, name: String, in folder: FileDescriptor,
                                      path: String, index: ExpiryIndex?) -> Bool {
        let expires = options.expiredOnly ? (try? Expiry.read(file, st, named: name, in: folder, index: .some(index))) ?? nil : nil
        guard selects(st, expires: expires, path: path) else { return false }
        if options.dryRun {
            report.removed.append(path)
            report.freedBytes += Int64(st.st_size)
            return false
        }
        do {
            guard try FileLock.tryLock(file, .exclusive) else {
                report.skipped.append(path)
                return false
            }
        } catch {
            fail(path, error)
            return false
        }
        // The name may have been given to a new file between open and lock (an atomic save). With
        // limits that new file was never judged, so it stays; without, it would go anyway.
        if !options.removesEverything {
            var now = stat()
            if fstatat(folder.raw, name, &now, AT_SYMLINK_NOFOLLOW) != 0 || FileIdentity(now) != FileIdentity(st) {
                report.skipped.append(path)
                return false
            }
        }
        return unlink(name, in: folder, path: path, size: Int64(st.st_size))
    }

    /// Whether the options select a file with this status and expiry.
    func selects(_ st: stat, expires: Int64?, path: String) -> Bool {
        if options.removesEverything || selectedByLimits(st, expires: expires) { return true }
        guard let stamp = selection[path] else { return false }
        return stamp.matches(st)
    }

    /// Expired, or not modified for `olderThan`: the limits that do not depend on other files.
    func selectedByLimits(_ st: stat, expires: Int64?) -> Bool {
        if let age = options.olderThan {
            let (limit, overflow) = now.subtractingReportingOverflow(age)
            if !overflow && Int64(st.st_mtim.tv_sec) <= limit { return true }
        }
        return options.expiredOnly && Expiry.hasExpired(expires, now: now)
    }

    private mutating func unlink(_ name: String, in folder: FileDescriptor, path: String, size: Int64) -> Bool {
        if options.dryRun {
            report.removed.append(path)
            report.freedBytes += size
            return false
        }
        if unlinkat(folder.raw, name, 0) != 0 {
            if errno == ENOENT { return true }
            fail(path, ShelfError.lastError(path: folder.path + "/" + name, operation: "remove"))
            return false
        }
        report.removed.append(path)
        report.freedBytes += size
        return true
    }

    /// Removes a `.shelf-tmp-` leftover old enough to belong to no running save. Returns whether it is gone.
    private func removeStaleTemp(_ name: String, in folder: FileDescriptor) -> Bool {
        guard name.hasPrefix(AtomicFile.tempPrefix), !options.dryRun else { return false }
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 { return errno == ENOENT }
        guard Int64(st.st_mtim.tv_sec) <= now - ClearWalk.staleTempAge else { return false }
        return (try? TreeRemover.remove(name, in: folder, path: folder.path + "/" + name)) != nil
    }

    /// In a folder left with nothing but the expiry index, the index describes nothing: remove it
    /// and its lock, unless an update holds the lock right now. Returns whether the folder is empty.
    private func removeIndex(_ names: [String], in folder: FileDescriptor) -> Bool {
        let lockPath = folder.path + "/" + ExpiryIndex.lockName
        let fd = retryingEINTR { openat(folder.raw, ExpiryIndex.lockName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        let lock = fd >= 0 ? FileDescriptor(raw: fd, path: lockPath) : nil
        defer { lock?.close() }
        if let lock, (try? FileLock.tryLock(lock, .exclusive)) != true { return false }
        for name in [ExpiryIndex.name, ExpiryIndex.lockName] where names.contains(name) {
            if unlinkat(folder.raw, name, 0) != 0 && errno != ENOENT { return false }
        }
        return true
    }

    private mutating func fail(_ path: String, _ error: Error) {
        let shelfError = error as? ShelfError ?? .io(path: path, operation: "remove", errno: EIO)
        report.failed.append(ClearFailure(path: path, error: shelfError))
    }
}
