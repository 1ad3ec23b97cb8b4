/// The rules of what a power cut keeps (docs/reliability.md has them as a table). The default is
/// stricter than ext4 with `data=ordered` wherever POSIX promises less than ext4 gives.
struct PersistenceModel {
    /// How metadata (entries, lengths, modes, times, attributes) reaches the disk.
    enum MetadataOrder: String {
        /// Each operation's change persists or not on its own, made durable only by an `fsync`
        /// of the folder (entries) or of the file (its metadata): what POSIX promises.
        case independent
        /// In the order made, and any `fsync`/`fdatasync` commits everything before it, as
        /// ext4's single journal does.
        case journal
    }

    var metadataOrder = MetadataOrder.independent
    /// A file's new length may persist without the data written with it, which then reads as
    /// zeros (delayed allocation without `data=ordered`'s guarantee). ext4 `data=ordered` writes
    /// the data of newly allocated blocks before committing the length.
    var lengthWithoutData = true
    /// A rename from one folder to another may persist in the new folder without its removal
    /// from the old one (both names lead to the file) until the old folder is synced; never the
    /// other way round. ext4 and XFS journal a rename as one change; nothing promises it.
    var renameHalves = true
    /// What persists of a file's data at a time: each block on its own.
    var blockSize = 4096
    /// Broken-build switches, to show that the simulator catches a missing sync: the folder sync
    /// that follows a rename (or link) into that folder is ignored …
    var ignoreFolderSyncAfterRename = false
    /// … or the file sync that precedes the rename (or link) of that file.
    var ignoreDataSyncBeforeRename = false

    static let strict = PersistenceModel()

    static var ext4: PersistenceModel {
        var model = PersistenceModel()
        model.metadataOrder = .journal
        model.lengthWithoutData = false
        model.renameHalves = false
        return model
    }

    /// The syncs of `log` that a broken-build switch ignores.
    func ignoredSyncs(in log: Recorder) -> Set<Int> {
        var ignored: Set<Int> = []
        let operations = log.operations
        for (index, operation) in operations.enumerated() {
            guard case .sync = operation.kind, let inode = operation.inode else { continue }
            if ignoreFolderSyncAfterRename, operation.isFolder,
               let last = operations[..<index].lastIndex(where: { $0.folders.contains(inode) }),
               [.rename, .link, .exchange].contains(operations[last].kind) {
                ignored.insert(index)
            }
            if ignoreDataSyncBeforeRename, !operation.isFolder,
               operations[(index + 1)...].contains(where: { [.rename, .link].contains($0.kind) && $0.inode == inode && $0.step == operation.step }) {
                ignored.insert(index)
            }
        }
        return ignored
    }
}
