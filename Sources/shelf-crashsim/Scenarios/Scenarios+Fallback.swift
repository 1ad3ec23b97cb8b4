extension Scenarios {
    /// The fallbacks shelf takes on a file system (here `temporary`'s) without O_TMPFILE or
    /// without `renameat2`'s flags.
    static var fallbacks: [Scenario] {
        [
            Scenario(name: "save-named-temp", summary: "save where O_TMPFILE is refused: a named temp file",
                     setup: [Command("save temporary n.json", input: "\"old\"")],
                     steps: [Command("save temporary n.json", input: json("new", size: 5000))], probe: "n.json", secondDeviceLacks: [.unnamedFiles]),
            Scenario(name: "copy-file-link", summary: "copy to a file system without RENAME_NOREPLACE: link, then unlink",
                     setup: [Command("save documents c.json", input: json("copied", size: 300))],
                     steps: [Command("copy documents c.json temporary")], probe: "c.json", secondDeviceLacks: [.renameFlags]),
            Scenario(name: "rename-folder-aside", summary: "rename --replace-folder of a folder without RENAME_EXCHANGE: the old one renamed aside first",
                     setup: tree("temporary") + tree("temporary", "other"),
                     steps: [Command("rename temporary tree other --replace-folder")],
                     oracle: .perItem, wholeFolders: [("temporary", "other/")], probe: "other/a.json",
                     window: ("the replaced folder renamed aside, the target name absent", { $0.kind == .rename }),
                     secondDeviceLacks: [.renameFlags]),
        ]
    }
}
