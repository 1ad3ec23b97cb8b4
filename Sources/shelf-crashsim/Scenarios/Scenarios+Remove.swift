extension Scenarios {
    static var removals: [Scenario] {
        [
            Scenario(name: "remove-file", summary: "remove of a file with its journal",
                     setup: [Command("save documents r.json", input: "[1]"), Command("append documents r.json", input: "2"),
                             Command("save documents stay.json", input: "\"stay\"")],
                     steps: [Command("remove documents r.json")], probe: "stay.json"),
            Scenario(name: "remove-folder", summary: "remove of a folder tree (file by file)",
                     setup: tree("documents") + [Command("save documents stay.json", input: "\"stay\"")],
                     steps: [Command("remove -r documents tree")], oracle: .perItem, probe: "stay.json"),
            Scenario(name: "clear", summary: "clear of a directory with files, a journal and a subfolder",
                     setup: tree("caches") + [Command("save caches top.json", input: json("top", size: 5000))],
                     steps: [Command("clear caches")], oracle: .perItem, probe: "top.json"),
            Scenario(name: "clear-folder", summary: "clear of one folder's tree: the rest of the directory untouched",
                     setup: tree("caches") + tree("caches", "other") + [Command("save caches top.json", input: json("top", size: 300))],
                     steps: [Command("clear caches tree")], oracle: .perItem, probe: "other/a.json"),
            Scenario(name: "clear-keep-newest", summary: "clear --keep-newest of a folder with --older-than: only the older files go",
                     setup: tree("caches") + [Command("save caches tree/newest.json", input: json("newest", size: 300))],
                     steps: [Command("clear caches tree --keep-newest 1 --older-than 0s")], oracle: .perItem, probe: "tree/newest.json"),
            // Folders that stay (sub), one the clear empties (emptied), and the top: each removal
            // acknowledged must stay removed, in every folder.
            Scenario(name: "clear-expired-deep", summary: "clear --expired in folders that stay and one it empties",
                     setup: [Command("save documents old/sub/gone.json --expires-in 1h", input: "1"),
                             Command("save documents old/sub/kept.json", input: "2"),
                             Command("save documents old/gone.json --expires-in 1h", input: "3"),
                             Command("save documents emptied/gone.json --expires-in 1h", input: "4"),
                             Command("save documents top.json --expires-in 1h", input: "5"),
                             Command("save documents kept.json", input: "6")]
                         + ["old/sub/gone.json", "old/gone.json", "emptied/gone.json", "top.json"].map { Command("!expire documents \($0)") },
                     steps: [Command("clear documents --expired")], oracle: .perItem, probe: "kept.json"),
            Scenario(name: "sync", summary: "sync of a folder: one file updated, one added, one removed",
                     setup: [Command("sync applicationSupport users",
                                     input: "[{\"id\":\"a\",\"v\":1},{\"id\":\"b\",\"v\":1}]")],
                     steps: [Command("sync applicationSupport users",
                                     input: "[{\"id\":\"a\",\"v\":2},{\"id\":\"c\",\"v\":1}]")], oracle: .perItem, probe: "users/a.json"),
            Scenario(name: "do-not-backup", summary: "do-not-backup then backup of a file (an extended attribute)",
                     setup: [Command("save documents b.json", input: "1")],
                     steps: [Command("do-not-backup documents b.json"), Command("backup documents b.json")], probe: "b.json"),
        ]
    }
}
