import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// (clear of every directory, with and without --all: ClearConsentTests.)
@Suite struct ClearTests {
    let home = TestHome()

    func save(_ directory: String, _ paths: [String], _ contents: String = "1") {
        for path in paths { #expect(home.run(["save", directory, path], stdin: contents).status == 0) }
    }

    /// A clear empties its namespace folder but for the cache tag, and touches only its own
    /// directory and app.
    @Test func clearEmptiesTheNamespaceFolderAndKeepsTheCacheTag() {
        save("caches", ["a.json", "feeds/b.json", "feeds/deep/c.txt", "empty/.hidden"], "{}")
        #expect(mkdir(home.path("cache/shelf/bare"), 0o700) == 0)
        save("documents", ["keep.txt"])
        #expect(home.run(["--app", "other", "save", "caches", "theirs.txt"], stdin: "t").status == 0)
        try? home.write("cache/outside.txt", "o")
        let result = home.run(["clear", "caches"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(home.allPaths() == ["cache", "cache/other", "cache/other/CACHEDIR.TAG", "cache/other/theirs.txt",
                                    "cache/outside.txt", "cache/shelf", "cache/shelf/CACHEDIR.TAG", "docs", "docs/shelf",
                                    "docs/shelf/keep.txt", "run"])
        #expect(home.read("cache/shelf/CACHEDIR.TAG")?.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55") == true)
        #expect(home.read("docs/shelf/keep.txt") == "1")
        #expect(home.read("cache/other/theirs.txt") == "t")
        #expect(home.read("cache/outside.txt") == "o")
    }

    @Test func linksAreRemovedNeverFollowed() throws {
        try home.write("outside/precious.txt", "p")
        save("caches", ["real/a.txt"])
        #expect(symlink(home.path("outside"), home.path("cache/shelf/folder-link")) == 0)
        #expect(symlink(home.path("outside/precious.txt"), home.path("cache/shelf/real/file-link")) == 0)
        let result = home.run(["clear", "caches", "--verbose"]).expect(status: 0)
        #expect(result.stdout == "folder-link\nreal/a.txt\nreal/file-link\n")
        #expect(home.read("outside/precious.txt") == "p")
        #expect(!home.exists("cache/shelf/folder-link") && !home.exists("cache/shelf/real"))
    }

    @Test func olderThanRemovesOnlyFilesNotModifiedForThatLong() {
        save("caches", ["old.txt", "fresh.txt", "feeds/old.json", "feeds/fresh.json", "stale/only.txt"])
        for old in ["old.txt", "feeds/old.json", "stale/only.txt"] { home.setAge("cache/shelf/" + old, 8 * 86_400) }
        for fresh in ["fresh.txt", "feeds/fresh.json"] { home.setAge("cache/shelf/" + fresh, 6 * 86_400) }
        #expect(mkdir(home.path("cache/shelf/inbox"), 0o700) == 0)
        home.setAge("cache/shelf/inbox", 30 * 86_400)
        let result = home.run(["clear", "caches", "--older-than", "7d", "-v"]).expect(status: 0)
        #expect(result.stdout == "feeds/old.json\nold.txt\nstale/only.txt\n")
        #expect(home.exists("cache/shelf/fresh.txt") && home.exists("cache/shelf/feeds/fresh.json"))
        // The folder the clear emptied is gone; the one still holding a file stays, and so does one
        // that was already empty (with limits); without them it goes.
        #expect(!home.exists("cache/shelf/stale") && home.exists("cache/shelf/feeds"))
        #expect(home.exists("cache/shelf/inbox"))
        #expect(home.run(["clear", "caches"]).status == 0)
        #expect(!home.exists("cache/shelf/inbox"))
    }

    @Test func maxSizeRemovesTheLeastRecentlyModifiedUntilTheRestFit() {
        // Five files of 100 bytes, modified one hour apart; the limit keeps the newest two.
        let hundred = String(repeating: "z", count: 100)
        for (age, name) in ["e", "d", "c", "b", "a"].enumerated() {
            save("caches", ["s/\(name).bin"], hundred)
            home.setModified("cache/shelf/s/\(name).bin", to: 1_700_000_000 - Int64(age) * 3600)
        }
        let dry = home.run(["clear", "caches", "--max-size", "250", "--dry-run"]).expect(status: 0)
        #expect(dry.stdout == "s/a.bin\ns/b.bin\ns/c.bin\n")
        #expect(home.exists("cache/shelf/s/a.bin"))
        let result = home.run(["clear", "caches", "--max-size", "250", "--json"])
        #expect(result.stdout == #"{"removed":3,"freedBytes":300,"failed":[],"skipped":0,"dryRun":false,"removedPaths":null}"# + "\n")
        #expect(["d", "e"].allSatisfy { home.exists("cache/shelf/s/\($0).bin") })
        #expect(!home.exists("cache/shelf/s/c.bin"))
        // Already within the limit: nothing more goes.
        #expect(home.run(["clear", "caches", "--max-size", "200", "--json"]).stdout.hasPrefix(#"{"removed":0,"#))
    }

    @Test func maxSizeUnitsArePowersOf1024AndTheCacheTagDoesNotCount() {
        save("caches", ["a.bin"], String(repeating: "a", count: 1024))
        save("caches", ["b.bin"], String(repeating: "b", count: 1024))
        home.setModified("cache/shelf/a.bin", to: 1_600_000_000)
        #expect(home.run(["clear", "caches", "--max-size", "2K"]).status == 0)
        #expect(home.exists("cache/shelf/a.bin"))
        #expect(home.run(["clear", "caches", "--max-size", "1K"]).status == 0)
        #expect(!home.exists("cache/shelf/a.bin") && home.exists("cache/shelf/b.bin"))
        #expect(home.run(["clear", "caches", "--max-size", "0"]).status == 0)
        #expect(home.allPaths() == ["cache", "cache/shelf", "cache/shelf/CACHEDIR.TAG", "run"])
    }

    @Test func limitsCombineAsEitherReasonToRemove() throws {
        save("caches", ["old.txt"], "old")
        save("caches", ["gone.txt"], "gone")
        try home.saveExpiring(.caches, "expired.txt", "e", at: 978_307_200)
        save("caches", ["big.bin"], String(repeating: "b", count: 1000))
        save("caches", ["new.txt"], "new")
        home.setAge("cache/shelf/old.txt", 10 * 86_400)
        home.setAge("cache/shelf/gone.txt", 3 * 86_400)
        home.setAge("cache/shelf/big.bin", 2 * 86_400)
        let result = home.run(["clear", "caches", "--older-than", "5d", "--expired", "--max-size", "100", "-v"]).expect(status: 0)
        // old: too old; expired: expired; big and gone: oldest of the rest beyond 100 bytes.
        #expect(result.stdout == "big.bin\nexpired.txt\ngone.txt\nold.txt\n")
        #expect(home.read("cache/shelf/new.txt") == "new")
    }

    @Test func expiredRemovesOnlyFilesPastTheirExpiry() throws {
        try home.saveExpiring(.caches, "past.txt", "p", at: 1_577_836_800)
        #expect(home.run(["save", "caches", "later.txt", "--expires-in", "1d"], stdin: "l").status == 0)
        save("caches", ["never.txt"])
        home.setAge("cache/shelf/never.txt", 400 * 86_400)
        let result = home.run(["clear", "caches", "--expired", "--json"])
        #expect(result.stdout == #"{"removed":1,"freedBytes":1,"failed":[],"skipped":0,"dryRun":false,"removedPaths":null}"# + "\n")
        #expect(!home.exists("cache/shelf/past.txt"))
        #expect(home.exists("cache/shelf/later.txt") && home.exists("cache/shelf/never.txt"))
    }

    @Test func dryRunPrintsWhatWouldGoAndRemovesNothing() {
        save("caches", ["a.txt", "sub/b.txt"])
        let before = home.allPaths()
        let result = home.run(["clear", "caches", "-n"]).expect(status: 0)
        #expect(result.stdout == "a.txt\nsub/b.txt\n")
        #expect(home.allPaths() == before)
        let json = home.run(["clear", "caches", "--dry-run", "--json"])
        #expect(json.stdout == #"{"removed":2,"freedBytes":2,"failed":[],"skipped":0,"dryRun":true,"removedPaths":[{"name":"a.txt","path":"\#(home.path("cache/shelf/a.txt"))"},"#
            + #"{"name":"sub/b.txt","path":"\#(home.path("cache/shelf/sub/b.txt"))"}]}"# + "\n")
        #expect(home.allPaths() == before)
    }

    @Test func aFileAnotherProcessHoldsLockedIsSkippedNotTorn() throws {
        save("caches", ["busy/held.json"], "[1,2]")
        save("caches", ["busy/free.json"], "[]")
        // A lock held on another open file description stands for another shelf process.
        let fd = open(home.path("cache/shelf/busy/held.json"), O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_SH) == 0)
        let result = home.run(["clear", "caches", "--verbose"]).expect(status: 0)
        #expect(result.stdout == "busy/free.json\n")
        #expect(result.stderr.contains("skipped (in use or changed meanwhile): busy/held.json"))
        #expect(home.read("cache/shelf/busy/held.json") == "[1,2]")
        #expect(home.run(["clear", "caches", "--json"]).stdout.contains(#""skipped":1"#))
        flock(fd, LOCK_UN)
        #expect(home.run(["clear", "caches"]).status == 0)
        #expect(!home.exists("cache/shelf/busy"))
    }

    /// A temp file stays while a live writer holds its lock (as `TempFile` does from its creation);
    /// one nobody holds was left by a killed process and goes at once, whatever its age. A temporary
    /// folder (a copied tree being built, a folder replaced by `rename --force`) is held through its
    /// locked companion file: it stays while that lock is held, and goes with the companion once
    /// nobody holds it (a crash or a SIGKILL left it).
    @Test func shelfsOwnTempFilesAndFoldersStayWhileTheirWriterHoldsThem() {
        save("caches", ["w/a.txt"])
        let held = "cache/shelf/w/.shelf-tmp-held"
        let abandoned = "cache/shelf/.shelf-tmp-abandoned"
        let folder = "cache/shelf/.shelf-tmp-1f", companion = "cache/shelf/.shelf-tmp-1f.lock"
        try? home.write(held, "in progress")
        try? home.write(abandoned, "killed")
        try? home.write(folder + "/old/a.json", "{}")
        try? home.write(companion, "")
        let fd = open(home.path(held), O_RDWR), folderLock = open(home.path(companion), O_RDWR)
        #expect(flock(fd, LOCK_EX) == 0 && flock(folderLock, LOCK_EX) == 0)
        let result = home.run(["clear", "caches", "--json"])
        #expect(result.stdout.hasPrefix(#"{"removed":1,"#))
        #expect(home.exists(held) && !home.exists(abandoned))
        #expect(home.exists(folder + "/old/a.json") && home.exists(companion))
        // The folder still holds the save in progress, so it stays.
        #expect(home.exists("cache/shelf/w"))
        close(fd)
        close(folderLock)
        #expect(home.run(["clear", "caches"]).status == 0)
        #expect(!home.exists(held))
        #expect(!home.exists(folder) && !home.exists(companion))
    }

    /// A crashed append's journal goes with its file (an orphan once old); one beside a file the clear
    /// keeps stays, to roll that file back.
    @Test func aJournalGoesWithItsFileAndStaysBesideAFileTheClearKeeps() {
        save("caches", ["j/log.json", "keep.json"], "[1]")
        try? home.write("cache/shelf/j/.shelf-journal2-log.json", "journal of a crashed append")
        try? home.write("cache/shelf/j/.shelf-journal2-old-orphan.json", "data file long gone")
        try? home.write("cache/shelf/.shelf-journal2-new-orphan.json", "maybe an append starting")
        try? home.write("cache/shelf/.shelf-journal2-keep.json", "needed to roll keep.json back")
        home.setAge("cache/shelf/.shelf-journal2-keep.json", 5 * 86_400)
        #expect(home.run(["clear", "caches", "--older-than", "1d"]).status == 0)
        #expect(home.exists("cache/shelf/keep.json") && home.exists("cache/shelf/.shelf-journal2-keep.json"))
        home.setAge("cache/shelf/j/.shelf-journal2-old-orphan.json", 2 * 86_400)
        #expect(home.run(["clear", "caches"]).status == 0)
        #expect(!home.exists("cache/shelf/j"))
        #expect(home.exists("cache/shelf/.shelf-journal2-new-orphan.json"))
    }

    @Test(arguments: [["--older-than", "7 parsecs"], ["--older-than", "7y"], ["--older-than", "1h30"], ["--max-size", "10Q"], ["--max-size", "-1"],
                      ["--json", "--null", "--verbose"], ["--null"], ["--older-than"], ["feeds", "extra"],
                      ["--keep-newest", "-2"], ["--keep-newest"], ["--keep-newest", "x"], ["--keep-newest", "1.5"], ["--keep-newest", ""],
                      ["--keep-newest", "2k"], ["--keep-newest", "+3"]])
    func badOptionsAreUsageErrorsAndRemoveNothing(_ words: [String]) {
        save("caches", ["a.txt"])
        let result = home.run(["clear", "caches"] + words).expect(status: 64, saying: "usage: shelf clear", about: "\(words)")
        #expect(home.exists("cache/shelf/a.txt"))
        // A bad duration names the option and the accepted forms.
        if words.count == 2 && words[0] == "--older-than" {
            #expect(result.stderr.contains("--older-than '\(words[1])'") && result.stderr.contains("7d"), "\(result.stderr)")
        }
    }
}
