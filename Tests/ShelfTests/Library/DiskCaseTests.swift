import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Rows of docs/coming-from-disk.md ("Every call, case by case") that the differential test does
/// not reach, each through the real `Disk` calls on a store in a throwaway home (issue 26). (Codable
/// names ending in `/`, code 3: the differential test's `a.json/` and `frames/` paths.)
@Suite struct DiskCaseTests {
    let home = TestHome()

    @discardableResult
    func disk<R>(_ body: () throws -> R) throws -> R {
        try Disk.usingStore(home.store(app: "cases"), body)
    }

    /// The Disk error code of a call on this store, or minus the Cocoa code.
    func code(_ call: () throws -> Void) throws -> Int? {
        try disk { DiskErrorTests.diskCode(call) }
    }

    @Test func getURLOfTheFolderBeforeAnythingIsStored() throws {
        let url = try disk { try Disk.getURL(for: nil, in: .documents) }
        #expect(url.path(percentEncoded: false).hasPrefix(home.path("docs/cases")))
        #expect(try code { _ = try Disk.getURL(for: "none.json", in: .documents) } == 0)
    }

    @Test func anEmptyDataListMakesAnEmptyFolder() throws {
        try disk { try Disk.append([] as [Data], to: "frames", in: .caches) }
        #expect(try disk { try Disk.retrieve("frames", from: .caches, as: [Data].self) } == [])
    }

    @Test func aGroupNameThatCanBeNoFolderIsNoSharedContainer() throws {
        #expect(try code { try Disk.save([1], to: .sharedContainer(appGroupName: ""), as: "a.json") } == 6)
        #expect(try code { try Disk.save([1], to: .sharedContainer(appGroupName: ".."), as: "a.json") } == 6)
    }

    /// A file where a `[Data]` folder should be: Disk's `createDirectory` gives 516; the texts say
    /// what stands there and what to do (issue 26, item 8).
    @Test func aFileWhereADataFolderIsExpected() throws {
        try disk { try Disk.save(Data("x".utf8), to: .documents, as: "frames") }
        #expect(try code { try Disk.append(Data("y".utf8), to: "frames", in: .documents) } == -CocoaError.fileWriteFileExists.rawValue)
        #expect(try code { try Disk.save([Data("y".utf8)], to: .documents, as: "frames") } == -CocoaError.fileWriteFileExists.rawValue)
        try disk {
            do {
                try Disk.append(Data("y".utf8), to: "frames", in: .documents)
            } catch let error as NSError {
                #expect(error.localizedFailureReason?.contains("A file stands where a folder is needed") == true)
                #expect(error.localizedRecoverySuggestion?.contains("Disk.remove") == true)
                #expect(error.userInfo[NSFilePathErrorKey] as? String == home.path("docs/cases/frames"))
            }
        }
    }

    @Test func appendingToJSONLinesOrABrokenFileIsDeserialization() throws {
        try FileManager.default.createDirectory(atPath: home.path("cache/cases"), withIntermediateDirectories: true)
        try Data("{\"a\":1}\n{\"a\":2}\n".utf8).write(to: URL(fileURLWithPath: home.path("cache/cases/log.json")))
        #expect(try code { try Disk.append(3, to: "log.json", in: .caches) } == 2)
        #expect(home.read("cache/cases/log.json") == "{\"a\":1}\n{\"a\":2}\n")
    }

    @Test func anEmptyArrayLeavesAStoredSingleValue() throws {
        try disk { try Disk.save(5, to: .caches, as: "n.json") }
        try disk { try Disk.append([] as [Int], to: "n.json", in: .caches) }
        #expect(home.read("cache/cases/n.json") == "5")
        try disk { try Disk.append([] as [Int], to: "new.json", in: .caches) }
        #expect(home.read("cache/cases/new.json") == "[]")
    }

    @Test func removingAURLToNothingIsNoFileFound() throws {
        let url = try disk { try Disk.url(for: "none.json", in: .caches) }
        #expect(try code { try Disk.remove(url) } == 0)
    }

    @Test func aFileOnTheWayIsReportedNotTakenForNothing() throws {
        try disk { try Disk.save([1], to: .caches, as: "sub") }
        #expect(try code { try Disk.remove("sub/c.json", from: .caches) } == -CocoaError.fileWriteFileExists.rawValue)
        #expect(try code { _ = try Disk.retrieve("sub/c.json", from: .caches, as: [Int].self) } == -CocoaError.fileReadUnknown.rawValue)
        #expect(try disk { !Disk.exists("sub/c.json", in: .caches) && !Disk.exists("sub/", in: .caches) })
    }

    /// A killed `[Data]` save leaves its hidden copy; the next one beside it removes it (issue 26,
    /// item 7), where before only a `clear` did.
    @Test func aDataListSaveRemovesTheCopiesKilledSavesLeft() throws {
        try disk { try Disk.save([Data("a".utf8)], to: .documents, as: "frames") }
        let leftover = home.path("docs/cases/.shelf-tmp-0123abcd")
        try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
        try Data("frame".utf8).write(to: URL(fileURLWithPath: leftover + "/0"))
        try disk { try Disk.save([Data("b".utf8)], to: .documents, as: "frames") }
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try disk { try Disk.retrieve("frames", from: .documents, as: [Data].self) } == [Data("b".utf8)])
    }
}
