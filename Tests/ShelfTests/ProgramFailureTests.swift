import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// Issue 22 items 7-9: the program `save --from-command`, `update` and `edit` run. Its failure
/// has statuses of shelf's own (125 failed, 126 cannot run, 127 not found) with the program's own
/// status in the message and in `--json`; bytes it printed that are not JSON are named as its
/// output (or as the edited copy), never as the stored file; the editor is chosen in
/// sensible-editor's order.
@Suite struct ProgramFailureTests {
    let home = TestHome()
    let path = ["PATH": "/usr/bin:/bin"]

    init() throws {
        mkdir(home.path("tmp"), 0o700)
        #expect(home.run(["save", "caches", "a.json"], stdin: "{\"n\":1}").status == 0)
    }

    /// The stored file is as `init` saved it.
    var untouched: Bool { home.read("cache/shelf/a.json") == "{\"n\":1}" }

    /// The `--json` error object on standard output, as a dictionary.
    func errorObject(_ result: CLIResult) throws -> [String: Any] {
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "one document: \(result.stdout)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(document["error"] as? [String: Any], "\(result.stdout)")
    }

    /// Output that is not JSON, named as the program's or as the edited copy, never as the stored
    /// file; `save`'s hint to fix its input is not given for an update's or an edit's bytes.
    static let notJSON: [([String], [String: String], String, Bool)] = [
        (["update", "caches", "a.json", "--", "echo", "{"], [:], "the output of 'echo {' is not valid JSON", false),
        (["save", "caches", "a.json", "--from-command", "--", "echo", "[1,"], [:], "the output of 'echo [1,' is not valid JSON", true),
        (["edit", "caches", "a.json"], ["EDITOR": "sh -c 'echo { > \"$1\"' sh"], "your edited copy is not valid JSON: line", false),
    ]

    @Test(arguments: notJSON)
    func outputThatIsNotJSONIsNamedAsTheProgramsNotTheStoredFile(_ words: [String], _ editor: [String: String], _ message: String,
                                                                  _ mayHintInput: Bool) throws {
        let result = home.expect(words, environment: editor + path, status: 65, saying: message, "caches a.json is unchanged")
        if !mayHintInput { #expect(!result.stderr.contains("Fix the input"), "\(result.stderr)") }
        #expect(untouched)
    }

    static let programWriters = [["update", "caches", "a.json", "--json", "--"], ["save", "caches", "a.json", "--json", "--from-command", "--"]]

    /// curl's 66 would read as shelf's "not found": 125, with 66 in the message and the object;
    /// what the program printed before it failed is not stored.
    @Test(arguments: programWriters)
    func aFailedProgramIs125WithItsStatusInTheMessageAndJSON(_ words: [String]) throws {
        let result = home.expect(words + ["sh", "-c", "printf partial; exit 66"], environment: path, status: 125,
                                 saying: "'sh -c printf partial; exit 66' exited with status 66; caches a.json is unchanged")
        let error = try errorObject(result)
        #expect(error["status"] as? Int == 125)
        #expect(error["command"] as? String == words[0])
        let program = try #require(error["program"] as? [String: Any])
        #expect(program["command"] as? String == "sh -c printf partial; exit 66")
        #expect(program["exitStatus"] as? Int == 66)
        #expect(program["signal"] is NSNull)
        #expect(untouched && home.shelfLeftovers().isEmpty)
    }

    @Test(arguments: programWriters, [9, 15])
    func aKilledProgramIs125WithTheSignal(_ words: [String], _ signal: Int) throws {
        let result = home.expect(words + ["sh", "-c", "printf x; kill -\(signal) $$"], environment: path, status: 125,
                                 saying: "was killed by signal \(signal)")
        let program = try #require(try errorObject(result)["program"] as? [String: Any])
        #expect(program["signal"] as? Int == signal)
        #expect(program["exitStatus"] is NSNull)
        #expect(untouched)
    }

    @Test(arguments: programWriters)
    func aMissingProgramIs127AndAnUnrunnableOne126(_ words: [String]) throws {
        let missing = home.expect(words + ["no-such-program-shelf"], environment: path, status: 127,
                                  saying: "command not found: no-such-program-shelf")
        #expect(try errorObject(missing)["status"] as? Int == 127)
        #expect(home.run(words + ["/dev/null"], environment: path).status == 126)
        #expect(untouched && home.shelfLeftovers().isEmpty)
    }

    /// A folder on PATH holding `links` (name: program), and nothing else.
    func bin(_ links: [String: String]) -> String {
        let folder = home.path("bin-\(links.keys.sorted().joined(separator: "-"))")
        mkdir(folder, 0o700)
        for (name, target) in links { symlink(target, folder + "/" + name) }
        return folder
    }

    /// With neither variable set: `editor`, then nano, then vi; the failing one (false) shows
    /// which ran (status 125 and its name), the other (true) would end in "no changes" (0).
    @Test(arguments: [(["nano": "/bin/false", "vi": "/bin/true"], "nano"),
                      (["editor": "/bin/false", "nano": "/bin/true", "vi": "/bin/true"], "editor"),
                      (["vi": "/bin/false"], "vi")])
    func theFallbackEditorIsTheFirstOfEditorNanoVi(_ links: [String: String], _ chosen: String) throws {
        let result = home.run(["edit", "caches", "a.json"], environment: ["VISUAL": "", "EDITOR": "", "PATH": bin(links)])
        #expect(result.status == 125, "\(result.stderr)")
        #expect(result.stderr.contains("the editor '\(chosen)' exited with status 1"), "\(result.stderr)")
        #expect(untouched)
    }

    @Test func noEditorAtAllSaysHowToSetOne() throws {
        let result = home.run(["edit", "caches", "a.json", "--json"], environment: ["VISUAL": "", "EDITOR": "", "PATH": bin([:])])
        #expect(result.status == 127)
        #expect(result.stderr.contains("no editor found"), "\(result.stderr)")
        #expect(result.stderr.contains("EDITOR=nano shelf edit"), "\(result.stderr)")
        #expect(try errorObject(result)["status"] as? Int == 127)
        #expect(untouched)
    }
}

extension Dictionary where Key == String, Value == String {
    fileprivate static func + (left: Self, right: Self) -> Self { left.merging(right) { $1 } }
}
