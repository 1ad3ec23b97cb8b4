import Glibc
import Testing
@testable import ShelfCore

/// `clear --max-size` evicts by last use, the newer of access and modification time (as
/// systemd-tmpfiles ages files): a file read lately but written long ago stays.
@Suite struct MaxSizeLastUseTests {
    let home = TestHome()

    func setTimes(_ relative: String, accessed: Int64, modified: Int64) {
        var times = [timespec(tv_sec: Int(accessed), tv_nsec: 0), timespec(tv_sec: Int(modified), tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, home.path(relative), &times, AT_SYMLINK_NOFOLLOW) == 0)
    }

    @Test func aFileReadLatelyOutlivesOneWrittenLaterButNotRead() {
        home.save(("caches", "read.txt", "1234"), ("caches", "written.txt", "1234"))
        setTimes("cache/shelf/read.txt", accessed: 1_700_000_900, modified: 1_700_000_000)
        setTimes("cache/shelf/written.txt", accessed: 1_700_000_500, modified: 1_700_000_500)
        let dry = home.run(["clear", "caches", "--max-size", "4", "--dry-run"])
        #expect(dry.stdout == "written.txt\n", "\(dry.stdout)")
        #expect(home.run(["clear", "caches", "--max-size", "4"]).status == 0)
        #expect(home.read("cache/shelf/read.txt") == "1234" && home.read("cache/shelf/written.txt") == nil)
    }

    @Test func withoutReadsTheOrderIsByModification() {
        home.save(("caches", "a.txt", "1234"), ("caches", "b.txt", "1234"))
        setTimes("cache/shelf/a.txt", accessed: 1_700_000_000, modified: 1_700_000_200)
        setTimes("cache/shelf/b.txt", accessed: 1_700_000_100, modified: 1_700_000_100)
        #expect(home.run(["clear", "caches", "--max-size", "4", "--dry-run"]).stdout == "b.txt\n")
    }
}
