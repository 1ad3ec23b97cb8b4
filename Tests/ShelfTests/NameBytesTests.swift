import Foundation
import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// Names are bytes (issue 12, item 5; docs/formats.md): a name that is not UTF-8 keeps its exact
/// bytes from the command line to the system call, every command sees and reaches every name on
/// disk, and what is printed shows such names escaped, one line per entry. (Two names one byte
/// apart, saved, read and listed through the binary's arguments: ProcessBytesEndToEndTests.)
@Suite struct NameBytesTests {
    let home = TestHome()

    @Test func aNameAnotherProgramMadeIsListedRetrievedCopiedMovedAndRemoved() {
        let name = b(0xFF, 0xFE, "x")
        home.createRaw(name, in: "cache/shelf", contents: "raw")
        #expect(home.run(bytes: [b("list"), b("caches")]).stdout == b("\\xFF\\xFEx\n"))
        #expect(home.run(bytes: [b("retrieve"), b("caches"), name]).stdout == b("raw"))
        #expect(home.run(bytes: [b("copy"), b("caches"), name, b("documents")]).status == 0)
        #expect(home.rawNames(in: "docs/shelf") == [name])
        #expect(home.run(bytes: [b("move"), b("documents"), name, b("applicationSupport")]).status == 0)
        #expect(home.rawNames(in: "docs/shelf").isEmpty && home.rawNames(in: "data/shelf") == [name])
        #expect(home.run(bytes: [b("rename"), b("applicationSupport"), name, b("n", 0xE9)]).status == 0)
        #expect(home.rawNames(in: "data/shelf") == [b("n", 0xE9)])
        #expect(home.run(bytes: [b("exists"), b("applicationSupport"), b("n", 0xE9)]).status == 0)
        #expect(home.run(bytes: [b("exists"), b("applicationSupport"), b("n", 0xE8)]).status == 1)
        #expect(home.run(bytes: [b("remove"), b("applicationSupport"), b("n", 0xE9)]).status == 0)
        #expect(home.rawNames(in: "data/shelf").isEmpty)
        #expect(home.run(bytes: [b("remove"), b("caches"), name]).status == 0)
        #expect(home.rawNames(in: "cache/shelf").isEmpty)
    }

    @Test func aPathWithAnyOtherFlawIsStillRefused() {
        for path in [b(0xE9, "/../x"), b("a", 0, "b"), b(0xFF, "\n"), b("/", 0xE9), b(".shelf-", 0xE9)] {
            let result = home.run(bytes: [b("save"), b("caches"), path])
            #expect(result.status == 64, "\(path): \(result.stderr)")
        }
        #expect(home.rawNames(in: "cache").isEmpty)
    }

    @Test func folderVariablesThatAreNotUTF8AreRefusedNeverReplaced() {
        // XDG_CACHE_HOME and SHELF_APP that are not UTF-8 (64, named, "not valid UTF-8"): through the
        // binary's own environment, ProcessBytesEndToEndTests.aFolderVariableThatIsNotUTF8IsRefused.
        // Only the variables a command uses count.
        #expect(home.run(bytes: [b("save"), b("caches"), b("a.txt")], stdin: "a", invalid: ["XDG_DATA_HOME", "LANG"]).status == 0)
        #expect(home.run(bytes: [b("path"), b("temporary")], invalid: ["XDG_RUNTIME_DIR"]).status == 64)
        let noHome = Environment(variables: [:], invalid: ["HOME"])
        #expect(throws: ShelfError.invalidName("$HOME", reason: "HOME is not valid UTF-8; shelf names folders by their exact text, so set it to a UTF-8 path or name")) {
            try Locations(app: nil, environment: noHome).path(for: .caches)
        }
        // Documents too, whose base may come without HOME: a HOME that is not UTF-8 is that, not "unset" (77).
        #expect(throws: ShelfError.invalidName("$HOME", reason: "HOME is not valid UTF-8; shelf names folders by their exact text, so set it to a UTF-8 path or name")) {
            try Locations(app: nil, environment: noHome).path(for: .documents)
        }
        #expect((try? Locations(app: nil, environment: Environment(variables: ["XDG_DOCUMENTS_DIR": "/d"], invalid: ["HOME"]))
            .path(for: .documents)) == "/d/shelf")
    }

    @Test func appAndGroupNamesThatAreNotUTF8AreUsage() {
        #expect(home.run(bytes: [b("--app"), b(0xFF), b("save"), b("caches"), b("a")], stdin: "a").status == 64)
        #expect(home.run(bytes: [b("save"), b("caches"), b("a"), b("--app=", 0xFF)], stdin: "a").status == 64)
        #expect(home.run(bytes: [b("save"), b("sharedContainer:g", 0xFF), b("a")], stdin: "a").status == 64)
        #expect(home.run(bytes: [b("clear"), b("caches"), b("--older-than"), b("1", 0xFF)]).status == 64)
        #expect(home.allPaths().filter { !$0.hasPrefix("run") }.isEmpty)
    }

    @Test func aFileToReadIsOpenedByItsBytes() {
        home.createRaw(b("in", 0xE9), in: "src", contents: "from a raw name")
        let source = b(home.path("src/"), "in", 0xE9)
        #expect(home.run(bytes: [b("save"), b("caches"), b("a.txt"), b("--file"), source]).status == 0)
        #expect(home.read("cache/shelf/a.txt") == "from a raw name")
        let missing = home.run(bytes: [b("save"), b("caches"), b("a.txt"), b("--file"), b(home.path("src/"), "in", 0xE8)])
        #expect(missing.status == 66 && missing.stderr.contains("in\\xE8"))
    }

    @Test(arguments: [
        (b("plain.txt"), "plain.txt"), (b("a\\b"), "a\\\\b"), (b("l\nf"), "l\\nf"), (b(0xE9), "\\xE9"),
        (b(0xF0, 0x9F, 0x98), "\\xF0\\x9F\\x98"), (b("\u{1F600}"), "\u{1F600}"), (b(0xED, 0xA0, 0x80), "\\xED\\xA0\\x80"),
        (b(1, 0x1B, 0x7F), "\\x01\\e\\x7F"), (b("\u{85}"), "\\xC2\\x85"), (b("t\t", 0xC2, 0x9B), "t\\t\\xC2\\x9B"),
    ])
    func escapingIsOneLineAndTellsEveryNameApart(_ bytes: [UInt8], _ escaped: String) {
        #expect(EscapedText.escaping(bytes) == escaped)
    }

    @Test(arguments: ["plain", "a\\b", "£ and é", "\u{85}next", "tab\there", "\u{1F600}", "del\u{7F}", ""])
    func textAndBytesEscapeAlike(_ text: String) {
        #expect(EscapedText.escaping(text) == EscapedText.escaping(Array(text.utf8)))
        let entry = ListEntry(name: text, isFolder: false, size: 0, modified: 0)
        #expect(entry.nameBytes == Array(text.utf8) && entry.bytesOfInvalidName == nil)
    }

    @Test func aListEntryKeepsTheBytesOfANameThatIsNotUTF8() {
        var entry = ListEntry(nameBytes: b("n", 0xE9), isFolder: false, size: 0, modified: 0)
        #expect(entry.name == "n\\xE9" && entry.nameBytes == b("n", 0xE9))
        entry.name = "n\u{e9}"
        #expect(entry.nameBytes == Array("n\u{e9}".utf8) && entry.bytesOfInvalidName == nil)
    }

    @Test func base64IsTheStandardOne() {
        for length in 0..<8 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 200) }
            #expect(JSONText.base64(bytes) == Data(bytes).base64EncodedString())
        }
    }
}
