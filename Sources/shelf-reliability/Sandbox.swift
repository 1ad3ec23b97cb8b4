import Foundation
import ShelfTestSupport

/// A throwaway home with every XDG variable inside it: shelf run by the battery never touches a
/// real home. Removed on `destroy()` (folders made read-only by a scenario are opened up first).
final class Sandbox {
    let root: String

    /// - Parameter base: the folder to make it in (a tmpfs mount, say); default the temp folder.
    init(in base: String? = nil, label: String) throws {
        root = try SandboxHome.make(in: base ?? SandboxHome.temporaryFolder, label: label)
        chmod(root, 0o755)
    }

    func destroy() {
        Sandbox.removeTree(root)
    }

    /// Every variable shelf reads, pointing inside the sandbox.
    var environment: [String: String] {
        SandboxHome.environment(root).merging(["PATH": "/usr/bin:/bin", "LC_ALL": "C"]) { $1 }
    }

    /// The namespace folder of a directory for the default app.
    func namespace(_ directory: String) -> String {
        switch directory {
        case "caches": return root + "/cache/shelf"
        case "documents": return root + "/docs/shelf"
        case "applicationSupport": return root + "/data/shelf"
        case "temporary": return root + "/run/shelf"
        default: return root + "/data/shelf-shared/" + directory.split(separator: ":").last.map(String.init)!
        }
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Every entry below `folder` with its type, size and a checksum of its bytes (FNV-1a: enough to
    /// notice a change), sorted: comparing two snapshots shows anything created, removed or changed.
    static func snapshot(_ folder: String) -> [String] {
        var root = stat()
        var lines = lstat(folder, &root) == 0 ? ["/ mode=\(String(root.st_mode & 0o7777, radix: 8))"] : []
        RawFiles.walk(Array(folder.utf8)) { path, st, fd, name in
            let relative = "/" + String(decoding: path, as: UTF8.self)
            switch st.st_mode & S_IFMT {
            case S_IFDIR: lines.append("\(relative)/ mode=\(String(st.st_mode & 0o7777, radix: 8))")
            case S_IFLNK:
                var target = [CChar](repeating: 0, count: 4096)
                let n = RawFiles.withCString(name) { readlinkat(fd, $0, &target, 4095) }
                lines.append("\(relative) -> \(String(decoding: target.prefix(max(0, n)).map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            case S_IFREG where relative.hasSuffix("/.shelf-counter"):
                // A numbered folder's counter records the folder's change time: its bytes differ
                // from run to run by design, so only its presence is compared.
                lines.append("\(relative) (counter)")
            case S_IFREG:
                lines.append("\(relative) size=\(st.st_size) sum=\(checksum(name, in: fd))")
            default: lines.append("\(relative) type=\(st.st_mode & S_IFMT)")
            }
        }
        return lines.sorted()
    }

    /// FNV-1a of a file's bytes, read in 64 KiB pieces: a snapshot may meet a file of gigabytes
    /// (the huge-input scenarios), and holding it whole would swell the battery, whose resident
    /// pages a spawned child may then report as its own peak (see `runMeasured`).
    static func checksum(_ name: [UInt8], in folder: Int32) -> String {
        let file = RawFiles.withCString(name) { openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard file >= 0 else { return "unreadable" }
        defer { close(file) }
        var hash = SeededRandom.fnv1a([])
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            hash = SeededRandom.fnv1a(buffer[..<n], continuing: hash)
        }
        return String(hash, radix: 16)
    }

    /// Names below `folder` that start with shelf's reserved prefix (temp, lock, journal files).
    static func reservedLeftovers(_ folder: String) -> [String] {
        snapshot(folder).compactMap { line in
            let path = line.split(separator: " ").first.map(String.init) ?? ""
            // An append's journal stays beside its file, empty, once the append committed
            // (docs/formats.md): only a non-empty one is a leftover.
            let leaf = path.split(separator: "/").last ?? ""
            if leaf.hasPrefix(".shelf-journal") && line.contains(" size=0 ") { return nil }
            // A numbered folder's counter stays in it, like a journal (issue 16).
            if leaf == ".shelf-counter" { return nil }
            return path.split(separator: "/").contains { $0.hasPrefix(".shelf-") } ? path : nil
        }
    }

    static func readFile(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    static func writeFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try RawFiles.write(Array(path.utf8), bytes, mode: mode)
    }

    /// rm -rf without following links, after making every folder writable again (at any depth,
    /// whatever bytes the names hold).
    static func removeTree(_ path: String) {
        RawFiles.removeTree(Array(path.utf8))
    }

    /// Gives the whole tree to `uid` (for runs as an unprivileged user).
    static func chownTree(_ path: String, to uid: uid_t) {
        lchown(path, uid, uid)
        RawFiles.walk(Array(path.utf8)) { _, _, fd, name in
            _ = RawFiles.withCString(name) { fchownat(fd, $0, uid, uid, AT_SYMLINK_NOFOLLOW) }
        }
    }

    /// The names in a folder (without `.` and `..`) as text; empty when it cannot be read.
    static func entries(of path: String) -> [String] {
        RawFiles.names(of: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
