extension Store {
    /// Copies a file or folder tree into `destination`, at `newPath` (default: the same relative
    /// path). The copy is built under a hidden temporary name beside the target, fsynced, and
    /// renamed into place in one step, so the target name never shows a partial file or tree.
    /// Permission bits, times and `user.` extended attributes are kept; links inside a folder are
    /// copied as links, never followed. A folder is copied as a snapshot of its files: each one
    /// whole, as it was before or after any write racing the copy; entries removed meanwhile are
    /// not in it.
    /// - Parameters:
    ///   - replace: replace an existing target: a file over a file atomically; a folder over a
    ///     folder is merged as `cp -rf` does (`TreeMerger`): each file replaced atomically, files
    ///     only the target has kept. A file never replaces a folder (`folderInTheWay`).
    ///   - folders: `.replaceWhole` replaces a folder at the target whole instead (see `move`).
    /// - Returns: the absolute path of the copy.
    /// - Throws: `notFound`, `alreadyExists`, `invalidTarget` (the same place, or a folder into
    ///   itself), `symbolicLink`, `notAFile` (a FIFO, socket or device inside), `noSpace`, …
    @discardableResult
    public func copy(_ path: String, in directory: Directory, to destination: Directory, as newPath: String? = nil,
                     replace: Bool = false, folders: FolderReplacement = .keepContents) throws -> String {
        let from = try SafePath(path)
        return try copy(from, in: directory, to: destination, as: newPath.map { try SafePath($0) } ?? from, replace: replace,
                        folders: folders)
    }

    /// - Parameter keepTimes: false gives the copy fresh times, as `cp` without `-p` does (the
    ///   command line's default: a copy made now is not old to `clear --older-than`).
    @discardableResult
    package func copy(_ path: SafePath, in directory: Directory, to destination: Directory, as newPath: SafePath,
                      replace: Bool = false, folders: FolderReplacement = .keepContents, keepTimes: Bool = true) throws -> String {
        try withTransfer(path, in: directory, to: newPath, in: destination, replace: replace, folders: folders,
                         merging: true) { transfer in
            let source = transfer.source
            let target = transfer.destination
            if folders == .keepContents, transfer.sourceStatus.isFolder, transfer.existing?.isFolder == true {
                try TreeMerger.merge(source.name, in: source.folder, path: source.path, into: target, keepTimes: keepTimes)
                return target.path
            }
            try TreeCopier.copy(source.name, in: source.folder, path: source.path, beside: target, keepTimes: keepTimes) { tempName in
                try AtomicReplace.install(tempName, in: target.folder, path: target.path, as: target, replace: replace)
            }
            return target.path
        }
    }
}
