import Foundation
import Glibc
import Testing
@testable import ShelfCore

/// Writers racing a folder's move, removal or copy (issue 12, items 3 and 13), made deterministic
/// by holding, from the test, the writers' shared lock on a folder (another open file description
/// stands for another shelf process), and errno answers mapped by the operation that got them.
@Suite struct TransferRaceTests {
    let home = TestHome()

    /// Holds the writers' shared lock on `folder` as a writer would while it writes there;
    /// returns the descriptor and the folder's inode.
    private func holdAsWriter(_ folder: String) -> (Int32, ino_t) {
        let fd = open(home.path(folder), O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0 && flock(fd, LOCK_SH) == 0)
        var st = stat()
        fstat(fd, &st)
        return (fd, st.st_ino)
    }

    /// Runs `command` on a thread while the test holds a writer's lock on `folder`: once the
    /// command waits for that lock (or has ended without waiting), `write` runs, as the writer's
    /// last act, and the lock is let go. Returns the command's exit status.
    private func whileAWriterHolds(_ folder: String, _ command: @escaping @Sendable () -> Int32, write: () throws -> Void) rethrows -> Int32 {
        let (writer, inode) = holdAsWriter(folder)
        let finished = DispatchSemaphore(value: 0)
        let outcome = ClearRaceTests.Outcome()
        Thread {
            outcome.status = command()
            finished.signal()
        }.start()
        // By state, not time: blocked on the lock, or done (a build that does not wait).
        while !ClearRaceTests.someoneWaitsForLock(on: inode), finished.wait(timeout: .now()) == .timedOut { sched_yield() }
        try write()
        flock(writer, LOCK_UN)
        close(writer)
        finished.wait()
        return outcome.status
    }

    /// A move across file systems waits for a writer in the tree: what the writer wrote before it
    /// let its lock go is in the destination, never removed with the source (it was lost).
    @Test func aMoveAcrossFileSystemsWaitsForAWriterInTheTree() throws {
        #expect(home.run(["save", "caches", "tree/sub/a.txt"], stdin: "a").status == 0)
        let store = try home.store()
        let status = try whileAWriterHolds("cache/shelf/tree/sub", {
            (try? store.relocate(SafePath("tree"), in: .caches, to: SafePath("tree"), in: .documents,
                                 replace: false, forceCopy: true)) != nil ? 0 : 1
        }, write: { try home.write("cache/shelf/tree/sub/late.txt", "acknowledged") })
        #expect(status == 0)
        #expect(home.read("docs/shelf/tree/sub/late.txt") == "acknowledged")
        #expect(home.read("docs/shelf/tree/sub/a.txt") == "a")
        #expect(!home.exists("cache/shelf/tree"))
    }

    /// `remove` of a folder waits for a writer in it instead of failing on what it adds (it
    /// exited 73 "already exists" on ENOTEMPTY), and removes what the writer added too.
    @Test func removeWaitsForAWriterAndRemovesWhatItAdded() throws {
        #expect(home.run(["save", "caches", "d/inbox/0"], stdin: "0").status == 0)
        let home = self.home
        let status = try whileAWriterHolds("cache/shelf/d/inbox", { home.run(["remove", "-r", "caches", "d"]).status },
                                           write: { try home.write("cache/shelf/d/inbox/1", "1") })
        #expect(status == 0)
        #expect(!home.exists("cache/shelf/d"))
    }

    /// EEXIST and ENOTEMPTY mean a name already taken only from a call that makes or renames a
    /// name; from the removal of a folder they mean something arrived in it.
    @Test func aFolderThatIsNotEmptyIsNeverAnExistingName() {
        for error in [Errno.folderNotEmpty, Errno.fileExists] {
            let answer = ShelfError.system(error, path: "/x/d", operation: .removeFolder)
            #expect(answer != .alreadyExists(path: "/x/d"))
            if case .io = answer {} else { Issue.record("\(error) from rmdir became \(answer)") }
        }
        #expect(ShelfError.system(.fileExists, path: "/x/d", operation: .createFolder) == .alreadyExists(path: "/x/d"))
        #expect(ShelfError.system(.folderNotEmpty, path: "/x/d", operation: .rename) == .alreadyExists(path: "/x/d"))
        #expect(ShelfError.system(.fileExists, path: "/x/d", operation: .link) == .alreadyExists(path: "/x/d"))
    }

    /// An entry that vanished between the listing of its folder and its removal is not an error.
    @Test func anEntryGoneBeforeItsTurnIsNotAnError() throws {
        #expect(home.run(["save", "caches", "d/a.txt"], stdin: "a").status == 0)
        let folder = try FileDescriptor.open(home.path("cache/shelf"), [.readOnly, .folder])
        try folder.closeAfter { folder in
            try TreeRemover.remove(FileName("gone"), in: folder, path: home.path("cache/shelf/gone"))
            try TreeRemover.remove(FileName("d"), in: folder, path: home.path("cache/shelf/d"), locking: true)
        }
        #expect(!home.exists("cache/shelf/d"))
    }
}
