extension Store {
    /// Opens the folder at `path`, refusing files and links (`openFolder` tells them apart only
    /// when the open fails, so a folder costs no `stat` first). The caller closes it (`closeAfter`).
    func openExistingFolder(_ path: SafePath, in directory: Directory) throws -> FileDescriptor {
        try existingTarget(path, in: directory).closeAfter { target in
            guard let folder = try FolderWalker.openFolder(target.name, in: target.folder, path: target.path, create: false) else {
                throw ShelfError.notFound(path: target.path)
            }
            return folder
        }
    }
}
