extension Scenarios {
    /// A folder `name/` in `directory`: a file, an array with its journal, and last a subfolder
    /// with a file (so that the last entry a copy makes is a folder); modes that a copy must keep.
    static func tree(_ directory: String, _ name: String = "tree") -> [Command] {
        [Command("save \(directory) \(name)/a.json", input: json("\(directory)-\(name)-a", size: 200)),
         Command("append \(directory) \(name)/log.json", input: "\"\(directory) \(name)\""),
         Command("append \(directory) \(name)/log.json", input: "2"),
         Command("save \(directory) \(name)/sub/b.txt", input: directory + name + String(repeating: "b", count: 5000)),
         Command("!chmod \(directory) \(name) 750"), Command("!chmod \(directory) \(name)/sub/b.txt 640")]
    }

    static var transfers: [Scenario] {
        // An array with its journal beside it (made by an in-place append), which a move must take care of.
        let file = [Command("save documents m.json", input: "[" + json("moved", size: 4200) + "]"),
                    Command("append documents m.json", input: "{\"journal\":true}")]
        return [
            // One rename between two folders: until the source folder is synced, both names may persist.
            Scenario(name: "move-file", summary: "move of a file to another directory on the same file system (one rename)",
                     setup: file, steps: [Command("move documents m.json applicationSupport")],
                     oracle: .transfer(source: "documents", target: "applicationSupport"), probe: "m.json"),
            Scenario(name: "move-file-across", summary: "move of a file to temporary on another file system (copy, rename, remove)",
                     setup: file, steps: [Command("move documents m.json temporary")],
                     oracle: .transfer(source: "documents", target: "temporary"), probe: "m.json"),
            Scenario(name: "move-file-replace", summary: "move --force over an existing file on another file system",
                     setup: file + [Command("save temporary m.json", input: "\"old target\"")],
                     steps: [Command("move documents m.json temporary --force")],
                     oracle: .transfer(source: "documents", target: "temporary"), probe: "m.json"),
            Scenario(name: "move-folder", summary: "move of a folder tree on the same file system",
                     setup: tree("documents"), steps: [Command("move documents tree applicationSupport")],
                     oracle: .transfer(source: "documents", target: "applicationSupport"), probe: "tree/a.json"),
            Scenario(name: "move-folder-across", summary: "move of a folder tree to another file system",
                     setup: tree("documents"), steps: [Command("move documents tree temporary")],
                     oracle: .transfer(source: "documents", target: "temporary"), probe: "tree/a.json"),
            Scenario(name: "copy-file", summary: "copy of a file within a directory",
                     setup: file, steps: [Command("copy documents m.json documents c.json")], probe: "c.json"),
            Scenario(name: "copy-folder", summary: "copy of a folder tree to another directory",
                     setup: tree("documents"), steps: [Command("copy documents tree caches")], probe: "tree/a.json"),
            Scenario(name: "rename-file", summary: "rename of a file into a new subfolder",
                     setup: file, steps: [Command("rename documents m.json new/place.json")],
                     oracle: .perItem, keepsOneOf: [("documents", "m.json"), ("documents", "new/place.json")], probe: "new/place.json"),
            Scenario(name: "rename-replace", summary: "rename --force of a file over another",
                     setup: file + [Command("save documents old.json", input: "\"replaced\"")],
                     steps: [Command("rename documents m.json old.json --force")], probe: "old.json"),
            Scenario(name: "rename-folder", summary: "rename of a folder tree",
                     setup: tree("documents"), steps: [Command("rename documents tree renamed")], probe: "renamed/a.json"),
            Scenario(name: "rename-folder-replace", summary: "rename --replace-folder of a folder over another (exchange, then removal)",
                     setup: tree("documents") + tree("documents", "other"),
                     steps: [Command("rename documents tree other --replace-folder")],
                     oracle: .perItem, wholeFolders: [("documents", "other/")], probe: "other/a.json",
                     window: ("the replaced folder under the source's name", { $0.kind == .exchange })),
            Scenario(name: "move-folder-replace", summary: "move --replace-folder of a folder over another in another folder (exchange across folders)",
                     setup: tree("documents") + tree("applicationSupport"),
                     steps: [Command("move documents tree applicationSupport --replace-folder")],
                     oracle: .perItem, wholeFolders: [("applicationSupport", "tree/")], probe: "tree/a.json",
                     window: ("the replaced folder under the source's name", { $0.kind == .exchange })),
        ] + merges
    }

    /// `--force` onto a folder (issue 15): a copy merges file by file, a move replaces only an empty folder.
    static var merges: [Scenario] {
        // The target tree has a file the source lacks, and an older version of every source file.
        let target = { (directory: String) in
            tree(directory) + [Command("save \(directory) tree/only-target.txt", input: "kept"),
                               Command("save \(directory) tree/sub/b.txt", input: "older b")]
        }
        // An empty folder: made by a save, emptied by a remove (which leaves the folder).
        let empty = { (directory: String) in
            [Command("save \(directory) tree/x", input: "x"), Command("remove \(directory) tree/x")]
        }
        return [
            Scenario(name: "copy-folder-merge", summary: "copy --force of a folder onto a folder: merged file by file, the target's own file kept",
                     setup: tree("documents") + target("caches"),
                     steps: [Command("copy documents tree caches --force")],
                     oracle: .perItem, keepsOneOf: [("caches", "tree/only-target.txt")], probe: "tree/sub/b.txt"),
            Scenario(name: "move-folder-onto-empty", summary: "move --force of a folder onto an empty folder (one rename, as mv)",
                     setup: tree("documents") + empty("applicationSupport"),
                     steps: [Command("move documents tree applicationSupport --force")],
                     oracle: .transfer(source: "documents", target: "applicationSupport"), probe: "tree/a.json"),
        ]
    }
}
