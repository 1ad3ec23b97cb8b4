import Foundation
import Testing
@testable import ShelfCLI

/// Every example in the docs is tried, so that the docs never rot:
/// - each ```sh block of README.md and docs/*.md runs, in order, in a throwaway home, and must
///   succeed (bash -e -o pipefail);
/// - each example of the command table (shown by --help and in the man page) runs there too and
///   must not be a usage error: they are one-liners about a reader's own files, which a fresh
///   home may not have, so "not found" is allowed but a wrong command or option is not;
/// - each `shelf …` line of other blocks (crontab, systemd units) must parse;
/// - each `shelf <command>` in inline code names a command that exists.
/// `curl` is a stand-in that serves the two documented example URLs; the rest is the real thing.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path) && Subprocess.which("jq") != nil))
struct DocExamplesTests {
    let home = TestHome()

    struct Block {
        let file: String
        let language: String
        let line: Int
        let text: String
    }

    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Subprocess.repository.path + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The fenced code blocks of a markdown file.
    static func blocks(in file: String) throws -> [Block] {
        var blocks: [Block] = []
        var current: (language: String, line: Int, lines: [String])?
        for (index, line) in try Subprocess.read(file).components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(Block(file: file, language: open.language, line: open.line, text: open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 1, [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    /// A sandbox: the test home's environment, `shelf` and the stand-in `curl` first on PATH,
    /// and a working folder.
    func sandbox() throws -> (environment: [String: String], directory: String) {
        let bin = home.path("sandbox-bin"), work = home.path("work")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: bin + "/shelf", withDestinationPath: BuiltBinary.path)
        let curl = """
            #!/bin/sh
            # Stand-in for curl: the documented example URLs, without a network.
            for word in "$@"; do url=$word; done
            case $url in
              https://example.org/feed.json) echo '{"title":"Hello","items":[{"id":1},{"id":2}]}' ;;
              https://example.org/users.json) echo '[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}]' ;;
              *) echo "curl: (6) Could not resolve host" >&2; exit 6 ;;
            esac

            """
        FileManager.default.createFile(atPath: bin + "/curl", contents: Data(curl.utf8), attributes: [.posixPermissions: 0o755])
        let environment = home.environment.merging(["PATH": bin + ":/usr/bin:/bin", "LC_ALL": "C.UTF-8"]) { $1 }
        return (environment, work)
    }

    @Test(arguments: documents)
    func shellBlocksRunAndSucceed(_ file: String) throws {
        let (environment, directory) = try sandbox()
        for block in try DocExamplesTests.blocks(in: file) where block.language == "sh" {
            let result = try Subprocess.run("/bin/bash", ["--norc", "-e", "-o", "pipefail", "-c", block.text],
                                            environment: environment, directory: directory)
            #expect(result.status == 0, "\(file):\(block.line): exit \(result.status)\n\(block.text)\n\(result.stderr)")
        }
    }

    @Test func commandTableExamplesAreNeverUsageErrors() throws {
        let (environment, directory) = try sandbox()
        for command in CommandTable.visible {
            for example in command.examples {
                try Subprocess.run("/bin/bash", ["--norc", "-n", "-c", example], environment: environment)
                    .expect(status: 0, about: "\(command.name): \(example)")
                let result = try Subprocess.run("/bin/bash", ["--norc", "-o", "pipefail", "-c", example],
                                                environment: environment, directory: directory)
                #expect(![64, 126, 127].contains(result.status), "\(command.name): \(example): exit \(result.status)\n\(result.stderr)")
                #expect(!result.stderr.contains("usage: shelf"), "\(command.name): \(example)\n\(result.stderr)")
            }
        }
    }

    @Test(arguments: documents)
    func shelfLinesInOtherBlocksParse(_ file: String) throws {
        for block in try DocExamplesTests.blocks(in: file) where !["sh", "swift", "json", "text", ""].contains(block.language) {
            for line in block.text.components(separatedBy: "\n") {
                for words in DocExamplesTests.shelfInvocations(in: line) {
                    #expect(throws: Never.self, "\(file):\(block.line): \(line)") { _ = try ArgumentParser.parse(words) }
                }
            }
        }
    }

    @Test(arguments: documents)
    func inlineShelfCommandsExist(_ file: String) throws {
        let names = Set(CommandTable.visible.map(\.name))
        // Prose only: fenced blocks are tried by the tests above.
        var prose: [String] = [], fenced = false
        for line in try Subprocess.read(file).components(separatedBy: "\n") {
            if line.hasPrefix("```") { fenced.toggle() } else if !fenced { prose.append(line) }
        }
        let pieces = prose.joined(separator: "\n").components(separatedBy: "`")
        for (index, code) in pieces.enumerated() where index % 2 == 1 && code.hasPrefix("shelf ") {
            var words = code.split(separator: " ").dropFirst().map(String.init)
            while let first = words.first, ["--app", "-q", "--quiet", "--json"].contains(first) {
                words.removeFirst(first == "--app" ? min(2, words.count) : 1)
            }
            guard let name = words.first, !name.hasPrefix("-"), !name.hasPrefix("<"), !name.hasPrefix("[") else { continue }
            #expect(names.contains(name), "\(file): `\(code)` names no command")
        }
    }

    /// The argument words of each `shelf` command in a line of a crontab or a unit file:
    /// quotes are honoured, and a pipe, list or redirection ends the command.
    static func shelfInvocations(in line: String) -> [[String]] {
        var segments: [[String]] = [[]]
        var current = "", quote: Character?, started = false
        func endWord() {
            if started { segments[segments.count - 1].append(current) }
            current = ""
            started = false
        }
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                endWord()
            } else if "|;&<>".contains(character) {
                endWord()
                segments.append([])
            } else {
                current.append(character)
                started = true
            }
        }
        endWord()
        // shelf in command position: first, or after a crontab's schedule and variable settings.
        func leads(_ word: String) -> Bool {
            word.contains("=") || word.hasPrefix("@") || word.allSatisfy { "0123456789*/,-".contains($0) }
        }
        return segments.compactMap { words in
            guard let start = words.firstIndex(where: { $0 == "shelf" || $0.hasSuffix("/shelf") }),
                  words[..<start].allSatisfy(leads) else { return nil }
            return Array(words[(start + 1)...])
        }
    }

    @Test func invocationsAreFoundInCrontabAndUnitLines() {
        #expect(DocExamplesTests.shelfInvocations(in: "0 3 * * * shelf --quiet path caches 'a b' >/dev/null 2>&1")
                == [["--quiet", "path", "caches", "a b"]])
        #expect(DocExamplesTests.shelfInvocations(in: "ExecStart=/usr/local/bin/shelf dirs --json") == [["dirs", "--json"]])
        #expect(DocExamplesTests.shelfInvocations(in: "echo hi | shelf save caches x; shelf exists caches x")
                == [["save", "caches", "x"], ["exists", "caches", "x"]])
        #expect(DocExamplesTests.shelfInvocations(in: "# nothing here").isEmpty)
        #expect(DocExamplesTests.shelfInvocations(in: "Description=Trim the shelf caches").isEmpty)
        #expect(DocExamplesTests.shelfInvocations(in: "@daily HOME=/x shelf dirs") == [["dirs"]])
    }
}
