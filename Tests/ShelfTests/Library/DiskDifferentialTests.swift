import Foundation
import Testing
@testable import Shelf
@testable import ShelfCore
@testable import shelf_crashsim

/// The library's `Disk` calls against `DiskModel`, a reference model of Disk's semantics, on
/// seeded random sequences of calls: each call's result or error (domain and code, or the
/// coder's own error) must be the model's, and after each sequence the files must be too.
@Suite struct DiskDifferentialTests {
    static let sequences = 200
    static let callsPerSequence = 12
    static let paths = ["a.json", "/a.json", "b.json", "sub/c.json", "sub", "frames", "frames/", "a.json/"]
    static let directories = ["caches", "documents"]

    @Test func libraryMatchesDisksSemanticsOnRandomCalls() throws {
        var random = SplitMix(seed: 26)
        for sequence in 0..<Self.sequences {
            let home = TestHome()
            let store = try home.store(app: "diff")
            var model = DiskModel()
            var log: [String] = []
            for _ in 0..<Self.callsPerSequence {
                let call = Self.randomCall(&random)
                let expected = model.apply(call)
                let actual = Disk.usingStore(store) { Self.run(call, store: store) }
                log.append("\(call) -> \(actual)")
                guard expected.admits(actual) else {
                    Issue.record(Comment(rawValue: "sequence \(sequence): expected \(expected)\n" + log.joined(separator: "\n")))
                    return
                }
            }
            let files = try Self.files(store)
            guard files == Self.files(model) else {
                Issue.record(Comment(rawValue: "sequence \(sequence): files \(files), model \(Self.files(model))\n" + log.joined(separator: "\n")))
                return
            }
        }
    }

    /// What a `Disk` call gave, as the model says it.
    static func run(_ call: DiskCall, store: Store) -> DiskModel.Outcome {
        do {
            switch call {
            case .saveInts(let p, let v, let d): try Disk.save(v, to: directory(d), as: p)
            case .appendInt(let p, let v, let d): try Disk.append(v, to: p, in: directory(d))
            case .appendInts(let p, let v, let d): try Disk.append(v, to: p, in: directory(d))
            case .appendString(let p, let v, let d): try Disk.append(v, to: p, in: directory(d))
            case .retrieveInts(let p, let d): return .value("\(try Disk.retrieve(p, from: directory(d), as: [Int].self))")
            case .saveFrames(let p, let v, let d): try Disk.save(v.map { Data($0) }, to: directory(d), as: p)
            case .appendFrame(let p, let v, let d): try Disk.append(Data(v), to: p, in: directory(d))
            case .retrieveFrames(let p, let d):
                let list = try Disk.retrieve(p, from: directory(d), as: [Data].self)
                return .value(list.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "|"))
            case .remove(let p, let d): try Disk.remove(p, from: directory(d))
            case .move(let p, let d, let e): try Disk.move(p, in: directory(d), to: directory(e))
            case .rename(let p, let q, let d): try Disk.rename(p, in: directory(d), to: q)
            case .clear(let d): try Disk.clear(directory(d))
            case .exists(let p, let d): return .value("\(Disk.exists(p, in: directory(d)))")
            case .url(let p, let d):
                let base = try Disk.url(for: nil, in: directory(d)).path(percentEncoded: false)
                var path = try Disk.url(for: p, in: directory(d)).path(percentEncoded: false)
                while path.hasSuffix("/") { path.removeLast() }
                return .value(path.hasPrefix(base) ? d + "/" + path.dropFirst(base.count).drop { $0 == "/" } : path)
            }
            return .done
        } catch is DecodingError {
            return .decoding
        } catch let error as NSError {
            return error.domain == Disk.errorDomain ? .disk(error.code) : .cocoa(error.code)
        }
    }

    static func directory(_ name: String) -> Directory {
        name == "caches" ? .caches : .documents
    }

    /// Every stored file of both namespaces, as `directory/path: content` (shelf's own hidden
    /// files and the cache tag left out).
    static func files(_ store: Store) throws -> [String] {
        var lines: [String] = []
        for name in directories {
            let base = try store.path(for: nil, in: directory(name))
            for relative in (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? [] {
                if relative == "CACHEDIR.TAG" || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder)
                let content = isFolder.boolValue ? "<folder>" : String(decoding: try Data(contentsOf: URL(fileURLWithPath: base + "/" + relative)), as: UTF8.self)
                lines.append("\(name)/\(relative): \(content)")
            }
        }
        return lines.sorted()
    }

    static func files(_ model: DiskModel) -> [String] {
        model.trees.flatMap { name, tree in tree.map { "\(name)/\($0.key): \(DiskModel.text($0.value))" } }.sorted()
    }

    static func randomCall(_ random: inout SplitMix) -> DiskCall {
        let p = paths[random.below(paths.count)]
        let plain = paths.filter { !$0.hasSuffix("/") }[random.below(6)]
        let d = directories[random.below(2)]
        let ints = (0..<random.below(4)).map { _ in random.below(10) }
        let frames = (0..<random.below(3)).map { _ in Array("f\(random.below(10))".utf8) }
        switch random.below(15) {
        case 0, 1: return .saveInts(p, ints, d)
        case 2, 3: return .appendInt(p, random.below(10), d)
        case 4: return .appendInts(p, ints, d)
        case 5: return .appendString(p, ["s", "t"][random.below(2)], d)
        case 6: return .retrieveInts(p, d)
        case 7: return .saveFrames(p, frames, d)
        case 8: return .appendFrame(p, Array("g\(random.below(10))".utf8), d)
        case 9: return .retrieveFrames(p, d)
        case 10: return .remove(plain, d)
        case 11: return .move(plain, d, to: d == "caches" ? "documents" : "caches")
        case 12:
            let q = paths.filter { !$0.hasSuffix("/") && DiskModel.trimmed($0) != DiskModel.trimmed(plain) && !$0.hasPrefix(DiskModel.trimmed(plain) + "/") && !DiskModel.trimmed(plain).hasPrefix(DiskModel.trimmed($0) + "/") }
            return q.isEmpty ? .exists(p, d) : .rename(plain, q[random.below(q.count)], d)
        case 13: return random.below(4) == 0 ? .clear(d) : .exists(p, d)
        default: return .url(p, d)
        }
    }
}

extension SplitMix {
    /// A number in `0..<n`.
    mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &self) }
}
