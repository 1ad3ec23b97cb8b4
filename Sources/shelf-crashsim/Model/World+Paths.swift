import Glibc
import ShelfCore

/// Where a path leads: the folder holding its last component, that component, and what is there.
struct Resolved {
    var parent: Int
    var name: [UInt8]
    /// The inode the entry names (a mount point, not what is mounted on it); nil when absent.
    var entry: Int?
    /// What a walk finds at the entry: the mounted root at a mount point.
    var inode: Int?
}

extension World {
    /// Resolves `path` the way the kernel does: from the root when absolute, else from the open
    /// folder `folder` (nil: the current directory, which is the root here); symbolic links on
    /// the way are followed, the last one only with `followFinal`.
    func resolve(_ path: [UInt8], in folder: Int32?, followFinal: Bool) throws(Errno) -> Resolved {
        var start = Disk.root
        if path.first != UInt8(ascii: "/"), let folder {
            start = try inode(of: folder)
            guard disk[start].kind == .folder else { throw .notFolder }
        }
        var hops = 0
        return try walk(path, from: start, followFinal: followFinal, hops: &hops)
    }

    private func walk(_ path: [UInt8], from start: Int, followFinal: Bool, hops: inout Int) throws(Errno) -> Resolved {
        if path.isEmpty { throw .noSuchFile }
        var current = path.first == UInt8(ascii: "/") ? Disk.root : start
        let parts = path.split(separator: UInt8(ascii: "/")).map(Array.init)
        if parts.isEmpty { return Resolved(parent: current, name: [UInt8(ascii: ".")], entry: current, inode: current) }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            guard disk[current].kind == .folder else { throw .notFolder }
            if part == [UInt8(ascii: ".")] || part == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                if part.count == 2 { current = disk[current].parent }
                if last { return Resolved(parent: disk[current].parent, name: part, entry: current, inode: current) }
                continue
            }
            if part.count > 255 { throw .nameTooLong }
            let child = disk[current].entry(part)
            if last, child == nil || disk[child!].kind != .symbolicLink || !followFinal {
                return Resolved(parent: current, name: part, entry: child, inode: child.map(disk.entered))
            }
            guard let child else { throw .noSuchFile }
            let found = disk.entered(child)
            if disk[found].kind == .symbolicLink {
                hops += 1
                if hops > 40 { throw .tooManySymbolicLinks }
                let target = try walk(disk[found].linkText, from: current, followFinal: true, hops: &hops)
                guard let inode = target.inode else { throw .noSuchFile }
                if last { return target }
                current = inode
            } else {
                current = found
            }
        }
        return Resolved(parent: current, name: [], entry: current, inode: current)
    }

    /// The inode an existing path leads to.
    func existing(_ path: [UInt8], in folder: Int32?, followFinal: Bool) throws(Errno) -> (Resolved, Int) {
        let resolved = try resolve(path, in: folder, followFinal: followFinal)
        guard let inode = resolved.inode else { throw .noSuchFile }
        return (resolved, inode)
    }

    /// `/proc/self/fd/N`: the inode descriptor N holds.
    func procDescriptor(_ path: [UInt8]) -> Int32? {
        let prefix = Array("/proc/self/fd/".utf8)
        guard path.starts(with: prefix) else { return nil }
        return Int32(String(decoding: path.dropFirst(prefix.count), as: UTF8.self))
    }

    /// What `stat` says about an inode.
    func status(ofInode number: Int) -> FileStatus {
        let node = disk[number]
        let (type, size): (UInt32, Int) = switch node.kind {
        case .file: (UInt32(S_IFREG), node.data.count)
        case .folder: (UInt32(S_IFDIR), 4096)
        case .symbolicLink: (UInt32(S_IFLNK), node.linkText.count)
        }
        let links = node.kind == .folder ? (node.links > 0 || number == Disk.root ? 2 : 0) : node.links
        return FileStatus(mode: type | node.mode, size: Int64(size), device: UInt64(node.device), inode: UInt64(number),
                          linkCount: UInt64(links), owner: node.owner, accessed: node.accessed, modified: node.modified)
    }

    /// Whether the owner's bits allow `mode` (the model runs as the owner of everything, not root).
    func allows(_ inode: Int, read: Bool = false, write: Bool = false, search: Bool = false) -> Bool {
        let bits = disk[inode].mode
        return (!read || bits & 0o400 != 0) && (!write || bits & 0o200 != 0) && (!search || bits & 0o100 != 0)
    }

    /// The device an entry in `folder` would be on.
    func device(of folder: Int) -> Int {
        disk[folder].device
    }

    /// Whether `inode` is `folder` or lies below it.
    func isInside(_ folder: Int, _ inode: Int) -> Bool {
        var current = folder
        for _ in 0..<4096 {
            if current == inode { return true }
            let parent = disk[current].parent
            if parent == current { return false }
            current = parent
        }
        return false
    }
}
