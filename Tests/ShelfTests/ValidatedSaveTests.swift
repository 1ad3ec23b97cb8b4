import Foundation
import Testing
@testable import Shelf

/// A validated save checks its JSON on a second thread, one buffer behind the writing (see
/// `WrittenJSONCheck`): big inputs land whole, errors keep their position, a bad input stops the
/// copy early, and a failing source leaves no thread waiting.
@Suite struct ValidatedSaveTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    /// Hands out the bytes in reads of `step` bytes, counting what was read; throws after
    /// `failAfter` bytes if set.
    struct CountingSource: ByteSource {
        let bytes: [UInt8]
        var step = 1 << 20
        var failAfter: Int?
        var offset = 0

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            if let failAfter, offset >= failAfter { throw ShelfError.inputFailed(path: "<test>", reason: "pulled") }
            let n = min(buffer.count, step, bytes.count - offset)
            for i in 0..<n { buffer[i] = bytes[offset + i] }
            offset += n
            return n
        }
    }

    /// About `count` bytes of a valid array of short records.
    static func records(_ count: Int) -> [UInt8] {
        var text = "["
        var id = 0
        while text.utf8.count < count {
            text += (id == 0 ? "" : ",") + "{\"id\":\(id),\"name\":\"record \(id)\",\"ok\":true}"
            id += 1
        }
        return Array((text + "]").utf8)
    }

    @Test(arguments: [100, 1 << 20, (1 << 20) + 1, 9 << 20])
    func validInputOfEverySizeLandsWhole(_ size: Int) throws {
        let bytes = Self.records(size)
        var source = CountingSource(bytes: bytes, step: 300_000)
        try store.save(from: &source, to: "big.json", in: .caches)
        #expect(FileManager.default.contents(atPath: home.path("cache/shelf/big.json")).map(Array.init) == bytes)
    }

    @Test(arguments: [10, 3 << 20, 7 << 20])
    func errorsKeepTheirPositionWhereverTheyFall(_ at: Int) throws {
        var first = BytesSource(Array("[1]".utf8))
        try store.save(from: &first, to: "a.json", in: .caches)
        var bytes = Self.records(8 << 20)
        let position = bytes[at...].firstIndex(of: UInt8(ascii: ",")) ?? at
        bytes[position] = UInt8(ascii: ";")
        var expected: JSONSyntaxError?
        do throws(JSONSyntaxError) { try JSONValidator.validate(bytes) } catch { expected = error }
        var source = CountingSource(bytes: bytes)
        #expect {
            try store.save(from: &source, to: "a.json", in: .caches)
        } throws: { error in
            guard case ShelfError.invalidJSON(_, let line, let column, _) = error else { return false }
            return line == expected?.line && column == expected?.column
        }
        #expect(home.read("cache/shelf/a.json") == "[1]")
        #expect(home.shelfLeftovers().isEmpty)
    }

    @Test func anEarlyErrorStopsTheCopyEarly() throws {
        var bytes = Self.records(64 << 20)
        bytes[1] = UInt8(ascii: "!")
        var source = CountingSource(bytes: bytes)
        #expect(throws: ShelfError.self) { try store.save(from: &source, to: "big.json", in: .caches) }
        // Four buffers go round: the copy can be at most a few ahead of the check.
        #expect(source.offset <= 8 << 20, "read \(source.offset) bytes")
        #expect(!home.exists("cache/shelf/big.json"))
    }

    @Test(arguments: [500_000, 5 << 20])
    func aFailingSourceLeavesNothingAndNoThreadWaiting(_ failAfter: Int) throws {
        var source = CountingSource(bytes: Self.records(16 << 20), failAfter: failAfter)
        #expect(throws: ShelfError.self) { try store.save(from: &source, to: "big.json", in: .caches) }
        #expect(!home.exists("cache/shelf/big.json"))
        #expect(home.shelfLeftovers().isEmpty)
    }
}
