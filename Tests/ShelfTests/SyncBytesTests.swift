import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// `shelf sync` stores and compares bytes, never values (issue 12, item 4): Unicode spellings that
/// Swift's `String ==` calls equal, and numbers that no Int64 or Double holds, keep their exact bytes.
@Suite struct SyncBytesTests {
    let home = TestHome()
    let nfc = "caf\u{E9}"        // é as one code point
    let nfd = "cafe\u{301}"      // e + combining acute accent: canonically equivalent, other bytes

    func sync(_ input: String) -> CLIResult {
        home.run(["sync", "documents", "items", "--key", "id", "--json"], stdin: input)
    }

    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: home.path("docs/shelf/" + relative)).map { Array($0) }
    }

    @Test func anNFDValueReplacingAnNFCValueIsAnUpdateStoredExactly() {
        let before = #"[{"id":"a","name":""# + nfc + #""}]"#
        let after = #"[{"id":"a","name":""# + nfd + #""}]"#
        #expect(nfc == nfd)  // what the old comparison saw
        #expect(sync(before).status == 0)
        let result = sync(after)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"added":[],"removed":[],"updated":["a"]}"# + "\n")
        #expect(bytes("items/a.json") == Array(#"{"id":"a","name":""#.utf8) + Array(nfd.utf8) + Array(#""}"#.utf8))
    }

    @Test func nfcAndNFDIdsAreTwoIdsAndTwoFiles() {
        let result = sync("[{\"id\":\"\(nfc)\",\"n\":1},{\"id\":\"\(nfd)\",\"n\":2}]")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(bytes("items/\(nfc).json") == Array("{\"id\":\"\(nfc)\",\"n\":1}".utf8))
        #expect(bytes("items/\(nfd).json") == Array("{\"id\":\"\(nfd)\",\"n\":2}".utf8))
        // Dropping one removes that file alone.
        let again = sync("[{\"id\":\"\(nfd)\",\"n\":2}]")
        #expect(again.stdout.utf8.elementsEqual(("{\"added\":[],\"removed\":[\"\(nfc)\"],\"updated\":[]}\n").utf8))
        #expect(bytes("items/\(nfc).json") == nil && bytes("items/\(nfd).json") != nil)
    }

    @Test(arguments: ["18446744073709551615", "1e400", "-0.0", "1.0E+2", "-1E-400", "0.10000000000000000000001"])
    func numbersNoDoubleHoldsAreStoredAsWrittenAndNameTheirFiles(_ number: String) {
        let element = "{\"id\":\(number),\"value\":[\(number), {\"n\":\(number)}]}"
        let result = sync("[" + element + "]")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"added\":[\"\(number)\"],\"removed\":[],\"updated\":[]}\n")
        #expect(bytes("items/\(number).json") == Array(element.utf8))
        #expect(sync("[" + element + "]").stdout == #"{"added":[],"removed":[],"updated":[]}"# + "\n")
    }

    @Test func whitespaceInsideAnElementIsKeptAndOutsideItIsNot() {
        let element = "{ \"id\" :\t\"w\" ,\n  \"list\" : [ 1 ,2 ] ,\"s\":\"  two  spaces \" }"
        #expect(sync(" \n[\n  " + element + "  \n, {\"id\":\"x\"}\t]\n").status == 0)
        #expect(bytes("items/w.json") == Array(element.utf8))
        #expect(bytes("items/x.json") == Array(#"{"id":"x"}"#.utf8))
    }

    @Test func escapedKeysAndIdsAreDecodedBeforeTheyCount() {
        // The key written with an escape is still "id"; the id "caf\u00e9" is the text café (NFC).
        let result = sync(#"[{"\u0069d":"caf\u00e9","n":1},{"id":"tab\u0009"}]"#)
        #expect(result.status == 65)
        #expect(result.stderr.contains("control character"), "\(result.stderr)")
        #expect(sync(#"[{"\u0069d":"caf\u00e9","n":1}]"#).status == 0)
        #expect(bytes("items/\(nfc).json") == Array(#"{"\u0069d":"caf\u00e9","n":1}"#.utf8))
        let twice = sync("[{\"id\":\"\(nfc)\"},{\"id\":\"caf\\u00e9\"}]")
        #expect(twice.status == 65 && twice.stderr.contains("element 0 has the same id"), "\(twice.stderr)")
        // A nested "id" is not the element's id.
        let nested = sync(#"[{"inner":{"id":"deep"}}]"#)
        #expect(nested.status == 65 && nested.stderr.contains("element 0 has no 'id' field"), "\(nested.stderr)")
    }

    // Ids used twice, lone surrogates, ids of other types: SyncCommandTests' table of refusals.

    @Test func anIdLongerThanAFileNameIsRefused() {
        for length in [251, 5000] {
            let result = sync("[{\"id\":\"\(String(repeating: "x", count: length))\"}]")
            #expect(result.status == 65, "\(length)")
            #expect(result.stderr.contains("255 bytes") || result.stderr.contains("250 bytes"), "\(result.stderr)")
        }
        #expect(sync("[{\"id\":\"\(String(repeating: "x", count: 250))\"}]").status == 0)
    }

    @Test func aNonJSONFileUnderAnIdIsReplacedAndReportedAdded() throws {
        try home.write("docs/shelf/items/a.json", "{oops")
        let result = sync(#"[{"id":"a"}]"#)
        #expect(result.stdout == #"{"added":["a"],"removed":[],"updated":[]}"# + "\n")
        #expect(bytes("items/a.json") == Array(#"{"id":"a"}"#.utf8))
    }

    @Test func anInputLargerThanMemorySpoolsAndStaysExact() {
        // 1.5 MiB of elements: past the spool's 1 MiB in memory, so the bytes go through its file.
        let filler = String(repeating: "é", count: 32_768)
        let elements = (0..<24).map { "{\"id\":\($0), \"text\" : \"\(filler)\"}" }
        let result = sync("[" + elements.joined(separator: ",") + "]")
        #expect(result.status == 0, "\(result.stderr)")
        for index in [0, 11, 23] { #expect(bytes("items/\(index).json") == Array(elements[index].utf8)) }
        #expect(home.shelfLeftovers().isEmpty)
        #expect(sync("[" + elements.joined(separator: ",") + "]").stdout == #"{"added":[],"removed":[],"updated":[]}"# + "\n")
    }

    @Test func theLibraryRunsTheSameEngine() throws {
        let folder = try JSONFolder("items", in: .documents, store: home.store())
        var input = BytesSource(Array("[{\"id\":\"\(nfd)\", \"n\": 1e400}]".utf8))
        let report = try folder.synchronize(from: &input, name: "<test>")
        #expect(report.added.map { Array($0.utf8) } == [Array(nfd.utf8)])
        #expect(bytes("items/\(nfd).json") == Array("{\"id\":\"\(nfd)\", \"n\": 1e400}".utf8))
        #expect(bytes("items/\(nfc).json") == nil)
    }
}
