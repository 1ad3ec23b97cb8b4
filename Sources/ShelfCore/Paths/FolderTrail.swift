/// The folders from a walk's top folder down to the one it is in, holding at most `openLimit`
/// descriptors however deep the tree. A descriptor per level ran out of descriptors (EMFILE) at
/// about a thousand levels, which `save` accepts (issue 12, item 10); and the walks that use a
/// trail keep their own frames in an array, never on the call stack, so no depth can exhaust it.
///
/// The deepest levels stay open; a shallower one is let go and opened again when the walk climbs
/// back to it: through `..` of the level below, as fts(3) climbs, else by name from the nearest
/// level still open. Either way it must be the very folder the walk entered (device and inode),
/// or the walk stops with `notFound` for that folder: it was moved or replaced meanwhile, and a
/// walk never goes on in a folder it did not enter.
final class FolderTrail {
    /// Descriptors a trail holds besides its top folder, which its caller owns.
    static let openLimit = 8

    private struct Level {
        /// The level's name in the level above (unused for the top folder).
        let name: FileName
        let identity: FileIdentity
        /// Nil while let go. The top folder's is the caller's and never closed here.
        var file: OpenFile?
    }

    private let top: FileDescriptor
    private var levels: [Level]
    /// The levels whose descriptor is open (top excluded), shallowest first.
    private var open: [Int] = []
    /// The most descriptors held at once, top excluded: what the tests check.
    private(set) var mostOpen = 0

    /// - Parameter top: the folder the walk starts in; the caller keeps it open until the walk ends.
    init(top: FileDescriptor) throws {
        self.top = top
        levels = [Level(name: FileName("."), identity: FileIdentity(try top.status()), file: nil)]
    }

    /// How many levels the walk is below its top folder.
    var depth: Int { levels.count - 1 }

    /// The current folder's name in the one above (`.` at the top).
    var currentName: FileName { levels[levels.count - 1].name }

    /// The folder the walk is in, opened again if it was let go.
    func current() throws -> FileDescriptor {
        try descriptor(at: levels.count - 1)
    }

    /// The folder above the current one.
    /// - Precondition: `depth > 0`.
    func parent() throws -> FileDescriptor {
        try climbIfLetGo(levels.count - 2)
        return try descriptor(at: levels.count - 2)
    }

    /// Enters the folder `name` of the current folder; nil when it is gone.
    /// - Throws: `symbolicLink` or `notAFolder` when the name is not a folder (links are never followed).
    func enter(_ name: FileName) throws -> FileDescriptor? {
        let folder = try current()
        guard let opened = try FolderWalker.openFolder(name, in: folder, path: folder.path(for: name), create: false) else { return nil }
        let file = OpenFile(opened)
        levels.append(Level(name: name, identity: FileIdentity(try opened.status()), file: file))
        insertOpen(levels.count - 1)
        return opened
    }

    /// Goes back up to the folder above, letting the current one go.
    /// - Precondition: `depth > 0`.
    func leave() throws {
        let index = levels.count - 1
        try climbIfLetGo(index - 1)
        levels.removeLast()
        if open.last == index { open.removeLast() }
    }

    /// Opens level `index` again if it was let go: as `..` of the level below when that is open
    /// and `..` is the folder entered, else by name (`reopen`).
    private func climbIfLetGo(_ index: Int) throws {
        guard levels[index].file == nil && index > 0, let child = levels[index + 1].file?.descriptor else { return }
        let path = FolderTrail.parentPath(of: child.path, name: levels[index + 1].name)
        if let parent = try? child.open("..", FolderWalker.folderOptions, path: path),
           let kept = try parent.kept(if: { FileIdentity(try $0.status()) == levels[index].identity }) {
            levels[index].file = OpenFile(kept)
            insertOpen(index)
        } else {
            try reopen(index)
        }
    }

    private func descriptor(at index: Int) throws -> FileDescriptor {
        if index == 0 { return top }
        if let file = levels[index].file { return file.descriptor }
        try reopen(index)
        return levels[index].file!.descriptor
    }

    /// Opens the levels down to `index` by name from the nearest one still open, checking each.
    private func reopen(_ index: Int) throws {
        var start = index - 1
        while start > 0 && levels[start].file == nil { start -= 1 }
        var folder = try descriptor(at: start)
        for level in (start + 1)...index {
            let path = folder.path(for: levels[level].name)
            let next = try FolderWalker.openFolder(levels[level].name, in: folder, path: path, create: false)
            guard let next, let kept = try next.kept(if: { FileIdentity(try $0.status()) == levels[level].identity }) else {
                // Moved or replaced since the walk entered it: not the folder to go on in.
                throw ShelfError.notFound(path: path)
            }
            levels[level].file = OpenFile(kept)
            insertOpen(level)
            folder = kept
        }
    }

    /// Records level `index` as open and lets the shallowest levels go beyond the limit.
    private func insertOpen(_ index: Int) {
        open.insert(index, at: open.firstIndex { $0 > index } ?? open.count)
        mostOpen = Swift.max(mostOpen, open.count)
        while open.count > FolderTrail.openLimit {
            // Dropping the `OpenFile` closes it: no level keeps a lock across a climb.
            levels[open.removeFirst()].file = nil
        }
    }

    /// The path of the folder above `path`, whose last component is `name`.
    static func parentPath(of path: String, name: FileName) -> String {
        let suffix = "/" + name.description
        return path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path + "/.."
    }
}
