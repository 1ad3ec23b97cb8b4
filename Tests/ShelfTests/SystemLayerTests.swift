import Foundation
import Testing

/// Every file-system call of the engine, the Swift API and the command line goes through one layer,
/// `Sources/ShelfCore/System` (docs/architecture.md): the seam where a simulated file system can
/// stand in for the kernel. These checks read the sources and fail on a call that goes around it.
@Suite struct SystemLayerTests {
    static let scanned = ["Sources/ShelfCore", "Sources/Shelf", "Sources/ShelfCLI", "Sources/shelf"]
    static let layer = "Sources/ShelfCore/System/"

    /// Modules whose import brings the C library's functions into a file (`Foundation` re-exports
    /// Glibc; `FoundationEssentials` does not).
    static let cModules = ["Glibc", "SwiftGlibc", "Musl", "CShelfLinux", "Foundation"]

    /// Files outside the layer that may import the C library, and why: none of them touches a file.
    static let allowedImports = [
        // signal(SIGXFSZ, SIG_IGN) and exit(): process set-up, before any file is opened.
        "Sources/shelf/main.swift",
        // pthread_create / pthread_join and a mutex and condition: the save's second thread that
        // validates JSON behind the writes; what it reads back of the file goes through the layer.
        "Sources/ShelfCore/Writing/WrittenJSONCheck.swift",
        // The same check's look-ahead thread and its lock.
        "Sources/ShelfCore/Writing/WrittenJSONCheck+Pieces.swift",
        // NSError, which FoundationEssentials lacks: Disk's errors must be real NSErrors on Linux.
        "Sources/Shelf/Disk/Disk+Errors.swift",
    ]

