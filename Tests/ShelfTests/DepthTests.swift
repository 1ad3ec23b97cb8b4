import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Trees as deep as `save` accepts (issue 12, item 10): a 4,095-byte path is 1,100 folders deep,
/// and every command that walks a tree held a descriptor per level, so they failed with EMFILE.
/// The end-to-end test runs the built binary under `ulimit -n 64`; the battery's "depth" runs list -R,
/// copy, move, remove and clear (all, --older-than, --max-size, --dry-run) on such trees with 64 descriptors.
@Suite struct DepthTests {
    let home = TestHome()
    static let depth = 1_100
    let deep = Array(repeating: "ab", count: DepthTests.depth).joined(separator: "/") + "/f.txt"

    /// The built shelf with at most 64 descriptors.
    func shelf(_ arguments: [String], stdin: String = "") throws -> Subprocess.Result {
        try Subprocess.run("/bin/sh", ["-c", "ulimit -n 64 && exec \"$0\" \"$@\"", BuiltBinary.path] + arguments,
                           environment: home.environment, stdin: stdin)
    }

    /// `copy -f` of a folder onto a folder merges the two trees (`TreeMerger`) level by level.
    @Test func aDeepTreeMergesIntoAnotherAsDeepWithSixtyFourDescriptors() throws {
        #expect(try shelf(["save", "caches", deep], stdin: "deep").status == 0)
        #expect(try shelf(["save", "caches", "ab/ab/both.txt"], stdin: "new").status == 0)
        let kept = "ab/" + deep.dropLast("f.txt".count) + "kept.txt"
        #expect(try shelf(["save", "documents", kept], stdin: "kept").status == 0)
        #expect(try shelf(["save", "documents", "ab/ab/ab/both.txt"], stdin: "old").status == 0)
        let merged = try shelf(["copy", "-f", "caches", "ab", "documents", "ab/ab"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try shelf(["retrieve", "documents", "ab/" + deep]).stdout == "deep")
        #expect(try shelf(["retrieve", "documents", kept]).stdout == "kept")
        #expect(try shelf(["retrieve", "documents", "ab/ab/ab/both.txt"]).stdout == "new")
    }

    @Test func aDeepTreeMovesAcrossFileSystems() throws {
        #expect(home.run(["save", "caches", deep], stdin: "deep").status == 0)
        let store = try home.store()
        _ = try store.relocate(SafePath("ab"), in: .caches, to: SafePath("ab"), in: .documents, replace: false, forceCopy: true)
        #expect(home.run(["retrieve", "documents", deep]).stdout == "deep")
        #expect(!home.exists("cache/shelf/ab"))
    }
}

/// The descriptors of a walk stay bounded, and a walk goes back only into the folders it entered.
@Suite struct FolderTrailTests {
    let home = TestHome()

    /// Makes `count` nested folders `d` below the cache namespace; returns its descriptor.
    func nested(_ count: Int) throws -> FileDescriptor {
        try FileManager.default.createDirectory(atPath: home.path("n/" + Array(repeating: "d", count: count).joined(separator: "/")),
                                                withIntermediateDirectories: true)
        return try FileDescriptor.open(home.path("n"), FolderWalker.folderOptions)
    }

    func inode(_ descriptor: FileDescriptor) throws -> UInt64 { try descriptor.status().inode }

    @Test func aWalkHoldsABoundedNumberOfDescriptorsAndClimbsBackToEachFolder() throws {
        try nested(200).closeAfter { top in
            let trail = try FolderTrail(top: top)
            var inodes: [UInt64] = [try inode(top)]
            for _ in 0..<200 { inodes.append(try inode(#require(try trail.enter("d")))) }
            while trail.depth > 0 {
                try trail.leave()
                #expect(try inode(trail.current()) == inodes[trail.depth])
            }
            #expect(trail.mostOpen <= FolderTrail.openLimit + 1)
        }
    }

    @Test func aFolderMovedAwayIsFoundAgainByName() throws {
        try atLevel13Of20 { trail in
            // Level 13 moves elsewhere: its `..` is no longer level 12, which is still at its name.
            let level12 = home.path("n/" + Array(repeating: "d", count: 12).joined(separator: "/"))
            #expect(rename(level12 + "/d", home.path("n/moved")) == 0)
            try trail.leave()
            #expect(trail.depth == 12)
            #expect(try trail.current().status().inode == FileDescriptor.status(of: level12)?.inode)
        }
    }

    /// A trail into 20 nested folders `n/d/d/…`, entered to the bottom and left back to level 13.
    private func atLevel13Of20(_ body: (FolderTrail) throws -> Void) throws {
        try nested(20).closeAfter { top in
            let trail = try FolderTrail(top: top)
            for _ in 0..<20 { _ = try trail.enter("d") }
            for _ in 0..<7 { try trail.leave() }
            try body(trail)
        }
    }

    /// A folder replaced by another stops the walk; replaced by a link (to the old one), it is never followed.
    @Test(arguments: [false, true])
    func aReplacedFolderStopsTheWalk(_ byALink: Bool) throws {
        try atLevel13Of20 { trail in
            let level11 = home.path("n/" + Array(repeating: "d", count: 11).joined(separator: "/"))
            #expect(rename(level11 + "/d/d", home.path("n/moved")) == 0)
            #expect(rename(level11 + "/d", home.path("n/old")) == 0)
            #expect((byALink ? symlink(home.path("n/old"), level11 + "/d") : mkdir(level11 + "/d", 0o700)) == 0)
            #expect(throws: byALink ? ShelfError.symbolicLink(path: level11 + "/d") : .notFound(path: level11 + "/d")) { try trail.leave() }
        }
    }
}
