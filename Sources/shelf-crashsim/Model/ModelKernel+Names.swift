import Glibc
import ShelfCore

/// The calls on names in folders.
extension ModelKernel {
    func status(of path: SystemString, in folder: Int32?, followingLinks: Bool) throws(Errno) -> FileStatus {
        if let number = world.procDescriptor(path.bytes), let inode = try world.descriptor(number).inode {
            return world.status(ofInode: inode)
        }
        let (_, inode) = try world.existing(path.bytes, in: folder, followFinal: followingLinks)
        return world.status(ofInode: inode)
    }

    func makeFolder(_ path: SystemString, in folder: Int32?, permissions: UInt32) throws(Errno) {
        try world.create(.folder, in: world.resolve(path.bytes, in: folder, followFinal: false), permissions: permissions)
    }

    func remove(_ path: SystemString, in folder: Int32?, isFolder: Bool) throws(Errno) {
        let resolved = try world.resolve(path.bytes, in: folder, followFinal: false)
        guard let entry = resolved.entry, let inode = resolved.inode else { throw .noSuchFile }
        if resolved.name == Array(".".utf8) || resolved.name == Array("..".utf8) { throw .invalidArgument }
        guard world.allows(resolved.parent, write: true, search: true) else { throw .permissionDenied }
        let kind = world.disk[inode].kind
        if isFolder {
            guard kind == .folder else { throw .notFolder }
            guard world.disk[inode].entries.isEmpty else { throw .folderNotEmpty }
            if entry != inode { throw Errno(rawValue: EBUSY) }
        } else if kind == .folder {
            throw .isFolder
        }
        let summary = world.recording ? "\(isFolder ? "rmdir" : "unlink") \(world.describe(inode))" : ""
        world.unlink(resolved.name, in: resolved.parent)
        world.recordEntries(.remove, [(resolved.parent, resolved.name, nil)], inode: inode, summary: summary)
    }

    func rename(_ path: SystemString, in folder: Int32?, to newPath: SystemString, in newFolder: Int32?,
                _ options: RenameOptions) throws(Errno) {
        let from = try world.resolve(path.bytes, in: folder, followFinal: false)
        let to = try world.resolve(newPath.bytes, in: newFolder, followFinal: false)
        guard let moving = from.entry else { throw .noSuchFile }
        if options.contains(.noReplace) && options.contains(.exchange) { throw .invalidArgument }
        if !options.isEmpty && world.disk.lacks(.renameFlags, on: world.device(of: from.parent)) { throw .invalidArgument }
        for end in [from, to] where end.name.isEmpty || end.name == Array(".".utf8) || end.name == Array("..".utf8) {
            throw Errno(rawValue: EBUSY)
        }
        guard world.disk[to.parent].kind == .folder else { throw .notFolder }
        guard world.allows(from.parent, write: true), world.allows(to.parent, write: true) else { throw .permissionDenied }
        if world.disk[moving].device != world.device(of: to.parent) { throw .crossDevice }
        let movingIsFolder = world.disk[moving].kind == .folder
        if movingIsFolder && world.isInside(to.parent, moving) { throw .invalidArgument }
        let summary = world.recording ? "rename \(String(decoding: path.bytes, as: UTF8.self)) → \(String(decoding: newPath.bytes, as: UTF8.self))" : ""
        if options.contains(.exchange) {
            guard let other = to.entry else { throw .noSuchFile }
            if world.disk[other].kind == .folder && world.isInside(from.parent, other) { throw .invalidArgument }
            world.disk[from.parent].setEntry(from.name, to: other)
            world.disk[to.parent].setEntry(to.name, to: moving)
            world.disk.recount()
            world.recordEntries(.exchange, [(from.parent, from.name, other), (to.parent, to.name, moving)], inode: moving,
                                summary: summary + " (exchange)")
            return
        }
        if let replaced = to.entry {
            if options.contains(.noReplace) { throw .fileExists }
            if replaced == moving { return }
            let replacedIsFolder = world.disk[replaced].kind == .folder
            if movingIsFolder && !replacedIsFolder { throw .notFolder }
            if !movingIsFolder && replacedIsFolder { throw .isFolder }
            if replacedIsFolder && !world.disk[replaced].entries.isEmpty { throw .folderNotEmpty }
            world.unlink(to.name, in: to.parent)
        }
        world.unlink(from.name, in: from.parent)
        world.link(moving, as: to.name, in: to.parent)
        world.recordRename(from: (from.parent, from.name), to: (to.parent, to.name), inode: moving, summary: summary)
    }

    func link(_ path: SystemString, in folder: Int32?, to newPath: SystemString, in newFolder: Int32?,
              followingLinks: Bool) throws(Errno) {
        let inode: Int
        if followingLinks, let number = world.procDescriptor(path.bytes) {
            guard let held = try world.descriptor(number).inode else { throw .noSuchFile }
            // A file with no name left can be linked only if it was made unnamed (O_TMPFILE).
            if world.disk[held].links == 0 && !world.disk[held].linkable { throw .noSuchFile }
            inode = held
        } else {
            inode = try world.existing(path.bytes, in: folder, followFinal: followingLinks).1
        }
        if world.disk[inode].kind == .folder { throw .notPermitted }
        let to = try world.resolve(newPath.bytes, in: newFolder, followFinal: false)
        try world.checkNewEntry(to)
        if world.disk[inode].device != world.device(of: to.parent) { throw .crossDevice }
        world.link(inode, as: to.name, in: to.parent)
        world.recordEntries(.link, [(to.parent, to.name, inode)], inode: inode,
                            summary: world.recording ? "link \(String(decoding: path.bytes, as: UTF8.self)) → \(world.describe(inode))" : "")
    }

    func readLink(_ path: SystemString, in folder: Int32?) throws(Errno) -> [UInt8] {
        let (_, inode) = try world.existing(path.bytes, in: folder, followFinal: false)
        guard world.disk[inode].kind == .symbolicLink else { throw .invalidArgument }
        return world.disk[inode].linkText
    }

    func makeSymbolicLink(_ path: SystemString, in folder: Int32?, to target: SystemString) throws(Errno) {
        try world.create(.symbolicLink, in: world.resolve(path.bytes, in: folder, followFinal: false), linkText: target.bytes)
    }

    func checkAccess(_ path: SystemString, in folder: Int32?, _ mode: AccessMode) throws(Errno) {
        if path.bytes == Array("/proc/self/fd".utf8) { return }
        let (_, inode) = try world.existing(path.bytes, in: folder, followFinal: true)
        let allowed = world.allows(inode, write: mode.contains(.write), search: mode.contains(.search))
        if !allowed { throw .permissionDenied }
    }

    func entries(ofFolder descriptor: Int32) throws(Errno) -> [FolderEntry] {
        let inode = try world.inode(of: descriptor)
        guard world.disk[inode].kind == .folder else { throw .notFolder }
        // Without `.` and `..`, as the protocol says.
        var list: [FolderEntry] = []
        for entry in world.disk[inode].entries {
            guard let name = FileName(bytes: entry.name) else { continue }
            let kind: FolderEntry.Kind = switch world.disk[world.disk.entered(entry.inode)].kind {
            case .file: .regularFile
            case .folder: .folder
            case .symbolicLink: .symbolicLink
            }
            list.append(FolderEntry(name: name, kind: kind, inode: UInt64(entry.inode)))
        }
        return list
    }
}
