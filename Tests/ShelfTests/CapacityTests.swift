import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore
@testable import ShelfCLI

@Suite struct CapacityTests {
    let home = TestHome()

    /// statvfs's numbers (fragment size, total and available blocks) to the four sizes: a 1 TiB
    /// volume with 100 GiB free (the reserve capped at 1 GiB), 64 MiB with 10 MiB free (the reserve
    /// 5 %), nearly and wholly full (never negative), numbers whose product overflows (saturated).
    @Test(arguments: [
        ([4096, 1 << 28, 100 << 18], [1 << 40, 100 << 30, 99 << 30]), ([4096, 16384, 2560], [64 << 20, 10 << 20, (10 << 20) - (64 << 20) / 20]),
        ([4096, 1 << 28, 10], [1 << 40, 40960, 0]), ([512, 100, 0], [51200, 0, 0]), ([1 << 20, .max, .max / 2], [.max, .max, .max - (1 << 30)]),
    ] as [([UInt64], [Int64])])
    func theArithmeticOfAVolume(_ blocks: [UInt64], _ sizes: [Int64]) {
        #expect(VolumeCapacity(fragmentSize: blocks[0], totalBlocks: blocks[1], availableBlocks: blocks[2])
                == VolumeCapacity(totalCapacity: sizes[0], availableCapacity: sizes[1], availableCapacityForImportantUsage: sizes[1],
                                  availableCapacityForOpportunisticUsage: sizes[2]))
    }

    @Test func theCommandPrintsDisksFourNamesInBytes() {
        let result = home.run(["capacity", "caches"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0[0] } == ["totalCapacity", "availableCapacity", "availableCapacityForImportantUsage",
                                        "availableCapacityForOpportunisticUsage"])
        let numbers = lines.map { Int64($0[1]) ?? -1 }
        // Issue 22 item 16: what df and statvfs call each, in a third column.
        #expect(lines.map { $0.count } == [3, 3, 3, 3])
        #expect(lines[0][2].hasPrefix("size (df Size") && lines[1][2].hasPrefix("avail (df Avail"), "\(lines)")
        #expect(numbers[0] > 0 && numbers[1] <= numbers[0] && numbers[2] == numbers[1] && numbers[3] <= numbers[1] && numbers[3] >= 0)
    }

    @Test func theCommandMatchesTheLibraryAndStatvfs() throws {
        let json = home.expect(["capacity", "--json", "documents"], status: 0)
        let members = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(members.keys) == ["totalCapacity", "availableCapacity", "availableCapacityForImportantUsage",
                                      "availableCapacityForOpportunisticUsage", "directory", "path"])
        // What was measured is named: the directory and its folder.
        #expect(members["directory"] as? String == "documents")
        #expect(members["path"] as? String == home.path("docs/shelf"))
        let object = members.compactMapValues { $0 as? Int64 }
        var info = statvfs()
        #expect(statvfs(home.root, &info) == 0)
        #expect(object["totalCapacity"] == Int64(info.f_blocks) * Int64(info.f_frsize))
        #expect(try object["totalCapacity"] == home.store().capacity(of: .documents).totalCapacity)
    }

    @Test func aDeepMissingFolderAsksItsNearestParent() throws {
        let store = try Store(environment: home.environment.merging(["XDG_CACHE_HOME": home.path("no/such/place")]) { $1 })
        #expect(try store.capacity(of: .caches).totalCapacity > 0)
        #expect(!home.exists("no"))
    }

    @Test func humanSizesUseBinaryUnitsWithOneDecimal() {
        #expect(HumanSize.format(0) == "0 B")
        #expect(HumanSize.format(1023) == "1023 B")
        #expect(HumanSize.format(1024) == "1.0 KiB")
        #expect(HumanSize.format(1536) == "1.5 KiB")
        #expect(HumanSize.format(1_048_535) == "1.0 MiB")  // 1023.96 KiB rounds up into the next unit
        #expect(HumanSize.format(5 << 30 + 1 << 29) == "5.5 GiB")
        #expect(HumanSize.format(3 << 40) == "3.0 TiB")
        #expect(HumanSize.format(.max) == "8.0 EiB")
        let result = home.expect(["capacity", "--human"], status: 0)
        for line in result.stdout.split(separator: "\n") {
            let size = line.split(separator: "\t")[1]
            #expect(size.hasSuffix("iB") || size.hasSuffix(" B"), "\(line)")
        }
    }

    @Test func humanAndJSONTogetherIsAUsageError() {
        let result = home.run(["capacity", "--json", "--human"])
        // With --json among the words, the refusal is the error object (docs/json-output.md, Errors).
        #expect(result.status == 64 && result.stdout.hasPrefix(#"{"error":{"command":"capacity","status":64,"#)
            && result.stderr.contains("usage: shelf capacity"))
    }
}
