import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

/// Disk's move, rename and capacities through the static facade. It reads the real process
/// environment, so only calls that change nothing are made here; the Store methods behind them are
/// covered with a test home in MoveTests, RenameTests and CapacityTests.
/// (Unsafe names: DiskErrorTests.nsErrorCatchWorksWhereNothingCanBeThrown.)
@Suite struct DiskTransferTests {
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
