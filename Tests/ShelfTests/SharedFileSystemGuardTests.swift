import Foundation
import Glibc
@testable import ShelfCore
import Testing

/// The guards of issue 24 that need no GlusterFS: how a mount's caches are read from its client
/// graph and command line, and the ESTALE retry. `make check-shared-fs` runs them on the real thing.
@Suite struct SharedFileSystemGuardTests {
    /// The client graph of a volume made with Gluster's defaults (as `.meta/graphs/active/volfile`
    /// shows it, shortened), and of one with every cache set off.
    static let defaultGraph = """
        volume v-client-0
            type protocol/client
        end-volume
        volume v-write-behind
            type performance/write-behind
        end-volume
        volume v-quick-read
            type performance/quick-read
        end-volume
        volume v-md-cache
            type performance/md-cache
        end-volume
        volume v
            type debug/io-stats
        end-volume
        """
    static let strictGraph = """
        volume v-client-0
            type protocol/client
        end-volume
        volume v-io-threads
            type performance/io-threads
        end-volume
        """
    static let strictCommand = #"{ "Cmdlinestr": "glusterfs --volfile-server=h --volfile-id=v --attribute-timeout=0 --entry-timeout=0 --negative-timeout=0 --fopen-keep-cache=false /mnt/v" }"#
    static let defaultCommand = #"{ "Cmdlinestr": "/usr/sbin/glusterfs --process-name fuse --volfile-server=h --volfile-id=/v /mnt/v" }"#

    /// What each client graph and command line leave caching (nil: nothing, the mount is safe), and
    /// what must not be named: the defaults name each cache; client caches off with the kernel's
    /// timeouts left (or one of them) are not enough; an unreadable graph counts as caching.
    @Test(arguments: [(strictGraph, strictCommand, nil, []),
                      (defaultGraph, defaultCommand,
                       ["write-behind", "quick-read", "md-cache", "--attribute-timeout=0", "--fopen-keep-cache=false"], []),
                      (strictGraph, defaultCommand, ["in the kernel"], ["quick-read"]),
                      (strictGraph, strictCommand.replacingOccurrences(of: " --entry-timeout=0", with: ""), ["--entry-timeout=0"], []),
                      (nil, strictCommand, [], [])] as [(String?, String, [String]?, [String])])
    func theCachesOfAMountAreNamed(_ volfile: String?, _ cmdline: String, _ named: [String]?, _ notNamed: [String]) throws {
        let found = CachingMount.caches(volfile: volfile, cmdline: cmdline)
        guard let named else { #expect(found == nil); return }
        let text = try #require(found)
        for word in named { #expect(text.contains(word), "\(word): \(text)") }
        for word in notNamed { #expect(!text.contains(word), "\(word): \(text)") }
    }

    @Test func theMountTableGivesEachMountsType() {
        let table = MountTable.parse(Array("42 27 0:39 / /mnt/a rw,relatime - fuse.glusterfs h:/v rw,user_id=0\n43 27 0:40 / /mnt/b rw shared:5 master:1 - ext4 /dev/sda1 rw\n".utf8))
        #expect(table.map { String(decoding: $0.type, as: UTF8.self) } == ["fuse.glusterfs", "ext4"])
    }

    /// A stale handle is tried again, and fails after the last try; other errors are not retried.
    @Test func onlyAStaleHandleIsTriedAgain() throws {
        var calls = 0
        let value = try retryingStaleHandle { () throws(Errno) -> Int in
            calls += 1
            if calls < 3 { throw Errno.staleHandle }
            return 7
        }
        #expect(value == 7 && calls == 3)
        for (error, tries) in [(Errno.staleHandle, staleHandleTries), (.noSuchFile, 1)] {
            calls = 0
            #expect(throws: error) {
                try retryingStaleHandle { () throws(Errno) -> Int in
                    calls += 1
                    throw error
                }
            }
            #expect(calls == tries, "\(error)")
        }
    }

    /// A file replaced by another host between this one's open and its use: the whole open-and-use
    /// is done again (on GlusterFS 114 of 600 retrieves failed so before). Other errors are the
    /// answer; so is no file at the first try, but no file after a stale one was caught in the
    /// middle of a rename and is tried again. (The errors thrown by the tries in turn, the tries
    /// made, and whether the last succeeded.)
    @Test(arguments: [([ShelfError.io(path: "/s/doc.json", operation: "read extended attribute", errno: ESTALE)], 2, true),
                      ([.io(path: "/s/doc.json", operation: "read", errno: EIO)], 1, false),
                      ([.io(path: "/s/doc.json", operation: "lock", errno: ESTALE), .notFound(path: "/s/doc.json")], 3, true),
                      ([.notFound(path: "/s/doc.json")], 1, false)])
    func aFileThatWentStaleAfterItsOpenIsOpenedAgain(_ errors: [ShelfError], _ tries: Int, _ succeeds: Bool) throws {
        let folder = try FileDescriptor.open("/", [.readOnly, .folder])
        defer { folder.close() }
        var made = 0
        let result = Result {
            try reopeningStaleHandle(in: folder) { () throws -> Int in
                made += 1
                if made <= errors.count { throw errors[made - 1] }
                return made
            }
        }
        #expect(made == tries)
        #expect((try? result.get()) == (succeeds ? tries : nil))
    }

    /// GlusterFS's default caching answers ENOENT, not ESTALE, to a lock on a file another host
    /// has just renamed over (5 of 300 retrieves exited 66 so before): "not found" from a call on
    /// the open file itself is a stale handle, and the open is done again; "not found" naming
    /// another file (a journal, say) is not.
    @Test func aFileGoneUnderItsDescriptorIsOpenedAgain() throws {
        let folder = try FileDescriptor.open("/", [.readOnly, .folder])
        defer { folder.close() }
        var opens = 0
        let value = try reopeningStaleHandle(in: folder) { () throws -> Int in
            opens += 1
            return try openedFileGone(folder) { () throws -> Int in
                if opens == 1 { throw ShelfError.notFound(path: folder.path) }
                return opens
            }
        }
        #expect(value == 2)
        var others = 0
        #expect(throws: ShelfError.notFound(path: "/.shelf-journal")) {
            try reopeningStaleHandle(in: folder) { () throws -> Int in
                others += 1
                return try openedFileGone(folder) { () throws -> Int in throw ShelfError.notFound(path: "/.shelf-journal") }
            }
        }
        #expect(others == 1)
    }
}
