/// The one way shelf puts new content under a name: write a temp file in the same folder
/// (`TempFile`), fsync it, rename it over the target (`install`), fsync the folder. A crash at any
/// instant leaves the old or the new content, never a mix. Save, the appends that rewrite a whole
/// file, copies, moves across file systems, numbered folders and the expiry index all go through
/// here; `install` also puts an entry that already exists (a moved file, a copied tree) in place.
enum AtomicReplace {
    /// How the lock of a file about to be replaced is taken (`FileLocks.OldFileLock`).
    typealias OldFileLock = FileLocks.OldFileLock
    /// The file to replace is locked and the caller asked not to wait (`FileLocks.TargetBusy`).
    typealias TargetBusy = FileLocks.TargetBusy

    /// Creates a temp file beside `target`, lets `fill` write it, and installs it.
    /// - Parameters:
    ///   - replace: false makes an existing target an error (`alreadyExists`).
    ///   - oldFile: how to take the lock of the file replaced.
    ///   - newFileMode: the mode a new file is created with (the umask applies, as with open(2)).
    ///   - beforeInstall: runs once the temp file is complete and durable (a crash-test point).
    ///   - letGo: with `heldByCaller`, closes every descriptor of the target the caller holds; on
    ///     FUSE it is called just before the rename (`install`).
    /// On any error the temp file is removed and the target is untouched.
    static func write(_ target: Target, replace: Bool = true, oldFile: OldFileLock = .wait, newFileMode: UInt32 = 0o600,
                      beforeInstall: () -> Void = {}, letGo: () -> Void = {}, fill: (FileDescriptor) throws -> Void) throws {
        if oldFile != .heldByCaller { try checkWritable(target) }
        try TempFile.create(in: target.folder, path: target.path, permissions: newFileMode).closeAfter { temp in
            try keepMode(of: target.status(), on: temp.file)
            try fill(temp.file)
            // The rest of what the old file carries, once the content (and its time) is final;
            // the old file kept open for the rename's lock, unless the caller holds that already
            // (on FUSE it must close every descriptor of the target before the rename).
            var opened: FileLocks.OpenedOldFile?
            if replace { _ = try KeptMetadata.carry(from: target, to: temp.file, keepingOpen: &opened) }
            if oldFile == .heldByCaller { opened = nil }
            try commit(&temp, as: target, replace: replace, oldFile: oldFile, beforeInstall: beforeInstall, letGo: letGo, opened: opened)
        }
    }

    /// The second half of `write`: syncs the complete temp file, names it and installs it.
    /// - Parameters:
    ///   - targetAbsent: nothing was at the target when last looked (under the folder's lock): an
    ///     unnamed file is then first linked straight under the target's name (`linkNew`).
    ///   - opened: the old file, opened to read what it carries (`KeptMetadata`).
    static func commit(_ temp: inout TempFile, as target: Target, replace: Bool, oldFile: OldFileLock = .wait,
                       beforeInstall: () -> Void = {}, letGo: () -> Void = {}, targetAbsent: Bool = false,
                       opened: FileLocks.OpenedOldFile? = nil) throws {
        try temp.file.sync()
        if targetAbsent, try linkNew(temp, as: target) { return }
        let name = try temp.named(briefly: true)
        beforeInstall()
        try install(name, in: target.folder, path: target.path, as: target, replace: replace, oldFile: oldFile, letGo: letGo,
                    aFile: true, opened: opened)
        temp.nameTaken()
    }

    /// A new file where nothing is: the complete unnamed file linked under the target's name in one
    /// step, which the kernel refuses if the name exists (so nothing is ever replaced here). It never
    /// has a temporary name, so no signal handler, lock, random name or rename is needed. False
    /// (nothing done) when the file has a name already, on a network file system, or when the
    /// target appeared meanwhile: the rename path then decides, under the old file's lock.
    private static func linkNew(_ temp: TempFile, as target: Target) throws -> Bool {
        guard temp.name == nil, !NetworkFileSystem.contains(target.folder) else { return false }
        // The commit point: after a terminating signal, undo instead (see `Interruption`).
        try Interruption.check(target.path)
        do {
            try temp.link(as: target.name, path: target.path)
        } catch ShelfError.alreadyExists {
            return false
        }
        // A new numbered name in a folder of numbered files: its next number is no longer known.
        if NumberedNames.value(of: target.name) != nil { FolderCounter.forget(in: target.folder) }
        try syncFolder(target.folder)
        return true
    }

    /// The new content of an existing file keeps its permission bits, as `sponge`, editors and
    /// `cp` onto an existing file do: a file made 0644 for a web server stays readable after a
    /// save. fchmod is not subject to the umask. setuid, setgid and sticky are not carried over:
    /// the new file may belong to someone else than the old one. Set before `fill`, which may set
    /// its own (a copy keeps its source's).
    /// - Parameter replaced: the target's `lstat`, just taken (nil: nothing there).
    static func keepMode(of replaced: FileStatus?, on file: FileDescriptor) throws {
        guard let st = replaced, st.isRegularFile else { return }
        try file.setPermissions(st.permissions & 0o777)
    }

    /// A file its owner made read-only (`chmod a-w`) is not to be replaced: rename(2) would allow
    /// it (only the folder's rights count), but `>`, `cp` and editors refuse, and so does shelf.
    /// Checked before any byte is written, so a long input is not streamed in vain.
    static func checkWritable(_ target: Target) throws {
        do {
            try kernel.checkAccess(SystemString(target.name), in: target.folder.raw, .write)
        } catch .permissionDenied {
            if let st = try target.status(), st.isRegularFile { throw ShelfError.permissionDenied(path: target.path) }
        } catch {
            // Missing, or refused for another reason: the write itself will tell.
        }
    }

    /// Makes the entries of `folder` durable: a rename, link or unlink in it is data too.
    static func syncFolder(_ folder: FileDescriptor) throws {
        try folder.syncFolder()
    }
}

/// What `replace` does to a folder that stands at the target (docs/move-copy-rename.md).
public enum FolderReplacement: Sendable {
    /// As `cp -rf` and `mv` do: a copy merges into the folder (same-named files replaced, files only
    /// the target has kept); a move or rename replaces only an empty folder. A file never replaces
    /// a folder.
    case keepContents
    /// The target folder is replaced whole: what only it held is deleted.
    case replaceWhole
}

/// Why a replace refuses a folder at the target.
extension Store {
    static func fileOverFolder(_ path: String) -> ShelfError {
        .folderInTheWay(path: path, reason: "a file does not replace a folder unless the folder is to be replaced whole")
    }

    static func folderNotEmpty(_ path: String) -> ShelfError {
        .folderInTheWay(path: path, reason: "it is not empty, and moving a folder onto it replaces only an empty one")
    }
}
