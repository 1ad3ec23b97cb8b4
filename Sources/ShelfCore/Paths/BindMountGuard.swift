/// What `NamespaceGuard`'s climb through `..` cannot see: a bind mount. At the top of a bind mount
/// `..` leads to the folder above the mount point, not to the folder above the mounted folder in
/// its file system, so with `mount --bind ~/.local/share/shelf/x /srv/cache` and
/// `XDG_CACHE_HOME=/srv/cache` the caches lay inside another namespace unseen (issue 21, item 10).
///
/// Only where the namespace folder and another base folder are on one file system (one device)
/// but reached through different mounts can that happen; there both are placed in their file
/// system through `/proc/self/mountinfo` (each mount's root in its file system, and where it is
/// mounted) and compared as paths of that file system. Everywhere else (one mount, or two file
/// systems) the climb sees everything, and the mount table is never read: the mounts come with the
/// identities `NamespaceGuard` asks anyway (one `statx` each), at no cost of their own.
enum BindMountGuard {
    /// Where a folder lies: its file system (the device as the mount table writes it) and its path
    /// from that file system's root.
    struct Place: Equatable {
        let device: [UInt8]
        let path: [UInt8]

        /// Whether `other` is this folder or lies below it.
        func contains(_ other: Place) -> Bool {
            device == other.device && (path == other.path || path == [slash] || other.path.starts(with: path + [slash]))
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// Refuses the namespace folder `folder` (identity `identity`, reached through mount `mount`,
    /// nil when unknown; named `name` in its base) when,
    /// through a bind mount, it is or contains one of `others` (another base folder, or the home
    /// folder), or lies inside the namespace of the same name in one of them (`insideNamespace`).
    /// - Throws: `cannotAccessDirectory` (77), as `NamespaceGuard` refuses any other overlap.
    static func check(_ folder: FileDescriptor, _ identity: FileIdentity, mount: UInt64?, name: String,
                      others: [(folder: BaseFolder, identity: FileIdentity, mount: UInt64?)]) throws {
        let sameDevice = others.filter { $0.identity.device == identity.device }
        guard !sameDevice.isEmpty, let mount else { return }
        var table: [MountTable.Entry]?
        var here: Place?
        for other in sameDevice {
            guard let otherMount = other.mount, otherMount != mount else { continue }
            guard let entries = table ?? MountTable.read() else { return }
            table = entries
            guard let placed = here ?? place(folder, mount: mount, in: entries) else { return }
            here = placed
            guard let there = place(FolderPlace(path: other.folder.path), mount: otherMount, in: entries) else { continue }
            if placed.contains(there) {
                throw NamespaceGuard.overlap(folder.path, "contains \(other.folder.contents) (\(other.folder.path)) through a bind mount")
            }
            if let inside = insideNamespace(placed, of: other.folder, placed: there, name: name) {
                throw NamespaceGuard.overlap(folder.path, "lies inside \(inside) through a bind mount")
            }
        }
    }

    /// The other direction (issue 21, item 10): this namespace, placed at `here`, lies inside the
    /// namespace folder of the same name in the other base folder `other` (placed at `there`),
    /// as when `~/docs/shelf/inner` is bind-mounted on `XDG_CACHE_HOME`: the caches of app
    /// `shelf` would then be inside its documents, and `clear caches` would empty them. The
    /// namespace's name there is the one `NamespaceRules` compares: the same name, or for the
    /// temporary fallback `<name>-<uid>`. Lying in the home folder is no overlap. What is
    /// refused, for the message; nil when nothing is.
    static func insideNamespace(_ here: Place, of other: BaseFolder, placed there: Place, name: String) -> String? {
        guard other.role != .home else { return nil }
        let stored = other.role == .temporaryFallback ? "\(name)-\(ProcessState.userID)" : name
        let base = there.path == [slash] ? [] : there.path
        let namespace = Place(device: there.device, path: base + [slash] + Array(stored.utf8))
        return namespace.contains(here) ? "\(other.path)/\(stored), a namespace folder in \(other.contents)," : nil
    }

    /// The place of the open folder `folder`, reached through mount `mount`; nil when unknown.
    static func place(_ folder: FileDescriptor, mount: UInt64, in table: [MountTable.Entry]) -> Place? {
        guard let path = try? kernel.readLink(SystemString("/proc/self/fd/\(folder.raw)"), in: nil) else { return nil }
        return place(path: path, mount: mount, in: table)
    }

    private static func place(_ folder: FolderPlace, mount: UInt64, in table: [MountTable.Entry]) -> Place? {
        guard let opened = try? folder.open(reading: false) else { return nil }
        return opened.closeAfter { place($0, mount: mount, in: table) }
    }

    /// Where `path` (absolute, links resolved, as the kernel names an open folder) lies in the file
    /// system of mount `mount`: the mount's root there, then the path below its mount point.
    static func place(path: [UInt8], mount: UInt64, in table: [MountTable.Entry]) -> Place? {
        guard let entry = table.first(where: { $0.id == mount }) else { return nil }
        let point = entry.mountPoint
        let below: ArraySlice<UInt8>
        if point == [slash] {
            below = path[...]
        } else if path == point || path.starts(with: point + [slash]) {
            below = path.dropFirst(point.count)
        } else {
            return nil
        }
        if entry.root == [slash] { return Place(device: entry.device, path: below.isEmpty ? [slash] : Array(below)) }
        return Place(device: entry.device, path: entry.root + below)
    }
}

/// The lines of `/proc/self/mountinfo` shelf needs (proc(5)): `<id> <parent> <major:minor> <root>
/// <mount point> … - <file system type> …`, where root and mount point escape space, tab, newline
/// and backslash as `\ooo`.
enum MountTable {
    struct Entry: Equatable {
        let id: UInt64
        let device: [UInt8]
        /// The mounted folder's path in its file system (`/` unless a bind mount of a folder in it).
        let root: [UInt8]
        let mountPoint: [UInt8]
        /// The file system's type, after the ` - ` that ends the optional fields (`fuse.glusterfs`).
        var type: [UInt8] = []
    }

    /// This process's mount table; nil when `/proc` is not there or the table was cut.
    static func read() -> [Entry]? {
        let limit = 4 << 20
        guard let bytes = (try? FileDescriptor.readSmallFile("/proc/self/mountinfo", limit: limit)) ?? nil, bytes.count < limit else { return nil }
        return parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) -> [Entry] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard fields.count >= 5, let id = UInt64(String(decoding: fields[0], as: UTF8.self)) else { return nil }
            let type = fields.firstIndex(where: { $0.elementsEqual([UInt8(ascii: "-")]) }).flatMap { fields.index(after: $0) < fields.endIndex ? Array(fields[fields.index(after: $0)]) : nil }
            return Entry(id: id, device: Array(fields[2]), root: unescaped(fields[3]), mountPoint: unescaped(fields[4]), type: type ?? [])
        }
    }

    /// `\040` and the like back to their byte.
    static func unescaped(_ field: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = field.startIndex
        while i < field.endIndex {
            let digits = field[(i + 1)..<min(i + 4, field.endIndex)]
            if field[i] == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                out.append(digits.reduce(0) { $0 &* 8 &+ ($1 - 0x30) })
                i += 4
            } else {
                out.append(field[i])
                i += 1
            }
        }
        return out
    }
}
