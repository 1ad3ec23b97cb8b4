import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `clear` removes folders it empties; a write going into such a folder must neither fail nor be
/// lost. Found by the reliability battery: an append racing `clear` failed with "no such file or
/// folder" because the folder it had just made was removed under it.
@Suite struct ClearRaceTests {
    let home = TestHome()

    @Test func clearKeepsTheFolderAWriterIsWritingIn() throws {
        let store = try home.store()
        let writing = try #require(try store.target(SafePath("c/x.txt"), in: .caches, create: true))
        #expect(home.run(["clear", "caches"]).status == 0)
        #expect(home.exists("cache/shelf/c"), "the folder was removed under the writer")
        writing.folder.close()
        #expect(home.run(["clear", "caches"]).status == 0)
        #expect(!home.exists("cache/shelf/c"))
    }

    /// A folder removed while a writer waits for it (as clear does, under an exclusive lock) is
    /// made again, and the write lands.
    @Test func aWriterWalksAgainWhenItsFolderIsRemovedUnderIt() throws {
        #expect(home.run(["save", "caches", "c/keep.txt"], stdin: "k").status == 0)
        #expect(home.run(["remove", "caches", "c/keep.txt"]).status == 0)
        let folder = open(home.path("cache/shelf/c"), O_RDONLY | O_DIRECTORY)
        defer { close(folder) }
        #expect(flock(folder, LOCK_EX) == 0)
        var st = stat()
        fstat(folder, &st)
        let saved = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Thread {
            outcome.status = self.home.run(["save", "caches", "c/new.txt"], stdin: "new").status
            saved.signal()
        }.start()
        // Wait (by state, not time) until the save is blocked on the folder's lock.
        let deadline = Date().addingTimeInterval(60)
        while !Self.someoneWaitsForLock(on: st.st_ino), Date() < deadline { sched_yield() }
        #expect(Self.someoneWaitsForLock(on: st.st_ino), "the save did not wait for the folder's lock")
        #expect(rmdir(home.path("cache/shelf/c")) == 0)
        flock(folder, LOCK_UN)
        saved.wait()
        #expect(outcome.status == 0)
        #expect(home.read("cache/shelf/c/new.txt") == "new")
    }

    final class Outcome: @unchecked Sendable {
        var status: Int32 = -1
    }

    /// Whether /proc/locks shows a process blocked on a lock of the inode (its `->` lines).
    static func someoneWaitsForLock(on inode: ino_t) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { line in
            line.contains("->") && line.split(separator: " ").contains { $0.hasSuffix(":\(inode)") }
        }
    }
}
