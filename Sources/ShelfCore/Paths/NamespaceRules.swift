/// The rules that keep namespaces apart, judged on the paths the environment gives (issue 12,
/// item 7; docs/directories.md, "Namespaces never overlap"). No app or group name, in any layout
/// of the variables, may make one namespace folder equal, contain or lie inside another's, nor
/// the home folder. What links do to these paths is judged again, by device and inode, when the
/// namespace folder is opened (`NamespaceGuard`).
enum NamespaceRules {
    /// Checks the namespace named `name` in `base` (a directory's base folder, `role`) against
    /// every other base folder in `bases`.
    /// - Throws: `invalidName` (64) for a name that would overlap another namespace;
    ///   `cannotAccessDirectory` (77) for a layout in which every name would.
    static func check(_ name: String, in base: BaseFolder, among bases: [BaseFolder]) throws {
        let here = base.components
        let what = base.role == .sharedContainers ? "the group name" : "the app name"
        let uid = String(ProcessState.userID)
        for other in bases where other.role != base.role {
            let there = other.components
            if other.role == .home, base.role != .temporaryFallback, BaseFolder.same(here, there) || BaseFolder.isInside(there, here) {
                // `~/.ssh` would be the caches of app `.ssh`: a base is never the home folder, nor above it.
                throw ShelfError.cannotAccessDirectory(
                    path: base.path, reason: "\(base.variable) is your home folder or contains it, so every app name would be one of your own folders; set \(base.variable) to a folder of its own")
            }
            if other.role == .home { continue }
            if BaseFolder.same(here, there) {
                if base.namesAsGiven && other.namesAsGiven {
                    throw ShelfError.cannotAccessDirectory(
                        path: base.path, reason: "\(base.variable) and \(other.variable) name the same folder, so each app's \(base.directoryName) and \(other.directoryName) would be one; give them folders of their own")
                }
                if base.namesAsGiven, other.role == .temporaryFallback, name.hasSuffix("-" + uid), name.count > uid.count + 1 {
                    throw ShelfError.invalidName(name, reason: "\(what) clashes: \(base.variable) is also the temporary folder's base ($TMPDIR), where '\(name)' is the temporary folder of app '\(name.dropLast(uid.count + 1))'")
                }
            } else if BaseFolder.isInside(there, here), BaseFolder.sameName(there[here.count], name) {
                throw ShelfError.invalidName(name, reason: "\(what) clashes: its \(base.directoryName) folder \(base.path)/\(name) would be or contain \(other.contents) (\(other.path))")
            }
        }
    }

    /// The placeholder `shelf dirs` prints for the group: never a group's own folder.
    static let groupPlaceholder = "<group>"

    /// Names that no app or group may take, whatever the layout, in any case or normalization.
    static func checkReserved(app: String) throws {
        if BaseFolder.sameName(app, Locations.sharedFolder) {
            // Its applicationSupport folder would be where the shared containers live.
            throw ShelfError.invalidName(app, reason: "the app name cannot be '\(Locations.sharedFolder)', in any case: that folder holds the shared containers")
        }
    }

    static func checkReserved(group: String) throws {
        if group == groupPlaceholder {
            throw ShelfError.invalidName(group, reason: "the group name cannot be '\(groupPlaceholder)': that is the placeholder that stands for a group name in the listing of directories")
        }
    }
}
