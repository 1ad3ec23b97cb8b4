/// The cache directory tag written as every file shelf writes (`AtomicReplace`); the walker
/// that makes a namespace folder is handed this (`FolderWalker.Tagging`).
extension CacheTag {
    /// Writes the tag unless it is already there. Like any file shelf writes, it appears whole or
    /// not at all (`AtomicReplace`, never replacing a concurrent writer's tag): written in place,
    /// a power cut could leave it empty, and then it would never be written again (found by the
    /// power-loss simulator). Where the folder cannot be written (read-only, or another user's),
    /// the tag is left for a writer who can: the command goes on, and if it writes there too, its
    /// own failure names the file the user asked for, not the tag.
    static func ensure(in folder: FileDescriptor) throws {
        if try folder.status(of: name) != nil { return }
        do {
            try AtomicReplace.write(Target(folder: folder, name: name, path: folder.path(for: name)), replace: false) { file in
                try file.writeAll(Array(contents.utf8))
            }
        } catch ShelfError.alreadyExists, ShelfError.permissionDenied, ShelfError.readOnly {
            return
        }
    }
}
