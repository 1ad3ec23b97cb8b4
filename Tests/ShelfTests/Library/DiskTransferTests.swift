import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Disk's move, rename and capacities through the static facade. It reads the real process
/// environment, so only calls that change nothing are made here; the Store methods behind them are
/// covered with a test home in MoveTests, RenameTests and CapacityTests.
@Suite struct DiskTransferTests {
    @Test func unsafeNamesAreRefusedBeforeAnythingMoves() throws {
        for call in [{ try Disk.move("../unsafe", in: .caches, to: .documents) }, { try Disk.rename("../a", in: .caches, to: "b") },
                     { try Disk.rename("a", in: .caches, to: "../b") }] {
            let error = try #require(throws: NSError.self, performing: call)
            #expect(error.domain == Disk.errorDomain && error.code == Disk.ErrorCode.invalidFileName.rawValue)
        }
    }

    @Test func capacitiesAreTheFourValuesOfTheDocumentsVolume() throws {
        let total = try #require(Disk.totalCapacity)
        let available = try #require(Disk.availableCapacity)
        let important = try #require(Disk.availableCapacityForImportantUsage)
        let opportunistic = try #require(Disk.availableCapacityForOpportunisticUsage)
        #expect(total > 0)
        #expect(available <= total)
        #expect(important <= total)
        #expect(opportunistic >= 0 && opportunistic <= important)
    }
}
