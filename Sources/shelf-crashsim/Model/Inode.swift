import ShelfCore

/// One file, folder or symbolic link of the modelled file system: what a real inode holds, with
/// the data in memory. Folders keep their entries in the order they were made (no name order, so
/// that the engine cannot come to rely on one), and their parent, for `..`.
struct Inode {
    enum Kind { case file, folder, symbolicLink }

    var kind: Kind
    /// 1 is the file system of the home; 2 the other one (`temporary`), for moves across them.
    var device: Int
    /// Permission bits only; the type bits come from `kind`.
    var mode: UInt32
    var owner: UInt32
    var data: [UInt8] = []
    var entries: [FolderEntryModel] = []
    /// A folder's parent (itself for a file system's root); unused for files.
    var parent = 0
    var linkText: [UInt8] = []
    /// Extended attributes in the order they were set.
    var attributes: [(name: [UInt8], value: [UInt8])] = []
    var modified: FileTime
    var accessed: FileTime
    /// Names that lead here. A file at 0 exists only while a descriptor holds it open.
    var links = 0
    /// Made with O_TMPFILE and never named: `linkat` through `/proc/self/fd` may give it a name.
    var linkable = false

    init(kind: Kind, device: Int, mode: UInt32, owner: UInt32, time: FileTime) {
        self.kind = kind
        self.device = device
        self.mode = mode
        self.owner = owner
        modified = time
        accessed = time
    }

    func entry(_ name: [UInt8]) -> Int? {
        entries.first { $0.name == name }?.inode
    }

    /// Sets `name` to `inode`, or removes it (nil); a new name goes last.
    mutating func setEntry(_ name: [UInt8], to inode: Int?) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            if let inode { entries[index].inode = inode } else { entries.remove(at: index) }
        } else if let inode {
            entries.append(FolderEntryModel(name: name, inode: inode))
        }
    }

    func attribute(_ name: [UInt8]) -> [UInt8]? {
        attributes.first { $0.name == name }?.value
    }

    mutating func setAttribute(_ name: [UInt8], to value: [UInt8]?) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            if let value { attributes[index].value = value } else { attributes.remove(at: index) }
        } else if let value {
            attributes.append((name, value))
        }
    }
}

struct FolderEntryModel: Equatable {
    var name: [UInt8]
    var inode: Int
}

/// The whole modelled storage: every inode ever made (unreachable ones are simply never found),
/// the root, and where the second file system is mounted. A value: copying one is a snapshot.
struct Disk {
    static let root = 1

    var inodes: [Int: Inode] = [:]
    /// Mount point (an empty folder of device 1) → the root folder of the file system mounted there.
    var mounts: [Int: Int] = [:]
    var nextInode = 2
    /// What the second device lacks, as older kernels and some file systems do.
    var secondDeviceLacks: Set<Feature> = []

    enum Feature {
        /// User extended attributes (tmpfs before Linux 6.6).
        case attributes
        /// O_TMPFILE (before Linux 3.11, or a file system without it).
        case unnamedFiles
        /// `renameat2`'s flags, RENAME_NOREPLACE and RENAME_EXCHANGE.
        case renameFlags
    }

    func lacks(_ feature: Feature, on device: Int) -> Bool {
        device == 2 && secondDeviceLacks.contains(feature)
    }

    subscript(inode: Int) -> Inode {
        get { inodes[inode]! }
        // In place: a write must not copy the file's bytes.
        _modify { yield &inodes[inode]! }
    }

    mutating func allocate(_ inode: Inode) -> Int {
        let number = nextInode
        nextInode += 1
        inodes[number] = inode
        return number
    }

    /// The folder a walk enters at `inode`: the mounted root where one is mounted.
    func entered(_ inode: Int) -> Int {
        mounts[inode] ?? inode
    }

    /// Every entry under the folder `start`, depth first, each folder once (a crash may leave a
    /// folder under two names): `visit` gets the folder holding the entry, the entry, its path from
    /// `start` and the inode a walk enters there; it returns true to stop the walk.
    func walk(from start: Int, _ visit: (_ folder: Int, _ entry: FolderEntryModel, _ path: [UInt8], _ target: Int) -> Bool) {
        var stack: [(Int, [UInt8])] = [(start, [])]
        var seen: Set<Int> = []
        while let (folder, prefix) = stack.popLast() {
            guard seen.insert(folder).inserted else { continue }
            for entry in self[folder].entries {
                let path = prefix + [UInt8(ascii: "/")] + entry.name
                let target = entered(entry.inode)
                if visit(folder, entry, path, target) { return }
                if self[target].kind == .folder { stack.append((target, path)) }
            }
        }
    }

    /// Sets the link counts and the parents of folders from the tree (after a crash image was
    /// put together from pieces).
    mutating func recount() {
        for key in inodes.keys { inodes[key]!.links = 0 }
        var seen: Set<Int> = []
        var stack = [Disk.root]
        inodes[Disk.root]!.parent = Disk.root
        while let folder = stack.popLast() {
            guard seen.insert(folder).inserted else { continue }
            for entry in inodes[folder]!.entries {
                guard inodes[entry.inode] != nil else { continue }
                inodes[entry.inode]!.links += 1
                let target = entered(entry.inode)
                if inodes[target]?.kind == .folder {
                    inodes[target]!.parent = folder
                    stack.append(target)
                }
            }
        }
    }
}
