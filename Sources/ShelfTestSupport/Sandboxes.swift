import Foundation

/// The throwaway home every test tool runs shelf in, so that nothing touches the real one: a fresh
/// folder with every XDG variable inside it, and where to find the built binary.
public enum SandboxHome {
    /// Makes a fresh folder `<parent>/shelf-<label>.XXXXXX` with its `run` folder (0700, as
    /// XDG_RUNTIME_DIR must be); its path without a trailing slash.
    public static func make(in parent: String = temporaryFolder, label: String) throws -> String {
        var template = Array("\(parent)/shelf-\(label).XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw HarnessError("mkdtemp in \(parent): \(String(cString: strerror(errno)))")
        }
        let root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        mkdir(root + "/run", 0o700)
        return root
    }

    /// The temp folder, without a trailing slash.
    public static var temporaryFolder: String {
        var base = NSTemporaryDirectory()
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Every variable shelf reads, pointing inside `root`.
    public static func environment(_ root: String) -> [String: String] {
        [
            "HOME": root,
            "XDG_CACHE_HOME": root + "/cache",
            "XDG_DATA_HOME": root + "/data",
            "XDG_CONFIG_HOME": root + "/config",
            "XDG_DOCUMENTS_DIR": root + "/docs",
            "XDG_RUNTIME_DIR": root + "/run",
            "TMPDIR": root + "/tmp",
        ]
    }

    /// The `shelf` under test: `$SHELF_BIN` when set (builds with another scratch path, or an
    /// installed copy), else `fallback` (where the build put it).
    public static func builtBinary(else fallback: @autoclosure () -> String) -> String {
        if let path = ProcessInfo.processInfo.environment["SHELF_BIN"], !path.isEmpty { return path }
        return fallback()
    }
}

/// Running shelf as an unprivileged user: as `nobody` through setpriv(1) when this process is root.
public enum Unprivileged {
    public static let nobody: uid_t = 65534
    public static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv", "/usr/sbin/setpriv"].first { (path: String) in access(path, X_OK) == 0 }

    /// The words that run a program as nobody, before its own argv.
    public static var asNobody: [String] {
        [setpriv ?? "setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--"]
    }

    /// A copy of the binary at `path` that nobody can run: the checkout may lie in a folder only its
    /// owner can enter (a clone in a 0700 home). Made once per path, in a fresh folder every user
    /// may enter, removed when the process exits.
    public static func reachableCopy(of path: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let copy = copies[path] { return copy }
        let folder = try SandboxHome.make(label: "binary")
        let copy = folder + "/shelf"
        guard let bytes = FileManager.default.contents(atPath: path), FileManager.default.createFile(atPath: copy, contents: bytes) else {
            try? FileManager.default.removeItem(atPath: folder)
            throw HarnessError("could not copy \(path) where an unprivileged user can run it")
        }
        chmod(folder, 0o755)
        chmod(copy, 0o755)
        if copies.isEmpty { atexit { for folder in Unprivileged.copyFolders { try? FileManager.default.removeItem(atPath: folder) } } }
        copyFolders.append(folder)
        copies[path] = copy
        return copy
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var copies: [String: String] = [:]
    nonisolated(unsafe) private static var copyFolders: [String] = []
}
