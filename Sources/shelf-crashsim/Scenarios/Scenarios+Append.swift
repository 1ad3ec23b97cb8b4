extension Scenarios {
    static var appends: [Scenario] {
        [
            Scenario(name: "append-array", summary: "two appends to a .json array: a journal made and deleted for each",
                     setup: [Command("save documents log.json", input: "[1,2]\n")],
                     steps: [Command("append documents log.json", input: "3"),
                             Command("append documents log.json", input: json("four", size: 300))], probe: "log.json"),
            Scenario(name: "append-array-large", summary: "append of 3 blocks to an array of 3 blocks, twice",
                     setup: [Command("save documents large.json", input: "[" + json("one", size: 12000) + "]")],
                     steps: [Command("append documents large.json", input: json("two", size: 9000)),
                             Command("append documents large.json", input: json("three", size: 9000))], probe: "large.json"),
            Scenario(name: "append-array-each", summary: "append --each of three elements to an array",
                     setup: [Command("save documents each.json", input: "[0]")],
                     steps: [Command("append documents each.json --each", input: "[1,{\"two\":2},\"three\"]")], probe: "each.json"),
            Scenario(name: "append-array-new", summary: "append to a .json that does not exist yet (written whole)",
                     setup: [Command("save documents other.json", input: "1")],
                     steps: [Command("append documents fresh.json", input: "{\"a\":1}")], probe: "fresh.json"),
            Scenario(name: "append-array-wrap", summary: "append --wrap to a .json holding an object: rewritten as an array",
                     setup: [Command("save documents one.json", input: "{\"a\":1}")],
                     steps: [Command("append documents one.json --wrap", input: "2")], probe: "one.json"),
            Scenario(name: "append-jsonl", summary: "JSON Lines: one line, then --each of two",
                     setup: [Command("save documents ev.jsonl", input: "{\"a\":1}\n")],
                     steps: [Command("append documents ev.jsonl", input: "{\"b\":2}\n"),
                             Command("append documents ev.jsonl --each", input: "[{\"c\":3},{\"d\":4}]")], probe: "ev.jsonl"),
            Scenario(name: "append-jsonl-unterminated", summary: "JSON Lines whose last line lacks its newline",
                     setup: [Command("save documents raw.jsonl --raw", input: "{\"a\":1}")],
                     steps: [Command("append documents raw.jsonl", input: "{\"b\":2}")], probe: "raw.jsonl"),
            Scenario(name: "append-raw", summary: "two appends to a byte file, the second across a block boundary",
                     setup: [Command("save documents r.txt", input: String(repeating: "r", count: 4090))],
                     steps: [Command("append documents r.txt", input: "hello\n"),
                             Command("append documents r.txt", input: String(repeating: "w", count: 4200))], probe: "r.txt", append: "more\n"),
            Scenario(name: "append-folder", summary: "append to a folder of numbered files, single",
                     setup: [Command("append documents items/", input: "a")],
                     steps: [Command("append documents items/", input: "b")], probe: "items/0", append: nil),
            Scenario(name: "append-folder-new", summary: "append to a folder that does not exist yet",
                     setup: [Command("save documents other.json", input: "1")],
                     steps: [Command("append documents fresh/", input: "first")], probe: "fresh/0", append: nil),
            // Not all or nothing: each element is its own atomic append, its name synced before the
            // next is linked (docs/reliability.md, "Power loss"). A cut run leaves the first
            // elements, each whole under its number; the next append takes a number of its own.
            Scenario(name: "append-folder-each", summary: "append --each of three elements to a folder (a prefix of them, each whole)",
                     setup: [Command("append documents items/", input: "a")],
                     steps: [Command("append documents items/ --each", input: "[\"c\",{\"d\":4},5]")],
                     oracle: .numberedPrefix(directory: "documents", folder: "items/"),
                     probe: "items/0", append: nil, more: [Command("append documents items/", input: "next")]),
        ]
    }
}
