import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The portable fallbacks of `AtomicReplace.install` (no renameat2), reached with `kernelFlags: false`.
/// (A file over a file, the everyday path: every save, rename --force and move --force test.)
@Suite struct AtomicReplaceTests {
    let home = TestHome()

    func folder(_ relative: String) throws -> FileDescriptor {
        mkdir(home.path(relative), 0o700)
        return try FileDescriptor.open(home.path(relative), [.readOnly, .folder])
    }

    /// A file or a folder takes a free name; onto a taken one it is refused, both left as they were.
    @Test(arguments: [true, false], [true, false])
    func anEntryMovesWithoutReplacing(_ kernelFlags: Bool, _ isFolder: Bool) throws {
        let from = try folder("from"), to = try folder("to")
        defer { from.close(); to.close() }
        let inside = isFolder ? "/x.txt" : ""
        try home.write("from/a" + inside, "a")
        let target = Target(folder: to, name: "b", path: home.path("to/b"))
        try AtomicReplace.install("a", in: from, path: home.path("from/a"), as: target, replace: false, kernelFlags: kernelFlags)
        #expect(home.read("to/b" + inside) == "a" && !home.exists("from/a"))
        try home.write("from/c" + inside, "c")
        #expect(throws: ShelfError.alreadyExists(path: home.path("to/b"))) {
            try AtomicReplace.install("c", in: from, path: home.path("from/c"), as: target, replace: false, kernelFlags: kernelFlags)
        }
        #expect(home.read("to/b" + inside) == "a" && home.read("from/c" + inside) == "c")
    }

    @Test(arguments: [true, false], [true, false])
    func replacingAFolderLeavesNoTrace(_ kernelFlags: Bool, _ sourceIsFolder: Bool) throws {
        let from = try folder("from"), to = try folder("to")
        defer { from.close(); to.close() }
        if sourceIsFolder { try home.write("from/new/n.txt", "n") } else { try home.write("from/new", "n") }
        try home.write("to/t/old.txt", "old")
        let target = Target(folder: to, name: "t", path: home.path("to/t"))
        try AtomicReplace.install("new", in: from, path: home.path("from/new"), as: target, replace: true, kernelFlags: kernelFlags)
        #expect(home.read(sourceIsFolder ? "to/t/n.txt" : "to/t") == "n")
        #expect(!home.exists("to/t/old.txt") && !home.exists("from/new"))
        #expect(home.allPaths().sorted() == (["from", "run", "to", "to/t"] + (sourceIsFolder ? ["to/t/n.txt"] : [])).sorted())
    }

    @Test func aFolderIsInsideItselfAndItsAncestors() throws {
        let outer = try folder("outer")
        defer { outer.close() }
        mkdir(home.path("outer/inner"), 0o700)
        let inner = try FileDescriptor.open(home.path("outer/inner"), [.readOnly, .folder])
        defer { inner.close() }
        let other = try folder("other")
        defer { other.close() }
        let outerIdentity = FileIdentity(try outer.status())
        #expect(try outerIdentity.contains(outer))
        #expect(try outerIdentity.contains(inner))
        #expect(try !outerIdentity.contains(other))
        #expect(try !FileIdentity(try inner.status()).contains(outer))
    }
}
