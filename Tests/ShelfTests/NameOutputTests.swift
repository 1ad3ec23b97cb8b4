import Foundation
import Glibc
import Testing
@testable import ShelfCLI
@testable import ShelfCore

/// Issue 12 item 16: names found on disk, made by other programs, as list and clear print them.
/// On a terminal they are quoted for the shell as GNU ls does; elsewhere one line is one entry;
/// `--null` gives the exact bytes; `--json` gives every entry once.
@Suite struct NameOutputTests {
    let home = TestHome()

    static let hostile: [[UInt8]] = [
        b("caf", 0xE9, ".txt"), b("caf", 0xE8, ".txt"), b("evil\nCACHEDIR.TAG"), b("esc\u{1B}[31mred"), b("cr\rname"),
        b("tab\tname"), b("del", 0x7F), [0xFF, 0xFE], b("\u{E9}.txt"), b("e\u{301}.txt"), b("plain.txt"), b("a b"), b("it's"),
        b("a'$b"), b("back\\slash"), b("nel", 0xC2, 0x85, "x"),
    ]

    /// Makes every hostile name as a file in caches (and in caches/sub), as another program would,
    /// once shelf has made the namespace folder (and its CACHEDIR.TAG).
    func plant(sub: Bool = false) {
        #expect(home.run(["save", "caches", "x"], stdin: "x").status == 0)
        #expect(home.run(["remove", "caches", "x"]).status == 0)
        for (index, name) in NameOutputTests.hostile.enumerated() {
            home.createRaw(name, in: "cache/shelf", contents: "\(index)")
            if sub { home.createRaw(name, in: "cache/shelf/sub", contents: "\(index)") }
        }
    }

    /// The names list shows in caches: the hostile ones (the CACHEDIR.TAG shelf made is left out).
    var expected: Set<[UInt8]> { Set(NameOutputTests.hostile) }

    /// Runs the CLI in-process with standard output on a terminal; returns what reached it.
    func runOnTerminal(_ words: [String]) throws -> (status: Int32, output: [UInt8]) {
        let terminal = try PseudoTerminal()
        let status = CLIResult.run(words, environment: home.environment, stdout: terminal.slave).status
        return (status, terminal.drainBytes())
    }

    static func rawControl(_ bytes: [UInt8]) -> Bool { bytes.contains { ($0 < 0x20 && $0 != 10) || $0 == 0x7F } }

    @Test(arguments: [[String](), ["-l"], ["-R"]])
    func onATerminalEveryNameIsQuotedOnItsOwnLine(_ options: [String]) throws {
        plant()
        let (status, output) = try runOnTerminal(["list", "caches"] + options)
        #expect(status == 0)
        // With -l a tab ends each field; the name is the last.
        let lines = output.split(separator: 10).map { Array($0.split(separator: 9).last ?? []) }
        #expect(!lines.contains(where: NameOutputTests.rawControl), "a control character reached the terminal")
        #expect(lines.count == expected.count)
        #expect(Set(lines) == Set(expected.map(ShellQuoted.quoted)))
        #expect(lines.contains(b("'evil'$'\\n''CACHEDIR.TAG'")) && !lines.contains(b("CACHEDIR.TAG")))
    }

    /// Each name escaped (EscapedText, whose every escape escapingIsOneLineAndTellsEveryNameApart
    /// checks), so that no name holding a newline or an escape sequence passes itself off as another.
    @Test(arguments: [[String](), ["-l"]])
    func offATerminalOneLineIsOneEntry(_ options: [String]) {
        plant()
        let result = home.run(bytes: [b("list"), b("caches")] + options.map { b($0) })
        #expect(result.status == 0)
        // With -l a tab ends each field; the name is the last (a tab in a name is escaped).
        let lines = result.stdout.split(separator: 10).map { Array($0.split(separator: 9).last ?? []) }
        #expect(lines == expected.sorted { $0.lexicographicallyPrecedes($1) }.map { b(EscapedText.escaping($0)) })
        #expect(lines.contains(b("evil\\nCACHEDIR.TAG")) && lines.contains(b("caf\\xE9.txt")))
    }

    @Test(arguments: ["-0", "--null"])
    func nullGivesEveryNameExactly(_ option: String) {
        plant()
        let result = home.run(bytes: [b("list"), b("caches"), b(option)])
        #expect(result.status == 0)
        #expect(result.stdout.last == 0)
        #expect(Set(result.stdout.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)) == expected)
        let long = home.run(bytes: [b("list"), b("-l0"), b("caches")])
        let names = long.stdout.split(separator: 0).map { Array($0.split(separator: 9, maxSplits: 4).last ?? []) }
        #expect(long.status == 0 && Set(names) == expected)
    }

    @Test func jsonGivesEveryEntryOnceWithItsBytes() throws {
        plant()
        let result = home.run(bytes: [b("list"), b("caches"), b("--json")])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        let names = try entries.map { entry -> [UInt8] in
            let name = try #require(entry["name"] as? String)
            guard let encoded = entry["nameBytes"] as? String else { return Array(name.utf8) }
            let bytes = try #require(Data(base64Encoded: encoded)).map { $0 }
            // Only a name that is not UTF-8 has its bytes beside its escaped text.
            #expect(String(validating: bytes, as: UTF8.self) == nil && name == EscapedText.escaping(bytes), "\(name)")
            return bytes
        }
        #expect(names.count == expected.count && Set(names) == expected)
    }

