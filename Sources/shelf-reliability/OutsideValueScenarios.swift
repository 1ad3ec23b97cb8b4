import Foundation
import Glibc

/// Values from outside at their extremes, on a private tmpfs (which keeps any 64-bit time and
/// size): modification times and expiry attributes near Int64.min and Int64.max, sparse files
/// whose sizes add past Int64.max, hand-edited and garbage journals (random bytes, a sparse
/// gigabyte, well-formed records with extreme numbers), expiry index lines with huge numbers.
/// Every command must end by itself with a documented status, no trap, and leave the stored
/// bytes alone unless it was asked to remove them.
enum OutsideValueScenarios {
    static let commands: [[String]] = [["list", "-l", "caches"], ["list", "--json", "caches"], ["retrieve", "caches", "f.txt"],
                                       ["retrieve", "caches", "f.txt", "--allow-expired"], ["append", "caches", "f.txt"],
                                       ["clear", "caches", "--expired"], ["clear", "caches", "--max-size", "1M"],
                                       ["clear", "caches", "--older-than", "1d"], ["copy", "caches", "f.txt", "documents"], ["capacity", "caches"]]

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("outside extremes", checked: "times, expiry attributes, sparse sizes, journals and index files at their extremes: no trap, documented status, bytes kept") { report in
            let probe = try Sandbox(label: "extremes-mount")
            defer { probe.destroy() }
            guard let mount = try? PrivateMount(in: probe.root, size: 64 << 20, label: "t") else { report.skipped = PrivateMount.reasonUnavailable ?? "no tmpfs"; return }
            defer { mount.unmount() }
            var rng = battery.random(for: "outside-extremes")
            let times: [Int64] = [Int64.min, Int64.min + 1, -1, Int64.max, Int64.max - 1, 253_402_300_800]
            var cases: [(String, (String) throws -> Void)] = []
            for time in times {
                cases.append(("mtime \(time)", { file in
                    var spec = [timespec(tv_sec: Int(time), tv_nsec: 0), timespec(tv_sec: Int(time), tv_nsec: 0)]
                    _ = utimensat(AT_FDCWD, file, &spec, 0)
                }))
                cases.append(("expiry attribute \(time)", { file in setAttribute(file, "user.shelf.expires", String(time)) }))
                cases.append(("index line \(time)", { file in
                    var st = stat()
                    stat(file, &st)
                    let folder = (file as NSString).deletingLastPathComponent
                    try Sandbox.writeFile(folder + "/.shelf-expiry", Array("\(time) \(st.st_ino) \(time).999999999999 f.txt\n\(time) \(UInt64.max) 0.0 f.txt\n".utf8))
                }))
            }
            cases.append(("sparse files past Int64.max", { file in
                let folder = (file as NSString).deletingLastPathComponent
                for i in 0..<4 { try Sandbox.writeFile(folder + "/sparse\(i)", []); truncate(folder + "/sparse\(i)", off_t(Int64.max - Int64(i))) }
            }))
            for (label, bytes) in journals(&rng) {
                cases.append(("journal: \(label)", { file in
                    let folder = (file as NSString).deletingLastPathComponent
                    try Sandbox.writeFile(folder + "/.shelf-journal-f.txt", bytes(file))
                    if label == "a sparse gigabyte" { truncate(folder + "/.shelf-journal-f.txt", 1 << 30) }
                }))
            }
            for (label, plant) in cases {
                for command in commands {
                    let sandbox = try Sandbox(in: mount.path, label: "x")
                    defer { sandbox.destroy() }
                    let content = Array("stored bytes\n".utf8)
                    _ = try battery.shelf.run(["save", "caches", "f.txt"], in: sandbox, input: .bytes(content))
                    try plant(sandbox.namespace("caches") + "/f.txt")
                    let result = try battery.shelf.run(command, in: sandbox, input: .bytes(Array("more\n".utf8)), timeout: 20)
                    var checks = Checks()
                    checks.expect(result, in: [0, 65, 66, 74, 77], command.joined(separator: " "))
                    checks.expectNoCrashReport(result, command[0])
                    // ru_maxrss includes the harness when spawned by vfork: checked only where memory is the point.
                    if label.contains("gigabyte") { checks.expect(result.maxResidentKB < 96 << 10, "peaked at \(result.maxResidentKB / 1024) MB") }
                    if let now = Sandbox.readFile(sandbox.namespace("caches") + "/f.txt"), label.hasPrefix("journal") {
                        checks.expect(now == content || now == content + Array("more\n".utf8), "f.txt changed to \(now.count) bytes by a journal not written for it")
                    }
                    report.record(checks.problems, run: "\(label): \(command.joined(separator: " "))")
                }
            }
        }]
    }

    /// Journals no append wrote: garbage, and records in the documented layout whose numbers are extreme.
    static func journals(_ rng: inout SeededRandom) -> [(String, (String) -> [UInt8])] {
        let garbage = rng.bytes(5000)
        func record(tail: [UInt8] = [], fingerprint: [UInt8] = [], _ numbers: @escaping (stat) -> [UInt64]) -> (String) -> [UInt8] {
            { file in
                var st = stat()
                stat(file, &st)
                var bytes = Array("SHELFJ2\n".utf8)
                for n in numbers(st) { for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: n >> UInt64(shift))) } }
                bytes += tail + fingerprint
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
                for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift))) }
                return bytes
            }
        }
        let max = UInt64.max, big = UInt64(Int64.max)
        return [
            ("random bytes", { _ in garbage }),
            ("magic then garbage", { _ in Array("SHELFJ2\n".utf8) + garbage }),
            ("a sparse gigabyte", { _ in Array("SHELFJ2\n".utf8) }),
            ("offset UInt64.max", record(tail: [0x5d]) { st in [UInt64(st.st_dev), UInt64(st.st_ino), max, max, 1, 0, max, 0] }),
            ("lengths Int64.max", record(tail: [0x5d]) { st in [UInt64(st.st_dev), UInt64(st.st_ino), big, big - 1, 1, 0, big, 0] }),
            ("offset past the file", record(tail: [0x5d]) { st in [UInt64(st.st_dev), UInt64(st.st_ino), 1 << 40, (1 << 40) - 1, 1, 0, (1 << 40) + 5, 0] }),
            ("another file's record", record(fingerprint: Array("store".utf8)) { st in [UInt64(st.st_dev), UInt64(st.st_ino) &+ 1, 5, 5, 0, 5, 9, 0] }),
        ]
    }

    /// setxattr(2), which Swift's Glibc module does not declare: looked up in the C library.
    static func setAttribute(_ path: String, _ name: String, _ value: String) {
        typealias SetXattr = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
        guard let address = dlsym(nil, "setxattr") else { return }
        _ = Array(value.utf8).withUnsafeBytes { unsafeBitCast(address, to: SetXattr.self)(path, name, $0.baseAddress!, $0.count, 0) }
    }
}
