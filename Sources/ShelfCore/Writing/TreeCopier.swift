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
    static func copyToTemp(_ name: FileName, in folder: FileDescriptor, path: String, beside target: Target) throws -> FileName {
        guard let st = try folder.status(of: name, path: path) else { throw ShelfError.notFound(path: path) }
        if st.isRegularFile {
            return try folder.open(name, [.readOnly, .noFollow], path: path).closeAfter { file in
                try AppendJournal.lockShared(file, name: name, in: folder)
                return try copyFileToTemp(file, beside: target)
            }
        }
        if st.isSymbolicLink { return try copyLinkToTemp(name, in: folder, path: path, beside: target) }
        guard st.isFolder else { throw refusal(st, path: path) }
        let tempName = try TempFile.makeFolder(in: target.folder, path: target.path)
        do {
            try folder.open(name, FolderWalker.folderOptions, path: path).closeAfter { source in
                try target.folder.open(tempName, FolderWalker.folderOptions, path: target.path).closeAfter { copy in
                    try copyFolder(source, st, to: copy)
                }
            }
        } catch {
            try? TreeRemover.remove(tempName, in: target.folder, path: target.path)
            throw error
        }
        return tempName
    }

    /// Copies an opened (and, by the caller, locked) regular file to a new temp file beside `target`,
    /// complete and fsynced; returns its temporary name.
    static func copyFileToTemp(_ file: FileDescriptor, beside target: Target) throws -> FileName {
        let st = try file.status()
        return try TempFile.create(in: target.folder, path: target.path).closeAfter { temp in
            try FileCopy.copyData(from: file, to: temp.file)
            try FileCopy.copyMetadata(from: file, st, to: temp.file)
            try temp.file.sync()
            return try temp.named()
        }
    }

    /// Fills the empty folder `copy` with the contents of `source`, then gives it the source's
    /// metadata (last, because filling changes the times and a read-only mode would block it).
    private static func copyFolder(_ source: FileDescriptor, _ st: FileStatus, to copy: FileDescriptor) throws {
        // shelf's own files are not copied: leftover temporary files, and journals, which are
        // about the source files (each file is repaired under its shared lock as it is copied).
        for entry in try FolderEntries.read(source) where !FolderEntries.isInternal(entry.name) {
            try copyEntry(entry.name, from: source, to: copy)
        }
        try FileCopy.copyMetadata(from: source, st, to: copy)
        try copy.sync()
    }

    private static func copyEntry(_ name: FileName, from source: FileDescriptor, to copy: FileDescriptor) throws {
        let path = source.path(for: name)
        guard let st = try source.status(of: name, path: path) else { throw ShelfError.notFound(path: path) }
        let target = Target(folder: copy, name: name, path: copy.path(for: name))
        if st.isRegularFile {
            try source.open(name, [.readOnly, .noFollow], path: path).closeAfter { file in
                // A shared lock: a concurrent in-place append is copied whole or not at all.
                try AppendJournal.lockShared(file, name: name, in: source)
                let tempName = try copyFileToTemp(file, beside: target)
                do {
                    try AtomicReplace.install(tempName, in: copy, path: target.path, as: target, replace: false)
                } catch {
                    try? copy.remove(tempName)
                    throw error
                }
            }
        } else if st.isFolder {
            try copy.makeFolder(name, path: target.path)
            try source.open(name, FolderWalker.folderOptions, path: path).closeAfter { sourceFolder in
                try copy.open(name, FolderWalker.folderOptions, path: target.path).closeAfter { copyFolder in
                    try self.copyFolder(sourceFolder, st, to: copyFolder)
                }
            }
        } else if st.isSymbolicLink {
            // Recreated with the same text; it is never resolved.
            let text = try systemCall("read link", path: path) { () throws(Errno) in try kernel.readLink(SystemString(name), in: source.raw) }
            try systemCall("create link", path: target.path) { () throws(Errno) in
                try kernel.makeSymbolicLink(SystemString(name), in: copy.raw, to: SystemString(bytes: text))
            }
        } else {
            throw refusal(st, path: path)
        }
    }

    /// A symbolic link (inside a folder being merged: a top-level source that is a link is refused
    /// before) recreated with the same text beside `target`, never resolved; returns its temp name.
    private static func copyLinkToTemp(_ name: FileName, in folder: FileDescriptor, path: String, beside target: Target) throws -> FileName {
        let text = try systemCall("read link", path: path) { () throws(Errno) in try kernel.readLink(SystemString(name), in: folder.raw) }
        while true {
            let fresh = TempFile.freshName()
            do {
                try kernel.makeSymbolicLink(SystemString(fresh), in: target.folder.raw, to: SystemString(bytes: text))
                return fresh
            } catch .fileExists {
                continue
            } catch {
                throw ShelfError.system(error, path: target.path, operation: "create link")
            }
        }
    }

    private static func refusal(_ st: FileStatus, path: String) -> ShelfError {
        .unsupported(path: path, reason: "only files, folders and (inside folders) symbolic links can be copied")
    }
}
