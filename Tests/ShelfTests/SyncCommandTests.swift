import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// (A file where the folder goes, 73: ExitStatusTests' table; the help: UsageTests.everyCommandHasHelpOnStdout.)
@Suite struct SyncCommandTests {
    let home = TestHome()
    let users = #"[{"id":1,"name":"Ann"},{"id":"bob","name":"Bob","tags":["a","b"]},{"id":2.5,"name":"Half"}]"#

    @Test func writesOneFilePerElementAndReportsAddedIdsThenNothingOnARerun() {
        let result = home.expect(["sync", "--json", "applicationSupport", "users"], stdin: users, status: 0)
        #expect(result.stdout == #"{"added":["1","2.5","bob"],"removed":[],"updated":[]}"# + "\n")
        #expect(result.stderr.isEmpty)
        #expect(home.read("data/shelf/users/1.json") == #"{"id":1,"name":"Ann"}"#)
        #expect(home.read("data/shelf/users/bob.json") == #"{"id":"bob","name":"Bob","tags":["a","b"]}"#)
        #expect(home.exists("data/shelf/users/bob.json") && home.exists("data/shelf/users/2.5.json"))
        // Run again with the same input, nothing changes.
        for name in ["1", "bob", "2.5"] { home.setModified("data/shelf/users/\(name).json", to: 1000) }
        // The same bytes, however the array around them is spaced.
        let respaced = " [\n" + users.dropFirst().dropLast().replacingOccurrences(of: "},{", with: "} ,\n\t{") + "\n] \n"
        let again = home.expect(["sync", "--json", "applicationSupport", "users"], stdin: respaced, status: 0)
        #expect(again.stdout == #"{"added":[],"removed":[],"updated":[]}"# + "\n")
        for name in ["1", "bob", "2.5"] { #expect(home.modified("data/shelf/users/\(name).json") == 1000) }
    }

    @Test func otherBytesForTheSameValueAreAnUpdateAndNumberIdsAreTheirText() {
        #expect(home.run(["sync", "--json", "applicationSupport", "users"], stdin: users).status == 0)
        // Other key order and spacing is another text: stored as given. 1.0 is another id than 1.
        let reordered = #"[ {"name":"Half","id":2.5}, {"tags":["a","b"],"name":"Bob","id":"bob"}, {"name":"Ann","id":1.0} ]"#
        let again = home.expect(["sync", "--json", "applicationSupport", "users"], stdin: reordered, status: 0)
        #expect(again.stdout == #"{"added":["1.0"],"removed":["1"],"updated":["2.5","bob"]}"# + "\n")
        #expect(home.read("data/shelf/users/2.5.json") == #"{"name":"Half","id":2.5}"#)
        #expect(home.read("data/shelf/users/1.0.json") == #"{"name":"Ann","id":1.0}"#)
        #expect(!home.exists("data/shelf/users/1.json"))
    }

    @Test func changedElementsAreRewrittenAndGoneOnesRemoved() {
        #expect(home.run(["sync", "--json", "applicationSupport", "users"], stdin: users).status == 0)
        let result = home.run(["sync", "--json", "applicationSupport", "users"], stdin: #"[{"id":1,"name":"Anne"},{"id":3,"name":"New"}]"#)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"added":["3"],"removed":["2.5","bob"],"updated":["1"]}"# + "\n")
        #expect(home.read("data/shelf/users/1.json")?.contains("Anne") == true)
        #expect(!home.exists("data/shelf/users/bob.json") && !home.exists("data/shelf/users/2.5.json"))
        let empty = home.run(["sync", "--json", "applicationSupport", "users", "--allow-empty"], stdin: "[]")
        #expect(empty.stdout == #"{"added":[],"removed":["1","3"],"updated":[]}"# + "\n")
        #expect(home.exists("data/shelf/users"))
    }

    @Test func onlyJSONFilesOfTheFolderAreTouched() throws {
        try home.write("data/shelf/users/notes.txt", "keep")
        try home.write("data/shelf/users/.hidden.json", "{}")
        try home.write("data/shelf/users/sub/old.json", "{}")
        try home.write("data/shelf/users/broken.json", "{oops")
        try home.write("data/shelf/users/old.json", "{\"id\":\"old\"}")
        let result = home.run(["sync", "--json", "applicationSupport", "users", "--allow-empty"], stdin: "[]")
        #expect(result.stdout == #"{"added":[],"removed":["old"],"updated":[]}"# + "\n")
        for kept in ["notes.txt", ".hidden.json", "sub/old.json", "broken.json"] {
            #expect(home.exists("data/shelf/users/" + kept), "\(kept)")
        }
    }

    @Test func keyOptionAndFileOptionAreHonoured() throws {
        try home.write("in.json", #"[{"slug":"first-post","title":"Hi"},{"slug":7}]"#)
        let result = home.expect(["sync", "--json", "documents", "posts", "--key", "slug", "--file", home.path("in.json")], status: 0)
        #expect(result.stdout == #"{"added":["7","first-post"],"removed":[],"updated":[]}"# + "\n")
        #expect(home.exists("docs/shelf/posts/first-post.json"))
    }

    @Test(arguments: [
        (#"[{"id":1},{"id":"1"}]"#, "element 0 has the same id"),
        (#"[{"id":"../x"}]"#, "cannot start with '.'"),
        (#"[{"id":"a/b"}]"#, "cannot contain '/'"),
        (#"[{"id":""}]"#, "the id is empty"),
        (#"[{"id":".shelf-tmp"}]"#, "cannot start with '.'"),
        (#"[{"id":"tab\there"}]"#, "control character"),
        (#"[{"name":"no id"}]"#, "element 0 has no 'id' field"),
        (#"[{"id":true}]"#, "neither a string nor a number"),
        (#"[{"id":null}]"#, "neither a string nor a number"),
        (#"[5]"#, "element 0 is not an object"),
        (#"{"id":1}"#, "must be a JSON array"),
        (#""text""#, "must be a JSON array"),
        (#"[{"id":"a","id":"b"}]"#, "more than once"),
        (#"[{"id":"\ud800"}]"#, "lone surrogate"),
        (#"[{"id":"\udc00x"}]"#, "lone surrogate"),
        (#"[{"id":[1]}]"#, "neither a string nor a number"),
        (#"[{"id":{"a":1}}]"#, "neither a string nor a number"),
        (#"[{"id":"ok"},[]]"#, "element 1 is not an object"),
    ])
    func unusableInputIsRefusedBeforeAnyChange(_ input: String, _ message: String) throws {
        #expect(home.run(["sync", "--json", "applicationSupport", "users"], stdin: #"[{"id":"keep"}]"#).status == 0)
        let before = home.allPaths()
        let result = home.expect(["sync", "applicationSupport", "users"], stdin: input, status: 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was changed"))
        #expect(home.allPaths() == before && home.read("data/shelf/users/keep.json") == #"{"id":"keep"}"#)
    }

    @Test func invalidJSONIsBadData() {
        for input in ["", "[{\"id\":1}", #"[{"id":"ok"},{"id":1}"#] {
            let result = home.expect(["sync", "caches", "users"], stdin: input, status: 65,
                                     saying: "not valid JSON for <stdin>: line 1")
            #expect(result.stdout.isEmpty)
        }
        #expect(!home.exists("cache/shelf/users"))
    }
}
