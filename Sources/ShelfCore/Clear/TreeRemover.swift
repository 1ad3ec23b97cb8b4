import Glibc

/// Removes files and folder trees through descriptors: a symbolic link inside is unlinked,
/// never followed, so removing a folder can never reach outside it.
package enum TreeRemover {
    /// Removes the entry `name` in `folder`, recursively when it is a folder.
    package static func remove(_ name: String, in folder: FileDescriptor, path: String) throws {
        if unlinkat(folder.raw, name, 0) == 0 { return }
        let code = errno
        // Linux reports EISDIR for a folder; other systems say EPERM.
        guard code == EISDIR || code == EPERM else { throw ShelfError.system(code, path: path, operation: "remove") }
        guard let sub = try FolderWalker.openFolder(name, in: folder, path: path, create: false) else { return }
        do {
            try removeContents(of: sub)
        } catch {
            sub.close()
            throw error
        }
        sub.close()
        if unlinkat(folder.raw, name, AT_REMOVEDIR) != 0 && errno != ENOENT {
            throw ShelfError.lastError(path: path, operation: "remove folder")
        }
    }

    /// Removes everything inside `folder`, keeping the folder itself.
    static func removeContents(of folder: FileDescriptor) throws {
        for entry in try FolderEntries.read(folder) {
            try remove(entry.name, in: folder, path: folder.path + "/" + entry.name)
        }
    }
}
