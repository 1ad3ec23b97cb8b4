import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Disk's move, rename and capacities through the static facade. It reads the real process
/// environment, so only calls that change nothing are made here; the Store methods behind them are
/// covered with a test home in MoveTests, RenameTests and CapacityTests.
@Suite struct DiskTransferTests {
    @Test func unsafeNamesAreRefusedBeforeAnythingMoves() {
        #expect(throws: ShelfError.self) { try Disk.move("../unsafe", in: .caches, to: .documents) }
        #expect(throws: ShelfError.self) { try Disk.rename("a", in: .caches, to: "/etc/passwd") }
        #expect(throws: ShelfError.self) { try Disk.rename("../a", in: .caches, to: "b") }
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
