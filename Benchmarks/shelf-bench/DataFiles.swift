import Glibc
import ShelfTestSupport

/// The inputs the cases need, written straight with system calls (untimed, before a case runs).
enum DataFiles {
    /// One JSON record as the JSON cases store it; the Disk-style rewrite decodes the same shape.
    static func record(_ id: Int) -> String {
        #"{"id":\#(id),"name":"record \#(id)","tags":["bench","shelf"],"score":\#(id % 1000).5,"ok":\#(id % 2 == 0)}"#
    }

    /// A file of `bytes` bytes from the harness's pattern.
    static func writeBytes(_ path: String, bytes: Int) throws {
        let writer = try Writer(path)
        defer { writer.close() }
        let pattern = Spawner.pattern
        for start in stride(from: 0, to: bytes, by: pattern.count) {
            try writer.write(bytes - start >= pattern.count ? pattern : Array(pattern.prefix(bytes - start)))
        }
    }

    /// A file of `bytes` bytes on disk, not only in the page cache: the old file a timed command
    /// replaces, whose writing back must not be charged to that command.
    static func writeBytesDurably(_ path: String, bytes: Int) throws {
        try writeBytes(path, bytes: bytes)
        try syncWithFolder(path)
    }

    /// `fsync` of the file at `path`, then of its folder (which holds its name).
    static func syncWithFolder(_ path: String) throws {
        try sync(path)
        try syncFolder(folder(of: path))
    }

    /// A JSON array of `count` records (or, with `bytes`, of as many as reach that size).
    /// - Returns: the number of records written.
    @discardableResult
    static func writeArray(_ path: String, count: Int = .max, bytes: Int = .max) throws -> Int {
        let writer = try Writer(path)
        defer { writer.close() }
        var text = "["
        var written = 1, id = 0
        while id < count && written < bytes {
            let item = (id == 0 ? "" : ",") + record(id)
            text += item
            written += item.utf8.count
            id += 1
            if text.utf8.count >= 1 << 20 {
                try writer.write(text)
                text = ""
            }
        }
        try writer.write(text + "]")
        return id
    }

    /// `count` small files in a new folder `path` (for clear and list), named `f0.json`, `f1.json`…
    /// or, `numbered`, `0` … `count - 1` as folder appends make them.
    static func writeFolder(_ path: String, files count: Int, numbered: Bool = false) throws {
        try makeFolders(path)
        let folder = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw BenchError("cannot open \(path): \(errnoText())") }
        defer { Glibc.close(folder) }
        let body = Array("{\"sixteen\":\"b\"}".utf8)
        for index in 0..<count {
            let fd = openat(folder, numbered ? "\(index)" : "f\(index).json", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw BenchError("cannot create a file in \(path): \(errnoText())") }
            _ = body.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            Glibc.close(fd)
        }
    }

    /// `files` small files spread over `folders` sub-folders `d0`, `d1`… of `path` (all in `path`
    /// itself when `folders` is 1).
    static func writeTree(_ path: String, folders: Int, files: Int) throws {
        guard folders > 1 else { return try writeFolder(path, files: files) }
        for index in 0..<folders {
            try writeFolder(path + "/d\(index)", files: files / folders)
        }
    }

    /// `fsync` of a folder. On ext4 that commits the journal, so every file created or removed
    /// before it is on disk: only this file system's pending metadata is written, not every
    /// dirty page of the machine as `sync` would (other jobs share the machine).
    static func syncFolder(_ path: String) throws { try sync(path, O_DIRECTORY) }

    /// `fsync` of the file or folder at `path`, its failure an error.
    private static func sync(_ path: String, _ flags: Int32 = 0) throws {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | flags)
        guard fd >= 0 else { throw BenchError("cannot open \(path): \(errnoText())") }
        defer { Glibc.close(fd) }
        guard fsync(fd) == 0 else { throw BenchError("cannot fsync \(path): \(errnoText())") }
    }

    static func folder(of path: String) -> String { String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }

    /// Removes a file (if there) and commits the removal; nothing to do when its folder is missing.
    static func removeDurably(_ path: String) throws {
        guard unlink(path) == 0 else { return }
        try syncFolder(folder(of: path))
    }

    /// `mkdir -p` with mode 0700, as shelf makes its own folders.
    static func makeFolders(_ path: String) throws {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw BenchError("cannot create \(prefix): \(errnoText())")
            }
        }
    }

    static func size(of path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : -1
    }
}

/// Buffered-by-the-caller writes to a new file.
struct Writer {
    let fd: Int32

    /// Its folder is made first (as `makeFolders` does), so a case's set-up need not.
    init(_ path: String) throws {
        try DataFiles.makeFolders(DataFiles.folder(of: path))
        fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(errnoText())") }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) throws { try Child.writeAll(fd, bytes) }

    /// Closes after an fsync: the data is on disk before any timing starts, so its write-back
    /// cannot slow whichever run comes first.
    func close() {
        fsync(fd)
        Glibc.close(fd)
    }
}

func writeText(_ path: String, _ text: String) throws {
    let writer = try Writer(path)
    defer { writer.close() }
    try writer.write(text)
}

/// The whole file, read to its end (not to its size: /proc's files have none); not through a symlink.
func readText(_ path: String) throws -> String {
    guard let bytes = RawFiles.read(Array(path.utf8)) else { throw BenchError("cannot open \(path): \(errnoText())") }
    return String(decoding: bytes, as: UTF8.self)
}
