import Foundation
import Testing

/// `append` to a `.json` file holding one value that is not an array: refused on the command
/// line (65, unchanged) unless --wrap; the library keeps Disk's wrapping
/// (PersistibleTests.saveToFileTurnsASingleStoredValueIntoAList); arrays, blank files and
/// --each onto an array append as before (AppendJSONTests).
@Suite struct AppendWrapTests {
    let home = TestHome()

    /// With --wrap the value becomes the first element, without the blanks around it.
    @Test(arguments: [("{\"theme\":\"dark\"}", "an object"), ("\"text\"", "a string"), ("42", "a number"), ("null", "null"),
                      ("  {\"o\": [1]}\n", "an object")])
    func aSingleValueIsNotWrappedSilently(_ stored: String, _ kind: String) {
        #expect(home.run(["save", "applicationSupport", "c.json"], stdin: stored).status == 0)
        home.expect(["append", "applicationSupport", "c.json"], stdin: "{\"e\":1}", status: 65, saying: "holds \(kind), not an array", "--wrap")
        #expect(home.read("data/shelf/c.json") == stored)
        // --each does not wrap either.
        #expect(home.run(["append", "applicationSupport", "c.json", "--each"], stdin: "[1]").status == 65)
        #expect(home.read("data/shelf/c.json") == stored)
        #expect(home.run(["append", "applicationSupport", "c.json", "--wrap"], stdin: "{\"e\":1}").status == 0)
        #expect(home.read("data/shelf/c.json") == "[\(stored.trimmingCharacters(in: .whitespacesAndNewlines)),{\"e\":1}]")
    }
}
