import Foundation
import Testing

/// `ShelfCore`'s folders are a stack (docs/architecture.md, "Layers"): each uses only the folders
/// below it, so that a change low down is not undone from above and whoever adds a command finds
/// the locks, the journal and the atomic replace ready to call. These checks read the sources
/// (comments and string literals removed, as `SystemLayerTests` reads them) and fail on any use of
/// a name declared in a folder higher up, or beside it on the same row. There is no list of
/// exceptions: a name that must be used lower down moves lower down.
@Suite struct LayeringTests {
    static let engine = "Sources/ShelfCore/"

    /// The stack, bottom first. Folders on one row are peers and use nothing of each other.
    static let stack: [[String]] = [
        ["System"],  // the kernel seam, the error types, names and descriptors
        ["Text"],  // numbers, sizes, durations and times as text
        ["JSON"],  // the validator
        ["Paths"],  // where the store is, and how a path is walked safely
        ["Locking"],  // the lock of each stored file, its journal, recovery, the replace gate
        ["Writing"],  // temp files, the atomic replace, copies of trees
        ["Clear"],  // the operations, in the order they use each other
        ["Append", "Transfer"],
        ["Retrieve", "Sync"],
        ["Edit"],
        ["Store"],  // the public face
    ]

    static func row(of folder: String) -> Int? {
        stack.firstIndex { $0.contains(folder) }
    }

    /// The engine's sources, by folder.
    static func engineSources() throws -> [SystemLayerTests.Source] {
        try SystemLayerTests.sources().filter { $0.path.hasPrefix(engine) }
    }

    static func folder(of path: String) -> String {
        String(path.dropFirst(engine.count).prefix { $0 != "/" })
    }

    /// What a file declares for the rest of the module: its top-level names (types, functions,
    /// constants), and the static members of the types it extends, as `Type.member`.
    static func declarations(in code: String) -> (names: Set<String>, members: Set<String>) {
        let modifiers = "(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|package|internal|final|indirect|nonisolated)\\s+)*"
        let topLevel = "^" + modifiers + "(?:struct|enum|class|protocol|typealias|actor|func|let|var)\\s+([A-Za-z_]\\w*)"
        let member = "^\\s+" + modifiers + "static\\s+(?:func|let|var)\\s+([A-Za-z_]\\w*)"
        var names: Set<String> = []
        var members: Set<String> = []
        var depth = 0
        var extended: String?
        for line in code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if depth == 0 {
                if let name = firstCapture(topLevel, in: line) { names.insert(name) }
                extended = firstCapture("^" + modifiers + "extension\\s+([A-Za-z_]\\w*)", in: line) ?? (line.contains("{") ? nil : extended)
            } else if depth == 1, let extended, let name = firstCapture(member, in: line) {
                members.insert(extended + "." + name)
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if depth == 0, line.contains("}") { extended = nil }
        }
        return (names, members)
    }

    static func firstCapture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    /// Every use of a name declared in a folder above the user's or beside it, as
    /// "<file> uses <name> (<folder>)".
    static func upwardReferences(in sources: [SystemLayerTests.Source]) throws -> [String] {
        var owner: [String: String] = [:]
        for source in sources {
            let declared = declarations(in: source.code)
            for name in declared.names.union(declared.members) { owner[name] = folder(of: source.path) }
        }
        let word = try NSRegularExpression(pattern: "[A-Za-z_]\\w*(?:\\s*\\.\\s*[A-Za-z_]\\w*)?")
        var found: [String] = []
        for source in sources {
            let user = folder(of: source.path)
            guard let userRow = row(of: user) else { continue }
            var used: Set<String> = []
            for match in word.matches(in: source.code, range: NSRange(source.code.startIndex..., in: source.code)) {
                guard let range = Range(match.range, in: source.code) else { continue }
                let words = source.code[range].split(separator: ".").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                used.insert(words[0])
                if words.count == 2 { used.insert(words[0] + "." + words[1]); used.insert(words[1]) }
            }
            for name in used.sorted() {
                guard let declarer = owner[name], declarer != user, let declarerRow = row(of: declarer) else { continue }
                if declarerRow >= userRow { found.append("\(source.path) uses \(name) (\(declarer))") }
            }
        }
        return found
    }

    @Test func everyFolderOfTheEngineIsInTheStack() throws {
        let folders = Set(try LayeringTests.engineSources().map { LayeringTests.folder(of: $0.path) })
        #expect(folders.count > 8)
        for folder in folders.sorted() { #expect(LayeringTests.row(of: folder) != nil, "\(folder) is in no row of the stack") }
    }

    @Test func noFolderUsesOneAboveItOrBesideIt() throws {
        let found = try LayeringTests.upwardReferences(in: LayeringTests.engineSources())
        #expect(found.isEmpty, "\(found.count) upward references:\n\(found.joined(separator: "\n"))")
    }

    /// The check itself: a use upward, sideways and through an extension's static member is found;
    /// a use downward is not.
    @Test func theCheckFindsWhatGoesUp() throws {
        func source(_ path: String, _ code: String) -> SystemLayerTests.Source {
            SystemLayerTests.Source(path: LayeringTests.engine + path, code: code)
        }
        let sources = [
            source("System/Low.swift", "package struct Low {\n    let x = High()\n}\n"),
            source("Store/High.swift", "struct High {}\nextension Low {\n    static func up() {}\n}\n"),
            source("Writing/Mid.swift", "func mid() {\n    Low.up()\n    _ = Low()\n}\n"),
            source("Append/Side.swift", "struct Side {}\n"),
            source("Transfer/Other.swift", "let other = Side()\n"),
        ]
        let found = try LayeringTests.upwardReferences(in: sources)
        #expect(found.contains("Sources/ShelfCore/System/Low.swift uses High (Store)"))
        #expect(found.contains("Sources/ShelfCore/Writing/Mid.swift uses Low.up (Store)"))
        #expect(found.contains("Sources/ShelfCore/Transfer/Other.swift uses Side (Append)"))
        #expect(!found.contains { $0.contains("uses Low (System)") })
    }
}
