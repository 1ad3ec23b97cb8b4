import Glibc

/// Files handled by their exact name bytes and through descriptors, never through path text:
/// names that are not UTF-8 (which `String` would turn into U+FFFD) and trees deeper than
/// PATH_MAX (which no path string can reach) need both.
public enum RawFiles {
    /// The names in the folder `fd` (without `.` and `..`), byte for byte; the descriptor stays open.
    public static func names(in fd: Int32) -> [[UInt8]] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { return [] }
        defer { closedir(dir) }
        rewinddir(dir)
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2e] && name != [0x2e, 0x2e] { names.append(name) }
        }
        return names
    }

    /// The names in the folder at `path`; empty when it cannot be opened.
    public static func names(of path: String) -> [[UInt8]] {
        let fd = openFolder(Array(path.utf8))
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return names(in: fd)
    }

    public static func openFolder(_ path: [UInt8], at base: Int32 = AT_FDCWD) -> Int32 {
        withCString(path) { openat(base, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
    }

    /// `lstat` of a path given as bytes; nil when it does not exist.
    public static func status(_ path: [UInt8], at base: Int32 = AT_FDCWD) -> stat? {
        var st = stat()
        return withCString(path) { fstatat(base, $0, &st, AT_SYMLINK_NOFOLLOW) } == 0 ? st : nil
    }

    public static func exists(_ path: [UInt8]) -> Bool { status(path) != nil }

    /// Writes a file whose name may hold any byte but NUL and `/` (its folder must exist).
    public static func write(_ path: [UInt8], _ bytes: [UInt8], at base: Int32 = AT_FDCWD, mode: mode_t = 0o600) throws {
        let fd = withCString(path) { openat(base, $0, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw HarnessError("open \(String(decoding: path, as: UTF8.self)): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try Child.writeAll(fd, bytes)
    }

    /// The bytes of a file named by bytes; nil when it cannot be read.
    public static func read(_ path: [UInt8], at base: Int32 = AT_FDCWD) -> [UInt8]? {
        let fd = withCString(path) { openat(base, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // To the end, not to the size: /proc's files have none (the bench's machine line read
        // its CPU, memory and load from them, and said "unknown" when this went by the size).
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// rm -rf of `name` inside the folder `base`, one descriptor per level at most and every
    /// folder made writable first: works at any depth and for any name bytes.
    public static func removeTree(_ name: [UInt8], at base: Int32 = AT_FDCWD) {
        guard let st = status(name, at: base) else { return }
        if st.st_mode & S_IFMT != S_IFDIR {
            _ = withCString(name) { unlinkat(base, $0, 0) }
            return
        }
        _ = withCString(name) { fchmodat(base, $0, 0o700, 0) }
        let fd = openFolder(name, at: base)
        if fd >= 0 {
            // Deep trees: descend without keeping the parent's listing open.
            while let child = names(in: fd).first, status(child, at: fd) != nil {
                removeTree(child, at: fd)
                if status(child, at: fd) != nil { break }  // cannot remove it: give up, do not loop
            }
            close(fd)
        }
        _ = withCString(name) { unlinkat(base, $0, AT_REMOVEDIR) }
    }

    public static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension Array where Element == UInt8 {
    /// Bytes shown in failure messages: printable ASCII as is, everything else as \xNN.
    public var shown: String {
        map { $0 >= 0x20 && $0 < 0x7f && $0 != 0x5c ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
    }
}

extension RawFiles {
    /// Calls `visit` with every path below `root` (relative, components joined by `/`, exact bytes),
    /// its status, and the open folder that holds it with its name there; a folder before its entries.
    public static func walk(_ root: [UInt8], _ visit: (_ path: [UInt8], _ status: stat, _ folder: Int32, _ name: [UInt8]) -> Void) {
        func walk(_ fd: Int32, _ prefix: [UInt8]) {
            for name in names(in: fd) {
                guard let st = status(name, at: fd) else { continue }
                let relative = prefix.isEmpty ? name : prefix + [0x2f] + name
                visit(relative, st, fd, name)
                guard st.st_mode & S_IFMT == S_IFDIR else { continue }
                let child = openFolder(name, at: fd)
                if child >= 0 { walk(child, relative); close(child) }
            }
        }
        let fd = openFolder(root)
        if fd >= 0 { walk(fd, []); close(fd) }
    }

    /// Every path below `root` with its size (-1 for a folder): two of these show what a command
    /// left behind, whatever its names look like.
    public static func tree(_ root: String) -> [[UInt8]: Int] {
        var found: [[UInt8]: Int] = [:]
        walk(Array(root.utf8)) { path, st, _, _ in found[path] = st.st_mode & S_IFMT == S_IFDIR ? -1 : Int(st.st_size) }
        return found
    }

    /// Paths in `after` that were not in `before` and do not lie at or below one of `allowed`.
    public static func added(_ before: [[UInt8]: Int], _ after: [[UInt8]: Int], allowing allowed: [String]) -> [String] {
        let prefixes = allowed.map { Array($0.utf8) }
        return after.keys.filter { path in
            before[path] == nil && !prefixes.contains { path == $0 || path.starts(with: $0 + [0x2f]) }
        }.map(\.shown).sorted()
    }
}
