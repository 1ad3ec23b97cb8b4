import Foundation
import Glibc
import Testing

/// A FIFO or a socket where a stored file is read or rewritten (issue 21, item 9): one rule for
/// every command. The message says what stands there; the status is a folder's (66 for a
/// command that only reads, 73 for one that writes); nothing is opened, nothing blocks (the
/// battery's "hostile paths" runs the FIFO cases with a time limit: no hang).
@Suite struct SpecialFileTests {
    let home = TestHome()

    enum Kind: String, CaseIterable { case fifo, socket }

    static let commands: [(arguments: [String], status: Int32)] = [
        (["retrieve", "caches", "x"], 66),
        (["retrieve", "caches", "x", "--each"], 66),
        (["append", "caches", "x"], 73),
        (["update", "caches", "x", "--", "cat"], 73),
        (["edit", "caches", "x"], 73),
        (["copy", "caches", "x", "documents"], 73),
        (["move", "caches", "x", "documents"], 73),
        (["rename", "caches", "x", "y"], 73),
    ]

    /// Makes a FIFO or a bound socket named `x` in the caches folder.
    func plant(_ kind: Kind) throws {
        #expect(home.run(["save", "caches", "keep"], stdin: "k").status == 0)
        let path = home.path("cache/shelf/x")
        switch kind {
        case .fifo:
            #expect(mkfifo(path, 0o600) == 0)
        case .socket:
            // A socket's path must fit sun_path (108 bytes), which a test home in a long path may
            // not: it is bound through the folder's /proc/self/fd entry, which is short.
            let folder = open(home.path("cache/shelf"), O_RDONLY | O_DIRECTORY)
            defer { close(folder) }
            let bound = "/proc/self/fd/\(folder)/x"
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in bound.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
            }
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(status == 0)
        }
    }

    @Test(arguments: Kind.allCases)
    func everyCommandSaysWhatStandsThere(_ kind: Kind) throws {
        try plant(kind)
        let what = kind == .fifo ? "is a FIFO (named pipe), not a regular file" : "is a socket, not a regular file"
        for (arguments, status) in SpecialFileTests.commands {
            let result = home.run(arguments, stdin: "1", environment: ["EDITOR": "true"])
            #expect(result.status == status, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(what) && result.stderr.contains(home.path("cache/shelf/x")), "\(arguments): \(result.stderr)")
            var st = stat()
            #expect(lstat(home.path("cache/shelf/x"), &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG, "\(arguments) replaced it")
        }
        #expect(!home.exists("docs/shelf/x") && !home.exists("cache/shelf/y"))
    }
}
