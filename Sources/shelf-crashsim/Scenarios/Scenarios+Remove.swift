extension Scenarios {
    static var removals: [Scenario] {
        [
            Scenario(name: "remove-file", summary: "remove of a file with its journal",
                     setup: [Command("save documents r.json", input: "[1]"), Command("append documents r.json", input: "2"),
                             Command("save documents stay.json", input: "\"stay\"")],
                     steps: [Command("remove documents r.json")],
                     observe: ["documents"], next: next("documents", "stay.json")),
            Scenario(name: "remove-folder", summary: "remove of a folder tree (file by file)",
                     setup: tree("documents") + [Command("save documents stay.json", input: "\"stay\"")],
                     steps: [Command("remove documents tree")],
                     observe: ["documents"], oracle: .perItem, next: next("documents", "stay.json")),
            Scenario(name: "clear", summary: "clear of a directory with files, a journal and a subfolder",
                     setup: tree("caches") + [Command("save caches top.json", input: json("top", size: 5000))],
                     steps: [Command("clear caches")],
                     observe: ["caches"], oracle: .perItem, next: next("caches", "top.json"), removalsMayReturn: true),
            Scenario(name: "clear-expired", summary: "clear --expired removes only the expired file",
                     setup: [Command("save temporary gone.json --expires-in 1h", input: "1"), Command("!expire temporary gone.json"),
                             Command("save temporary kept.json", input: "2")],
                     steps: [Command("clear temporary --expired")],
                     observe: ["temporary"], oracle: .perItem, next: next("temporary", "kept.json"), removalsMayReturn: true),
            Scenario(name: "sync", summary: "sync of a folder: one file updated, one added, one removed",
                     setup: [Command("sync applicationSupport users",
                                     input: "[{\"id\":\"a\",\"v\":1},{\"id\":\"b\",\"v\":1}]")],
                     steps: [Command("sync applicationSupport users",
                                     input: "[{\"id\":\"a\",\"v\":2},{\"id\":\"c\",\"v\":1}]")],
                     observe: ["applicationSupport"], oracle: .perItem, next: next("applicationSupport", "users/a.json")),
            Scenario(name: "do-not-backup", summary: "do-not-backup then backup of a file (an extended attribute)",
                     setup: [Command("save documents b.json", input: "1")],
                     steps: [Command("do-not-backup documents b.json"), Command("backup documents b.json")],
                     observe: ["documents"], next: next("documents", "b.json")),
        ]
    }
}
