/// Removes files and folder trees through descriptors: a symbolic link inside is unlinked,
/// never followed, so removing a folder can never reach outside it. Any depth: the walk keeps its
/// place in an array and holds a bounded number of descriptors (`FolderTrail`).
package enum TreeRemover {
    /// Removes the entry `name` in `folder`, recursively when it is a folder.
    package static func remove(_ name: FileName, in folder: FileDescriptor, path: String) throws {
        guard try !unlink(name, in: folder, path: path) else { return }
        let trail = try FolderTrail(top: folder)
        guard let sub = try trail.enter(name) else { return }
        try emptyAndRemove(trail, entries: try FolderEntries.read(sub))
    }

    /// Removes everything inside `folder`, keeping the folder itself.
    static func removeContents(of folder: FileDescriptor) throws {
        let trail = try FolderTrail(top: folder)
        try emptyAndRemove(trail, entries: try FolderEntries.read(folder))
    }

    /// Empties the trail's current folder, whose entries are `entries`, and every folder below;
    /// removes each emptied folder on the way back up, down to (not including) the trail's top.
    private static func emptyAndRemove(_ trail: FolderTrail, entries: [FolderEntry]) throws {
        // What is left to do in each folder from the top down: its entries not yet removed.
        var pending: [ArraySlice<FolderEntry>] = [entries[...]]
        while !pending.isEmpty {
            guard let entry = pending[pending.count - 1].popFirst() else {
                pending.removeLast()
                if trail.depth > 0 { try removeEmptied(trail) }
                continue
            }
            let folder = try trail.current()
            let path = folder.path(for: entry.name)
            if try unlink(entry.name, in: folder, path: path) { continue }
            guard let sub = try trail.enter(entry.name) else { continue }
            pending.append(try FolderEntries.read(sub)[...])
        }
    }

    /// Unlinks `name` unless it is a folder; returns whether it is gone (false: a folder to empty).
    private static func unlink(_ name: FileName, in folder: FileDescriptor, path: String) throws -> Bool {
        do {
            try kernel.remove(SystemString(name), in: folder.raw, isFolder: false)
            return true
        } catch .isFolder, .notPermitted {
            // A folder: Linux says EISDIR, other systems EPERM. Emptied first.
            return false
        } catch {
            throw ShelfError.system(error, path: path, operation: "remove")
        }
    }

    /// Removes the trail's current (emptied) folder from the one above, and climbs to it.
    private static func removeEmptied(_ trail: FolderTrail) throws {
        let name = trail.currentName
        let parent = try trail.parent()
        do {
            try kernel.remove(SystemString(name), in: parent.raw, isFolder: true)
        } catch .noSuchFile {
            // gone already
        } catch {
            throw ShelfError.system(error, path: parent.path(for: name), operation: "remove folder")
        }
        try trail.leave()
    }
}
