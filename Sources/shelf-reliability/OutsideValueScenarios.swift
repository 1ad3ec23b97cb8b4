import Foundation
import ShelfTestSupport

/// Values from outside at their extremes, on a private tmpfs (which keeps any 64-bit time and
/// size): modification times and expiry attributes near Int64.min and Int64.max, sparse files
/// whose sizes add past Int64.max (and a stored file that claims almost Int64.max bytes),
/// hand-edited, garbage, sparse and FIFO expiry indexes, hand-edited and garbage journals (random
/// bytes, a sparse gigabyte, well-formed records with extreme numbers); durations, sizes and times
/// typed at their limits; environment files that are FIFOs or huge, and paths longer than PATH_MAX.
/// Every command must end by itself with a documented status, no trap, in bounded memory
/// (measured with /usr/bin/time), and leave the stored bytes alone unless it was asked to change them.
enum OutsideValueScenarios {
    static let commands: [[String]] = [["list", "-l", "caches"], ["list", "-l", "--human", "caches"], ["list", "--json", "caches"],
                                       ["list", "-R", "--json", "caches"], ["retrieve", "caches", "f.txt"],
                                       ["retrieve", "caches", "f.txt", "--allow-expired"], ["append", "caches", "f.txt"],
                                       ["clear", "caches", "--expired"], ["clear", "caches", "--max-size", "1M"],
                                       ["clear", "caches", "--older-than", "1d"], ["clear", "caches", "--dry-run"], ["clear", "caches"],
                                       ["copy", "caches", "f.txt", "documents"], ["capacity", "caches"]]
    /// Commands that stream a file's bytes: given a file that claims exabytes they stream it, as
    /// cat(1) would, so they are not run on one.
    static let streaming: Set<String> = ["retrieve", "copy"]
    static let memoryLimitKB = 96 << 10

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("outside extremes", checked: "times, expiry attributes, sparse sizes, journals and index files at their extremes: no trap, documented status, bounded memory, bytes kept") { report in
            let probe = try Sandbox(label: "extremes-mount")
            defer { probe.destroy() }
            guard let mount = try? PrivateMount(in: probe.root, size: 64 << 20, label: "t") else { report.skipped = PrivateMount.reasonUnavailable ?? "no tmpfs"; return }
            defer { mount.unmount() }
            var rng = battery.random(for: "outside-extremes")
            for (label, plant, sparseFile) in cases(&rng) {
                for command in commands where !(sparseFile && streaming.contains(command[0])) {
                    let sandbox = try Sandbox(in: mount.path, label: "x")
                    defer { sandbox.destroy() }
                    let content = Array("stored bytes\n".utf8)
                    _ = try battery.shelf.run(["save", "caches", "f.txt"], in: sandbox, input: .bytes(content))
                    try plant(sandbox.namespace("caches") + "/f.txt")
                    let (result, measured) = try battery.shelf.runMeasured(command, in: sandbox, input: .bytes(Array("more\n".utf8)), timeout: 20)
                    var checks = Checks()
                    checks.expect(result, in: [0, 3, 65, 66, 74, 77], command.joined(separator: " "))  // 3: an expiry attribute in the past
                    checks.expectNoCrashReport(result, command[0])
                    if measured { checks.expect(result.maxResidentKB < memoryLimitKB, "peaked at \(result.maxResidentKB / 1024) MB") }
                    if !sparseFile, let now = Sandbox.readFile(sandbox.namespace("caches") + "/f.txt") {
                        checks.expect(now == content || now == content + Array("more\n".utf8), "f.txt changed to \(now.count) bytes")
                    }
                    report.record(checks.problems, run: "\(label): \(command.joined(separator: " "))")
                }
            }
            for (arguments, statuses) in typedValues {
                let sandbox = try Sandbox(in: mount.path, label: "x")
                defer { sandbox.destroy() }
                _ = try battery.shelf.run(["save", "caches", "f.txt"], in: sandbox, input: .bytes(Array("x".utf8)))
                let result = try battery.shelf.run(arguments, in: sandbox, input: .bytes(Array("x".utf8)), timeout: 20)
                var checks = Checks()
                checks.expect(result, in: statuses, arguments.joined(separator: " "))
                checks.expectNoCrashReport(result, arguments[0])
                let listed = try battery.shelf.run(["list", "-l", "--json", "caches"], in: sandbox, timeout: 20)
                checks.expect(listed, in: [0], "list -l after \(arguments.joined(separator: " "))")
                report.record(checks.problems, run: arguments.joined(separator: " "))
            }
            for (label, environment, prepare) in environments {
                for arguments in [["path", "documents"], ["dirs"], ["save", "documents", "f.txt"], ["save", "caches", "f.txt"]] {
                    let sandbox = try Sandbox(in: mount.path, label: "x")
                    defer { sandbox.destroy() }
                    try prepare(sandbox)
                    let result = try battery.shelf.run(arguments, in: sandbox, input: .bytes(Array("x".utf8)),
                                                       environment: environment(sandbox), timeout: 20)
                    var checks = Checks()
                    checks.expect(result, in: [0, 64, 73, 74, 77], "\(label): \(arguments.joined(separator: " "))")
                    checks.expectNoCrashReport(result, arguments[0])
                    report.record(checks.problems, run: "\(label): \(arguments.joined(separator: " "))")
                }
            }
        }]
    }

    typealias Plant = (String) throws -> Void

    /// What is planted beside (or into) the stored `f.txt`; the flag marks a stored file that claims exabytes.
    static func cases(_ rng: inout SeededRandom) -> [(String, Plant, Bool)] {
        let times: [Int64] = [Int64.min, Int64.min + 1, -1, Int64.max, Int64.max - 1, 253_402_300_800]
        var cases: [(String, Plant, Bool)] = []
        for time in times {
            cases.append(("mtime \(time)", { file in
                var spec = [timespec(tv_sec: Int(time), tv_nsec: 0), timespec(tv_sec: Int(time), tv_nsec: 0)]
                _ = utimensat(AT_FDCWD, file, &spec, 0)
            }, false))
            cases.append(("expiry attribute \(time)", { file in setAttribute(file, "user.shelf.expires", String(time)) }, false))
            cases.append(("index line \(time)", { file in
                var st = stat()
                stat(file, &st)
                try Sandbox.writeFile(folder(of: file) + "/.shelf-expiry", Array("\(time) \(st.st_ino) \(time).999999999999 f.txt\n\(time) \(UInt64.max) 0.0 f.txt\n".utf8))
            }, false))
        }
        cases.append(("sparse files past Int64.max", { file in
            for i in 0..<4 { try Sandbox.writeFile(folder(of: file) + "/sparse\(i)", []); truncate(folder(of: file) + "/sparse\(i)", off_t(Int64.max - Int64(i))) }
        }, false))
        cases.append(("the stored file claims Int64.max - 2 bytes", { file in truncate(file, off_t(Int64.max - 2)) }, true))
        let garbage = rng.bytes(5000)
        cases.append(("index: a sparse gigabyte", { file in
            try Sandbox.writeFile(folder(of: file) + "/.shelf-expiry", [])
            truncate(folder(of: file) + "/.shelf-expiry", 1 << 30)
        }, false))
        cases.append(("index: a FIFO", { file in _ = mkfifo(folder(of: file) + "/.shelf-expiry", 0o600) }, false))
        cases.append(("index: random bytes", { file in try Sandbox.writeFile(folder(of: file) + "/.shelf-expiry", garbage) }, false))
        for (label, bytes) in journals(&rng) {
            cases.append(("journal: \(label)", { file in
                try Sandbox.writeFile(folder(of: file) + "/.shelf-journal2-f.txt", bytes(file))
                if label == "a sparse gigabyte" { truncate(folder(of: file) + "/.shelf-journal2-f.txt", 1 << 30) }
            }, false))
        }
        return cases
    }

    static func folder(of file: String) -> String { (file as NSString).deletingLastPathComponent }

    /// Durations, sizes and times typed at their limits, and the statuses they may end with (the
    /// days, seconds and sizes at Int64's edge: OutsideValueTests.durationsAndSizesAtTheirExtremesParseOrAreRefused).
    /// The most weeks whose seconds fit in Int64: (2^63 - 1) / 604,800 = 15,250,284,452,471.
    static let typedValues: [([String], Set<Int32>)] = [
        (["clear", "caches", "--older-than", "15250284452471w"], [0]),
        (["clear", "caches", "--older-than", "15250284452472w"], [64]),
        (["clear", "caches", "--older-than", "0s"], [0]), (["clear", "caches", "--max-size", "7E"], [0]),
        (["clear", "caches", "--max-size", "0"], [0]), (["save", "caches", "g.txt", "--expires-in", "9223372036854775807s"], [64]),
        (["save", "caches", "g.txt", "--expires-at", "9999-12-31T23:59:59-23:59"], [0]),
        // The earliest time there is: parsed (no trap), then refused as in the past.
        (["save", "caches", "g.txt", "--expires-at", "0000-01-01T00:00:00+23:59"], [64]),
    ]

    /// Environments whose values are at their limits: user-dirs.dirs a FIFO or a sparse gigabyte,
    /// folder variables and HOME longer than PATH_MAX.
    static var environments: [(String, (Sandbox) -> [String: String], (Sandbox) throws -> Void)] { [
        ("user-dirs.dirs a FIFO", { _ in ["XDG_DOCUMENTS_DIR": ""] }, { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.path("config"), withIntermediateDirectories: true)
            _ = mkfifo(sandbox.path("config/user-dirs.dirs"), 0o600)
        }),
        ("user-dirs.dirs a sparse gigabyte", { _ in ["XDG_DOCUMENTS_DIR": ""] }, { sandbox in
            try Sandbox.writeFile(sandbox.path("config/user-dirs.dirs"), [])
            truncate(sandbox.path("config/user-dirs.dirs"), 1 << 30)
        }),
        ("folder variables of 5,000 bytes", { sandbox in
            let long = sandbox.root + String(repeating: "/abcdefghi", count: 500)
            return ["XDG_CACHE_HOME": long, "XDG_DOCUMENTS_DIR": long, "XDG_DATA_HOME": long, "XDG_RUNTIME_DIR": long]
        }, { _ in }),
        ("HOME of 100,000 bytes", { sandbox in
            ["HOME": sandbox.root + String(repeating: "/abcdefghi", count: 10_000), "XDG_CACHE_HOME": "", "XDG_DOCUMENTS_DIR": "", "XDG_CONFIG_HOME": ""]
        }, { _ in }),
    ] }

    /// Journals no append wrote: garbage, or the magic line of the current format and nothing
    /// sensible after it (records whose numbers are extreme: `JournalExtremeScenarios`).
    static func journals(_ rng: inout SeededRandom) -> [(String, (String) -> [UInt8])] {
        let garbage = rng.bytes(5000)
        return [
            ("random bytes", { _ in garbage }),
            ("magic then garbage", { _ in Array("SHELFJ3\n".utf8) + garbage }),
            ("a sparse gigabyte", { _ in Array("SHELFJ3\n".utf8) }),
        ]
    }

    /// setxattr(2), which Swift's Glibc module does not declare: looked up in the C library.
    static func setAttribute(_ path: String, _ name: String, _ value: String) {
        typealias SetXattr = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
        guard let setxattr = Child.libc("setxattr", as: SetXattr.self) else { return }
        _ = Array(value.utf8).withUnsafeBytes { setxattr(path, name, $0.baseAddress!, $0.count, 0) }
    }
}
