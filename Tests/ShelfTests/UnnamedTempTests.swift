import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// A save writes into a file with no name (O_TMPFILE) and names it only when complete: while the
/// input streams, nothing new is in the folder, so a save killed mid-write leaves nothing.
@Suite struct UnnamedTempTests {
    let home = TestHome()

    /// Gives its bytes in two reads, and looks at the folder between them.
    struct PeekingSource: ByteSource {
        let home: TestHome
        var reads = 0
        var seenMidway: [String] = []

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            reads += 1
            if reads == 2 { seenMidway = home.allPaths().filter { $0.contains(SafePath.reservedPrefix) } }
            guard reads <= 2 else { return 0 }
            buffer[0] = UInt8(ascii: "x")
            return 1
        }
    }

    @Test func nothingIsNamedUntilTheFileIsComplete() throws {
        #expect(home.run(["save", "caches", "a.txt"], stdin: "old").status == 0)
        var source = PeekingSource(home: home)
        try home.store().save(from: &source, to: "a.txt", in: .caches)
        #expect(source.reads == 3)
        #expect(source.seenMidway.isEmpty, "\(source.seenMidway)")
        #expect(home.read("cache/shelf/a.txt") == "xx")
        #expect(home.shelfLeftovers().isEmpty)
    }
}
