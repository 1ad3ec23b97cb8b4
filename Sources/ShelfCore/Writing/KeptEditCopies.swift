/// The copies `edit` keeps when it cannot put one back (exit 75, or a failed install): the
/// private folder (`PrivateFolder`) stays so that the user's changes are not lost, but not for
/// good. Each `edit` first removes this user's kept folders, under the same temporary folders,
/// that nothing has changed for `keptDays` days (issue 22, item 15). A folder an `edit` is
/// using holds its lock (`PrivateFolder.make`) and is never removed, however old.
package enum KeptEditCopies {
    /// How long a kept copy stays: a week, as long as a person may take to come back to it.
    static let keptDays: Int64 = 7
    static let keptSeconds = keptDays * 86_400

    /// When a copy kept now is removed at the earliest (seconds since 1970 UTC).
    package static func removalTime(now: Int64 = ProcessState.now()) -> Int64 {
        now.addingReportingOverflow(keptSeconds).overflow ? .max : now + keptSeconds
    }

    /// Removes the kept folders under `candidates` (`PrivateFolder.candidates`) that are this
    /// user's and were last changed (the folder or a file in it) before `keptSeconds` ago.
    /// Whatever fails is left for the next time: this is tidying, never a reason to refuse an edit.
    static func removeStale(under candidates: [String], now: Int64 = ProcessState.now()) {
        for candidate in candidates {
            // Opened as `PrivateFolder` opens it: only where no other user can swap a name.
            guard let opened = try? PrivateFolder.openSafely(candidate) else { continue }
            withExtendedLifetime(opened) {
                for entry in (try? FolderEntries.read(opened.descriptor)) ?? [] where entry.name.hasPrefix(PrivateFolder.prefix) {
                    removeIfStale(entry.name, in: opened.descriptor, now: now)
                }
            }
        }
    }

    private static func removeIfStale(_ name: FileName, in parent: FileDescriptor, now: Int64) {
        let path = parent.path(for: name)
        guard let folder = try? parent.open(name, [.readOnly, .folder, .noFollow, .nonBlocking], path: path) else { return }
        folder.closeAfter { folder in
            guard let st = try? folder.status(), st.isFolder, st.owner == ProcessState.effectiveUserID,
                  lastChange(of: folder, st) <= now - keptSeconds,
                  (try? FileLock.tryLock(folder, .exclusive)) == true else { return }
            try? TreeRemover.remove(name, in: parent, path: path)
        }
    }

    /// The newest modification time of the folder and of the files directly in it.
    private static func lastChange(of folder: FileDescriptor, _ st: FileStatus) -> Int64 {
        var newest = st.modified.seconds
        for entry in (try? FolderEntries.read(folder)) ?? [] {
            if let inner = try? folder.status(of: entry.name) { newest = Swift.max(newest, inner.modified.seconds) }
        }
        return newest
    }
}
