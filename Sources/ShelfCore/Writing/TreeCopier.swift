import Glibc

/// Copies a file or a whole folder tree through descriptors, never following a link, into a new
/// hidden entry (`.shelf-tmp-…`) beside a target. Every file and folder of the copy is fsynced
/// before this returns, so the caller can rename the finished copy into place in one step: under
/// the final name there is never a partial file, nor a partial tree.
///
/// Inside a tree, symbolic links are copied as links (their text, unresolved), permission bits and
/// times are kept, hard links become separate files, and shelf's own temp and journal files are skipped.
/// FIFOs, sockets and devices are refused (`unsupported`).
enum TreeCopier {
    /// Copies the entry `name` of `folder` (at `path`) beside `target`; returns the temp name.
    /// On any error nothing is left behind in the destination.
    static func copyToTemp(_ name: String, in folder: FileDescriptor, path: String, beside target: Target) throws -> String {
        var st = stat()
        if fstatat(folder.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 { throw ShelfError.lastError(path: path, operation: "stat") }
        if st.isRegularFile {
            let file = try folder.openAt(name, O_RDONLY | O_NOFOLLOW, path: path)
            defer { file.close() }
            try AppendJournal.lockShared(file, name: name, in: folder)
            return try copyFileToTemp(file, beside: target)
        }
        guard st.isFolder else { throw refusal(st, path: path) }
        let tempName = AtomicFile.tempPrefix + AtomicFile.randomSuffix()
        if mkdirat(target.folder.raw, tempName, 0o700) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "create folder")
        }
        do {
            let source = try folder.openAt(name, FolderWalker.folderFlags, path: path)
            defer { source.close() }
            let copy = try target.folder.openAt(tempName, FolderWalker.folderFlags, path: target.path)
            defer { copy.close() }
            try copyFolder(source, st, to: copy)
        } catch {
            try? TreeRemover.remove(tempName, in: target.folder, path: target.path)
            throw error
        }
        return tempName
    }

    /// Copies an opened (and, by the caller, locked) regular file to a new temp file beside `target`.
    static func copyFileToTemp(_ file: FileDescriptor, beside target: Target) throws -> String {
        let st = try file.status()
        let (copy, tempName) = try AtomicFile.createTemp(in: target)
        defer { copy.close() }
        do {
            try FileCopy.copyData(from: file, to: copy)
            try FileCopy.copyMetadata(from: file, st, to: copy)
            try copy.sync()
        } catch {
            unlinkat(target.folder.raw, tempName, 0)
            throw error
        }
        return tempName
    }

    /// Fills the empty folder `copy` with the contents of `source`, then gives it the source's
    /// metadata (last, because filling changes the times and a read-only mode would block it).
    private static func copyFolder(_ source: FileDescriptor, _ st: stat, to copy: FileDescriptor) throws {
        // shelf's own files are not copied: leftover temporary files, and journals, which are
        // about the source files (each file is repaired under its shared lock as it is copied).
        for entry in try FolderEntries.read(source) where !FolderEntries.isInternal(entry.name) {
            try copyEntry(entry.name, from: source, to: copy)
        }
        try FileCopy.copyMetadata(from: source, st, to: copy)
        try copy.sync()
    }

    private static func copyEntry(_ name: String, from source: FileDescriptor, to copy: FileDescriptor) throws {
        let path = source.path + "/" + name
        var st = stat()
        if fstatat(source.raw, name, &st, AT_SYMLINK_NOFOLLOW) != 0 { throw ShelfError.lastError(path: path, operation: "stat") }
        let target = Target(folder: copy, name: name, path: copy.path + "/" + name)
        if st.isRegularFile {
            let file = try source.openAt(name, O_RDONLY | O_NOFOLLOW, path: path)
            defer { file.close() }
            // A shared lock: a concurrent in-place append is copied whole or not at all.
            try AppendJournal.lockShared(file, name: name, in: source)
            let tempName = try copyFileToTemp(file, beside: target)
            do {
                try AtomicFile.install(tempName, as: target, replace: false)
            } catch {
                unlinkat(copy.raw, tempName, 0)
                throw error
            }
        } else if st.isFolder {
            if mkdirat(copy.raw, name, 0o700) != 0 { throw ShelfError.lastError(path: target.path, operation: "create folder") }
            let sourceFolder = try source.openAt(name, FolderWalker.folderFlags, path: path)
            defer { sourceFolder.close() }
            let copyFolder = try copy.openAt(name, FolderWalker.folderFlags, path: target.path)
            defer { copyFolder.close() }
            try self.copyFolder(sourceFolder, st, to: copyFolder)
        } else if st.isSymbolicLink {
            try copyLink(name, from: source, path: path, to: target)
        } else {
            throw refusal(st, path: path)
        }
    }

    /// Recreates a link with the same text; it is never resolved.
    private static func copyLink(_ name: String, from source: FileDescriptor, path: String, to target: Target) throws {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlinkat(source.raw, name, &buffer, buffer.count - 1)
        if n < 0 { throw ShelfError.lastError(path: path, operation: "read link") }
        buffer[n] = 0
        if symlinkat(buffer, target.folder.raw, target.name) != 0 {
            throw ShelfError.lastError(path: target.path, operation: "create link")
        }
    }

    private static func refusal(_ st: stat, path: String) -> ShelfError {
        .unsupported(path: path, reason: "only files, folders and (inside folders) symbolic links can be copied")
    }
}
