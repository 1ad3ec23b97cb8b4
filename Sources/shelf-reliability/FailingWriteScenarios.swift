import Foundation
import ShelfTestSupport

/// The other ways a write fails: a read-only file system (74), an input that fails with EIO (74),
/// a file-size limit (74). Each time the old content must stay, no temp file remain, and the same
/// command succeed once the cause is gone. (A read-only folder, 77: "permissions: refusals".)
extension FullDiskScenarios {
    static func readOnlyFileSystem(_ battery: Battery) -> ScenarioReport {
        battery.scenario("read-only file system", checked: "save/move/copy onto a read-only mount: exit 74 'read-only', old content kept; succeed after remounting rw") { report in
            if let reason = PrivateMount.reasonUnavailable { report.skipped = reason; return }
            try failThenRecover(battery, report, size: 16 << 20, random: "read-only-fs",
                                cause: { try $0.setReadOnly(true) }, cure: { try $0.setReadOnly(false) },
                                failing: ("on a read-only file system", "read-only", "read-only"), recovered: ("after remounting read-write", "read-write"))
        }
    }

    /// The master side of a pseudo-terminal whose terminal side has been closed: reading it
    /// fails with EIO.
    /// (The pty calls are declared only under _XOPEN_SOURCE, so they are looked up by name.)
    static func failingInput() throws -> Int32 {
        typealias IntCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let openpt = Child.libc("posix_openpt", as: IntCall.self), let grant = Child.libc("grantpt", as: IntCall.self),
              let unlock = Child.libc("unlockpt", as: IntCall.self), let ptsname = Child.libc("ptsname", as: NameCall.self) else {
            throw HarnessError("no pseudo-terminal calls in the C library")
        }
        let master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, let name = ptsname(master) else {
            throw HarnessError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else {
            close(master)
            throw HarnessError("open \(String(cString: name)): \(String(cString: strerror(errno)))")
        }
        close(terminal)
        return master
    }

    static func inputError(_ battery: Battery) -> ScenarioReport {
        battery.scenario("I/O error (EIO)", checked: "save/append whose input fails with EIO: exit 74, old content kept, no temp file", sandbox: "eio") { report, sandbox in
            let old = Array("{\"old\":true}".utf8)
            let commands = [["save", "caches", "state.json"], ["append", "caches", "state.json"], ["append", "caches", "log.jsonl"]]
            for arguments in commands {
                var checks = Checks()
                try battery.shelf.setUp("caches", arguments[2], old, in: sandbox)
                let input = try failingInput()
                defer { close(input) }
                var probe: UInt8 = 0
                guard read(input, &probe, 1) < 0 && errno == EIO else {
                    report.skipped = "a closed pseudo-terminal does not give EIO here"
                    return
                }
                let result = try battery.shelf.run(arguments, in: sandbox, input: .descriptor(input))
                checks.expect(result, in: [74], "\(arguments[0]) with an input failing with EIO")
                checks.expect(try battery.shelf.run(["retrieve", "caches", arguments[2]], in: sandbox).stdout == old, "the old content changed")
                checks.expect(Sandbox.reservedLeftovers(sandbox.namespace("caches")).isEmpty, "temp files remain")
                report.record(checks.problems, run: arguments.joined(separator: " "))
            }
        }
    }

    static func fileSizeLimit(_ battery: Battery) -> ScenarioReport {
        battery.scenario("file size limit (EFBIG)", checked: "save/copy past RLIMIT_FSIZE (SIGXFSZ ignored): exit 74, old content kept, no temp file; succeeds without the limit", sandbox: "efbig") { report, sandbox in
            var rng = battery.random(for: "efbig")
            let old = rng.bytes(1000), new = rng.bytes(1 << 20)
            let limits = ChildLimits(fileSizeBytes: 256 << 10, ignoreFileSizeSignal: true)
            try battery.shelf.setUp("caches", "big.bin", old, in: sandbox)
            try battery.shelf.setUp("temporary", "source.bin", new, in: sandbox)
            for (arguments, input) in [(["save", "caches", "big.bin"], ChildInput.bytes(new)),
                                       (["copy", "temporary", "source.bin", "caches"], ChildInput.none)] {
                var checks = Checks()
                let limited = try battery.shelf.run(arguments, in: sandbox, input: input, limits: limits)
                checks.expect(limited, in: [74], "\(arguments[0]) beyond the file size limit")
                checks.expect(try battery.shelf.run(["retrieve", "caches", "big.bin"], in: sandbox).stdout == old, "the old content changed")
                checks.expect(try battery.shelf.run(["exists", "caches", "source.bin"], in: sandbox).status == 1, "a partial copy is visible")
                checks.expect(Sandbox.reservedLeftovers(sandbox.namespace("caches")).isEmpty, "temp files remain")
                let unlimited = try battery.shelf.run(arguments, in: sandbox, input: input)
                checks.expect(unlimited, in: [0], "\(arguments[0]) without the limit")
                report.record(checks.problems, run: arguments.joined(separator: " "))
                _ = try battery.shelf.run(["remove", "caches", "source.bin", "--force"], in: sandbox)
                _ = try battery.shelf.run(["save", "caches", "big.bin"], in: sandbox, input: .bytes(old))
            }
        }
    }
}
