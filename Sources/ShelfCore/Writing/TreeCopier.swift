/// Copies a file or a whole folder tree through descriptors, never following a link, into a new
/// hidden entry (`.shelf-tmp-…`) beside a target. Every file and folder of the copy is fsynced
/// before this returns, so the caller can rename the finished copy into place in one step: under
/// the final name there is never a partial file, nor a partial tree.
///
/// Inside a tree, symbolic links are copied as links (their text, unresolved), permission bits and
/// times are kept, hard links become separate files, and shelf's own temp and journal files are skipped.
/// FIFOs, sockets and devices are refused (`unsupported`). Each file is copied under its shared
/// lock, so it is whole (old or new), never half-appended. An entry that vanishes between the
/// listing of its folder and its copy (removed or renamed by someone else) is not part of the copy.
enum TreeCopier {
    /// Copies the entry `name` of `folder` (at `path`) to a temporary entry beside `target`, then
    /// hands its name to `install` and returns what that returns. When either fails, nothing is
    /// left behind in the destination.
    static func copy<R>(_ name: FileName, in folder: FileDescriptor, path: String, beside target: Target,
                        install: (FileName) throws -> R) throws -> R {
        guard let st = try folder.status(of: name, path: path) else { throw ShelfError.notFound(path: path) }
        if st.isRegularFile {
            return try folder.open(name, [.readOnly, .noFollow, .nonBlocking], path: path).closeAfter { file in
                try file.setBlocking()
                try AppendJournal.lockShared(file, name: name, in: folder)
                return try copyFile(file, beside: target, install: install)
            }
        }
        guard st.isFolder else { throw refusal(st, path: path) }
        guard let source = try FolderWalker.openFolder(name, in: folder, path: path, create: false) else {
            throw ShelfError.notFound(path: path)
        }
        return try source.closeAfter { source in
            try TempName.withFolder(in: target.folder, path: target.path, fill: { copy in try copyFolder(source, st, to: copy) },
                                    install: install)
        }
    }

    /// Copies an opened (and, by the caller, locked) regular file to a new temp file beside `target`,
    /// complete and fsynced, then hands its temporary name to `install`.
    static func copyFile<R>(_ file: FileDescriptor, beside target: Target, install: (FileName) throws -> R) throws -> R {
        let st = try file.status()
        return try TempFile.create(in: target.folder, path: target.path).closeAfter { temp in
            try FileCopy.copyData(from: file, to: temp.file)
            try FileCopy.copyMetadata(from: file, st, to: temp.file)
            try temp.file.sync()
            let installed = try install(temp.named())
            temp.nameTaken()
            return installed
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
        guard let st = try source.status(of: name, path: path) else { return }
        let target = Target(folder: copy, name: name, path: copy.path(for: name))
        if st.isRegularFile {
            let file: FileDescriptor
            do {
                file = try source.open(name, [.readOnly, .noFollow, .nonBlocking], path: path)
            } catch ShelfError.notFound {
                return
            }
            try file.closeAfter { file in
                // Replaced by something else since it was listed: copy what is there now.
                guard try file.status().isRegularFile else { return try copyEntry(name, from: source, to: copy) }
                try file.setBlocking()
                // A shared lock: a concurrent in-place append is copied whole or not at all.
                try AppendJournal.lockShared(file, name: name, in: source)
                try copyFile(file, beside: target) { tempName in
                    try AtomicReplace.install(tempName, in: copy, path: target.path, as: target, replace: false)
                }
            }
        } else if st.isFolder {
            guard let sourceFolder = try FolderWalker.openFolder(name, in: source, path: path, create: false) else { return }
            try sourceFolder.closeAfter { sourceFolder in
                try copy.makeFolder(name, path: target.path)
                try copy.open(name, FolderWalker.folderOptions, path: target.path).closeAfter { copyFolder in
                    try self.copyFolder(sourceFolder, st, to: copyFolder)
                }
            }
        } else if st.isSymbolicLink {
            // Recreated with the same text; it is never resolved.
            let text: [UInt8]
            do {
                text = try systemCall(.readLink, path: path) { () throws(Errno) in try kernel.readLink(SystemString(name), in: source.raw) }
            } catch ShelfError.notFound {
                return
            }
            try systemCall(.createLink, path: target.path) { () throws(Errno) in
                try kernel.makeSymbolicLink(SystemString(name), in: copy.raw, to: SystemString(bytes: text))
            }
        } else {
            throw refusal(st, path: path)
        }
    }

    private static func refusal(_ st: FileStatus, path: String) -> ShelfError {
        .unsupported(path: path, reason: "only files, folders and (inside folders) symbolic links can be copied")
    }
}
