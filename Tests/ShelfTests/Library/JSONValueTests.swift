import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore

@Suite struct JSONValueTests {
    @Test func parsesEveryKindAndRoundTrips() throws {
        let text = #"{"a":[null,true,false,-7,2.5,"s\u00e9",{"n":9223372036854775807}],"b":{}}"#
        let value = try JSONValue.parse(Data(text.utf8), source: "<t>")
        let expected: JSONValue = ["a": [nil, true, false, -7, 2.5, "sé", ["n": .int(Int64.max)]], "b": [:]]
        #expect(value == expected)
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        #expect(again == value)
    }

    @Test func numbersCompareByValueAndObjectsIgnoreKeyOrder() throws {
        #expect(JSONValue.int(1) == .double(1.0))
        #expect(JSONValue.int(1).hashValue == JSONValue.double(1.0).hashValue)
        #expect(JSONValue.int(1) != .double(1.5))
        #expect(JSONValue.int(1) != .string("1"))
        #expect(JSONValue.bool(true) != .int(1))
        let a = try JSONValue.parse(Data(#"{"x":1,"y":[1,2]}"#.utf8), source: "a")
        let b = try JSONValue.parse(Data(#" { "y" : [1.0, 2], "x" : 1 } "#.utf8), source: "b")
        #expect(a == b && Set([a, b]).count == 1)
    }

    @Test func invalidInputNamesTheSource() {
        #expect {
            try JSONValue.parse(Data(), source: "<stdin>")
        } throws: { error in
            if case ShelfError.invalidJSON(let path, _, _, _) = error { return path == "<stdin>" }
            return false
        }
        #expect {
            try JSONValue.parse(Data("[1,".utf8), source: "in.json")
        } throws: { ($0 as? ShelfError)?.path == "in.json" }
    }

    @Test func folderSynchronizesJSONElementsByKey() throws {
        let home = TestHome()
        let folder = try JSONFolder("items", in: .caches, store: home.store())
        let first = try folder.synchronize([["sku": "a-1", "n": 1], ["sku": 7]], key: "sku")
        #expect(first == JSONFolder.SyncReport(added: ["7", "a-1"]))
        let second = try folder.synchronize([["sku": "a-1", "n": 2]], key: "sku")
        #expect(second == JSONFolder.SyncReport(added: [], removed: ["7"], updated: ["a-1"]))
        #expect(try folder.synchronize([["sku": "a-1", "n": 2.0]], key: "sku") == JSONFolder.SyncReport())
        #expect(throws: ShelfError.invalidInput(path: "src", reason: "element 0 has no 'sku' field")) {
            try folder.synchronize([["id": 1]], key: "sku", source: "src")
        }
        #expect(try folder.files().map(\.id) == ["a-1"])
    }
}