    /// The C library's and Linux's calls on files, folders, descriptors and their metadata. Outside
    /// the layer none may be called, however it is imported. Process calls (getuid, signal, kill,
    /// clock_gettime, pthread_*) are not file calls and are not listed; the layer offers them too
    /// (`ProcessState`), so that the engine needs no C import at all.
    static let forbidden = """
        open openat openat2 creat close close_range read pread readv preadv write pwrite writev pwritev lseek \
        fsync fdatasync sync syncfs sync_file_range ftruncate truncate fallocate posix_fallocate \
        stat fstat lstat fstatat statx rename renameat renameat2 link linkat symlink symlinkat readlink readlinkat \
        unlink unlinkat rmdir remove mkdir mkdirat mknod mknodat mkfifo flock lockf fcntl ioctl \
        getxattr lgetxattr fgetxattr setxattr lsetxattr fsetxattr listxattr llistxattr flistxattr \
        removexattr lremovexattr fremovexattr copy_file_range sendfile splice tee \
        chmod fchmod fchmodat chown fchown fchownat lchown utime utimes futimes lutimes utimensat futimens \
        access faccessat euidaccess opendir fdopendir readdir readdir_r closedir rewinddir seekdir telldir dirfd \
        scandir getdents getdents64 statfs fstatfs statvfs fstatvfs dup dup2 dup3 pipe pipe2 \
        mkstemp mkdtemp mktemp tmpfile fopen fdopen freopen fclose fread fwrite fflush fgets fputs \
        realpath getcwd chdir fchdir chroot isatty mmap munmap msync inotify_init inotify_add_watch
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    struct Source {
        let path: String
        let code: String
    }

    /// The scanned files, comments and string literals removed (a comment may name a call it
    /// explains; a help text may quote one).
    static func sources() throws -> [Source] {
        let root = Subprocess.repository.path
        var found: [Source] = []
        for folder in scanned {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let path = folder + "/" + relative
                var text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                text = text.replacingOccurrences(of: "(?s)\"\"\".*?\"\"\"", with: "\"\"", options: .regularExpression)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                    let unquoted = line.replacingOccurrences(of: "\"(\\\\.|[^\"\\\\])*\"", with: "\"\"", options: .regularExpression)
                    guard let comment = unquoted.range(of: "//") else { return unquoted }
                    return String(unquoted[..<comment.lowerBound])
                }.joined(separator: "\n")
                found.append(Source(path: path, code: code))
            }
        }
        return found
    }

    static func outsideTheLayer() throws -> [Source] {
        try sources().filter { !$0.path.hasPrefix(layer) }
    }

    static func matches(_ pattern: String, in code: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(code.startIndex..., in: code)
        return regex.matches(in: code, range: range).compactMap { Range($0.range, in: code).map { String(code[$0]) } }
    }

    @Test func theScanSeesTheWholeEngine() throws {
        let paths = try SystemLayerTests.sources().map(\.path)
        #expect(paths.count > 100)
        #expect(paths.contains("Sources/ShelfCore/System/LinuxKernel.swift"))
        #expect(paths.contains("Sources/ShelfCLI/Context.swift"))
    }

    @Test func onlyTheLayerImportsTheCLibrary() throws {
        for source in try SystemLayerTests.outsideTheLayer() where !SystemLayerTests.allowedImports.contains(source.path) {
            for module in SystemLayerTests.cModules {
                let found = try SystemLayerTests.matches("(?m)^\\s*(@_exported\\s+)?import\\s+(\\w+\\s+)?\(module)\\s*$", in: source.code)
                #expect(found.isEmpty, "\(source.path) imports \(module); file calls belong in \(SystemLayerTests.layer)")
            }
        }
    }

    /// A forbidden name as a call: the whole word followed by `(`, not a member (`x.read(`) nor a
    /// declaration (`func read(`), or qualified by the C module (`Glibc.read(`). A file that
    /// declares a function of that name may call its own.
    @Test func nothingOutsideTheLayerCallsTheKernelForFiles() throws {
        for source in try SystemLayerTests.outsideTheLayer() {
            for name in SystemLayerTests.forbidden {
                let qualified = try SystemLayerTests.matches("\\b(Glibc|SwiftGlibc|CShelfLinux)\\s*\\.\\s*\(name)\\b", in: source.code)
                #expect(qualified.isEmpty, "\(source.path) calls \(qualified.first ?? name)")
                let declaresIt = try !SystemLayerTests.matches("\\bfunc\\s+\(name)\\b", in: source.code).isEmpty
                guard !declaresIt else { continue }
                let bare = try SystemLayerTests.matches("(?<![.\\w])\(name)\\s*\\(", in: source.code)
                #expect(bare.isEmpty, "\(source.path) calls \(name)(…); file calls belong in \(SystemLayerTests.layer)")
            }
            // CShelfStart's `shelf_start_` functions finish the executable's start-up; no file calls.
            let shim = try SystemLayerTests.matches("\\bshelf_(?!start_)\\w+\\s*\\(", in: source.code)
            #expect(shim.isEmpty, "\(source.path) calls the C shim (\(shim.first ?? ""))")
        }
    }

    /// `errno` is read in one place: `lastErrno()` in LinuxKernel.swift. (`errno:` as an argument
    /// label, as in `ShelfError.io`, is no read.)
    @Test func errnoIsReadInOnePlace() throws {
        var reads: [String] = []
        for source in try SystemLayerTests.sources() {
            let found = try SystemLayerTests.matches("\\berrno\\b(?!\\s*:)", in: source.code)
            reads += found.map { _ in source.path }
        }
        // The read, and `errno = 0` before readdir (a write, which only the layer needs).
        #expect(Set(reads) == ["Sources/ShelfCore/System/LinuxKernel.swift", "Sources/ShelfCore/System/LinuxKernel+Names.swift"])
        let linux = try #require(try SystemLayerTests.sources().first { $0.path.hasSuffix("System/LinuxKernel.swift") })
        #expect(try SystemLayerTests.matches("\\berrno\\b", in: linux.code).count == 1)
    }

    /// Descriptors are closed by the scope that opened them (`closeAfter`, `kept(if:)`, `OpenFile`),
    /// all in the layer: no `close()` anywhere else.
    @Test func onlyTheLayerClosesDescriptors() throws {
        for source in try SystemLayerTests.outsideTheLayer() {
            let closes = try SystemLayerTests.matches("\\.close\\s*\\(", in: source.code)
            #expect(closes.isEmpty, "\(source.path) closes a descriptor by hand; use closeAfter")
        }
    }
}
