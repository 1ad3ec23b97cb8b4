/// What a stored file carries besides its bytes, kept when its content is replaced (issue 22,
/// item 6): a save over it, an update, an edit, an append that rewrites it and a sync give the new
/// content the permission bits of the file replaced (`AtomicReplace.keepMode`) and every `user.`
/// extended attribute it has: shelf's expiry time, the do-not-backup flag, and whatever another
/// program recorded there. Where the file system has no user attributes, the file's entry in the
/// folder's `ExpiryIndex` is carried to the new file instead. An option given to the rewrite
/// (`save --expires-in`, `--no-expiry`) is applied afterwards, so it wins. An expiry that has
/// already passed is not carried: the content it bounded is gone, and keeping it would make a
/// fresh save (the cron job that renews an expired token) unreadable the moment it lands.
///
/// A copy or move onto a file is not a rewrite: another file takes the name, and it brings its
/// own metadata (`FileCopy.copyMetadata`, or its inode when renamed).
enum KeptMetadata {
    /// Gives `file` (complete: its bytes and so its modification time are final, and not yet
    /// renamed over `target`) the attributes of the regular file `target` names now. shelf's own
    /// files (`.shelf-` names: the expiry index itself) carry nothing.
    ///
    /// The old file is left open in `opened` (closed with its last reference) where the rename
    /// may lock it as it is (`FileLocks.replace`): one `openat` and one `close` fewer than opening
    /// it again there. Not on a network or FUSE file system, where the lock needs the file open
    /// for writing, or the old file closed before the rename.
    /// - Returns: the expiry time carried, nil for none.
    static func carry(from target: Target, to file: FileDescriptor, keepingOpen opened: inout FileLocks.OpenedOldFile?) throws -> Int64? {
        if target.name.hasPrefix(SafePath.reservedPrefix) { return nil }
        let old: OpenFile
        do {
            // O_NONBLOCK: should the name lead to a FIFO meanwhile, opening it must not hang.
            old = OpenFile(try target.folder.open(target.name, [.readOnly, .noFollow, .nonBlocking], path: target.path))
        } catch ShelfError.notFound, ShelfError.symbolicLink {
            return nil
        }
        return try withExtendedLifetime(old) {
            let st = try old.descriptor.status()
            guard st.isRegularFile else { return nil }
            if !NetworkFileSystem.contains(target.folder) { opened = FileLocks.OpenedOldFile(open: old, identity: FileIdentity(st)) }
            ExtendedAttributes.copyUserAttributes(from: old.descriptor, to: file)
            do {
                let expires = try ExtendedAttributes.value(ExtendedAttributes.expiry, of: old.descriptor)
                    .flatMap { Int64(String(decoding: $0, as: UTF8.self)) }
                guard Expiry.hasExpired(expires, now: ProcessState.now()) else { return expires }
                try ExtendedAttributes.remove(ExtendedAttributes.expiry, from: file)
                return nil
            } catch ShelfError.unsupported {
                // No user attributes here: the index's entry is bound to the old file's inode and
                // time, so the new file needs one of its own.
                guard let expires = try Expiry.read(old.descriptor, st, named: target.name, in: target.folder),
                      !Expiry.hasExpired(expires, now: ProcessState.now()) else { return nil }
                try Expiry.record(expires, on: file, named: target.name, in: target.folder)
                return expires
            }
        }
    }
}
