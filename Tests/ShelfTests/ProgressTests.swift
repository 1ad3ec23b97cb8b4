import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore
@testable import ShelfCLI

/// A clock that moves `step` nanoseconds each time it is read: long work without waiting.
final class SteppingClock: @unchecked Sendable {
    private var now: UInt64 = 0
    let step: UInt64

    init(seconds: Double) { step = UInt64(seconds * 1e9) }

    func read() -> UInt64 {
        now += step
        return now
    }
}

@Suite struct ProgressTests {
    let home = TestHome()

    /// Runs the CLI with standard error on `terminal` (else a file) and the given clock.
    func run(_ arguments: [String], terminal: PseudoTerminal?, clock: SteppingClock,
             environment extra: [String: String] = [:]) -> (status: Int32, stderr: String) {
        let input = CapturedFile(), out = CapturedFile(), err = CapturedFile()
        let status = CLI.run(arguments: arguments, environment: home.environment.merging(extra) { $1 },
                             stdin: input.fd, stdout: out.fd, stderr: terminal?.slave ?? err.fd, clock: { clock.read() })
        return (status, terminal?.drain() ?? err.contents())
    }

    /// A 3 MiB file to save from.
    func bigInput() throws -> String {
        try home.write("input.bin", String(repeating: "x", count: 3 << 20))
        return home.path("input.bin")
    }

    /// Save shows how far it got once a second has passed, then erases the line; retrieve and copy
    /// report the library's work.
    @Test func saveRetrieveAndCopyShowHowFarTheyGot() throws {
        let terminal = try PseudoTerminal()
        let result = run(["save", "caches", "big.bin", "--file", try bigInput()], terminal: terminal, clock: SteppingClock(seconds: 0.6))
        #expect(result.status == 0)
        // Reads at 0.6 s (too early), 1.2 s and 1.8 s after the start.
        #expect(!result.stderr.contains("1.0 MiB of"))
        #expect(result.stderr.contains("\rshelf: save: 2.0 MiB of 3.0 MiB (66%), 1.7 MiB/s\u{1B}[K"))
        #expect(result.stderr.contains("\rshelf: save: 3.0 MiB of 3.0 MiB (100%), 1.7 MiB/s\u{1B}[K"))
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")
        #expect(home.read("cache/shelf/big.bin")?.count == 3 << 20)
        let retrieved = run(["retrieve", "caches", "big.bin"], terminal: terminal, clock: SteppingClock(seconds: 2))
        #expect(retrieved.status == 0)
        #expect(retrieved.stderr.contains("shelf: retrieve: 3.0 MiB of 3.0 MiB (100%)"), "\(retrieved.stderr)")
        let copied = run(["copy", "caches", "big.bin", "documents"], terminal: terminal, clock: SteppingClock(seconds: 2))
        #expect(copied.status == 0)
        #expect(copied.stderr.contains("shelf: copy: 3.0 MiB"), "\(copied.stderr)")
        #expect(home.read("docs/shelf/big.bin")?.count == 3 << 20)
    }

