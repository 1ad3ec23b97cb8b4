import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The copy-then-remove path of move: forced on one file system through the `forceCopy` seam,
/// and for real when /dev/shm is a separate file system (the usual tmpfs).
@Suite struct CrossFileSystemTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    func makeTree() throws {
        home.save(("caches", "tree/a.txt", "a"), ("caches", "tree/sub/b.txt", "b"))
        chmod(home.path("cache/shelf/tree/sub/b.txt"), 0o640)
        var times = [timespec(tv_sec: 978_307_200, tv_nsec: 5), timespec(tv_sec: 978_307_200, tv_nsec: 5)]
        utimensat(AT_FDCWD, home.path("cache/shelf/tree/sub/b.txt"), &times, 0)
        symlink("../a.txt", home.path("cache/shelf/tree/sub/link"))
    }

    func expectCopiedTree(at root: String) {
        #expect(home.read(root + "/a.txt") == "a")
        #expect(home.read(root + "/sub/b.txt") == "b")
        var st = stat()
        #expect(lstat(home.path(root + "/sub/b.txt"), &st) == 0)
        #expect(st.st_mode & 0o777 == 0o640)
        #expect(st.st_mtim.tv_sec == 978_307_200 && st.st_mtim.tv_nsec == 5)
        #expect(lstat(home.path(root + "/sub/link"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink(home.path(root + "/sub/link"), &buffer, 63)
        #expect(n == 8 && String(cString: Array(buffer[..<n]) + [0]) == "../a.txt")
    }

    /// A failure half-way through the copy (here a FIFO, which cannot be copied) must leave the
    /// source whole and no trace at the destination: never neither, never a partial tree. Without
    /// the FIFO the same tree moves, and the source goes.
    @Test func forcedCopyPathMovesATreeWholeOrNotAtAll() throws {
        try makeTree()
        mkfifo(home.path("cache/shelf/tree/sub/zz-fifo"), 0o600)
        #expect(throws: ShelfError.self) {
            try store.relocate(SafePath("tree"), in: .caches, to: SafePath("tree"), in: .documents, replace: false, forceCopy: true)
        }
        #expect(home.read("cache/shelf/tree/a.txt") == "a" && home.read("cache/shelf/tree/sub/b.txt") == "b")
        #expect(!home.exists("docs/shelf/tree"))
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
        #expect(unlink(home.path("cache/shelf/tree/sub/zz-fifo")) == 0)
        let moved = try store.relocate(SafePath("tree"), in: .caches, to: SafePath("tree"), in: .documents, replace: false, forceCopy: true)
        #expect(moved == home.path("docs/shelf/tree"))
        expectCopiedTree(at: "docs/shelf/tree")
        #expect(!home.exists("cache/shelf/tree"))
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    @Test func forcedCopyPathMovesOneFileWithItsModeAndTime() throws {
        #expect(home.run(["save", "caches", "one.txt"], stdin: "1").status == 0)
        chmod(home.path("cache/shelf/one.txt"), 0o444)
        try store.relocate(SafePath("one.txt"), in: .caches, to: SafePath("one.txt"), in: .documents, replace: false, forceCopy: true)
        #expect(home.read("docs/shelf/one.txt") == "1")
        var st = stat()
        #expect(lstat(home.path("docs/shelf/one.txt"), &st) == 0 && st.st_mode & 0o777 == 0o444)
        #expect(!home.exists("cache/shelf/one.txt"))
    }

    @Test func forcedCopyPathReplacesOnlyWithForce() throws {
        home.save(("caches", "t/new.txt", "new"), ("documents", "t/old.txt", "old"))
        #expect(throws: ShelfError.alreadyExists(path: home.path("docs/shelf/t"))) {
            try store.relocate(SafePath("t"), in: .caches, to: SafePath("t"), in: .documents, replace: false, forceCopy: true)
        }
        // Not empty: --force alone leaves it, and the source, as they were.
        #expect(throws: Store.folderNotEmpty(home.path("docs/shelf/t"))) {
            try store.relocate(SafePath("t"), in: .caches, to: SafePath("t"), in: .documents, replace: true, forceCopy: true)
        }
        #expect(home.read("docs/shelf/t/old.txt") == "old" && home.read("cache/shelf/t/new.txt") == "new")
        try store.relocate(SafePath("t"), in: .caches, to: SafePath("t"), in: .documents, replace: true, folders: .replaceWhole,
                           forceCopy: true)
        #expect(home.read("docs/shelf/t/new.txt") == "new" && !home.exists("docs/shelf/t/old.txt"))
        #expect(!home.exists("cache/shelf/t"))
        #expect(home.allPaths().filter { $0.contains(".shelf-") }.isEmpty)
    }

    @Test(.enabled(if: SharedMemory.tempFolderHasUserXattrs, "needs user extended attributes in the temp folder"))
    func userExtendedAttributesTravelWithTheCopy() throws {
        #expect(home.run(["save", "caches", "x.txt"], stdin: "x").status == 0)
        let fd = open(home.path("cache/shelf/x.txt"), O_RDONLY)
        defer { close(fd) }
        #expect((try? ExtendedAttributes.set("user.shelf.test", Array("yes".utf8), on: FileDescriptor(raw: fd, path: "x.txt"))) != nil)
        try store.relocate(SafePath("x.txt"), in: .caches, to: SafePath("x.txt"), in: .documents, replace: false, forceCopy: true)
        let copy = open(home.path("docs/shelf/x.txt"), O_RDONLY)
        defer { close(copy) }
        #expect(try ExtendedAttributes.value("user.shelf.test", of: FileDescriptor(raw: copy, path: "x.txt")) == Array("yes".utf8))
    }

    @Test(.enabled(if: SharedMemory.isSeparateFileSystem, "needs /dev/shm on a file system other than the temp folder"))
    func realMoveAcrossFileSystems() throws {
        let shm = try SharedMemory.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: shm) }
        try makeTree()
        let runtime = ["XDG_RUNTIME_DIR": shm]
        #expect(home.run(["move", "caches", "tree", "temporary"], environment: runtime).status == 0)
        #expect(!home.exists("cache/shelf/tree"))
        #expect(FileManager.default.contents(atPath: shm + "/shelf/tree/sub/b.txt") == Data("b".utf8))
        // And back again, over an existing target with --force.
        #expect(home.run(["save", "caches", "tree/old.txt"], stdin: "old").status == 0)
        #expect(home.run(["move", "caches", "tree", "temporary"], environment: runtime).status == 73)
        #expect(home.run(["move", "-f", "temporary", "tree", "caches"], environment: runtime).status == 73)
        #expect(home.run(["move", "--replace-folder", "temporary", "tree", "caches"], environment: runtime).status == 0)
        expectCopiedTree(at: "cache/shelf/tree")
        #expect(!home.exists("cache/shelf/tree/old.txt"))
        #expect(!FileManager.default.fileExists(atPath: shm + "/shelf/tree"))
    }
}

/// A private folder in /dev/shm for tests that need a second file system.
enum SharedMemory {
    static var isSeparateFileSystem: Bool {
        var shm = stat(), tmp = stat()
        guard stat("/dev/shm", &shm) == 0, stat(NSTemporaryDirectory(), &tmp) == 0 else { return false }
        return shm.st_dev != tmp.st_dev && access("/dev/shm", W_OK) == 0
    }

    static var tempFolderHasUserXattrs: Bool {
        var template = Array((NSTemporaryDirectory() + "/shelf-xattr.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return false }
        defer { close(fd); template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        return (try? ExtendedAttributes.set("user.shelf.probe", [1], on: FileDescriptor(raw: fd, path: "probe"))) != nil
    }

    static func makeFolder() throws -> String {
        var template = Array("/dev/shm/shelf-test.XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw ShelfError.io(path: "/dev/shm", operation: "mkdtemp", errno: errno)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
