import Foundation
import Glibc
import Testing
@testable import Shelf
@testable import ShelfCore

/// The command line and the library are one implementation: the same operations through
/// `CLI.run` and through the Swift API must leave byte-identical trees.
@Suite struct LibraryCLIParityTests {
    struct Feed: Codable { var title: String; var items: [String] }
    struct User: Codable, Identifiable, Hashable, JSONFolderSyncable { var id: Int; var name: String; var admin: Bool }

    /// One step, as the library does it and as the command line does it (with `stdin` as input).
    struct Step: Sendable {
        let library: @Sendable (Store) throws -> Void
        let arguments: [String]
        var stdin: [UInt8] = []
    }

    static let sorted: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func json<T: Encodable>(_ value: T) -> [UInt8] {
        Array(try! sorted.encode(value))
    }

    /// `sync` stores each element's bytes as given: the command line gets the array of exactly the
    /// texts the library's encoder writes for the typed values.
    static func syncStep(_ users: [User]) -> Step {
        let encoder = JSONFolder.defaultEncoder()
        let array = "[" + users.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }.joined(separator: ",") + "]"
        return Step(library: { store in try users.synchronize(in: JSONFolder("users", in: .applicationSupport, store: store)) },
                    arguments: ["sync", "applicationSupport", "users"], stdin: Array(array.utf8))
    }

    /// The same raw bytes through the library's byte entry point and through `shelf sync`.
    static func rawSyncStep(_ input: String) -> Step {
        Step(library: { store in
            var source = BytesSource(Array(input.utf8))
            try JSONFolder("raw", in: .documents, store: store).synchronize(from: &source, name: "<stdin>")
        }, arguments: ["sync", "documents", "raw"], stdin: Array(input.utf8))
    }

    static let feed = Feed(title: "News", items: ["a", "b"])
    static let steps: [Step] = [
        Step(library: { try $0.save(feed, to: .caches, as: "feeds/today.json", encoder: sorted) },
             arguments: ["save", "caches", "feeds/today.json"], stdin: json(feed)),
        Step(library: { try $0.save(Data("hello\n".utf8), to: .documents, as: "notes/a b/ü.txt") },
             arguments: ["save", "documents", "notes/a b/ü.txt"], stdin: Array("hello\n".utf8)),
        Step(library: { try $0.save(["v": 1], to: .applicationSupport, as: "state.json") },
             arguments: ["save", "applicationSupport", "state.json"], stdin: Array(#"{"v":1}"#.utf8)),
        Step(library: { try $0.save(["v": 2], to: .applicationSupport, as: "state.json") },
             arguments: ["save", "applicationSupport", "state.json"], stdin: Array(#"{"v":2}"#.utf8)),
        Step(library: { try $0.save(Data([0, 1, 2, 255]), to: .sharedContainer(appGroupName: "team"), as: "shared.bin") },
             arguments: ["save", "sharedContainer:team", "shared.bin"], stdin: [0, 1, 2, 255]),
        syncStep([User(id: 1, name: "Ann", admin: true), User(id: 2, name: "Bob", admin: false), User(id: 3, name: "Cy/Dee", admin: false)]),
        syncStep([User(id: 1, name: "Ann", admin: false), User(id: 3, name: "Cy/Dee", admin: false), User(id: 4, name: "Eve", admin: true)]),
        rawSyncStep(#"[ {"id":"caf\u00e9", "n" : 1e400 }, {"n":18446744073709551615,"id":-0.0} ]"#),
        rawSyncStep(#"[{"n":18446744073709551615,"id":-0.0}]"#),
        Step(library: { try $0.remove("feeds/today.json", from: .caches) }, arguments: ["remove", "caches", "feeds/today.json"]),
        Step(library: { try $0.remove("notes", from: .documents) }, arguments: ["remove", "-r", "documents", "notes"]),
    ]

    @Test func sameOperationsLeaveIdenticalTrees() throws {
        let viaLibrary = TestHome(), viaCLI = TestHome()
        let store = try viaLibrary.store(app: "parity")
        for (index, step) in Self.steps.enumerated() {
            try step.library(store)
            let result = viaCLI.run(["--app", "parity"] + step.arguments, stdinBytes: step.stdin)
            #expect(result.status == 0, "step \(index): \(result.stderr)")
        }
        let tree = snapshot(viaLibrary)
        #expect(tree.count > 15)
        #expect(tree == snapshot(viaCLI))
        #expect(tree.keys.contains("data/parity/users/4.json") && !tree.keys.contains("data/parity/users/2.json"))
        #expect(tree["data/parity/users/1.json"] == "{\n  \"admin\" : false,\n  \"id\" : 1,\n  \"name\" : \"Ann\"\n}")
        #expect(tree.keys.contains("data/shelf-shared/team/shared.bin"))
        #expect(tree["docs/parity/raw/-0.0.json"] == #"{"n":18446744073709551615,"id":-0.0}"#)
        #expect(!tree.keys.contains("docs/parity/raw/caf\u{E9}.json"))
    }

    /// Every path below the home with its content (files) or mode (folders).
    func snapshot(_ home: TestHome) -> [String: String] {
        var tree: [String: String] = [:]
        for relative in home.allPaths() {
            var st = stat()
            lstat(home.path(relative), &st)
            let mode = String(st.st_mode & 0o7777, radix: 8)
            if (st.st_mode & S_IFMT) == S_IFDIR {
                tree[relative] = "folder " + mode
            } else {
                tree[relative] = mode == "600" ? (home.read(relative) ?? "?") : "mode " + mode
            }
        }
        return tree
    }
}
