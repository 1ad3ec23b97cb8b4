import Foundation
import Glibc
import Testing
@testable import ShelfCLI

/// The completion scripts are checked in, generated from the table, and complete what shelf
/// accepts: the bash one is sourced by bash and asked, like bash asks it on Tab.
@Suite struct CompletionTests {
    let home = TestHome()

    static let scripts = [("bash", "completions/shelf.bash"), ("zsh", "completions/_shelf"), ("fish", "completions/shelf.fish")]

    @Test(arguments: scripts)
    func checkedInScriptIsUpToDate(_ shell: String, _ file: String) throws {
        let printed = home.run(["completions", shell])
        #expect(printed.status == 0 && printed.stderr.isEmpty)
        #expect(try Subprocess.read(file) == printed.stdout,
                "\(file) is out of date with the command table: run 'make docs' and commit the result")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyVisibleCommandAndOptionIsInTheScript(_ shell: String) {
        let script = home.run(["completions", shell]).stdout
        for command in CommandTable.visible {
            #expect(script.contains(command.name), "\(command.name)")
            for option in command.allOptions { #expect(script.contains(option.name), "\(command.name) --\(option.name)") }
        }
        for directory in CompletionModel.directories { #expect(script.contains(directory)) }
    }

    // MARK: bash, sourced and asked

    /// The test home's environment with the built shelf first on PATH, as the scripts run it.
    var environment: [String: String] {
        home.environment.merging(["PATH": URL(fileURLWithPath: BuiltBinary.path).deletingLastPathComponent().path + ":/usr/bin:/bin"]) { $1 }
    }

    /// What the bash script offers for the words typed (the last one is under the cursor).
    func bash(_ words: [String]) throws -> [String] {
        let driver = #"source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _shelf; printf '%s\n' "${COMPREPLY[@]}""#
        let result = try Subprocess.run("/bin/bash", ["--norc", "-c", driver, Subprocess.repository.path + "/completions/shelf.bash"] + words,
                                        environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func storeSome() {
        #expect(home.run(["save", "caches", "feeds/today.json"], stdin: "{}").status == 0)
        home.save(("caches", "feeds/my file.txt", "x"), ("caches", "feeds/archive/old.json", "[]"), ("caches", ".hidden", "h"))
        #expect(home.run(["--app", "other", "save", "caches", "elsewhere.txt"], stdin: "o").status == 0)
        #expect(home.run(["save", "sharedContainer:team", "t/shared.txt"], stdin: "s").status == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
    func bashCompletesCommandsOptionsAndDirectories() throws {
        #expect(try bash(["shelf", "re"]) == ["retrieve", "remove", "rename"])
        #expect(try bash(["shelf", "--v"]) == ["--version"])
        #expect(try bash(["shelf", "save", "--p"]) == ["--print-path"])
        #expect(try bash(["shelf", "capacity", "--"]).contains("--human"))
        #expect(try bash(["shelf", "save", "ca"]) == ["caches"])
        #expect(try bash(["shelf", "save", "sh"]) == ["sharedContainer:"])
        #expect(try bash(["shelf", "move", "caches", "a.txt", "t"]) == ["temporary"])
        #expect(try bash(["shelf", "help", "co"]) == ["copy", "completions"])
        #expect(try bash(["shelf", "completions", ""]) == ["bash", "zsh", "fish"])
        #expect(try bash(["shelf", "--app", "x", "sa"]) == ["save"])
        // The hidden helper is never offered.
        #expect(try bash(["shelf", "__"]).isEmpty)
        // After --, words are arguments, not options.
        #expect(try bash(["shelf", "save", "caches", "--", "--"]).isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
    func bashCompletesStoredPathsAppsGroupsAndPrograms() throws {
        storeSome()
        #expect(try bash(["shelf", "retrieve", "caches", ""]) == ["feeds/"])
        // A repeated last argument (remove, exists) completes the same kind for every later word.
        #expect(try bash(["shelf", "remove", "caches", "feeds/today.json", "fe"]) == ["feeds/"])
        #expect(try bash(["shelf", "exists", "caches", "a", "b", "fe"]) == ["feeds/"])
        #expect(try bash(["shelf", "clear", "caches", "fe"]) == ["feeds/"])
        #expect(try bash(["shelf", "clear", "caches", "feeds/", ""]).isEmpty)
        #expect(try bash(["shelf", "retrieve", "caches", "feeds/"]) == ["feeds/archive/", "feeds/my file.txt", "feeds/today.json"])
        #expect(try bash(["shelf", "retrieve", "caches", "feeds/t"]) == ["feeds/today.json"])
        #expect(try bash(["shelf", "retrieve", "caches", "."]) == [".hidden"])
        #expect(try bash(["shelf", "retrieve", "documents", ""]).isEmpty)
        // The app typed before or after the command, and a shared container bash split at ':'.
        #expect(try bash(["shelf", "--app", "other", "retrieve", "caches", ""]) == ["elsewhere.txt"])
        #expect(try bash(["shelf", "retrieve", "caches", "--app", "other", "e"]) == ["elsewhere.txt"])
        #expect(try bash(["shelf", "--app", "=", "other", "retrieve", "caches", ""]) == ["elsewhere.txt"])
        #expect(try bash(["shelf", "retrieve", "sharedContainer", ":", "team", "t/"]) == ["t/shared.txt"])
        // copy's <new-path> is in <to-directory>; rename's <new-path> in <directory>.
        #expect(try bash(["shelf", "copy", "documents", "x", "caches", "f"]) == ["feeds/"])
        #expect(try bash(["shelf", "rename", "caches", "feeds/today.json", "feeds/m"]) == ["feeds/my file.txt"])
        // Options taking a value skip it when counting arguments.
        #expect(try bash(["shelf", "sync", "--key", "slug", "caches", "fe"]) == ["feeds/"])
        #expect(try bash(["shelf", "dirs", "--group", ""]).isEmpty)
        // Issue 22 item 17: `--app` offers the apps present, `sharedContainer:` the groups present
        // (however bash split the word), and after `--` the program is a command on PATH.
        #expect(try bash(["shelf", "--app", ""]) == ["other", "shelf"])
        #expect(try bash(["shelf", "retrieve", "caches", "--app", "o"]) == ["other"])
        #expect(try bash(["shelf", "list", "sharedContainer", ":"]) == ["team"])
        #expect(try bash(["shelf", "list", "sharedContainer", ":", "t"]) == ["team"])
        #expect(try bash(["shelf", "list", "sharedContainer:t"]) == ["sharedContainer:team"])
        // The program follows '--': offered when missing, then the commands on PATH.
        #expect(try bash(["shelf", "update", "caches", "a.json", ""]) == ["--"])
        #expect(try bash(["shelf", "update", "caches", "a.json", "--", "shel"]).contains("shelf"))
        #expect(try bash(["shelf", "save", "caches", "a.json", "--from-command", "--", "shel"]).contains("shelf"))
        #expect(!(try bash(["shelf", "update", "caches", "a.json", "--", "sort", "fe"])).contains("feeds/"))
    }

    // MARK: fish and zsh, when installed

    @Test(.enabled(if: Subprocess.which("fish") != nil && FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
    func fishCompletesTheSameWords() throws {
        storeSome()
        func fish(_ line: String) throws -> [String] {
            let result = try Subprocess.run(Subprocess.which("fish")!, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                                            Subprocess.repository.path + "/completions/shelf.fish", line], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try fish("shelf re") == ["remove", "rename", "retrieve"])
        #expect(try fish("shelf save ca") == ["caches"])
        #expect(try fish("shelf save --p") == ["--print-path"])
        #expect(try fish("shelf retrieve caches feeds/") == ["feeds/archive/", "feeds/my file.txt", "feeds/today.json"])
        #expect(try fish("shelf --app other retrieve caches ") == ["elsewhere.txt"])
        #expect(try fish("shelf retrieve sharedContainer:team t/") == ["t/shared.txt"])
    }

    @Test(.enabled(if: Subprocess.which("zsh") != nil && FileManager.default.isExecutableFile(atPath: BuiltBinary.path)))
    func zshScriptOffersTheSameWords() throws {
        storeSome()
        // compadd and _describe only run inside the line editor: stand-ins print what would be offered.
        let driver = """
            compadd() { print -r -- "${@[(r)--,-1][2,-1]}" }
            _describe() { print -r -- ${(P)4} }
            _files() { print files }
            _call_program() { shift; eval "$@" }
            compdef() {}
            source $1
            shift
            words=("$@"); CURRENT=$#; PREFIX=${words[-1]}
            _shelf
            """
        func zsh(_ words: [String]) throws -> String {
            let result = try Subprocess.run(Subprocess.which("zsh")!, ["-f", "-c", driver, "zsh", Subprocess.repository.path + "/completions/_shelf"] + words,
                                            environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try zsh(["shelf", "retrieve", "caches", "feeds/"]).contains("feeds/my file.txt feeds/today.json"))
        #expect(try zsh(["shelf", "--app", "other", "retrieve", "caches", ""]).contains("elsewhere.txt"))
        #expect(try zsh(["shelf", "save", "c"]).contains("documents caches applicationSupport temporary"))
        #expect(try zsh(["shelf", "save", "x", "y", "--file", ""]) == "files\n")
        #expect(try zsh(["shelf", "save", "--"]).contains("--print-path:print the absolute path"))
    }

    // MARK: the hidden helper

    /// __complete-name lists each app once (here in two directories) and the groups; __complete-path
    /// lists one level and hides what shelf never shows.
    @Test func theHiddenHelpersListNamesAndOneLevelOfPaths() throws {
        storeSome()
        #expect(home.run(["save", "documents", "d.txt"], stdin: "d").status == 0)
        #expect(home.run(["__complete-name", "app"]).stdout == "other\nshelf\n")
        #expect(home.run(["__complete-name", "app", "s"]).stdout == "shelf\n")
        #expect(home.run(["__complete-name", "group"]).stdout == "team\n")
        #expect(home.run(["__complete-name", "nonsense"]).stdout == "")
        try home.write("cache/shelf/feeds/.shelf-tmp-abc", "partial")
        symlink("/etc", home.path("cache/shelf/feeds/link"))
        let before = home.allPaths()
        #expect(home.run(["__complete-path", "caches", "feeds/"]).stdout == "feeds/archive/\nfeeds/my file.txt\nfeeds/today.json\n")
        #expect(home.run(["__complete-path", "caches", "feeds/."]).stdout.isEmpty)
        #expect(home.run(["__complete-path", "caches"]).stdout == "feeds/\n")
        #expect(home.run(["__complete-path", "caches", "feeds/link/"]).stdout.isEmpty)
        #expect(home.run(["__complete-path", "caches", "../"]).stdout.isEmpty)
        #expect(home.run(["__complete-path", "caches", "/etc/"]).stdout.isEmpty)
        #expect(home.run(["__complete-path", "nowhere", ""]).status == 0)
        #expect(home.run(["__complete-path", "documents", "a/b/"]).stdout.isEmpty)
        #expect(home.allPaths() == before, "completion never creates anything")
    }
}
