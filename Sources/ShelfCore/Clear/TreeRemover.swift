/// Removes files and folder trees through descriptors: a symbolic link inside is unlinked,
/// never followed, so removing a folder can never reach outside it.
package enum TreeRemover {
    /// Removes the entry `name` in `folder`, recursively when it is a folder.
    package static func remove(_ name: FileName, in folder: FileDescriptor, path: String) throws {
        do {
            return try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
        } catch .isFolder, .notPermitted {
            // A folder: Linux says EISDIR, other systems EPERM. Emptied first, below.
        } catch {
            throw ShelfError.system(error, path: path, operation: "remove")
        }
        guard let sub = try FolderWalker.openFolder(name, in: folder, path: path, create: false) else { return }
        try sub.closeAfter(removeContents)
        do {
            try kernel.remove(SystemString(name), in: folder.raw, isFolder: true)
        } catch .noSuchFile {
            return
        } catch {
            throw ShelfError.system(error, path: path, operation: "remove folder")
        }
    }

    /// Removes everything inside `folder`, keeping the folder itself.
    static func removeContents(of folder: FileDescriptor) throws {
        for entry in try FolderEntries.read(folder) {
            try remove(entry.name, in: folder, path: folder.path(for: entry.name))
        }
    }
}
