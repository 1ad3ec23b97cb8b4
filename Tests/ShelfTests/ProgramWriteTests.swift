import Foundation
import Testing
@testable import ShelfCLI

/// `save --from-command` and `update`, in process (the programs are real processes): what is
/// committed, what is kept, and which status comes back (a failed or killed program:
/// ProgramFailureTests).
@Suite struct ProgramWriteTests {
    let home = TestHome()

    @Test func theProgramInheritsStandardInputAndItsStandardErrorPassesThrough() {
        let result = home.expect(["save", "caches", "f", "--from-command", "--", "sh", "-c", "cat; echo note >&2"], stdin: "piped in", status: 0)
        #expect(home.read("cache/shelf/f") == "piped in")
        #expect(result.stderr == "note\n")
    }

    @Test func programWordsNeedFromCommandAndFromCommandNeedsAProgram() {
        #expect(home.run(["save", "caches", "f", "curl", "x"]).status == 64)
        #expect(home.run(["save", "caches", "f", "--from-command"]).status == 64)
        #expect(home.run(["save", "caches", "f", "--from-command", "--file", "x", "--", "true"]).status == 64)
        // Words after the program are the program's, even when they look like shelf's options.
        home.expect(["save", "caches", "f", "--from-command", "--", "printf", "%s", "--raw"], status: 0)
        #expect(home.read("cache/shelf/f") == "--raw")
    }

    @Test func updateOfAMissingFileIs66UnlessCreateGivesTheStart() {
        home.expect(["update", "caches", "n.json", "--", "cat"], status: 66)
        #expect(!home.exists("cache/shelf/n.json"))
        home.expect(["update", "caches", "n.json", "--create", "{\"n\":0}", "--", "sed", "s/0/1/"], status: 0)
        #expect(home.read("cache/shelf/n.json") == "{\"n\":1}")
    }

    /// (A program that prints what is not JSON: ProgramFailureTests.)
    @Test func updateKeepsTheFileWhenTheProgramFailsOrPrintsNothing() {
        #expect(home.run(["save", "caches", "n.json"], stdin: "{\"n\":1}").status == 0)
        #expect(home.run(["update", "caches", "n.json", "--", "sh", "-c", "echo '{}'; exit 3"]).status == 125)
        #expect(home.run(["update", "caches", "n.json", "--", "true"]).status == 65)
        #expect(home.read("cache/shelf/n.json") == "{\"n\":1}")
        #expect(home.run(["update", "caches", "n.json", "--raw", "--", "echo", "{"]).status == 0)
        #expect(home.read("cache/shelf/n.json") == "{\n")
        #expect(home.shelfLeftovers().isEmpty)
    }

    /// The program's input is a snapshot on a descriptor of its own: one that never reads it
    /// cannot block shelf, however large the file.
    @Test func aProgramThatIgnoresItsInputDoesNotBlock() {
        let big = String(repeating: "x", count: 1 << 20)
        #expect(home.run(["save", "caches", "big"], stdin: big).status == 0)
        home.expect(["update", "caches", "big", "--", "echo", "small"], status: 0)
        #expect(home.read("cache/shelf/big") == "small\n")
    }

    @Test func updateNeedsAProgram() {
        home.expect(["update", "caches", "n.json"], status: 64, saying: "missing <command>")
        // A second `--` may separate the program from a path that starts with '-'.
        #expect(home.run(["save", "caches", "--", "-n.txt"], stdin: "1").status == 0)
        #expect(home.run(["update", "caches", "--", "-n.txt", "--", "sed", "s/1/2/"]).status == 0)
        #expect(home.run(["retrieve", "caches", "--", "-n.txt"]).stdout == "2")
    }

    @Test func updateRefusesFoldersAndLinks() throws {
        try home.write("cache/shelf/folder/x", "1")
        #expect(home.run(["update", "caches", "folder", "--", "cat"]).status == ExitCode.cannotCreate)
        try FileManager.default.createSymbolicLink(atPath: home.path("cache/shelf/link"), withDestinationPath: home.path("cache/shelf/folder/x"))
        #expect(home.run(["update", "caches", "link", "--", "cat"]).status == 77)
        #expect(home.read("cache/shelf/folder/x") == "1")
    }

    @Test func helpShowsTheProgramAfterTheOptions() {
        #expect(home.run(["update", "--help"]).stdout.contains("Usage: shelf update <directory> <path> [options] -- <command> [<argument>…]"))
        #expect(home.run(["save", "--help"]).stdout.contains("[-- <command> [<argument>…]]"))
    }
}
