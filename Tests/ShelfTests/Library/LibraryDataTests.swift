import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct LibraryDataTests {
    let home = TestHome()
    let store: Store

    init() throws { store = try home.store() }

    /// Empty, every byte value (31 is odd: the first 256 bytes take each value once), and files
    /// read into `Data` whole, also when bigger than the first read's size.
    @Test(arguments: [0, 258, 300_000, 3_000_000])
    func dataRoundTripsByteForByte(_ count: Int) throws {
        let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let url = try store.save(bytes, to: .caches, as: "blob/b.bin")
        #expect(url.path == home.path("cache/shelf/blob/b.bin"))
        #expect(try store.retrieve("blob/b.bin", from: .caches, as: Data.self) == bytes)
    }

    @Test func dataForAJSONNameMustBeJSON() throws {
        #expect {
            try store.save(Data(), to: .caches, as: "x.json")
        } throws: { error in
            if case ShelfError.invalidJSON(let path, _, _, _) = error { return path == home.path("cache/shelf/x.json") }
            return false
        }
        #expect(!home.exists("cache/shelf/x.json"))
    }

    @Test func retrieveOfAMissingFileIsNotFoundWithItsPath() throws {
        let missing = ShelfError.notFound(path: home.path("cache/shelf/none"))
        #expect(throws: missing) { try store.retrieve("none", from: .caches, as: Data.self) }
        #expect(throws: missing) { try store.retrieve("none", from: .caches, as: [Data].self) }
        #expect(throws: missing) { try store.retrieve("none", from: .caches, as: Message.self) }
    }

    /// Numbers by value, past UInt64 too, before other names.
    @Test func dataListComesBackInNumericOrderSkippingHiddenAndFolders() throws {
        let big = ["100000000000000000000", "99999999999999999999"]
        for name in ["10", "9", "0010b", "2", "b", "a", ".hidden", ".shelf-tmp-1", "01"] + big {
            try home.write("cache/shelf/f/\(name)", name)
        }
        try home.write("cache/shelf/f/sub/3", "in a sub-folder")
        let names = try store.retrieve("f", from: .caches, as: [Data].self).map { String(decoding: $0, as: UTF8.self) }
        #expect(names == ["01", "2", "9", "10", big[1], big[0], "0010b", "a", "b"])
    }

    @Test func savingADataListReplacesTheFolderWhole() throws {
        try store.save([Data("a".utf8), Data("b".utf8), Data("c".utf8)], to: .caches, as: "f")
        try store.save([Data("z".utf8)], to: .caches, as: "f")
        #expect(try store.retrieve("f", from: .caches, as: [Data].self) == [Data("z".utf8)])
        #expect(!home.allPaths().contains { $0.contains(".shelf-") })
        try store.save([], to: .caches, as: "f")
        #expect(try store.retrieve("f", from: .caches, as: [Data].self).isEmpty)
        #expect(try store.isFolder("f", in: .caches))
    }

    @Test func dataListOverAFileIsNotAFolder() throws {
        try store.save(Data("x".utf8), to: .caches, as: "file")
        #expect(throws: ShelfError.notAFolder(path: home.path("cache/shelf/file"))) {
            try store.save([Data()], to: .caches, as: "file")
        }
        #expect(throws: ShelfError.notAFolder(path: home.path("cache/shelf/file"))) {
            try store.retrieve("file", from: .caches, as: [Data].self)
        }
        #expect(home.read("cache/shelf/file") == "x")
    }

    @Test func aLinkInsideADataListFolderIsRefused() throws {
        try store.save([Data("a".utf8)], to: .caches, as: "f")
        try home.write("outside", "secret")
        #expect(symlink(home.path("outside"), home.path("cache/shelf/f/1")) == 0)
        #expect(throws: ShelfError.symbolicLink(path: home.path("cache/shelf/f/1"))) {
            try store.retrieve("f", from: .caches, as: [Data].self)
        }
    }

    /// The pieces a `DataSource` reads are joined exactly, whatever the buffer size.
    @Test func dataSourceReadsItsPiecesInOrderAcrossBuffers() throws {
        let pieces = [Data("[".utf8), Data(), Data((0..<1000).map { UInt8($0 % 251) }), Data("]".utf8)]
        for size in [1, 3, 7, 1000, 5000] {
            var source = DataSource(pieces[0], pieces[1], pieces[2], pieces[3])
            var out = Data()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
            defer { buffer.deallocate() }
            while true {
                let n = try source.read(into: buffer)
                if n == 0 { break }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            }
            #expect(out == pieces.reduce(Data(), +), "buffer of \(size)")
        }
    }

    /// Swift picks the generic `Encodable` methods for an array made with `map`; it is still a folder.
    @Test func dataReachingTheGenericMethodsIsStillStoredAsBytes() throws {
        let url = try store.save((0..<3).map { Data("f\($0)".utf8) }, to: .caches, as: "frames")
        #expect(url.path.hasSuffix("cache/shelf/frames") || url.path.hasSuffix("cache/shelf/frames/"))
        #expect(home.read("cache/shelf/frames/2") == "f2")
        try store.append((3..<5).map { Data("f\($0)".utf8) }, to: "frames", in: .caches)
        #expect(try store.retrieve("frames", from: .caches, as: [Data].self).map { String(decoding: $0, as: UTF8.self) }
                == ["f0", "f1", "f2", "f3", "f4"])
        func generic<T: Codable>(_ value: T) throws {
            try store.save(value, to: .caches, as: "blob")
            #expect(try store.append(value, to: "more", in: .caches).lastPathComponent == "0")
        }
        try generic(Data("raw".utf8))
        #expect(home.read("cache/shelf/blob") == "raw")
        #expect(home.read("cache/shelf/more/0") == "raw")
        // An empty array of anything casts to [Data]: it must still be stored as JSON (appended:
        // DiskCaseTests.anEmptyArrayLeavesAStoredSingleValue).
        try store.save([Int](), to: .caches, as: "empty.json")
        #expect(home.read("cache/shelf/empty.json") == "[]")
    }
}
