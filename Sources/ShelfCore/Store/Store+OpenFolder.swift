extension Store {
    /// Opens the folder at `path`, refusing files and links. The caller closes it (`closeAfter`).
    func openExistingFolder(_ path: SafePath, in directory: Directory) throws -> FileDescriptor {
        try existingTarget(path, in: directory).closeAfter { target in
            guard let st = try target.status() else { throw ShelfError.notFound(path: target.path) }
            if st.isSymbolicLink { throw ShelfError.symbolicLink(path: target.path) }
            if !st.isFolder { throw ShelfError.notAFolder(path: target.path) }
            guard let folder = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false) else {
                throw ShelfError.notFound(path: target.path)
            }
            return folder
        }
    }
}
