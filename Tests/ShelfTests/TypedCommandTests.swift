import Foundation
import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// Issue 13 part 3: each command parses into a typed value before any I/O, from the one table.
@Suite struct TypedCommandTests {
    let home = TestHome()

    /// The command value the words parse into.
    func parsed(_ words: [String]) throws -> any Command {
        guard case .run(let parsed) = try ArgumentParser.parse(words) else { throw UsageError("not a run") }
        return parsed.command
    }

    func parsed(bytes words: [[UInt8]]) throws -> any Command {
        guard case .run(let parsed) = try ArgumentParser.parse(words.map(Argument.init(bytes:))) else { throw UsageError("not a run") }
        return parsed.command
    }

    /// Every example of the table parses into its command's type, which reads every argument it
    /// declares (a required one it had not declared would throw here).
    @Test func everyExampleParsesIntoItsCommandsType() throws {
        for spec in CommandTable.all {
            for example in spec.examples {
                for words in DocExamplesTests.shelfInvocations(in: example) where words.first == spec.name || words.dropFirst(2).first == spec.name {
                    guard case .run(let parsed) = try ArgumentParser.parse(words) else { continue }
                    #expect(parsed.spec.name == spec.name)
                    #expect(type(of: parsed.command).spec.name == spec.name, "\(example)")
                }
            }
        }
    }

    @Test func optionsBecomeTypedProperties() throws {
        let clear = try #require(try parsed(["clear", "caches", "--older-than", "7d", "--max-size=1K", "-nv"]) as? ClearCommand)
        #expect(clear.directory == .caches)
        #expect(clear.options.olderThan == 7 * 86_400 && clear.options.maxSize == 1024)
        #expect(clear.options.dryRun && clear.verbose && !clear.json && !clear.changesStorage)
        let save = try #require(try parsed(["save", "--raw", "sharedContainer:team", "a/b.json", "--expires-at", "2030-01-01T00:00:00Z"]) as? SaveCommand)
        #expect(save.stored.directory == .sharedContainer(appGroupName: "team"))
        #expect(save.stored.path.bytes == b("a/b.json") && save.options.validateJSON == false)
        #expect(save.options.expiresAt == 1_893_456_000 && save.report == .none)
        let copy = try #require(try parsed(["copy", "documents", "a", "caches"]) as? CopyCommand)
        #expect(copy.newPath == copy.stored.path && copy.destination == .caches && !copy.transfer.replace)
        let list = try #require(try parsed(["list", "-l0", "caches", "sub"]) as? ListCommand)
        guard case .long(human: false, null: true) = list.format else { Issue.record("\(list.format)"); return }
        #expect(list.folder?.bytes == b("sub"))
    }

    /// A name keeps its exact bytes from the word to the command's value.
    @Test func namesAreBytesFromTheWordToTheValue() throws {
        let save = try #require(try parsed(bytes: [b("save"), b("caches"), b("d/caf", 0xE9, ".txt"), b("--file=in", 0xFF)]) as? SaveCommand)
        #expect(save.stored.path.bytes == b("d/caf", 0xE9, ".txt"))
        #expect(save.input?.bytes == b("in", 0xFF))
        let rename = try #require(try parsed(bytes: [b("rename"), b("caches"), b("a"), b("--"), b("-", 0xE8)]) as? RenameCommand)
        #expect(rename.newPath.bytes == b("-", 0xE8))
    }

    // An unsafe name, a bad value or a refused combination is caught while parsing, before any I/O:
    // UsageTests.wrongWordsAreRefusedBeforeAnyIO. An unsafe path is the library's refusal, said in
    // two lines with no usage line: ExitStatusTests' table (save ../x), checked by HintTests.

    /// The table is well formed: names unique in each command, a parser for every value and none for a flag.
    @Test(arguments: CommandTable.all.map(\.name))
    func eachCommandsDeclarationsAreConsistent(_ name: String) throws {
        let spec = try #require(CommandTable.command(named: name))
        let options = spec.allOptions
        #expect(Set(options.map(\.name)).count == options.count, "an option declared twice")
        #expect(Set(options.compactMap(\.short)).count == options.compactMap(\.short).count, "a short option used twice")
        #expect(Set(spec.arguments.map(\.name)).count == spec.arguments.count)
        for option in options { #expect((option.value == nil) == (option.parse == nil), "--\(option.name)") }
        let firstOptional = spec.arguments.firstIndex(where: \.optional) ?? spec.arguments.count
        #expect(spec.arguments[firstOptional...].allSatisfy { $0.optional }, "a required argument after an optional one")
    }

    /// Library errors speak Swift: no text of ShelfError names a command-line option or command.
    @Test func libraryErrorTextsNameNoCommandLineSpelling() {
        for error in LibraryErrorTests.all + [.invalidTarget(path: "p", reason: "r"), .invalidName("$HOME", reason: "r")] {
            for text in [error.description, error.failureReason, error.recoverySuggestion] {
                #expect(!text.contains("--") && !text.contains("'shelf ") && !text.contains("command"), "\(text)")
            }
        }
    }

    /// The same for the reasons the engine builds: no string in ShelfCore or Shelf names one of
    /// shelf's options (`--each`) or a command line (`'shelf save'`). Another program's options
    /// (the GlusterFS client's mount options a refusal names) are not shelf's spelling.
    @Test func engineSourcesNameNoCommandLineSpelling() throws {
        let root = Subprocess.repository.path
        let ours = Set(CommandTable.all.flatMap(\.allOptions).map(\.name) + GlobalOptions.all.map(\.optionSpec.name))
        #expect(ours.contains("each") && ours.contains("app"))
        let optionPattern = try Regex("--([a-z][a-z0-9-]*)")
        for folder in ["Sources/ShelfCore", "Sources/Shelf"] {
            for relative in try FileManager.default.subpathsOfDirectory(atPath: root + "/" + folder) where relative.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + folder + "/" + relative, encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    let strings = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                    for string in strings {
                        let named = string.matches(of: optionPattern).compactMap { $0.output[1].substring.map(String.init) }
                        #expect(!named.contains(where: ours.contains) && !string.contains("'shelf "),
                                "\(folder)/\(relative): \(line)")
                    }
                }
            }
        }
    }
}
