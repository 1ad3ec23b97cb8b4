import Foundation

/// Journal records at their extremes, in the current format and place (docs/formats.md, "The
/// journal and recovery"): shelf writes a genuine record (an append killed once it is durable, so
/// the file is untouched and the record names the right file), then each number in it is set to an
/// extreme (UInt64.max, Int64.max, 2^60 + 1, past the file) with its checksum made right again, or
/// the journal is cut, padded to a sparse gigabyte, or replaced by a FIFO, a folder or a link.
/// Every command must end by itself with a documented status, no trap, bounded memory, and leave
/// the stored bytes as they were (plus its own item for an append).
enum JournalExtremeScenarios {
    static let content = Array("stored bytes\n".utf8)
    static let commands: [[String]] = [["retrieve", "caches", "f.txt"], ["append", "caches", "f.txt"], ["copy", "caches", "f.txt", "documents"],
                                       ["rename", "caches", "f.txt", "g.txt"], ["list", "-l", "caches"]]
    static let journal = ".shelf-journal2-f.txt"
    /// The record's numbers after its magic line; a patch's three follow the handle and the
    /// fingerprint, whose lengths are header numbers 4 and 7.
    static let headerNumbers = 10

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("journal extremes", checked: "records of the current format with extreme numbers (checksums right), cut, sparse, or not files: no trap, documented status, bounded memory, bytes kept") { report in
            for (label, plant) in cases {
                for command in battery.full ? commands : [commands[0], commands[1]] {
                    let sandbox = try Sandbox(label: "journal-x")
                    defer { sandbox.destroy() }
                    var checks = Checks()
                    let folder = sandbox.namespace("caches")
                    checks.expect(try battery.shelf.run(["save", "caches", "f.txt"], in: sandbox, input: .bytes(content)), in: [0], "save")
                    let killed = try battery.shelf.run(["append", "caches", "f.txt"], in: sandbox, input: .bytes(Array(repeating: 0x78, count: 300)),
                                                       environment: [Failpoints.variable: "journal"])
                    checks.expect(killed.signal == SIGKILL, "the append armed to die did not: \(killed.summary)")
                    guard let record = Sandbox.readFile(folder + "/" + journal), record.count > 100 else {
                        report.record(checks.problems + ["no record of the current format at \(journal)"], run: "\(label): setup")
                        continue
                    }
                    try plant(folder + "/" + journal, record)
                    let result = try battery.shelf.runMeasured(command, in: sandbox, input: .bytes(Array("more\n".utf8)), timeout: 30).result
                    checks.expect(result, in: [0, 65, 66, 74, 77], command.joined(separator: " "))
                    checks.expectNoCrashReport(result, command[0])
                    checks.expect(result.maxResidentKB < 64 << 10, "peaked at \(result.maxResidentKB / 1024) MB")
                    let now = Sandbox.readFile(folder + "/" + (command[0] == "rename" && result.status == 0 ? "g.txt" : "f.txt"))
                    checks.expect(now == content || now == content + Array("more\n".utf8), "f.txt changed to \(now?.count ?? -1) bytes by a journal not written for it")
                    report.record(checks.problems, run: "\(label): \(command.joined(separator: " "))")
                }
            }
        }]
    }

    /// The plantings: each takes the journal's path and the genuine record.
    static let cases: [(String, @Sendable (String, [UInt8]) throws -> Void)] = {
        var cases: [(String, @Sendable (String, [UInt8]) throws -> Void)] = []
        let values: [(String, UInt64)] = [("UInt64.max", .max), ("Int64.max", UInt64(Int64.max)), ("2^63", 1 << 63), ("2^60+1", (1 << 60) + 1)]
        for index in 2..<headerNumbers {
            for (name, value) in values where index >= 4 || name == "UInt64.max" {
                cases.append(("header number \(index) = \(name)", { path, record in try write(path, resealed(set(record, at: 8 + 8 * index, to: value))) }))
            }
        }
        for field in 0..<3 {
            for (name, value) in values {
                cases.append(("patch number \(field) = \(name)", { path, record in
                    try write(path, resealed(set(record, at: patchStart(record) + 8 * field, to: value)))
                }))
            }
        }
        cases.append(("new length past the file", { path, record in
            try write(path, resealed(set(record, at: 8 + 8 * 6, to: number(record, at: 8 + 8 * 6) &+ (1 << 40))))
        }))
        cases.append(("cut in half", { path, record in try write(path, Array(record.prefix(record.count / 2))) }))
        cases.append(("record, then a sparse gigabyte", { path, record in
            try write(path, record)
            truncate(path, 1 << 30)
        }))
        cases.append(("a sparse gigabyte of nothing", { path, _ in
            try write(path, Array("SHELFJ3\n".utf8))
            truncate(path, 1 << 30)
        }))
        cases.append(("a FIFO", { path, _ in _ = unlink(path); mkfifo(path, 0o600) }))
        cases.append(("a folder", { path, _ in _ = unlink(path); mkdir(path, 0o700) }))
        cases.append(("a link to /etc/passwd", { path, _ in _ = unlink(path); symlink("/etc/passwd", path) }))
        return cases
    }()

    static func write(_ path: String, _ bytes: [UInt8]) throws {
        _ = unlink(path)
        try Sandbox.writeFile(path, bytes)
    }

    static func number(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
    }

    static func set(_ bytes: [UInt8], at offset: Int, to value: UInt64) -> [UInt8] {
        var bytes = bytes
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * i)) }
        return bytes
    }

    /// Where the first patch's position starts.
    static func patchStart(_ record: [UInt8]) -> Int {
        8 + 8 * headerNumbers + Int(number(record, at: 8 + 8 * 4) + number(record, at: 8 + 8 * 7))
    }

    /// The record with its checksum (the last 8 bytes) made right for its new bytes.
    static func resealed(_ record: [UInt8]) -> [UInt8] {
        let body = Array(record.dropLast(8))
        let sum = checksum(body)
        return body + (0..<8).map { UInt8(truncatingIfNeeded: sum >> UInt64(8 * $0)) }
    }

    /// The engine's `Checksum64` of one buffer, as docs/formats.md describes it (the battery links
    /// no code of ours): FNV-1a's step on each little-endian 8-byte word (the last one padded with
    /// zeros), each followed by an xor-shift by 29, then the same step on the length.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            state = (state ^ word) &* 0x100_0000_01b3
            state ^= state >> 29
        }
        for start in stride(from: 0, to: bytes.count, by: 8) {
            mix(bytes[start..<Swift.min(start + 8, bytes.count)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        mix(UInt64(bytes.count))
        return state
    }
}
