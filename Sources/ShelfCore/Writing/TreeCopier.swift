/// Copies a file or a whole folder tree through descriptors, never following a link, into a new
/// hidden entry (`.shelf-tmp-…`) beside a target. Every file and folder of the copy is fsynced
/// before this returns, so the caller can rename the finished copy into place in one step: under
/// the final name there is never a partial file, nor a partial tree.
///
/// Inside a tree, symbolic links are copied as links (their text, unresolved), permission bits
/// (and, when asked, times) are kept, hard links become separate files, and shelf's own temp and journal files are skipped.
/// FIFOs, sockets and devices are refused (`notAFile`). Each file is copied under its shared
/// lock, so it is whole (old or new), never half-appended. An entry that vanishes between the
/// listing of its folder and its copy (removed or renamed by someone else) is not part of the copy.
enum TreeCopier {
    /// Copies the entry `name` of `folder` (at `path`) to a temporary entry beside `target`, then
    /// hands its name to `install` and returns what that returns. When either fails, nothing is
    /// left behind in the destination.
    /// - Parameter keepTimes: give the copy the source's access and modification times (`cp -p`,
    ///   and every move); false leaves the copy the times of its making, as `cp` does.
    static func copy<R>(_ name: FileName, in folder: FileDescriptor, path: String, beside target: Target, keepTimes: Bool = true,
                        install: (FileName) throws -> R) throws -> R {
        guard let st = try folder.status(of: name, path: path) else { throw ShelfError.notFound(path: path) }
        if st.isRegularFile {
            // Checked again once open: another user may have put a FIFO under the name meanwhile.
            return try FileLocks.openForReading(name, in: folder, path: path).closeAfter { file in
                try copyFile(file, beside: target, keepTimes: keepTimes, install: install)
            }
        }
        if st.isSymbolicLink {
            // Inside a folder being merged (a top-level source that is a link is refused before),
            // under a reserved temporary name beside `target` (`TempName`, so `clear` leaves it
            // alone meanwhile), then handed to `install`.
            return try TempName.withEntry(in: target.folder, path: target.path, make: { temp in
                guard try copyLink(name, in: folder, path: path, as: Target(folder: target.folder, name: temp, path: target.path))
                else { throw ShelfError.notFound(path: path) }
            }, install: install)
        }
        guard st.isFolder else { throw ShelfError.notRegular(st, path: path) }
        guard let source = try FolderWalker.openFolder(name, in: folder, path: path, create: false) else {
            throw ShelfError.notFound(path: path)
        }
        return try source.closeAfter { source in
            try TempName.withFolder(in: target.folder, path: target.path, fill: { copy in try copyFolder(source, st, to: copy, keepTimes: keepTimes) },
                                    install: install)
        }
    }

    /// Copies an opened (and, by the caller, locked) regular file to a new temp file beside `target`,
    /// complete and fsynced, then hands its temporary name to `install`.
    static func copyFile<R>(_ file: FileDescriptor, beside target: Target, keepTimes: Bool = true,
                            install: (FileName) throws -> R) throws -> R {
        let st = try file.status()
        return try TempFile.create(in: target.folder, path: target.path).closeAfter { temp in
            try FileCopy.copyData(from: file, to: temp.file)
            try FileCopy.copyMetadata(from: file, st, to: temp.file, keepTimes: keepTimes)
            try temp.file.sync()
            let installed = try install(temp.named())
            temp.nameTaken()
            return installed
        }
    }

    /// Fills the empty folder `copy` with the contents of `source`, then gives it the source's
    /// metadata (last, because filling changes the times and a read-only mode would block it).
    /// Any depth (`TreeWalk`): a second `FolderTrail` holds the copy's descriptors, following the
    /// source's.
    private static func copyFolder(_ source: FileDescriptor, _ st: FileStatus, to copy: FileDescriptor, keepTimes: Bool) throws {
        let sources = try FolderTrail(top: source), copies = try FolderTrail(top: copy)
        var walk = TreeWalk(sources, first: try frame(source, st))
        var entered: FileStatus?  // the source folder `visit` chose to enter last
        try walk.run(visit: { name, from, _ in
            let path = from.path(for: name)
            // An entry gone since its folder was listed (removed or renamed by someone else) is not
            // part of the copy.
            guard let entry = try from.status(of: name, path: path) else { return nil }
            guard entry.isFolder else {
                try copyEntry(name, entry, from: from, to: try copies.current(), keepTimes: keepTimes)
                return nil
            }
            entered = entry
            return name
        }, enter: { sub, name, _ in
            let to = try copies.current()
            try to.makeFolder(name, path: to.path(for: name))
            guard try copies.enter(name) != nil, let entered else { throw ShelfError.notFound(path: to.path(for: name)) }
            return try frame(sub, entered)
        }, leave: { done, parent in
            let to = try copies.current()
            try FileCopy.copyMetadata(from: try sources.current(), done.status, to: to, keepTimes: keepTimes)
            try to.sync()
            if parent != nil { try copies.leave() }
            return nil
        })
    }

    /// A folder being copied: the names left to copy and its status, given to the copy at the end.
    private struct Frame: WalkFrame {
        var entries: ArraySlice<FileName>
        let status: FileStatus
    }

    private static func frame(_ source: FileDescriptor, _ st: FileStatus) throws -> Frame {
        Frame(entries: try userNames(in: source), status: st)
    }

    /// The names of a folder to copy (or merge, `TreeMerger`). shelf's own files are not copied:
    /// leftover temporary files, and journals, which are about the source files (each file is
    /// repaired under its shared lock as it is copied).
    static func userNames(in source: FileDescriptor) throws -> ArraySlice<FileName> {
        try FolderEntries.read(source).map(\.name).filter(FolderEntries.isUsers)[...]
    }

    /// Copies a file or a link (anything but a folder) of `source` into `copy`.
    private static func copyEntry(_ name: FileName, _ st: FileStatus, from source: FileDescriptor, to copy: FileDescriptor,
                                  keepTimes: Bool) throws {
        let path = source.path(for: name)
        let target = Target(folder: copy, name: name, path: copy.path(for: name))
        if st.isRegularFile {
            // Under a shared lock: a concurrent in-place append is copied whole or not at all.
            let opened: FileDescriptor
            do {
                opened = try FileLocks.openForReading(name, in: source, path: path)
            } catch ShelfError.notFound, ShelfError.isAFolder {
                // Gone since it was listed, or a folder took its place: the walk has passed it.
                return
            }
            try opened.closeAfter { file in
                try copyFile(file, beside: target, keepTimes: keepTimes) { tempName in
                    try AtomicReplace.install(tempName, in: copy, path: target.path, as: target, replace: false)
                }
            }
        } else if st.isSymbolicLink {
            _ = try copyLink(name, in: source, path: path, as: target)
        } else {
            throw ShelfError.notRegular(st, path: path)
        }
    }

    /// Recreates the symbolic link `name` of `folder` (at `path`) as `copy`, with the same text:
    /// it is never resolved. False when the link is gone.
    private static func copyLink(_ name: FileName, in folder: FileDescriptor, path: String, as copy: Target) throws -> Bool {
        guard let text = try nilIfNotFound({
            try systemCall(.readLink, path: path) { () throws(Errno) in try kernel.readLink(SystemString(name), in: folder.raw) }
        }) else { return false }
        try systemCall(.createLink, path: copy.path) { () throws(Errno) in
            try kernel.makeSymbolicLink(SystemString(copy.name), in: copy.folder.raw, to: SystemString(bytes: text))
        }
        return true
    }
}
