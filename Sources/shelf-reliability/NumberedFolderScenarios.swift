import Foundation
import ShelfTestSupport

/// Folders of numbered files at their limits (issue 12, item 11; issue 16, part 3): whatever names
/// a user saved in the folder (255 nines, UInt64.max, numbers with leading zeros, things that look
/// like numbers and are not), appends must keep working, each giving a new number that holds
/// exactly its item, above every numbered name it can count, never overwriting a user's file. And
/// however shelf keeps the next number, its own files in the folder damaged (garbage, a sparse
/// gigabyte, a FIFO, a folder, a link to a file outside) must not fool it.
enum NumberedFolderScenarios {
    static let counter = ".shelf-counter"

    /// User names saved first, and whether a number above all of them can still be a name.
    static let userNames: [([String], Bool)] = [
        ([String(repeating: "9", count: 255)], false), (["18446744073709551615"], true), ([String(repeating: "9", count: 254)], true),
        ([String(repeating: "0", count: 254) + "1"], true), (["abc", "-1", "+5", "1e3", " 7", "\u{663}", "0x10", "10.json", "3 "], true),
        ([String(repeating: "9", count: 255), "41", "007"], false),
    ]

    static func run(_ battery: Battery, _ report: ScenarioReport) throws {
        for (names, ordered) in userNames {
            let sandbox = try Sandbox(label: "numbers")
            defer { sandbox.destroy() }
            var folder = Folder(battery: battery, sandbox: sandbox)
            for name in names { folder.checks.expect(try folder.save(name), in: [0], "save n/\(name.prefix(12))…") }
            for i in 0..<3 { try folder.append("item \(i)", ordered: ordered) }
            report.record(folder.checks.problems, run: "folder appends after \(names.map { "\($0.prefix(8))…(\($0.utf8.count))" }.joined(separator: ", "))")
        }
        for (label, change) in changes {
            let sandbox = try Sandbox(label: "counter")
            defer { sandbox.destroy() }
            var folder = Folder(battery: battery, sandbox: sandbox)
            for i in 0..<2 { try folder.append("before \(i)", ordered: true) }
            try change(&folder)
            for i in 0..<2 { try folder.append("after \(i)", ordered: true) }
            report.record(folder.checks.problems, run: "folder appends after \(label)")
        }
    }

    /// What happens to the folder between appends: shelf's own files damaged. Other programs'
    /// and shelf's own new names, and a crash, are FolderCounterTests' (exact numbers).
    static let changes: [(String, @Sendable (inout Folder) throws -> Void)] = [
        ("garbage in shelf's files there", { folder in
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix(".shelf-") {
                try Sandbox.writeFile(folder.path + "/" + name, Array("3\nnot what shelf wrote\u{0}".utf8))
            }
            // And another program's file, which the appends must count.
            try Sandbox.writeFile(folder.path + "/900", Array("theirs".utf8))
            folder.files["900"] = Array("theirs".utf8)
        }),
        ("shelf's counter a sparse gigabyte", { folder in
            try Sandbox.writeFile(folder.path + "/" + counter, [])
            truncate(folder.path + "/" + counter, 1 << 30)
        }),
        ("shelf's counter a FIFO", { folder in _ = unlink(folder.path + "/" + counter); mkfifo(folder.path + "/" + counter, 0o600) }),
        ("shelf's counter a folder", { folder in _ = unlink(folder.path + "/" + counter); mkdir(folder.path + "/" + counter, 0o700) }),
        ("shelf's counter a link to a file outside", { folder in
            _ = unlink(folder.path + "/" + counter)
            try Sandbox.writeFile(folder.sandbox.path("outside.txt"), Array("outside\n".utf8))
            symlink(folder.sandbox.path("outside.txt"), folder.path + "/" + counter)
            folder.outside = folder.sandbox.path("outside.txt")
        }),
    ]

    /// One numbered folder `caches/n` and what the checks know of it.
    struct Folder {
        let battery: Battery
        let sandbox: Sandbox
        var checks = Checks()
        /// Every file and its bytes, as they must stay.
        var files: [String: [UInt8]] = [:]
        var outside: String?

        init(battery: Battery, sandbox: Sandbox) {
            self.battery = battery
            self.sandbox = sandbox
        }

        var path: String { sandbox.namespace("caches") + "/n" }

        mutating func save(_ name: String) throws -> ChildResult {
            let bytes = Array("user's \(name)".utf8)
            let result = try battery.shelf.run(["save", "caches", "n/" + name, "--raw"], in: sandbox, input: .bytes(bytes))
            if result.status == 0 { files[name] = bytes }
            return result
        }

        /// The numbered names present and their values (numbers of any length, compared as such).
        func numbers() -> [String] {
            Visibility.visibleEntries(path).filter { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
        }

        /// One append of `item`: exit 0, a new numbered name holding exactly the item, every other
        /// file as it was, and (where a number above them can still be a name) above every number.
        mutating func append(_ item: String, ordered: Bool) throws {
            let before = numbers()
            for name in files.keys where !FileManager.default.fileExists(atPath: path + "/" + name) { files[name] = nil }
            let result = try battery.shelf.runMeasured(["append", "caches", "n/"], in: sandbox, input: .bytes(Array(item.utf8)), timeout: 60).result
            checks.expect(result, in: [0], "append \(item)")
            checks.expect(result.maxResidentKB == 0 || result.maxResidentKB < 64 << 10, "append \(item) peaked at \(result.maxResidentKB / 1024) MB")
            guard result.status == 0 else { return }
            let name = result.out.trimmingCharacters(in: .newlines)
            checks.expect(!name.isEmpty && name.utf8.allSatisfy { (48...57).contains($0) }, "append printed \(name.prefix(40).debugDescription), not a number")
            checks.expect(files[name] == nil, "append \(item) took the name of an existing file \(name.prefix(20))…")
            checks.expect(Sandbox.readFile(path + "/" + name) == Array(item.utf8), "the new file \(name.prefix(20))… does not hold exactly the item")
            if ordered, let top = before.filter({ $0.drop { $0 == "0" }.count <= 254 }).max(by: NumberedFolderScenarios.less) {
                checks.expect(NumberedFolderScenarios.less(top, name), "append \(item) got \(name.prefix(24)), not above \(top.prefix(24))")
            }
            for (other, bytes) in files { checks.expect(Sandbox.readFile(path + "/" + other) == bytes, "the file \(other.prefix(20))… changed") }
            if let outside { checks.expect(Sandbox.readFile(outside) == Array("outside\n".utf8), "the file outside the namespace changed") }
            files[name] = Array(item.utf8)
        }
    }

    /// Numeric order of digit strings of any length.
    static func less(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8.drop { $0 == 48 }), y = Array(b.utf8.drop { $0 == 48 })
        return x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
    }
}
