import Foundation
import Testing

/// What only a real process has: arguments and environment as raw bytes, and standard descriptors
/// that may be closed (issue 12, items 5 and 14). The built binary runs under `sh`, whose `printf`
/// makes the bytes (Foundation passes arguments as text).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
struct ProcessBytesEndToEndTests {
    let home = TestHome()

    @Test func argumentsKeepTheirBytes() throws {
        let saved = try home.sh(#"echo one | "$S" save caches "$(printf 'caf\351.txt')" && echo two | "$S" save caches "$(printf 'caf\350.txt')""#)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(home.rawNames(in: "cache/shelf") == [b("CACHEDIR.TAG"), b("caf", 0xE8, ".txt"), b("caf", 0xE9, ".txt")])
        #expect(try home.sh(#""$S" retrieve caches "$(printf 'caf\351.txt')""#).stdout == "one\n")
        #expect(try home.sh(#""$S" retrieve caches "$(printf 'caf\350.txt')""#).stdout == "two\n")
        #expect(try home.sh(#""$S" list caches"#).stdout == "caf\\xE8.txt\ncaf\\xE9.txt\n")
        #expect(try home.sh(#""$S" remove caches "$(printf 'caf\350.txt')" && "$S" clear caches"#).status == 0)
        #expect(home.rawNames(in: "cache/shelf") == [b("CACHEDIR.TAG")])
    }

    /// `XDG_CACHE_HOME=…/c\xFF` must never write into `…/c\u{FFFD}` (nor anywhere else).
    @Test func aFolderVariableThatIsNotUTF8IsRefused() throws {
        let result = try home.sh(#"XDG_CACHE_HOME="$HOME/$(printf 'c\377')" "$S" save caches a.txt"#, stdin: "a").expect(status: 64)
        #expect(result.stderr.contains("XDG_CACHE_HOME") && result.stderr.contains("not valid UTF-8"))
        #expect(home.rawNames(in: "").allSatisfy { !$0.starts(with: b("c")) || $0 == b("cache") || $0 == b("config") })
        let app = try home.sh(#""$S" --app "$(printf '\377')" save caches a.txt"#, stdin: "a")
        #expect(app.status == 64 && app.stderr.contains("--app"))
        let envApp = try home.sh(#"SHELF_APP="$(printf '\377')" "$S" save caches a.txt"#, stdin: "a")
        #expect(envApp.status == 64 && envApp.stderr.contains("SHELF_APP") && envApp.stderr.contains("not valid UTF-8"))
        #expect(!home.exists("cache"))
    }

    /// A closed standard input is no input, never an empty one (issue 21, item 11): every command
    /// that reads it refuses (64) and the stored files stay; `</dev/null` is how to store nothing.
    @Test func aClosedStandardInputIsRefusedNotTakenForEmpty() throws {
        #expect(try home.sh("printf good | \"$S\" save caches a.txt && printf '[1]' | \"$S\" save caches list.json").status == 0)
        for command in ["save caches a.txt", "save caches new.txt", "save caches bad.json", "append caches list.json",
                        "append caches folder/", "sync caches users"] {
            try home.sh("\"$S\" \(command) <&-").expect(status: 64, saying: "standard input was closed", about: command)
        }
        #expect(home.read("cache/shelf/a.txt") == "good" && home.read("cache/shelf/list.json") == "[1]")
        #expect(!home.exists("cache/shelf/new.txt") && !home.exists("cache/shelf/folder") && !home.exists("cache/shelf/users"))
        // --file needs no standard input; an empty input is still an empty file.
        try home.write("in.txt", "from file")
        #expect(try home.sh("\"$S\" save caches a.txt --file \"$HOME/in.txt\" <&-").status == 0)
        #expect(try home.sh("\"$S\" save caches empty.txt </dev/null").status == 0)
        #expect(home.read("cache/shelf/a.txt") == "from file" && home.read("cache/shelf/empty.txt") == "")
    }

    /// A closed standard output is unwritable, never the first file shelf opens: the stored files
    /// stay as they were and retrieve reports the lost output.
    @Test func aClosedStandardOutputIsUnwritableAndNoFileGetsTheOutput() throws {
        #expect(try home.sh("printf stored | \"$S\" save caches a.txt && printf other | \"$S\" save caches b.txt").status == 0)
        let retrieved = try home.sh("\"$S\" retrieve caches a.txt >&-")
        #expect(retrieved.status == 74 && retrieved.stderr.contains("<stdout>"))
        #expect(try home.sh("\"$S\" retrieve --each caches a.txt >&-").status != 0)
        // Printing commands finish and report the lost output (74); none crashes, none exits 0.
        for command in ["list -l caches", "path caches a.txt", "dirs", "copy caches a.txt documents --print-path"] {
            try home.sh("\"$S\" \(command) >&-").expect(status: 74, saying: "<stdout>", about: command)
        }
        #expect(home.read("cache/shelf/a.txt") == "stored" && home.read("cache/shelf/b.txt") == "other")
        #expect(home.read("docs/shelf/a.txt") == "stored")
    }

    @Test func aClosedStandardErrorLosesOnlyTheMessages() throws {
        #expect(try home.sh("printf x | \"$S\" save caches a.txt 2>&-").status == 0)
        #expect(try home.sh("\"$S\" retrieve caches missing 2>&-").status == 66)
        #expect(try home.sh("\"$S\" retrieve caches a.txt 2>&- >&- <&-").status == 74)
        #expect(home.read("cache/shelf/a.txt") == "x")
        #expect(home.rawNames(in: "cache/shelf") == [b("CACHEDIR.TAG"), b("a.txt")])
    }
}
