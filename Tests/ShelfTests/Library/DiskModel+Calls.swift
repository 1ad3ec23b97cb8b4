import Foundation

/// The calls the differential test makes (a failure prints them as Swift shows a case), and what
/// Disk does for each (`DiskModel.apply`).
enum DiskCall {
    case saveInts(String, [Int], String)
    case appendInt(String, Int, String)
    case appendInts(String, [Int], String)
    case appendString(String, String, String)
    case retrieveInts(String, String)
    case saveFrames(String, [[UInt8]], String)
    case appendFrame(String, [UInt8], String)
    case retrieveFrames(String, String)
    case remove(String, String)
    case move(String, String, to: String)
    case rename(String, String, String)
    case clear(String)
    case exists(String, String)
    case url(String, String)
}

extension DiskModel {
    mutating func apply(_ call: DiskCall) -> Outcome {
        // Documented: a file on the way of a name is reported (Cocoa), not taken for "no file" (Disk: 0).
        switch call {
        case .retrieveInts(let p, let d) where !Self.valid(p).hasSuffix("/"), .retrieveFrames(let p, let d), .remove(let p, let d),
             .move(let p, let d, _), .rename(let p, _, let d):
            if fileOnTheWay(Self.trimmed(p), in: d) { return .cocoa(nil) }
        default: break
        }
        switch call {
        case .saveInts(let p, let v, let d):
            // Disk+Codable: a name ending in '/' is refused for a Codable value.
            if Self.valid(p).hasSuffix("/") { return .disk(3) }
            let t = Self.trimmed(p)
            if let failure = makeParents(t, in: d) { return failure }
            if node(t, in: d) == .folder { return .cocoa(nil) }
            trees[d]![t] = .json(.array(v.map(JSONish.int)))
            return .done
        case .appendInt(let p, let v, let d):
            return append([.int(v)], single: true, to: p, in: d)
        case .appendString(let p, let v, let d):
            return append([.string(v)], single: true, to: p, in: d)
        case .appendInts(let p, let v, let d):
            return append(v.map(JSONish.int), single: false, to: p, in: d)
        case .retrieveInts(let p, let d):
            if Self.valid(p).hasSuffix("/") { return .disk(3) }
            guard exists(p, in: d), let node = node(p, in: d) else { return .disk(0) }
            guard case .json(.array(let elements)) = node else { return node == .folder ? .cocoa(nil) : .decoding }
            let ints = elements.compactMap { if case .int(let i) = $0 { i } else { nil } }
            return ints.count == elements.count ? .value("\(ints)") : .decoding
        case .saveFrames(let p, let frames, let d):
            let t = Self.trimmed(p)
            if let failure = makeParents(t, in: d) { return failure }
            switch node(t, in: d) {
            case .folder?: removeTree(t, in: d)  // Documented: a [Data] save replaces the folder (Disk: 516).
            case .some: return .cocoa(516)
            case nil: break
            }
            makeFrames(t, frames, in: d)
            return .done
        case .appendFrame(let p, let bytes, let d):
            let t = Self.trimmed(p)
            if exists(p, in: d) {
                guard node(p, in: d) == .folder else { return .cocoa(nil) }
                trees[d]!["\(t)/\((frames(t, in: d).last?.0 ?? -1) + 1)"] = .bytes(bytes)
                return .done
            }
            if let failure = makeParents(t, in: d) { return failure }
            if node(t, in: d) != nil { return .cocoa(516) }
            makeFrames(t, [bytes], in: d)
            return .done
        case .retrieveFrames(let p, let d):
            // Documented: a file at `frames/` is reported as not a folder (Disk: 0, no such folder).
            guard let node = node(p, in: d) else { return .disk(0) }
            guard node == .folder else { return .cocoa(nil) }
            return .value(folderListing(Self.trimmed(p), in: d))
        case .remove(let p, let d):
            guard exists(p, in: d) else { return .disk(0) }
            removeTree(Self.trimmed(p), in: d)
            return .done
        case .move(let p, let d, let e):
            return relocate(Self.trimmed(p), in: d, to: Self.trimmed(p), in: e)
        case .rename(let p, let q, let d):
            return relocate(Self.trimmed(p), in: d, to: Self.trimmed(q), in: d)
        case .clear(let d):
            trees[d] = [:]
            return .done
        case .exists(let p, let d):
            return .value("\(exists(p, in: d))")
        case .url(let p, let d):
            return .value(d + "/" + Self.trimmed(p))
        }
    }

    /// Disk's `append` of one value or of an array: decode the stored file as `T` (then
    /// `[old, new…]`) or as `[T]` (then appended), else `deserialization`; a missing file is saved.
    private mutating func append(_ values: [JSONish], single: Bool, to p: String, in d: String) -> Outcome {
        if Self.valid(p).hasSuffix("/") { return .disk(3) }
        let t = Self.trimmed(p)
        guard let stored = node(t, in: d) else {
            if let failure = makeParents(t, in: d) { return failure }
            trees[d]![t] = .json(.array(values))
            return .done
        }
        guard case .json(let old) = stored else { return stored == .folder ? .cocoa(nil) : .disk(2) }
        let kind = values.first.map(Self.kind) ?? (single ? "?" : "int")
        if case .array(let elements) = old {
            guard elements.allSatisfy({ Self.kind($0) == kind }) else { return .disk(2) }
            trees[d]![t] = .json(.array(elements + values))
        } else {
            guard Self.kind(old) == kind else { return .disk(2) }
            trees[d]![t] = .json(.array([old] + values))
        }
        return .done
    }

    static func kind(_ value: JSONish) -> String {
        switch value {
        case .int: return "int"
        case .string: return "string"
        case .array: return "array"
        }
    }

    /// `FileManager.moveItem` after `createSubfoldersBeforeCreatingFile`.
    private mutating func relocate(_ t: String, in d: String, to u: String, in e: String) -> Outcome {
        guard trees[d]![t] != nil else { return .disk(0) }
        let moved = trees[d]!.filter { $0.key == t || $0.key.hasPrefix(t + "/") }
        if let failure = makeParents(u, in: e) { return failure }
        if trees[e]![u] != nil { return .cocoa(516) }
        removeTree(t, in: d)
        for (key, node) in moved { trees[e]![u + key.dropFirst(t.count)] = node }
        return .done
    }

    private mutating func makeFrames(_ t: String, _ frames: [[UInt8]], in d: String) {
        trees[d]![t] = .folder
        for (i, bytes) in frames.enumerated() { trees[d]!["\(t)/\(i)"] = .bytes(bytes) }
    }

    /// The files directly in a folder: numbered names by number, then the others by name.
    /// Documented: sub-folders are skipped (Disk's `Data(contentsOf:)` of one fails).
    func folderListing(_ t: String, in d: String) -> String {
        let files = trees[d]!.filter { $0.key.hasPrefix(t + "/") && !$0.key.dropFirst(t.count + 1).contains("/") && $0.value != .folder }
        let sorted = files.sorted { a, b in
            let (x, y) = (Int(a.key.dropFirst(t.count + 1)), Int(b.key.dropFirst(t.count + 1)))
            switch (x, y) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.key < b.key
            }
        }
        return sorted.map { Self.text($0.value) }.joined(separator: "|")
    }

    /// A file's bytes as text: JSON as `JSONEncoder` writes it compactly.
    static func text(_ node: Node) -> String {
        switch node {
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        case .json(let v): return json(v)
        case .folder: return "<folder>"
        }
    }

    static func json(_ value: JSONish) -> String {
        switch value {
        case .int(let i): return "\(i)"
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "[" + a.map(json).joined(separator: ",") + "]"
        }
    }
}
