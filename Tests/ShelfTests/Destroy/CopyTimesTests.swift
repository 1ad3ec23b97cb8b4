import Glibc
import Testing
@testable import ShelfCore

/// `copy` gives the copy fresh times, as cp does (so the next clear --older-than, which goes by them,
/// keeps a copy made now); --preserve keeps the source's, as cp -p. A move keeps them (mv); the
/// Swift library's copy keeps them (Disk).
@Suite struct CopyTimesTests {
    let home = TestHome()
    static let old: Int64 = 1_000_000_000

    func modified(_ relative: String) -> Int64 { Int64(home.modified(relative)) }

    func oldTree() {
        for name in ["f.txt", "d/x", "d/s/y"] {
            #expect(home.run(["save", "caches", name], stdin: "x").status == 0)
            home.setModified("cache/shelf/" + name, to: Self.old)
        }
    }

    @Test func aCopyAndAMergedCopyAreNewUnlessPreserved() {
        oldTree()
        let before = Int64(time(nil))
        #expect(home.run(["copy", "caches", "f.txt", "documents"]).status == 0)
        #expect(home.run(["copy", "caches", "d", "documents"]).status == 0)
        for name in ["f.txt", "d/x", "d/s/y"] { #expect(modified("docs/shelf/" + name) >= before, "\(name)") }
        // A merge onto that copy (d/s/y gone from it again) gives new times too, to what it replaces and what it adds.
        #expect(unlink(home.path("docs/shelf/d/s/y")) == 0)
        #expect(home.run(["copy", "--force", "caches", "d", "documents"]).status == 0)
        #expect(modified("docs/shelf/d/x") >= before && modified("docs/shelf/d/s/y") >= before)
        #expect(home.run(["copy", "-p", "caches", "f.txt", "documents", "g.txt"]).status == 0)
        #expect(home.run(["copy", "--preserve", "caches", "d", "documents", "e"]).status == 0)
        for name in ["g.txt", "e/x", "e/s/y"] { #expect(modified("docs/shelf/" + name) == Self.old, "\(name)") }
    }

    @Test func aMoveAndTheLibraryKeepTimes() throws {
        oldTree()
        #expect(home.run(["move", "caches", "f.txt", "documents"]).status == 0)
        #expect(modified("docs/shelf/f.txt") == Self.old)
        try home.store().copy("d/x", in: .caches, to: .applicationSupport)
        #expect(modified("data/shelf/d/x") == Self.old)
    }
}
