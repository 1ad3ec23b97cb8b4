/// The journals earlier versions kept in their places (`JournalName.Legacy`). This version never
/// writes there: it settles a record a crash of an earlier version left, against the locked file
/// it belongs to, and deletes the journal. An old place that may be another file's too (a long
/// name's hashed place is the plain place of a name `#<hex>`) is deleted only when it holds no
/// record, or a record settled against this file: another file's record waits for that file.
enum LegacyJournal {
    static func isPending(for name: FileName, in folder: FileDescriptor) -> Bool {
        JournalFile.holdsRecord(try? folder.status(of: JournalName.Legacy.of(name)))
    }

    /// Settles the old journal of `name`, if there is one, against `file` (open for writing and
    /// exclusively locked; its status is `st`), then deletes it as above. Returns the file's status
    /// afterwards. One failed `open` when there is none.
    static func settle(_ file: FileDescriptor, _ st: FileStatus, name: FileName, in folder: FileDescriptor,
                       failpoints: Failpoints) throws -> FileStatus {
        let journalName = JournalName.Legacy.of(name)
        let path = folder.path(for: journalName)
        let journal: FileDescriptor
        do {
            journal = try JournalFile.open(journalName, in: folder, path: path, [.readOnly, .noFollow, .nonBlocking])
        } catch ShelfError.notFound, ShelfError.unsupported, ShelfError.symbolicLink {
            return st  // none, or something that is no journal there: not this version's to touch
        } catch ShelfError.permissionDenied where !isPending(for: name, in: folder) {
            try? remove(journalName, in: folder, path: path)  // another user's, and empty
            return st
        }
        return try journal.closeAfter { journal in
            var now = st
            var mine = true
            switch try JournalFile.read(journal, legacyPlace: true) {
            case nil, .damaged?:
                break  // empty, or torn while being written: no data byte had changed
            case .record(let record)?:
                switch try record.verdict(on: file, st, written: journal.status().modified) {
                case .interrupted:
                    try record.rollBack(file, failpoints: failpoints)
                    now = try file.status()
                case .complete:
                    break
                case .unrelated:
                    mine = !JournalName.Legacy.isShared(name)
                }
            case .tooLarge(let identity, let length)?:
                guard identity != FileIdentity(st) else {
                    throw ShelfError.unsupported(
                        path: path, reason: "an interrupted append of an earlier shelf version left this journal of \(length) bytes, "
                            + "more than this version reads (\(AppendJournal.readLimit) bytes); check \(file.path) and then delete it")
                }
                mine = !JournalName.Legacy.isShared(name)
            }
            if mine { try remove(journalName, in: folder, path: path) }
            return now
        }
    }

    /// Deletes the old journal of `name` (a file being removed or moved away, whose record, if
    /// any, has been settled), unless it may hold another file's record.
    static func retire(for name: FileName, in folder: FileDescriptor) {
        let journalName = JournalName.Legacy.of(name)
        let path = folder.path(for: journalName)
        if JournalName.Legacy.isShared(name), isPending(for: name, in: folder) {
            let decoded = try? JournalFile.open(journalName, in: folder, path: path, [.readOnly, .noFollow, .nonBlocking])
                .closeAfter { try JournalFile.read($0, legacyPlace: true) }
            if case .record? = decoded { return }
            if case .tooLarge? = decoded { return }
        }
        try? remove(journalName, in: folder, path: path)
    }

    private static func remove(_ journalName: FileName, in folder: FileDescriptor, path: String) throws {
        do {
            try kernel.remove(SystemString(journalName), in: folder.raw, isFolder: false)
        } catch .noSuchFile {
            return
        } catch {
            throw ShelfError.system(error, path: path, operation: .removeJournal)
        }
    }
}
