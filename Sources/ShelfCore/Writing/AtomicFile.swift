import CShelfLinux
import Glibc

/// The one place that replaces a file: write a temp file in the same folder, fsync it, rename it
/// over the target, fsync the folder. A crash at any instant leaves the old or the new content,
/// never a mix. Where the file system allows, the temp file has no name while it is written
/// (O_TMPFILE) and gets one only once complete and synced, just before the rename: a save killed
/// mid-write leaves nothing behind. Elsewhere it is named from the start; either way the name
/// starts with `.shelf-` so that listings never show a leftover.
package enum AtomicFile {
    package static let tempPrefix = SafePath.reservedPrefix + "tmp-"

    /// Creates a temp file beside `target`, lets `fill` write it, and installs it.
    /// - Parameter replace: false makes an existing target an error (`alreadyExists`).
    /// On any error the temp file is removed and the target is untouched.
    package static func write(_ target: Target, replace: Bool = true, fill: (FileDescriptor) throws -> Void) throws {
        try checkWritable(target)
        let temp: FileDescriptor
        var tempName: String?
        if let unnamed = openUnnamed(in: target) {
            temp = unnamed
        } else {
            (temp, tempName) = try createTemp(in: target)
        }
        var installed = false
        defer {
            temp.close()
            if !installed, let tempName { unlinkat(target.folder.raw, tempName, 0) }
        }
        try fill(temp)
        try temp.sync()
        let finalName = try tempName ?? name(temp, in: target)
        tempName = finalName
        try install(finalName, as: target, replace: replace)
        installed = true
        try syncFolder(target.folder)
    }

    /// A file its owner made read-only (`chmod a-w`) is not to be replaced: rename(2) would allow
    /// it (only the folder's rights count), but `>`, `cp` and editors refuse, and so does shelf.
    /// Checked before any byte is written, so a long input is not streamed in vain.
    static func checkWritable(_ target: Target) throws {
        if faccessat(target.folder.raw, target.name, W_OK, AT_EACCESS) != 0 && errno == EACCES,
           let st = try target.status(), st.isRegularFile {
            throw ShelfError.permissionDenied(path: target.path)
        }
    }

    /// An unnamed file in the target's folder, or nil where O_TMPFILE is not supported or /proc
    /// (needed to give it a name later) is not mounted.
    static func openUnnamed(in target: Target) -> FileDescriptor? {
        guard access("/proc/self/fd", F_OK) == 0 else { return nil }
        let fd = retryingEINTR { shelf_open_unnamed(target.folder.raw, 0o600) }
        return fd >= 0 ? FileDescriptor(raw: fd, path: target.path) : nil
    }

    /// Links a complete unnamed file into its folder under a fresh temp name.
    static func name(_ file: FileDescriptor, in target: Target) throws -> String {
        while true {
            let name = tempPrefix + randomSuffix()
            if linkat(AT_FDCWD, "/proc/self/fd/\(file.raw)", target.folder.raw, name, AT_SYMLINK_FOLLOW) == 0 { return name }
            if errno == EEXIST { continue }
            throw ShelfError.lastError(path: target.path, operation: "name the temporary file")
        }
    }

    /// An exclusive new file next to the target; O_EXCL with a random name never clobbers.
    static func createTemp(in target: Target) throws -> (FileDescriptor, String) {
        while true {
            let name = tempPrefix + randomSuffix()
            let fd = retryingEINTR { openat(target.folder.raw, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd >= 0 { return (FileDescriptor(raw: fd, path: target.path), name) }
            if errno == EEXIST { continue }
            throw ShelfError.lastError(path: target.path, operation: "create temporary file")
        }
    }

    /// Renames the temp file over the target. Holding the old file's exclusive lock meanwhile
    /// means no in-place append or locked reader is half-way through it when it is replaced.
    static func install(_ tempName: String, as target: Target, replace: Bool) throws {
        if !replace {
            // link(2) fails with EEXIST instead of replacing: an atomic "create if absent".
            // (renameat2's RENAME_NOREPLACE is not exposed to Swift by Glibc.)
            if linkat(target.folder.raw, tempName, target.folder.raw, target.name, 0) != 0 {
                throw ShelfError.lastError(path: target.path, operation: "link")
            }
            unlinkat(target.folder.raw, tempName, 0)
            return
        }
        let old = retryingEINTR { openat(target.folder.raw, target.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        let oldFile = old >= 0 ? FileDescriptor(raw: old, path: target.path) : nil
        defer { oldFile?.close() }
        if let oldFile, try oldFile.status().isRegularFile {
            try FileLock.lock(oldFile, .exclusive)
        }
        if renameat(target.folder.raw, tempName, target.folder.raw, target.name) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "rename")
        }
    }

    /// Makes the rename itself durable: the folder entry is data too.
    package static func syncFolder(_ folder: FileDescriptor) throws {
        if retryingEINTR({ fsync(folder.raw) }) != 0 {
            throw ShelfError.lastError(path: folder.path, operation: "fsync folder")
        }
    }

    /// 64 random bits in hex (the system generator reads getrandom(2)).
    package static func randomSuffix() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }
}
