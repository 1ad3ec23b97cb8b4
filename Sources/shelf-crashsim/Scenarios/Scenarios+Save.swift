/// Every operation shelf offers, as scenarios. The data are small but cross 4 KiB blocks where it
/// matters (a block is what a power cut keeps or loses of a file's data).
enum Scenarios {
    static var all: [Scenario] { saves + appends + transfers + fallbacks + removals + recoveries }

    /// A JSON object of about `size` bytes.
    static func json(_ tag: String, size: Int) -> String {
        let head = "{\"tag\":\"\(tag)\",\"pad\":\""
        return head + String(repeating: "x", count: max(0, size - head.count - 3)) + "\"}\n"
    }

    /// The next commands of every kind, on the stored path `path` of `directory`.
    static func next(_ directory: String, _ path: String, append item: String?) -> [Command] {
        var commands = [
            Command("retrieve \(directory) \(path)", expect: 0),
            Command("save \(directory) \(path)", input: path.hasSuffix(".json") ? "{\"saved\":\"next\"}" : "saved next\n"),
            Command("copy \(directory) \(path) \(directory) next-copy"),
            Command("rename \(directory) \(path) next-name"),
            Command("remove \(directory) \(path)"),
            Command("list -lR \(directory)"),
            Command("save \(directory) next/new.json", input: "[]"),
            Command("clear \(directory) --all"),
        ]
        if let item { commands.append(Command("append \(directory) \(path)", input: item)) }
        return commands
    }

    static var saves: [Scenario] {
        [
            Scenario(name: "save-json", summary: "save of a .json from standard input over an old one, in a subfolder",
                     setup: [Command("save documents notes/a.json", input: json("old", size: 600))],
                     steps: [Command("save documents notes/a.json", input: json("new", size: 5000))], probe: "notes/a.json"),
            Scenario(name: "save-large", summary: "save of 10 blocks over 6: many blocks a power cut keeps or loses",
                     setup: [Command("save documents large.bin", input: String(repeating: "o", count: 6 * 4096 - 5))],
                     steps: [Command("save documents large.bin", input: String(repeating: "n", count: 10 * 4096 + 7))],
                     probe: "large.bin", append: "more\n"),
            Scenario(name: "save-file", summary: "save --file (copied inside the kernel) over an old file",
                     setup: [Command("save documents copy.txt", input: "old\n")],
                     steps: [Command("save documents copy.txt --file \(Machine.inputFile)")], probe: "copy.txt", append: "more\n"),
            Scenario(name: "save-new-folders", summary: "save of a new file into folders that do not exist yet",
                     setup: [Command("save documents other.json", input: "1")],
                     steps: [Command("save documents x/y/z.json", input: json("new", size: 300))], probe: "x/y/z.json"),
            Scenario(name: "save-first", summary: "the very first save: base folders, namespace and CACHEDIR.TAG made",
                     steps: [Command("save caches first.json", input: json("first", size: 200))], probe: "first.json"),
            Scenario(name: "save-twice", summary: "two saves in a row: the first, acknowledged, survives a crash in the second",
                     setup: [Command("save documents t.json", input: "0")],
                     steps: [Command("save documents t.json", input: json("one", size: 4500)),
                             Command("save documents t.json", input: json("two", size: 100))], probe: "t.json"),
            Scenario(name: "save-expiring", summary: "save --expires-in to temporary (the expiry is an extended attribute)",
                     setup: [Command("save temporary e.json", input: "\"old\"")],
                     steps: [Command("save temporary e.json --expires-in 1h", input: json("new", size: 100))], probe: "e.json"),
            Scenario(name: "save-expiring-index", summary: "the same where the file system has no user attributes (.shelf-expiry index)",
                     setup: [Command("save temporary e.json", input: "\"old\"")],
                     steps: [Command("save temporary e.json --expires-in 1h", input: json("new", size: 100))],
                     probe: "e.json", secondDeviceLacks: [.attributes]),
            Scenario(name: "update", summary: "update of a .json by a program (modelled by its output) under the file's lock",
                     setup: [Command("save documents u.json", input: json("old", size: 600))],
                     steps: [Command("!program-update documents u.json", input: json("new", size: 5000))], probe: "u.json"),
            Scenario(name: "update-create", summary: "update --create of a missing file in a new folder",
                     setup: [Command("save documents other.json", input: "1")],
                     steps: [Command("!program-update documents n/u.json create", input: json("new", size: 300))], probe: "n/u.json"),
            Scenario(name: "update-failed", summary: "update whose program fails after printing: the old file stays",
                     setup: [Command("save documents u.json", input: json("old", size: 600))],
                     steps: [Command("!program-update documents u.json fail", input: json("new", size: 5000), expect: 1)], probe: "u.json"),
            Scenario(name: "save-refused", summary: "a save refused for invalid JSON leaves the old file",
                     setup: [Command("save documents keep.json", input: "[1]")],
                     steps: [Command("save documents keep.json", input: "{\"broken\": ", expect: 65)], probe: "keep.json"),
        ]
    }
}
