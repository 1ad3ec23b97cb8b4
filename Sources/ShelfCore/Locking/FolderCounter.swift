/// The next number of a folder of numbered files, kept in the folder as `.shelf-counter` (a name
/// no user path can have), so that an append costs the same at any folder size instead of
/// listing the folder (issue 16, part 3). It is a cache of what the listing would say, trusted
/// only while nothing else changed the folder:
///
/// - it records the folder's device, inode and modification time as they were right after the
///   last numbered file was linked; any later create, rename or unlink in the folder (by shelf or
///   by another program) changes that time, and the folder is listed again;
/// - shelf's own writes of a new numbered name forget it outright (`forget`), so a change in the
///   same clock tick cannot hide either;
/// - a time of whole seconds (ext3, ext4 made with 128-byte inodes, FAT, many NFS servers) cannot
///   show a change made in the same second as the record (issue 21, item 8): such a counter is
///   never trusted, and those folders are listed at each append;
/// - a record that is torn, hand-edited (it carries a checksum), of another folder (copied along
///   with it) or unreadable is ignored the same way.
///
/// It is written in place, without a sync, after the numbered file is linked and the folder
/// synced: after a crash it is current (and right) or stale (and ignored). Every use happens
/// under the folder's exclusive lock. Linking never replaces a name, so even a wrong counter can
/// only make a number be skipped, never a file be overwritten.
struct FolderCounter {
    static let name: FileName = ".shelf-counter"
    private static let magic = Array("SHELFN1\n".utf8)

    let folder: FileDescriptor
    private let file: FileDescriptor?

    /// Opens (creating) the counter of the locked `folder`, then runs `body`. A counter that cannot
    /// be opened as a regular file leaves the folder to be listed each time.
    static func with<R>(in folder: FileDescriptor, _ body: (FolderCounter) throws -> R) throws -> R {
        guard let file = openOrCreate(in: folder) else { return try body(FolderCounter(folder: folder, file: nil)) }
        return try file.closeAfter { try body(FolderCounter(folder: folder, file: $0)) }
    }

    /// The number the next file gets: the recorded one while it is current, else one more than
    /// the highest numbered name found by listing the folder (`NumberedNames.highest`).
    func next() throws -> FileName {
        if let file, let recorded = try? recorded(in: file), recorded.stamp.showsEveryChange,
           recorded.stamp == (try? folderStamp()) { return recorded.next }
        return try NumberedNames.next(after: NumberedNames.highest(in: folder))
    }

    /// Records `next` as the number after the files just linked (and synced).
    func record(_ next: FileName) {
        guard let file, let stamp = try? folderStamp() else { return }
        var bytes = FolderCounter.magic
        for number in [stamp.device, stamp.inode, UInt64(bitPattern: stamp.seconds), UInt64(bitPattern: stamp.nanoseconds),
                       UInt64(next.bytes.count)] {
            JournalRecord.put(number, into: &bytes)
        }
        bytes += next.bytes
        JournalRecord.put(Checksum64.of(bytes), into: &bytes)
        try? file.writeAll(toAbsoluteOffset: 0, bytes)
    }

    /// Makes the folder's counter be ignored: shelf wrote a new numbered name into it otherwise
    /// than by a folder append. One failed `unlink` where there is none.
    static func forget(in folder: FileDescriptor) {
        try? folder.remove(name)
    }

    /// What identifies the folder's entries as they are now.
    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, seconds: Int64, nanoseconds: Int64

        /// Whether the folder's time has a finer grain than the second. A file system that keeps
        /// nanoseconds shows zero once in a billion changes; one that keeps seconds, always.
        /// (Since Linux 6.13, ext4, XFS, Btrfs and tmpfs give a change made after the time was
        /// read a later time, however soon: multigrain timestamps.)
        var showsEveryChange: Bool { nanoseconds != 0 }
    }

    private func folderStamp() throws -> Stamp {
        let st = try folder.status()
        return Stamp(device: st.device, inode: st.inode, seconds: st.modified.seconds, nanoseconds: st.modified.nanoseconds)
    }

    private func recorded(in file: FileDescriptor) throws -> (stamp: Stamp, next: FileName)? {
        let bytes = try file.bytes(in: 0..<(FolderCounter.magic.count + 6 * 8 + 255))
        var reader = RecordReader(bytes: bytes, offset: FolderCounter.magic.count)
        guard Array(bytes.prefix(FolderCounter.magic.count)) == FolderCounter.magic, let numbers = reader.numbers(5),
              (1...255).contains(numbers[4]), let digits = reader.bytes(Int(numbers[4])), let sum = reader.numbers(1),
              sum[0] == Checksum64.of(Array(bytes[..<(reader.offset - 8)])),
              let next = FileName(bytes: digits), NumberedNames.value(of: next) != nil else { return nil }
        return (Stamp(device: numbers[0], inode: numbers[1], seconds: Int64(bitPattern: numbers[2]), nanoseconds: Int64(bitPattern: numbers[3])), next)
    }

    /// The counter, open for reading and writing, if it is (or can be made) a regular file of
    /// this user's. Another user's counter is replaced; its permission bits are the folder's.
    private static func openOrCreate(in folder: FileDescriptor) -> FileDescriptor? {
        let bits = ((try? folder.status().permissions) ?? 0o700) & 0o666
        var raw: Int32?
        for attempt in 0..<2 where raw == nil {
            do {
                raw = try kernel.open(SystemString(name), in: folder.raw, [.readWrite, .create, .noFollow, .nonBlocking], permissions: bits)
            } catch .permissionDenied where attempt == 0 {
                forget(in: folder)
            } catch {
                return nil
            }
        }
        guard let raw else { return nil }
        return try? FileDescriptor(raw: raw, path: folder.path(for: name)).kept(if: { try $0.status().isRegularFile })
    }
}
