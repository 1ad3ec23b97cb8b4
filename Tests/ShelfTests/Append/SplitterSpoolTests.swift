import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The pieces under `append --each` and `retrieve --each`, fed in awkward chunk sizes so that
/// every boundary (a number, an escape, a string split across chunks) is crossed somewhere.
@Suite struct SplitterSpoolTests {
    let home = TestHome()

    /// Collects values in memory.
    struct Collector: ValueSink {
        var values: [[UInt8]] = []
        mutating func valueBegan() { values.append([]) }
        mutating func write(_ bytes: UnsafeRawBufferPointer) { values[values.count - 1] += bytes }
        mutating func valueEnded() {}
    }

    func split(_ text: String, unit: ValueSplitter<Collector>.Unit, compact: Bool, chunk: Int) throws -> [String] {
        var splitter = ValueSplitter(unit: unit, compact: compact, sink: Collector())
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = Swift.min(bytes.count, start + chunk)
            try bytes[start..<end].withUnsafeBytes { try splitter.consume($0) }
            start = end
        }
        try splitter.finish()
        #expect(splitter.count == splitter.sink.values.count)
        return splitter.sink.values.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64])
    func arrayElementsAreCutTheSameWhateverTheChunks(_ chunk: Int) throws {
        let text = " [ 12 , -0.5e+3,\"a \\\" b\\\\\" ,{ \"k\" : [ 1 , 2 ] } , true,null, [ ] ,\"\u{e9}\u{1F600}\" ] "
        #expect(try split(text, unit: .arrayElements, compact: true, chunk: chunk)
                == ["12", "-0.5e+3", "\"a \\\" b\\\\\"", "{\"k\":[1,2]}", "true", "null", "[]", "\"\u{e9}\u{1F600}\""])
        #expect(try split(text, unit: .arrayElements, compact: false, chunk: chunk)[3] == "{ \"k\" : [ 1 , 2 ] }")
    }

    @Test(arguments: [1, 3, 64])
    func lineValuesAreCutTheSameWhateverTheChunks(_ chunk: Int) throws {
        let text = "  1 \n\n{\"a\": [1, 2]}\r\n\"x y\"\n42"
        #expect(try split(text, unit: .lineValues, compact: false, chunk: chunk) == ["1", "{\"a\": [1, 2]}", "\"x y\"", "42"])
        #expect(try split(text, unit: .lineValues, compact: true, chunk: chunk)[1] == "{\"a\":[1,2]}")
    }

    @Test func theSpoolKeepsEveryByteAcrossTheMoveToAFile() throws {
        try home.write("spool/.keep", "")
        let folder = try FileDescriptor.open(home.path("spool"), [.readOnly, .folder])
        defer { folder.close() }
        let spool = Spool(folder: folder)
        var expected: [UInt8] = []
        for i in 0..<400_000 {
            let piece = Array("\(i),".utf8)
            try spool.append(piece)
            expected += piece
        }
        #expect(spool.count == expected.count && expected.count > 2 * Spool.memoryLimit)
        try spool.truncate(to: expected.count - 3)
        expected.removeLast(3)
        let out = try folder.open("out", [.readWrite, .create], path: home.path("spool/out"))
        defer { out.close() }
        try spool.copy(10..<expected.count, to: out, at: 5)
        #expect(try out.bytes(in: 5..<(expected.count - 5)) == Array(expected[10...]))
        try spool.truncate(to: 100)
        try spool.copyAll(to: out, at: 0)
        #expect(try out.bytes(in: 0..<100) == Array(expected[..<100]))
        // The spill file has no name: nothing but the output is left in the folder.
        #expect(home.allPaths().filter { $0.hasPrefix("spool/") } == ["spool/.keep", "spool/out"])
    }
}
