import Foundation
import Glibc
import ShelfTestSupport
import Testing

/// The built binary ended by a signal while it reads its input (issue 12, item 6), and shelf
/// feeding shelf through a pipe on the same file or folder (item 8).
@Suite struct SignalPipeTests {
    let home = TestHome()

    var binary: String { BuiltBinary.path }

    /// Starts `shelf arguments` reading a pipe, feeds it a first part of its input, waits (by
    /// state) until shelf has read all of it, and sends `signal`: the input is cut.
    private func cutBySignal(_ arguments: [String], _ signal: Int32) throws -> ChildResult {
        #expect(FileManager.default.isExecutableFile(atPath: binary), "build first, or set SHELF_BIN")
        // Through env(1), which execs shelf with these signals at their default action: a test run
        // started in the background has them ignored, and shelf keeps an ignored signal ignored.
        let child = try Child(["/usr/bin/env", "--default-signal=INT,QUIT,TERM,HUP", binary].map { Array($0.utf8) } + arguments.map { Array($0.utf8) },
                              environment: home.environment, input: .pipe, closingOthers: true)
        let part = [UInt8](repeating: 0x61, count: 32 << 10)
        #expect(part.withUnsafeBytes { write(child.inputWriter, $0.baseAddress, $0.count) } == part.count)
        var unread: Int32 = 1
        while unread > 0, !child.hasEnded() {
            _ = withUnsafeMutablePointer(to: &unread) { ioctl(child.inputWriter, UInt(FIONREAD), $0) }
            sched_yield()
        }
        child.kill(signal)
        // The input stays open until shelf has ended: its end would let the save finish.
        while !child.hasEnded() { usleep(1000) }
        return child.wait()
    }

    /// SIGQUIT reached the Swift runtime's backtracer, which printed a crash report and let a save
    /// with a cut input replace the file. Every terminating signal now leaves the old content (for
    /// an append to a folder: no new numbered file), no temporary file, and ends shelf by that signal.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT], ["s.bin", "inbox/"])
    func aWriteCutByASignalChangesNothing(_ signal: Int32, _ path: String) throws {
        let command = path.hasSuffix("/") ? "append" : "save"
        #expect(home.run([command, "caches", path], stdin: "0").status == 0)
        let ended = try cutBySignal([command, "caches", path], signal), errors = ended.err
        #expect(ended.signal == signal, "\(errors)")
        #expect(!errors.contains("Backtrac") && !errors.contains("crashed"))
        #expect(home.allPaths().filter { $0.contains(".shelf-tmp") }.isEmpty)
        if command == "save" { #expect(home.read("cache/shelf/s.bin") == "0") }
        // shelf's own files (the folder's counter) are not appended items.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path("cache/shelf/inbox"))) ?? []
        #expect(names.filter { !$0.hasPrefix(".shelf-") } == (command == "save" ? [] : ["0"]))
    }

    /// A save over a file that another process holds locked waits for that lock with its finished
    /// temp file already named. For those last steps the ending signals are only blocked, not
    /// handled (`Interruption.enterBriefly`, eleven `sigaction`s saved), so the wait must put the
    /// handler in place first: a signal then cuts it short, the temp file goes, the old content
    /// stays, and shelf ends by the signal. Blocked through the wait, the signal would have let the
    /// save replace the file once the lock came free, and end shelf only after.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSaveWaitingForTheOldFilesLockEndsByASignal(_ signal: Int32) throws {
        #expect(home.run(["save", "caches", "s.bin"], stdin: "old").status == 0)
        let held = open(home.path("cache/shelf/s.bin"), O_RDONLY)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        defer { close(held) }
        let child = try Child(["/usr/bin/env", "--default-signal=INT,QUIT,TERM,HUP", binary, "save", "caches", "s.bin"].map { Array($0.utf8) },
                              environment: home.environment, input: .bytes(Array("new".utf8)), closingOthers: true)
        // Named means waiting for the lock, or about to.
        while !child.hasEnded(), !home.allPaths().contains(where: { $0.contains(".shelf-tmp") }) { usleep(1000) }
        child.kill(signal)
        // A save the signal does not reach waits as long as the lock is held: a minute stands for that.
        for _ in 0..<60_000 where !child.hasEnded() { usleep(1000) }
        flock(held, LOCK_UN)
        let ended = child.wait()
        #expect(ended.signal == signal, "\(ended.err)")
        #expect(home.read("cache/shelf/s.bin") == "old")
        #expect(!home.allPaths().contains { $0.contains(".shelf-tmp") })
    }

    /// Runs `script` in a shell with `$S` the binary; KILL after 60 s stands for a hang.
    private func pipeline(_ script: String) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/timeout", ["-s", "KILL", "60", "/bin/sh", "-c", script],
                           environment: home.environment.merging(["S": binary, "PATH": "/usr/bin:/bin"]) { $1 })
    }

    /// A folder append feeding a save into the same folder waited forever: the save held the
    /// folder's lock while it waited for its input, which came from the append, waiting for it.
    @Test func aFolderAppendFeedingASaveIntoTheFolderEnds() throws {
        let result = try pipeline("echo '{}' | \"$S\" append caches d/ | \"$S\" save caches d/last.txt")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.read("cache/shelf/d/last.txt") == "0\n")
    }

    /// A reader streaming an array into a loop of appends to the same file kept the file's lock
    /// while blocked on the full pipe: the appends waited for it, and it for them.
    @Test func retrieveEachFeedingAppendsToTheSameFileEnds() throws {
        let elements = (0..<150).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: 600))\"}" }
        #expect(home.run(["save", "caches", "f.json"], stdin: "[" + elements.joined(separator: ",") + "]").status == 0)
        let result = try pipeline("\"$S\" retrieve --each caches f.json | while read -r x; do echo \"$x\" | \"$S\" append caches f.json; done")
        #expect(result.status == 0, "\(result.stderr)")
        let stored = try JSONSerialization.jsonObject(with: Data((home.read("cache/shelf/f.json") ?? "").utf8)) as? [Any]
        #expect(stored?.count == 300)
    }

    /// Issue 21, item 12: the ending signals must be blocked before the Swift runtime's
    /// initialiser installs its crash handler (SIGQUIT: a crash report). In the dynamic build that
    /// initialiser runs before any of the executable's, so only a pre-initialiser comes first: the
    /// built binary must have one (a `.preinit_array` section, ELF type 16). A signal cannot be
    /// aimed at that instant from here; the battery's `signals` group hits it by chance.
    @Test func theCommandLineBlocksSignalsInAPreInitialiser() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: binary)))
        func number(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        #expect(bytes.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2]), "not a 64-bit ELF file")
        let sections = number(0x28, 8), size = number(0x3a, 2), count = number(0x3c, 2)
        let preInitialisers = (0..<count).filter { index in
            let header = sections + index * size
            return number(header + 4, 4) == 16 && number(header + 0x20, 8) > 0
        }
        #expect(preInitialisers.count == 1, "\(binary) has no pre-initialiser that blocks the ending signals")
    }
}
