/// The folders that are never one whole store (`--root`, `SHELF_ROOT`): a store's folder is
/// listed and cleared as a whole, so one that holds the system or a home folder would let
/// `clear caches` remove it. Refused: the root folder, the system's top folders (`/etc`, `/usr`,
/// `/var`, `/tmp`, `/home`…), and the home folder itself and every folder above it. A folder
/// inside any of them (`$HOME/job/state`, `/var/lib/app/state`) is a store like any other.
///
/// Judged by the device and inode of the folder reached, never by spelling: `/.`, `//.`,
/// `/tmp/..`, `/usr/../` and a link to `/` all reach the root folder.
enum WholeStoreGuard {
    static let systemFolders = ["/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/root",
                                "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr", "/var"]

    /// What the folder `path` is when it is one of those (for the message), else nil. A folder
    /// that is not there yet is none of them: they all exist.
    /// - Parameter home: `$HOME`, when set.
    static func refusal(for path: String, home: String?) -> String? {
        guard let identity = try? FolderPlace(path: path).identity() else { return nil }
        for folder in ["/"] + systemFolders where (try? FolderPlace(path: folder).identity()) == identity {
            return folder == "/" ? "the root folder" : "the system folder \(folder)"
        }
        guard let home, home.hasPrefix("/"), let homeIdentity = try? FolderPlace(path: home).identity() else { return nil }
        if homeIdentity == identity { return "the home folder (\(home))" }
        var lineage = FolderLineage(FolderPlace(path: home), identity: homeIdentity)
        return (try? lineage.contains(identity)) == true ? "a folder above the home folder (\(home))" : nil
    }
}

extension Locations {
    /// The library's refusal of a folder that is never a whole store (the command line says the
    /// same as a usage error, 64).
    static func neverAWholeStore(_ folder: String, _ what: String) -> ShelfError {
        .cannotAccessDirectory(path: folder, reason: "it is \(what), which is never a whole store: list and clear act on all of it; "
            + "name a folder of its own inside (see docs/security.md)")
    }
}
