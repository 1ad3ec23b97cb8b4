extension Store {
    /// What a move, copy or rename of `from` to `to` would remove or replace at the target, found
    /// with the same checks and refusals and changing nothing (`--dry-run`; no folder is made on
    /// the way): nothing for a free target; the target for a file replaced (or an empty folder a
    /// move replaces); with `.replaceWhole`, every file of the target folder's tree and then the
    /// folder, ending in `/`; for a copy merging folders (`merging`), each target file that a
    /// source file of the same path would replace. Paths are relative to the destination's
    /// namespace folder, in byte order.
    /// - Throws: what the command would refuse before changing anything (`notFound`,
    ///   `alreadyExists` without `replace`, `folderInTheWay`, `invalidTarget`, `symbolicLink`, …).
    package func transferPlan(_ from: SafePath, in directory: Directory, to: SafePath, in destination: Directory,
                              replace: Bool, folders: FolderReplacement, merging: Bool) throws -> [[UInt8]] {
        // A missing folder on the way to the target: nothing stands there. The source is still checked.
        guard let parent = try target(to, in: destination, create: false) else {
            _ = try existingTarget(from, in: directory).closeAfter { source in
                guard let st = try source.status() else { throw ShelfError.notFound(path: source.path) }
                if st.isSymbolicLink { throw ShelfError.symbolicLink(path: source.path) }
            }
            return []
        }
        parent.closeAfter { _ in }
        let found = try withTransfer(from, in: directory, to: to, in: destination, replace: replace, folders: folders,
                                     merging: merging) { transfer in (transfer.existing, transfer.sourceStatus.isFolder) }
        guard let existing = found.0 else { return [] }
        guard existing.isFolder else { return [to.bytes] }
        let folderPath = to.bytes + [UInt8(ascii: "/")]
        let byteOrder = { (a: [UInt8], b: [UInt8]) in a.lexicographicallyPrecedes(b) }
        if folders == .replaceWhole {
            return try clear(destination, in: to, options: ClearOptions(dryRun: true)).removedPaths.sorted(by: byteOrder) + [folderPath]
        }
        guard merging && found.1 else { return [folderPath] }
        // A merge replaces each target file whose path the source tree also holds as a file.
        let targetFiles = Set(try listPaths(to, in: destination, recursive: true, all: true))
        return try listPaths(from, in: directory, recursive: true, all: true)
            .filter { $0.last != UInt8(ascii: "/") && targetFiles.contains($0) }.map { folderPath + $0 }.sorted(by: byteOrder)
    }
}
