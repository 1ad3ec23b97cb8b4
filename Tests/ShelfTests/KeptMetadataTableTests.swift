import Glibc
import Testing
@testable import ShelfCore

/// Every command that rewrites a stored file × every piece of metadata shelf records about it
/// (issue 22, item 6): the permission bits, the expiry time, the do-not-backup flag, and any other
/// `user.` extended attribute. A rewrite keeps all of them; a copy, move or rename onto the file
/// puts another file there, which brings its own (and nothing of the file it replaces).
@Suite struct KeptMetadataTableTests {
    let home = TestHome()

    /// One piece of metadata: how to read it from a file of the test home.
    enum Piece: String, CaseIterable {
        case mode, expiry, doNotBackup, otherAttribute
    }

    /// Whose metadata the file has after the command.
    enum Owner { case replacedFile, source }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The file (relative to the test home) the command rewrites.
        var file = "cache/shelf/m.json"
        /// Commands with their standard input that make the file (before metadata is given).
        var setup = KeptMetadataTableTests.stored
        let arguments: [String]
        var stdin = ""
        var environment: [String: String] = [:]
        /// For a copy or move: the source, given metadata of its own.
        var source: String?
        var owner: Owner = .replacedFile
        var testDescription: String { name }
    }

    /// The file most commands rewrite, as it is made.
    static let stored: [([String], String)] = [(["save", "caches", "m.json"], "{\"a\":1}")]

    static let cases: [Case] = [
        Case(name: "save", arguments: ["save", "caches", "m.json"], stdin: "{\"b\":2}"),
        Case(name: "save --from-command", arguments: ["save", "caches", "m.json", "--from-command", "--", "echo", "{\"b\":2}"],
             environment: ["PATH": "/usr/bin:/bin"]),
        Case(name: "update", arguments: ["update", "caches", "m.json", "--", "sed", "s/a/c/"],
             environment: ["PATH": "/usr/bin:/bin"]),
        Case(name: "edit", arguments: ["edit", "caches", "m.json"], environment: ["VISUAL": "sed -i s/a/e/"]),
        Case(name: "append --wrap (rewrites a single value as an array)", arguments: ["append", "caches", "m.json", "--wrap"],
             stdin: "{\"f\":1}"),
        Case(name: "append (in place)", setup: [(["save", "caches", "m.json"], "[{\"a\":1}]")],
             arguments: ["append", "caches", "m.json"], stdin: "{\"f\":1}"),
        Case(name: "sync (an element whose bytes changed)", file: "cache/shelf/u/1.json",
             setup: [(["save", "caches", "u/1.json"], "{\"id\":\"1\"}")], arguments: ["sync", "caches", "u"],
             stdin: "[{\"id\":\"1\",\"v\":2}]"),
        Case(name: "copy --force", setup: stored + [(["save", "documents", "m.json"], "{\"s\":1}")],
             arguments: ["copy", "documents", "m.json", "caches", "--force"], source: "docs/shelf/m.json", owner: .source),
        Case(name: "move --force", setup: stored + [(["save", "documents", "m.json"], "{\"s\":1}")],
             arguments: ["move", "documents", "m.json", "caches", "--force"], source: "docs/shelf/m.json", owner: .source),
        Case(name: "rename --force", setup: stored + [(["save", "caches", "s.json"], "{\"s\":1}")],
             arguments: ["rename", "caches", "s.json", "m.json", "--force"], source: "cache/shelf/s.json", owner: .source),
    ]

    /// The metadata of the file replaced, and (different in every piece) of a copy's or move's source.
    static let replacedValues: [Piece: String] = [.mode: "640", .expiry: "4102444800", .doNotBackup: "false", .otherAttribute: "replaced"]
    static let sourceValues: [Piece: String] = [.mode: "604", .expiry: "4133980800", .otherAttribute: "source"]

    static let attributeNames: [Piece: String] = [.expiry: "user.shelf.expires", .doNotBackup: "user.xdg.robots.backup",
                                                  .otherAttribute: "user.test.note"]

    func give(_ values: [Piece: String], to relative: String) {
        for (piece, value) in values {
            if piece == .mode {
                #expect(chmod(home.path(relative), mode_t(value, radix: 8)!) == 0)
            } else {
                let name = Self.attributeNames[piece]!
                let fd = open(home.path(relative), O_RDONLY | O_NONBLOCK)
                #expect(fd >= 0)
                defer { close(fd) }
                #expect(throws: Never.self, "set \(name) on \(relative)") {
                    try ExtendedAttributes.set(SystemString(name), Array(value.utf8), on: FileDescriptor(raw: fd, path: relative))
                }
            }
        }
    }

    func read(_ piece: Piece, of relative: String) -> String? {
        if piece == .mode {
            var st = stat()
            guard lstat(home.path(relative), &st) == 0 else { return nil }
            return String(UInt32(st.st_mode) & 0o7777, radix: 8)
        }
        return home.attribute(Self.attributeNames[piece]!, of: relative)
    }

    @Test(arguments: cases)
    func everyRewriteKeepsEveryPieceOfMetadata(_ c: Case) {
        for (words, stdin) in c.setup { #expect(home.run(words, stdin: stdin).status == 0) }
        give(Self.replacedValues, to: c.file)
        if let source = c.source { give(Self.sourceValues, to: source) }
        let before = home.read(c.file)
        home.expect(c.arguments, stdin: c.stdin, environment: c.environment, status: 0)
        #expect(home.read(c.file) != before, "\(c.name) did not change the file")
        let expected = c.owner == .source ? Self.sourceValues : Self.replacedValues
        for piece in Piece.allCases {
            #expect(read(piece, of: c.file) == expected[piece], "\(c.name) × \(piece.rawValue)")
        }
    }

    /// A save over a file with an expiry keeps it and says so in its report; an option of the save
    /// itself wins over what the file carried (a new time, or none); the rest is kept either way.
    /// An expiry already passed is not carried onto new content: a cron job renewing an expired
    /// token with a plain save gets a readable file.
    @Test(arguments: [("4102444800", [], "4102444800"), ("4102444800", ["--expires-at", "2100-01-02T00:00:00Z"], "4102531200"),
                      ("4102444800", ["--no-expiry"], nil), ("1000000000", [], nil)] as [(String, [String], String?)])
    func aSaveKeepsOrTakesTheExpiryAndKeepsTheRest(_ carried: String, _ words: [String], _ expiry: String?) {
        #expect(home.run(["save", "caches", "t"], stdin: "one").status == 0)
        give(Self.replacedValues.merging([.expiry: carried]) { $1 }, to: "cache/shelf/t")
        #expect(home.run(["retrieve", "caches", "t"]).status == (carried == "1000000000" ? 3 : 0))
        let result = home.expect(["save", "caches", "t", "--json"] + words, stdin: "two", status: 0)
        #expect(result.stdout.contains("\"expires\":\(expiry ?? "null")"), "\(words): \(result.stdout)")
        #expect(read(.expiry, of: "cache/shelf/t") == expiry)
        for piece in [Piece.mode, .doNotBackup, .otherAttribute] {
            #expect(read(piece, of: "cache/shelf/t") == Self.replacedValues[piece], "\(words) × \(piece.rawValue)")
        }
        #expect(home.run(["retrieve", "caches", "t"]).stdout == "two")
    }
}
