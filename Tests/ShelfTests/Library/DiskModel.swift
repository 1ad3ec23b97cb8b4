import Foundation

/// A reference model of Disk's semantics, written from Disk's source (`Disk+Codable.swift`,
/// `Disk+[Data].swift`, `Disk+Helpers.swift`, `Disk+InternalHelpers.swift`), over a tree of
/// names in two directories. The library's documented differences (docs/coming-from-disk.md) are
/// applied where they are marked `Documented:`; everything else is Disk's behaviour.
struct DiskModel {
    enum Node: Equatable {
        /// A JSON file, by its value: an `Int`, a `String`, or an array of either.
        case json(JSONish)
        /// A folder; `[Data]` lists are folders of numbered files.
        case folder
        case bytes([UInt8])
    }

    indirect enum JSONish: Equatable {
        case int(Int)
        case string(String)
        case array([JSONish])
    }

    /// What a call gave: a value, or which error.
    enum Outcome: Equatable, CustomStringConvertible {
        case done
        case value(String)
        /// Disk's own `NSError` in `DiskErrorDomain`, with its code.
        case disk(Int)
        /// A `FileManager` or `Data.write` failure in `NSCocoaErrorDomain`; the code where Disk's
        /// call gives a known one (516: the target exists), else nil (any code).
        case cocoa(Int?)
        /// The coder's `DecodingError`, unchanged.
        case decoding

        var description: String {
            switch self {
            case .done: return "done"
            case .value(let v): return "value \(v)"
            case .disk(let c): return "DiskErrorDomain \(c)"
            case .cocoa(let c): return "NSCocoaErrorDomain \(c.map(String.init) ?? "any")"
            case .decoding: return "DecodingError"
            }
        }

        /// The model's outcome admits the library's: a Cocoa error with no known code admits any.
        func admits(_ actual: Outcome) -> Bool {
            if case .cocoa(nil) = self, case .cocoa = actual { return true }
            return self == actual
        }
    }

    /// The two directories' trees: relative path (no leading or trailing `/`) to node.
    var trees: [String: [String: Node]] = ["caches": [:], "documents": [:]]

    /// Disk's `getValidFilePath`: leading slashes go (the names used here have no other
    /// characters Disk removes).
    static func valid(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }

    static func trimmed(_ path: String) -> String {
        var p = valid(path)
        while p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// `FileManager.fileExists` of the URL: a name ending in `/` exists only as a folder.
    func exists(_ path: String, in dir: String) -> Bool {
        guard let node = trees[dir]![Self.trimmed(path)] else { return false }
        return !Self.valid(path).hasSuffix("/") || node == .folder
    }

    func node(_ path: String, in dir: String) -> Node? { trees[dir]![Self.trimmed(path)] }

    /// The ancestors of `path`, nearest last.
    static func ancestors(_ path: String) -> [String] {
        let parts = path.split(separator: "/").map(String.init)
        return (1..<max(parts.count, 1)).map { parts[0..<$0].joined(separator: "/") }
    }

    func fileOnTheWay(_ path: String, in dir: String) -> Bool {
        Self.ancestors(path).contains { trees[dir]![$0].map { $0 != .folder } ?? false }
    }

    /// `createSubfoldersBeforeCreatingFile`: fails (Cocoa) when a file stands on the way.
    mutating func makeParents(_ path: String, in dir: String) -> Outcome? {
        for ancestor in Self.ancestors(path) {
            switch trees[dir]![ancestor] {
            case .folder?: continue
            case nil: trees[dir]![ancestor] = .folder
            default: return .cocoa(nil)
            }
        }
        return nil
    }

    mutating func removeTree(_ path: String, in dir: String) {
        trees[dir] = trees[dir]!.filter { $0.key != path && !$0.key.hasPrefix(path + "/") }
    }

    /// The numbered files of the folder `path`, in Disk's order.
    func frames(_ path: String, in dir: String) -> [(Int, [UInt8])] {
        trees[dir]!.compactMap { key, node -> (Int, [UInt8])? in
            guard key.hasPrefix(path + "/"), case .bytes(let b) = node, let n = Int(key.dropFirst(path.count + 1)) else { return nil }
            return (n, b)
        }.sorted { $0.0 < $1.0 }
    }
}
