import Foundation
import ShelfTestSupport

/// Test content: JSON documents of a chosen size that carry their run number, and feeding input
/// to a child in random-sized pieces.
enum Content {
    /// `{"run":N,"pad":"…"}` of about `size` bytes (printable ASCII, no escapes needed).
    static func json(run: Int, size: Int, _ rng: inout SeededRandom) -> [UInt8] {
        let head = Array("{\"run\":\(run),\"pad\":\"".utf8)
        let padding = rng.text(max(0, size - head.count - 2)).map { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") ? UInt8(ascii: "x") : $0 }
        return head + padding + Array("\"}".utf8)
    }

    /// The run number of a parsed `json(run:…)` value, or nil.
    static func runNumber(_ value: Any) -> Int? {
        (value as? [String: Any])?["run"] as? Int
    }

    /// Writes `bytes` to the child's stdin in random pieces (stopping quietly if it died).
    static func feed(_ child: Child, _ bytes: ArraySlice<UInt8>, _ rng: inout SeededRandom) {
        var rest = bytes
        while !rest.isEmpty {
            let piece = rest.prefix(rng.int(1...(256 << 10)))
            if !child.writeInput(Array(piece)) { return }
            rest = rest.dropFirst(piece.count)
        }
    }

    /// Readies a child for its kill: either part of `bytes` and a pause of up to 2 ms, so the kill
    /// lands while shelf still reads (`cut`), or all of it and a pause of up to `wholeDelay` seconds,
    /// so the kill lands somewhere in the write.
    static func feedBeforeKill(_ child: Child, _ bytes: [UInt8], cut: Bool, wholeDelay: Double, _ rng: inout SeededRandom) {
        if cut {
            feed(child, bytes.prefix(rng.int(0...max(0, bytes.count - 1))), &rng)
            usleep(UInt32(rng.int(0...2000)))
        } else {
            child.writeInput(bytes)
            child.closeInput()
            usleep(UInt32(Double.random(in: 0...max(0, wholeDelay), using: &rng) * 1_000_000))
        }
    }

    static func parseJSON(_ bytes: [UInt8]) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }
}

/// A file or a small folder tree to move around, with the checks that it arrived whole.
struct Item {
    /// Relative path → bytes; a single entry with path "" is a plain file.
    let files: [String: [UInt8]]

    static func make(folder: Bool, _ rng: inout SeededRandom) -> Item {
        guard folder else {
            return Item(files: ["": rng.bytes(rng.chance(0.3) ? rng.int((1 << 20)...(6 << 20)) : rng.int(0...(256 << 10)))])
        }
        var files: [String: [UInt8]] = [:]
        for i in 0..<rng.int(1...40) {
            files[(i % 3 == 0 ? "sub/" : "") + "f\(i).bin"] = rng.bytes(rng.int(0...(96 << 10)))
        }
        return Item(files: files)
    }

    func write(into path: String) throws {
        Sandbox.removeTree(path)
        if let bytes = files[""] { return try Sandbox.writeFile(path, bytes) }
        mkdir(path, 0o700)
        for (relative, bytes) in files { try Sandbox.writeFile(path + "/" + relative, bytes) }
    }

    /// Names a listing of the folder should show.
    var visibleNames: Set<String> {
        var names = Set(files.keys)
        for key in files.keys where key.contains("/") { names.insert(String(key.split(separator: "/")[0])) }
        return names
    }

    /// What is wrong with the copy found at `root` (checked through shelf for a file).
    func problems(_ battery: Battery, _ sandbox: Sandbox, directory: String, root: String,
                  environment: [String: String]) throws -> [String] {
        if let bytes = files[""] {
            let read = try battery.shelf.run(["retrieve", directory, "m"], in: sandbox, environment: environment)
            guard read.exited && read.status == 0 else { return ["retrieve \(directory) m: \(read.summary)"] }
            return read.stdout == bytes ? [] : ["\(directory)/m holds \(read.stdout.count) bytes, not the \(bytes.count) moved"]
        }
        var problems: [String] = []
        let seen = Visibility.visibleEntries(root)
        if seen != visibleNames {
            problems.append("\(directory)/m is not the folder moved: extra \(seen.subtracting(visibleNames).sorted().prefix(3)), missing \(visibleNames.subtracting(seen).sorted().prefix(3))")
        }
        for (relative, bytes) in files where seen.contains(relative) {
            if Sandbox.readFile(root + "/" + relative) != bytes { problems.append("\(directory)/m/\(relative) differs") }
        }
        return problems
    }
}
