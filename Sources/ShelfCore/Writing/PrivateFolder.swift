/// A fresh folder of this user's (mode 0700, a random `.shelf-edit-` name, made as `mkdtemp`
/// makes one) for a copy handed to another program by path: `edit`'s editor. It lives outside
/// every store, under `$TMPDIR` (else /tmp), and only where no other user can rename it or
/// anything above it: every folder on the way from `/` belongs to root or to this user and is
/// writable by no one else, or is sticky (as /tmp is), where only an entry's owner may rename it.
/// A folder inside a store that another user can write would let that user swap the private
/// folder for a link, and a program run by root would then write wherever the link points.
package struct PrivateFolder {
    /// The folder, open; its path is the one the other program is given.
    private let opened: OpenFile
    /// The folder it was made in, and its name there (to remove it afterwards).
    private let parent: OpenFile
    private let name: FileName

    var folder: FileDescriptor { opened.descriptor }

    static let prefix = ".shelf-edit-"

    /// Makes the folder under the first candidate that no other user can change.
    /// - Parameter candidates: absolute paths, best first (`$TMPDIR`, then /tmp).
    /// - Throws: `cannotAccessDirectory` (77) when none is safe, naming the first.
    static func make(under candidates: [String]) throws -> PrivateFolder {
        var refusal: ShelfError?
        for candidate in candidates {
            do {
                return try make(in: openSafely(candidate))
            } catch let error as ShelfError {
                refusal = refusal ?? error
            }
        }
        throw refusal ?? ShelfError.cannotAccessDirectory(path: "/tmp", reason: "no temporary folder was given")
    }

    /// The candidates for the environment: `$TMPDIR` when it is an absolute path, then /tmp.
    package static func candidates(temporaryFolder: String?) -> [String] {
        guard let given = temporaryFolder, given.hasPrefix("/"), given != "/tmp" else { return ["/tmp"] }
        return [given, "/tmp"]
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? TreeRemover.remove(name, in: parent.descriptor, path: folder.path)
    }

    /// Opens `path` one folder at a time from `/`, links not followed, checking each folder as it
    /// is reached (by its descriptor, so what is checked is what is used).
    static func openSafely(_ path: String) throws -> OpenFile {
        let unsafe = { (why: String) in
            ShelfError.cannotAccessDirectory(path: path, reason: "\(why); a copy for another program is made only where no other user can move it (set TMPDIR to a folder of yours with mode 0700)")
        }
        let names = path.split(separator: "/").filter { $0 != "." }
        if names.contains("..") { throw unsafe("the path climbs with '..'") }
        var current = OpenFile(try FileDescriptor.open("/", [.readOnly, .folder]))
        try check(current.descriptor, unsafe)
        var shown = ""
        for part in names {
            guard let name = FileName(bytes: Array(part.utf8)) else { throw unsafe("'\(part)' is not a plain folder name") }
            shown += "/" + name.description
            do {
                current = OpenFile(try current.descriptor.open(name, [.readOnly, .folder, .noFollow], path: shown))
            } catch ShelfError.symbolicLink, ShelfError.notAFolder {
                throw unsafe("\(shown) is a symbolic link or not a folder")
            }
            try check(current.descriptor, unsafe)
        }
        return current
    }

    /// A folder on the way must belong to root or to this user, and be writable by no one else
    /// unless it is sticky.
    private static func check(_ folder: FileDescriptor, _ unsafe: (String) -> ShelfError) throws {
        let st = try folder.status()
        guard st.owner == 0 || st.owner == ProcessState.effectiveUserID else {
            throw unsafe("\(folder.path) belongs to another user (uid \(st.owner))")
        }
        let sticky: UInt32 = 0o1000
        if st.permissions & 0o022 != 0 && st.permissions & sticky == 0 {
            throw unsafe("\(folder.path) can be written by other users and is not sticky")
        }
    }

    /// `mkdtemp`: a fresh random name made exclusively with mode 0700, then checked to be this
    /// user's folder that no one else can enter.
    private static func make(in parent: OpenFile) throws -> PrivateFolder {
        let base = parent.descriptor.path == "/" ? "" : parent.descriptor.path
        while true {
            let name = FileName(prefix + String(UInt64.random(in: .min ... .max), radix: 16))
            let path = base + "/" + name.description
            do {
                try parent.descriptor.makeFolder(name, permissions: 0o700, path: path)
            } catch ShelfError.alreadyExists {
                continue
            }
            let opened = OpenFile(try parent.descriptor.open(name, [.readOnly, .folder, .noFollow], path: path))
            let st = try opened.descriptor.status()
            guard st.owner == ProcessState.effectiveUserID, st.permissions & 0o077 == 0 else {
                throw ShelfError.cannotAccessDirectory(path: path, reason: "the new private folder is not this user's alone")
            }
            // Held while this process lives: `KeptEditCopies` never removes a folder in use.
            try FileLock.lock(opened.descriptor, .exclusive)
            return PrivateFolder(opened: opened, parent: parent, name: name)
        }
    }
}
