import Foundation
import ShelfTestSupport

/// The other ways a write fails: a read-only file system (74), a read-only folder (77), an
/// input that fails with EIO (74), a file-size limit (74). Each time the old content must stay,
/// no temp file remain, and the same command succeed once the cause is gone.
extension FullDiskScenarios {
    static func readOnlyFileSystem(_ battery: Battery) -> ScenarioReport {
        battery.scenario("read-only file system", checked: "save/move/copy onto a read-only mount: exit 74 'read-only', old content kept; succeed after remounting rw") { report in
            if let reason = PrivateMount.reasonUnavailable { report.skipped = reason; return }
            try failThenRecover(battery, report, size: 16 << 20, random: "read-only-fs",
                                cause: { try $0.setReadOnly(true) }, cure: { try $0.setReadOnly(false) },
                                failing: ("on a read-only file system", "read-only", "read-only"), recovered: ("after remounting read-write", "read-write"))
        }
    }

    static func readOnlyFolder(_ battery: Battery) -> ScenarioReport {
        battery.scenario("read-only folder", checked: "as an unprivileged user, save into a 0555 folder: exit 77 with the path, old content kept, no temp; succeeds once writable", sandbox: "ro-folder") { report, sandbox in
            guard ShelfBinary.canRunUnprivileged else { report.skipped = ShelfBinary.unprivilegedMissing; return }
            var rng = battery.random(for: "read-only-folder")
            let old = Content.json(run: 0, size: 500, &rng), new = Content.json(run: 1, size: 5000, &rng)
            try battery.shelf.setUp("documents", "ro/state.json", old, in: sandbox)
            Sandbox.chownTree(sandbox.root, to: ShelfBinary.unprivilegedUID)
            let folder = sandbox.namespace("documents") + "/ro"
            chmod(folder, 0o555)
            var checks = Checks()
            let refused = try battery.shelf.runUnprivileged(["save", "documents", "ro/state.json"], in: sandbox, input: .bytes(new))!
            checks.expect(refused, in: [77], "save into a read-only folder")
            checks.expect(refused.err.contains(folder), "the message does not name the folder: \(refused.err.prefix(200))")
            checks.expect(Sandbox.readFile(folder + "/state.json") == old, "the old content changed")
            checks.expect(Sandbox.reservedLeftovers(folder).isEmpty, "temp files remain")
            report.record(checks.problems, run: "save into 0555 folder")
            chmod(folder, 0o700)
            var after = Checks()
            let saved = try battery.shelf.runUnprivileged(["save", "documents", "ro/state.json"], in: sandbox, input: .bytes(new))!
            after.expect(saved, in: [0], "save once the folder is writable")
            after.expect(Sandbox.readFile(folder + "/state.json") == new, "the new content is not there")
            report.record(after.problems, run: "save into 0700 folder")
        }
    }

    /// The master side of a pseudo-terminal whose terminal side has been closed: reading it
    /// fails with EIO.
    /// (The pty calls are declared only under _XOPEN_SOURCE, so they are looked up by name.)
    static func failingInput() throws -> Int32 {
        typealias IntCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let openpt = dlsym(nil, "posix_openpt"), let grant = dlsym(nil, "grantpt"),
              let unlock = dlsym(nil, "unlockpt"), let ptsname = dlsym(nil, "ptsname") else {
            throw HarnessError("no pseudo-terminal calls in the C library")
        }
        let master = unsafeBitCast(openpt, to: IntCall.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, unsafeBitCast(grant, to: IntCall.self)(master) == 0, unsafeBitCast(unlock, to: IntCall.self)(master) == 0,
              let name = unsafeBitCast(ptsname, to: NameCall.self)(master) else {
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