    @Test func clearCountsTheFilesItRemoves() throws {
        for index in 0..<30 { try home.write("cache/shelf/old/\(index).txt", "x") }
        let terminal = try PseudoTerminal()
        let result = run(["clear", "caches"], terminal: terminal, clock: SteppingClock(seconds: 0.1))
        #expect(result.status == 0)
        #expect(result.stderr.contains("\rshelf: clear: 10 files removed\u{1B}[K"), "\(result.stderr.debugDescription)")
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(!home.exists("cache/shelf/old/0.txt"))
        let quiet = run(["clear", "caches", "--quiet"], terminal: terminal, clock: SteppingClock(seconds: 0.1))
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    /// Issue 22 item 16: `retrieve --each` counts the bytes of the file it reads, `sync` the
    /// elements it has checked or written; on a terminal only.
    @Test func retrieveEachAndSyncShowProgress() throws {
        let elements = (0..<40).map { "{\"id\":\"\($0)\"}" }
        try home.write("cache/shelf/big.json", "[" + elements.joined(separator: ",") + "]")
        try home.write("input.json", "[" + elements.joined(separator: ",") + "]")
        let terminal = try PseudoTerminal()
        let each = run(["retrieve", "caches", "big.json", "--each"], terminal: terminal, clock: SteppingClock(seconds: 2))
        #expect(each.status == 0)
        #expect(each.stderr.contains("shelf: retrieve: "), "\(each.stderr.debugDescription)")
        let synced = run(["sync", "caches", "s", "--file", home.path("input.json")], terminal: terminal, clock: SteppingClock(seconds: 0.1))
        #expect(synced.status == 0)
        #expect(synced.stderr.contains("files synced"), "\(synced.stderr.debugDescription)")
        #expect(synced.stderr.hasSuffix("\r\u{1B}[K"))
        // Never in a pipe.
        let piped = run(["sync", "caches", "t", "--file", home.path("input.json")], terminal: nil, clock: SteppingClock(seconds: 0.1))
        #expect(piped.status == 0 && piped.stderr.isEmpty)
    }

    @Test func neverForQuickWorkInAPipeUnderQuietOrOnADumbTerminal() throws {
        let input = try bigInput()
        #expect(run(["save", "caches", "a.bin", "--file", input], terminal: nil, clock: SteppingClock(seconds: 5)).stderr.isEmpty)
        let terminal = try PseudoTerminal()
        let quick = run(["save", "caches", "big.bin", "--file", input], terminal: terminal, clock: SteppingClock(seconds: 0.1))
        #expect(quick.status == 0 && quick.stderr.isEmpty)
        #expect(run(["save", "caches", "b.bin", "--file", input, "--quiet"], terminal: terminal, clock: SteppingClock(seconds: 5)).stderr.isEmpty)
        #expect(run(["-q", "save", "caches", "c.bin", "--file", input], terminal: terminal, clock: SteppingClock(seconds: 5)).stderr.isEmpty)
        #expect(run(["save", "caches", "d.bin", "--file", input], terminal: terminal, clock: SteppingClock(seconds: 5),
                    environment: ["TERM": "dumb"]).stderr.isEmpty)
    }

    @Test func errorsStillShowUnderQuietOnACleanLine() throws {
        let terminal = try PseudoTerminal()
        let result = run(["retrieve", "caches", "missing", "--quiet"], terminal: terminal, clock: SteppingClock(seconds: 5))
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("shelf: retrieve: "))
    }

    @Test func theLineIsThrottledAndCountsItems() {
        let output = CapturedFile()
        let clock = SteppingClock(seconds: 0.1)
        let line = ProgressLine(label: "clear", unit: .items("files"), enabled: true, output: Output(descriptor: output.fd),
                                clock: { clock.read() })
        for _ in 0..<30 { line.advance(by: 1) }
        line.finish()
        let text = output.contents()
        // Drawn from 1 s on (the 10th file), then at most every 0.25 s: files 10, 13, 16, …
        #expect(!text.contains("shelf: clear: 9 files\u{1B}"))
        #expect(text.contains("\rshelf: clear: 10 files\u{1B}[K"))
        #expect(!text.contains("shelf: clear: 11 files"))
        #expect(text.contains("\rshelf: clear: 13 files\u{1B}[K"))
        #expect(text.components(separatedBy: "\r").count - 1 == 8, "7 draws and one erase: \(text.debugDescription)")
        #expect(text.hasSuffix("\r\u{1B}[K"))
    }

    @Test func disabledLinesCountButNeverDraw() {
        let output = CapturedFile()
        let line = ProgressLine(label: "save", unit: .bytes, enabled: false, output: Output(descriptor: output.fd),
                                clock: { UInt64.max })
        line.expect(10)
        line.advance(by: 4)
        line.finish()
        #expect(line.done == 4 && output.contents().isEmpty)
    }

    @Test func observersSeeOnlyTheirOwnWork() throws {
        let store = try home.store()
        try store.save(Data(repeating: 7, count: 1000), to: .caches, as: "a.bin")
        let seen = Collected<WorkProgress.Event>()
        let sink = CapturedFile()
        try WorkProgress.observing({ seen.add($0) }) {
            try store.retrieve(SafePath("a.bin"), from: .caches, to: sink.fd)
        }
        try store.retrieve(SafePath("a.bin"), from: .caches, to: sink.fd)
        #expect(seen.list == [.total(1000), .advanced(1000)])
    }
}
