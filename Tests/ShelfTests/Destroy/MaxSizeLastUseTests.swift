import Glibc
import Testing
@testable import ShelfCore

/// `clear --max-size` evicts by last use, the newer of access and modification time (as
/// systemd-tmpfiles ages files): a file read lately but written long ago stays; without reads
/// the order is by modification (an access older than the modification does not count).
@Suite struct MaxSizeLastUseTests {
    let home = TestHome()

    /// Two files of 4 bytes with the given (access, modification) times; the one `evicted` goes.
    @Test(arguments: [("read.txt", 1_700_000_900, 1_700_000_000, "written.txt", 1_700_000_500, 1_700_000_500),
                      ("a.txt", 1_700_000_000, 1_700_000_200, "b.txt", 1_700_000_100, 1_700_000_100)]
          as [(String, Int, Int, String, Int, Int)])
    func theFileUsedLeastLatelyGoes(_ kept: String, _ keptAccess: Int, _ keptModified: Int, _ evicted: String, _ access: Int,
                                    _ modified: Int) {
        home.save(("caches", kept, "1234"), ("caches", evicted, "1234"))
        for (name, accessed, modified) in [(kept, keptAccess, keptModified), (evicted, access, modified)] {
            var times = [timespec(tv_sec: accessed, tv_nsec: 0), timespec(tv_sec: modified, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, home.path("cache/shelf/" + name), &times, AT_SYMLINK_NOFOLLOW) == 0)
        }
        let dry = home.run(["clear", "caches", "--max-size", "4", "--dry-run"])
        #expect(dry.stdout == evicted + "\n", "\(dry.stdout)")
        #expect(home.run(["clear", "caches", "--max-size", "4"]).status == 0)
        #expect(home.read("cache/shelf/" + kept) == "1234" && home.read("cache/shelf/" + evicted) == nil)
    }
}
