import Testing
@testable import Shelf
@testable import ShelfCore

/// The second context the issue asks for: rows in memory, keyed by id.
final class MemoryTable {
    struct Row: Equatable { var id: Int; var text: String }
    var rows: [Int: Row] = [:]
    var exports = 0
    var deletes = 0
}

/// A value synchronized with `MemoryTable`; neither `Hashable` nor `Identifiable`, so the
/// comparison takes the plain `==` path.
struct Chore: Migratable {
    var id: Int
    var text: String

    static func build(from row: MemoryTable.Row) -> Chore? {
        row.text.isEmpty ? nil : Chore(id: row.id, text: row.text)
    }

    func export(toContext table: MemoryTable) throws -> MemoryTable.Row {
        table.exports += 1
        let row = MemoryTable.Row(id: id, text: text)
        table.rows[id] = row
        return row
    }

    /// Deletes only the row it was given: a changed value exported just before keeps its row.
    static func delete(counterpart: MemoryTable.Row, fromContext table: MemoryTable) throws {
        table.deletes += 1
        if table.rows[counterpart.id] == counterpart { table.rows[counterpart.id] = nil }
    }

    static func validate(_ values: [Chore], in table: MemoryTable) throws {
        if values.contains(where: { $0.id < 0 }) { throw ShelfError.invalidInput(path: "table", reason: "negative id") }
    }
}

@Suite struct MigratableTests {
    func table(_ tasks: [Chore]) -> MemoryTable {
        let table = MemoryTable()
        for task in tasks { table.rows[task.id] = MemoryTable.Row(id: task.id, text: task.text) }
        return table
    }

    @Test func synchronizeAddsMissingAndRemovesGoneValues() throws {
        let table = table([Chore(id: 1, text: "a"), Chore(id: 2, text: "b")])
        let result = try [Chore(id: 2, text: "b"), Chore(id: 3, text: "c")]
            .synchronize(entities: Array(table.rows.values), in: table)
        #expect(result.added == [Chore(id: 3, text: "c")])
        #expect(result.removed == [Chore(id: 1, text: "a")])
        #expect(table.rows.keys.sorted() == [2, 3])
        #expect(table.exports == 1 && table.deletes == 1)
    }

    @Test func synchronizingAgainChangesNothing() throws {
        let wanted = [Chore(id: 1, text: "a"), Chore(id: 2, text: "b")]
        let table = table([])
        try wanted.synchronize(entities: Array(table.rows.values), in: table)
        let before = (table.exports, table.deletes)
        let again = try wanted.synchronize(entities: Array(table.rows.values), in: table)
        #expect(again.added.isEmpty && again.removed.isEmpty)
        #expect(table.exports == before.0 && table.deletes == before.1)
    }

    @Test func aChangedValueIsInBothListsAndKeepsItsNewState() throws {
        let table = table([Chore(id: 1, text: "old")])
        let result = try [Chore(id: 1, text: "new")].synchronize(entities: Array(table.rows.values), in: table)
        #expect(result.added == [Chore(id: 1, text: "new")])
        #expect(result.removed == [Chore(id: 1, text: "old")])
        #expect(table.rows[1]?.text == "new")
    }

    @Test func counterpartsThatBuildNoValueAreLeftAlone() throws {
        let table = table([Chore(id: 1, text: "")])
        let result = try [Chore(id: 2, text: "x")].synchronize(entities: Array(table.rows.values), in: table)
        #expect(result.removed.isEmpty)
        #expect(table.rows[1] != nil)
    }

    @Test func refusedValuesChangeNothing() throws {
        let table = table([Chore(id: 1, text: "a")])
        #expect(throws: ShelfError.invalidInput(path: "table", reason: "negative id")) {
            try [Chore(id: -1, text: "x")].synchronize(entities: Array(table.rows.values), in: table)
        }
        #expect(table.rows.keys.sorted() == [1] && table.exports == 0 && table.deletes == 0)
        #expect(throws: ShelfError.self) { try [Chore(id: -1, text: "x")].add(to: table) }
    }

    @Test func equalDuplicatesAreExportedOnce() throws {
        let table = table([])
        let result = try [Chore(id: 1, text: "a"), Chore(id: 1, text: "a")].synchronize(entities: [], in: table)
        #expect(result.added.count == 1 && table.exports == 1)
    }

    @Test func addExportsWithoutRemoving() throws {
        let table = table([Chore(id: 1, text: "a")])
        let rows = try [Chore(id: 2, text: "b"), Chore(id: 3, text: "c")].add(to: table)
        #expect(rows.map(\.id) == [2, 3])
        #expect(table.rows.keys.sorted() == [1, 2, 3])
        #expect(try Chore(id: 4, text: "d").add(to: table) == MemoryTable.Row(id: 4, text: "d"))
    }

    @Test func resultIsEquatable() {
        #expect(SynchronizeResult(added: [1], removed: []) == SynchronizeResult(added: [1], removed: []))
        #expect(SynchronizeResult(added: [1], removed: []) != SynchronizeResult(added: [], removed: [1]))
    }

    @Test func largeHashableListsSynchronizeQuickly() throws {
        struct Big: Migratable, Hashable {
            var n: Int
            static func build(from n: Int) -> Big? { Big(n: n) }
            func export(toContext box: Box) throws -> Int { box.values.insert(n); return n }
            static func delete(counterpart n: Int, fromContext box: Box) throws { box.values.remove(n) }
        }
        final class Box { var values = Set<Int>() }
        let box = Box()
        box.values = Set(0..<50_000)
        let result = try (25_000..<75_000).map(Big.init).synchronize(entities: Array(box.values), in: box)
        #expect(result.added.count == 25_000 && result.removed.count == 25_000)
        #expect(box.values == Set(25_000..<75_000))
    }
}
