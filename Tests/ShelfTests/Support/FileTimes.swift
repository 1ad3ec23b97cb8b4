import Glibc
import ShelfTestSupport
import Testing
@testable import Shelf
@testable import ShelfCore

extension TestHome {
    /// Sets the modification (and access) time of `relative` exactly, without following a link:
    /// age-based tests never sleep.
    func setModified(_ relative: String, to seconds: Int64, nanoseconds: Int = 0) {
        var times = [timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds), timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds)]
        let result = utimensat(AT_FDCWD, path(relative), &times, AT_SYMLINK_NOFOLLOW)
        #expect(result == 0, "utimensat failed for \(relative): errno \(errno)")
    }

    /// The modification time of `relative` in whole seconds (0 when it cannot be read).
    func modified(_ relative: String) -> Int { RawFiles.status(Array(path(relative).utf8))?.st_mtim.tv_sec ?? 0 }

    /// Sets the modification time to `seconds` before now.
    func setAge(_ relative: String, _ seconds: Int64) {
        setModified(relative, to: Int64(time(nil)) - seconds)
    }

    /// The value of a user extended attribute of `relative`, nil when absent.
    func attribute(_ name: String, of relative: String) -> String? {
        let fd = open(path(relative), O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return ((try? ExtendedAttributes.value(SystemString(name), of: FileDescriptor(raw: fd, path: relative))) ?? nil).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension TestHome {
    /// Saves a file whose expiry time `expires` may already be past, as the tests of expired files
    /// need. The command line refuses a past time (64); the library takes any.
    func saveExpiring(_ directory: Directory, _ path: String, _ contents: String, at expires: Int64) throws {
        var source = BytesSource(Array(contents.utf8))
        try store().save(from: &source, to: path, in: directory, options: SaveOptions(expiresAt: expires))
    }
}
