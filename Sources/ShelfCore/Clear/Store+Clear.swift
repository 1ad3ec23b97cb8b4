/// What `clear` removes. Without `olderThan`, `maxSize` and `expiredOnly` it removes everything;
/// each of them is instead a limit the folder must meet afterwards, and a file goes when it breaks
/// any of them: expired, not modified for `olderThan` seconds, or among the least recently
/// used files that must go for the rest to fit in `maxSize` bytes.
public struct ClearOptions: Sendable {
    /// Remove files not modified for at least this many seconds.
    public var olderThan: Int64?
    /// Remove the least recently used files (the newer of access and modification time, see
    /// `ClearPlan`) until the sizes of the remaining ones add up to at most this many bytes.
    public var maxSize: Int64?
    /// Remove files whose expiry time has passed.
    public var expiredOnly: Bool
    /// In each folder, the newest this many regular files stay whatever the limits say (see
    /// `KeepNewest`); alone, everything else goes.
    public var keepNewest: Int?
    /// Report what would be removed; remove nothing.
    public var dryRun: Bool
    /// The time ages and expiry are judged at (seconds since 1970 UTC); nil for the clock.
    public var now: Int64?
    /// Whether the report's `freedBytes` is wanted (without, it stays 0). A clear of everything
    /// that need not add up sizes removes the files its folder listing describes without a `stat`
    /// of each (see `ClearWalk.LockCheck`), as `rm -rf` does.
    public var countsFreedBytes: Bool
    /// Whether the report's `removedPaths` is wanted. Without, only `removedCount` counts the
    /// files removed, and a file is named only where it fails or is skipped.
    public var listsRemovedPaths: Bool

    public init(olderThan: Int64? = nil, maxSize: Int64? = nil, expiredOnly: Bool = false, keepNewest: Int? = nil,
                dryRun: Bool = false, now: Int64? = nil, countsFreedBytes: Bool = true, listsRemovedPaths: Bool = true) {
        self.olderThan = olderThan
        self.maxSize = maxSize
        self.expiredOnly = expiredOnly
        self.keepNewest = keepNewest
        self.dryRun = dryRun
        self.now = now
        self.countsFreedBytes = countsFreedBytes
        self.listsRemovedPaths = listsRemovedPaths
    }

    /// A limit that selects files: without one, every file not kept goes.
    var hasLimits: Bool { olderThan != nil || maxSize != nil || expiredOnly }
    /// Nothing limits or keeps: everything goes.
    var removesEverything: Bool { !hasLimits && keepNewest == nil }
}

/// A file or folder `clear` could not remove, and why.
public struct ClearFailure: Sendable, Equatable {
    /// The path relative to the directory's namespace folder (folders end with `/`); escaped
    /// where it is not valid UTF-8 (`pathBytes` has it exactly).
    public var path: String {
        get { EscapedText.text(pathBytes) }
        set { pathBytes = Array(newValue.utf8) }
    }
    /// The path's exact bytes.
    public var pathBytes: [UInt8]
    public var error: ShelfError

    public init(path: String, error: ShelfError) {
        self.init(pathBytes: Array(path.utf8), error: error)
    }

    public init(pathBytes: [UInt8], error: ShelfError) {
        self.pathBytes = pathBytes
        self.error = error
    }
}

/// What `clear` did (or, with `dryRun`, would do).
public struct ClearReport: Sendable, Equatable {
    /// Files (and links) removed, relative to the namespace folder, in the order removed (inode
    /// order within a folder). Folders emptied by the clear are removed too but not listed. Names
    /// that are not valid UTF-8 appear escaped (`EscapedText`); `removedPaths` has their bytes.
    public var removed: [String] {
        get { removedPaths.map(EscapedText.text) }
        set { removedPaths = newValue.map { Array($0.utf8) } }
    }
    /// The removed paths' exact bytes; empty without `ClearOptions.listsRemovedPaths`.
    public var removedPaths: [[UInt8]] = []
    /// How many files (and links) were removed, listed or not.
    public var removedCount = 0
    /// The sum of the removed files' sizes, held at `Int64.max` (sparse files can claim more).
    /// 0 without `ClearOptions.countsFreedBytes`.
    public var freedBytes: Int64 = 0
    /// Everything that could not be removed.
    public var failed: [ClearFailure] = []
    /// Files left alone because another process held them locked (a shelf write or read in
    /// progress) or replaced them while the clear ran; escaped like `removed`.
    public var skipped: [String] {
        get { skippedPaths.map(EscapedText.text) }
        set { skippedPaths = newValue.map { Array($0.utf8) } }
    }
    /// The skipped paths' exact bytes.
    public var skippedPaths: [[UInt8]] = []

    public init() {}
}

extension Store {
    /// Empties `directory`'s namespace folder, or with options removes only what breaks the given
    /// limits. Nothing outside the namespace folder is touched: links are removed, never followed.
    /// `CACHEDIR.TAG` at the top stays. A file another process holds locked is skipped, never torn.
    /// Folders the clear leaves empty are removed. A failure to remove one file does not stop the
    /// others: every failure is in the report, so this only throws when the namespace folder itself
    /// cannot be used. A directory where nothing was ever stored is already clear.
    /// With `folder`, only that folder's tree is cleared (the folder itself stays); a missing one
    /// is already clear. Reported paths are relative to the namespace folder all the same.
    /// - Throws: `cannotAccessDirectory`, `permissionDenied`, `symbolicLink` for the namespace folder
    ///   or `folder`; `notAFolder` when `folder` is a file; `invalidName`.
    public func clear(_ directory: Directory, folder: String? = nil, options: ClearOptions = ClearOptions()) throws -> ClearReport {
        try clear(directory, in: folder.map { try SafePath($0) }, options: options)
    }

    /// `clear` of a folder named by its exact bytes.
    package func clear(_ directory: Directory, in folder: SafePath?, options: ClearOptions) throws -> ClearReport {
        let opened = if let folder {
            try nilIfNotFound { try openExistingFolder(folder, in: directory) }
        } else {
            try FolderWalker.openNamespace(try locations.namespace(for: directory), create: false)
        }
        guard let opened else { return ClearReport() }  // a missing folder is already clear
        let prefix = folder.map { $0.bytes + [UInt8(ascii: "/")] } ?? []
        return try opened.closeAfter { top in
            let now = options.now ?? ProcessState.now()
            var walk = ClearWalk(options: options, now: now)
            // `/proc/locks` shows this host's locks only: on a network file system each file's lock
            // is tried instead (docs/file-systems.md), and the snapshot is not even read.
            if options.removesEverything && !options.dryRun && !NetworkFileSystem.contains(top) {
                walk.pendingLocks = (BackgroundHeldLocks.start(), try top.status().device)
                _ = walk.hasHeldLocks()  // read already where it was read in this thread
            }
            if let maxSize = options.maxSize {
                walk.selection = try ClearPlan.oldestBeyond(maxSize, in: top, prefix: prefix, isRoot: folder == nil, walk: walk)
            }
            _ = walk.clear(top, prefix: prefix, isRoot: folder == nil)
            return walk.report
        }
    }
}