    @Test func clearPrintsPathsTheSameWays() throws {
        plant(sub: true)
        let all = Set(NameOutputTests.hostile + NameOutputTests.hostile.map { b("sub/") + $0 })
        let dry = home.run(bytes: [b("clear"), b("caches"), b("--dry-run"), b("-0")])
        #expect(dry.status == 0 && Set(dry.stdout.split(separator: 0).map(Array.init)) == all)
        // Off a terminal, one escaped line per path, in byte order (--verbose prints as --dry-run does).
        let plain = home.run(bytes: [b("clear"), b("caches"), b("--dry-run")]).stdout.split(separator: 10).map(Array.init)
        #expect(plain == all.sorted { $0.lexicographicallyPrecedes($1) }.map { b(EscapedText.escaping($0)) })
        let json = home.run(bytes: [b("clear"), b("caches"), b("--dry-run"), b("--json")])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let listed = try #require(report["removedPaths"] as? [[String: String]]).map { entry in
            entry["nameBytes"].flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? Array((entry["name"] ?? "").utf8)
        }
        #expect(listed.count == all.count && Set(listed) == all)
        let (status, output) = try runOnTerminal(["clear", "caches", "--verbose"])
        #expect(status == 0 && !NameOutputTests.rawControl(output))
        #expect(Set(output.split(separator: 10).map(Array.init)) == Set(all.map(ShellQuoted.quoted)))
        #expect(home.rawNames(in: "cache/shelf") == [b("CACHEDIR.TAG")])
    }
}

/// The shell quoting itself: GNU ls's shell-escape style, and names that paste back exactly.
@Suite struct ShellQuotedTests {
    /// What `ls --quoting-style=shell-escape` (GNU coreutils 9) prints for each name, in a UTF-8 locale.
    static let fromLs: [([UInt8], String)] = [
        (b("plain.txt"), "plain.txt"), (b("-x"), "-x"), (b("a%b"), "a%b"), (b("a+b,c:d@e"), "a+b,c:d@e"), (b("x]"), "x]"),
        (b("a b"), "'a b'"), (b("a'b"), #""a'b""#), (b("a'b c"), #""a'b c""#), (b("a'$b"), #"'a'\''$b'"#),
        (b("a'b\"c"), #"'a'\''b"c'"#), (b("a\"b"), #"'a"b'"#), (b("a$b"), "'a$b'"), (b("a=b"), "'a=b'"), (b("a\\b"), #"'a\b'"#),
        (b("~x"), "'~x'"), (b("x~"), "x~"), (b("#x"), "'#x'"), (b("x#"), "x#"), (b("{"), "'{'"), (b("}"), "'}'"), (b("{x"), "{x"),
        (b("a{b}"), "a{b}"), (b("!x"), "'!x'"), (b("a*b"), "'a*b'"), (b("a?b"), "'a?b'"), (b("[x"), "'[x'"), (b("^x"), "'^x'"),
        (b("a`b"), "'a`b'"), (b("a|b"), "'a|b'"), (b("a&b"), "'a&b'"), (b("a;b"), "'a;b'"), (b("(x"), "'(x'"), (b("a<b"), "'a<b'"),
        (b("evil\nCACHEDIR.TAG"), #"'evil'$'\n''CACHEDIR.TAG'"#), (b("esc\u{1B}[31mred"), #"'esc'$'\033''[31mred'"#),
        (b("tab\tx"), #"'tab'$'\t''x'"#), (b("del", 0x7F), #"'del'$'\177'"#), (b("caf", 0xE9, ".txt"), #"'caf'$'\351''.txt'"#),
        ([1], #"''$'\001'"#), (b("\u{07}\u{08}\u{0C}\u{0B}\r"), #"''$'\a\b\f\v\r'"#), (b("nel", 0xC2, 0x85, "x"), #"'nel'$'\302\205''x'"#),
        (b("\u{E9}"), "\u{E9}"),
    ]

    @Test(arguments: fromLs)
    func quotesAsGNULsDoes(_ name: [UInt8], _ shown: String) {
        #expect(ShellQuoted.quoted(name) == Array(shown.utf8), "\(String(decoding: ShellQuoted.quoted(name), as: UTF8.self))")
    }

    /// Pasted into bash, every quoted name is one word with exactly the name's bytes.
    @Test func quotedNamesPasteBackExactly() throws {
        let home = TestHome()
        let names = ShellQuotedTests.fromLs.map(\.0) + NameOutputTests.hostile
        for (index, name) in names.enumerated() {
            let quoted = String(decoding: ShellQuoted.quoted(name), as: UTF8.self)
            try Subprocess.run("/bin/bash", ["--norc", "-c", "printf %s \(quoted) > \(home.root)/out\(index)"], environment: [:]).expect(status: 0, about: quoted)
            #expect(FileManager.default.contents(atPath: "\(home.root)/out\(index)").map(Array.init) == name, "\(quoted)")
        }
    }
}
