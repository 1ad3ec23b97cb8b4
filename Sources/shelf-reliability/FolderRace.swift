import Foundation
import ShelfTestSupport

/// One race of `WriteRaceScenarios`: a folder `d` of blobs, an array, a byte file and a numbered
/// folder; four writers adding tagged items to it while one command works on it; then every
/// place the folder may be is read and each acknowledged tag counted.
struct FolderRace {
    enum Writer: String, CaseIterable { case array, raw, inbox, save }

    let battery: Battery
    let sandbox: Sandbox
    let runtime: String?
    let operation: WriteRaceScenarios.Operation

    var environment: [String: String] { runtime.map { ["XDG_RUNTIME_DIR": $0] } ?? [:] }

    func namespace(_ directory: String) -> String {
        directory == "temporary" ? (runtime ?? sandbox.root + "/run") + "/shelf" : sandbox.namespace(directory)
    }

    /// `documents` is the folder d in documents; `documents:e/d` the folder e/d.
    func folder(_ place: String) -> String {
        let parts = place.split(separator: ":").map(String.init)
        return namespace(parts[0]) + "/" + (parts.count > 1 ? parts[1] : "d")
    }

    var writers: [Writer] { operation.arguments[0] == "sync" ? [.raw, .inbox, .save] : Writer.allCases }

    func run(_ rng: inout SeededRandom) throws -> [String] {
        let root = folder(operation.from)
        for i in 0..<rng.int(30...70) { try Sandbox.writeFile(root + "/blob-\(i).bin", rng.bytes(rng.int((16 << 10)...(96 << 10)))) }
        try Sandbox.writeFile(root + "/log.json", Array("[]".utf8))
        try Sandbox.writeFile(root + "/raw.log", [])
        try Sandbox.writeFile(root + "/inbox/0", Array("seed".utf8))
        var acked: [Writer: Set<Int>] = [:], failedWriters: [String] = []
        var operationResult: ChildResult?
        var afterwards = 0
        var pendingTags: [pid_t: Int] = [:]
        var sleeper: pid_t?
        let delay = Double(rng.int(0...150)) / 1000
        var lanes: [Lanes.Lane] = []
        for (index, writer) in writers.enumerated() {
            var count = 0
            lanes.append(Lanes.Lane(next: {
                // Writers go on until the command has finished and three more writes each landed.
                guard count < 400, operationResult == nil || afterwards < 3 * writers.count else { return nil }
                count += 1
                if operationResult != nil { afterwards += 1 }
                let tag = index * 10_000 + count
                let (arguments, input) = FolderRace.write(writer, tag, in: String(operation.from.split(separator: ":")[0]))
                let child = try battery.shelf.start(arguments, in: sandbox, input: .bytes(input), environment: environment)
                pendingTags[child.pid] = tag
                return child
            }, finished: { result in
                guard let tag = pendingTags.removeValue(forKey: result.pid) else { return }
                if result.exited && result.status == 0 { acked[writer, default: []].insert(tag) }
                else { failedWriters.append("\(writer) \(tag): \(result.summary)") }
            }))
        }
        lanes.append(Lanes.Lane(next: {
            if operationResult != nil { return nil }
            if sleeper == nil {
                let pause = try Child(["/bin/sleep", String(delay)].map { Array($0.utf8) }, environment: [:], input: .none)
                sleeper = pause.pid
                return pause
            }
            let input: ChildInput = operation.arguments[0] == "sync" ? .bytes(Array("[{\"id\":\"x\"}]".utf8)) : .none
            return try battery.shelf.start(operation.arguments, in: sandbox, input: input, environment: environment)
        }, finished: { result in
            if result.pid != sleeper { operationResult = result }
        }))
        try Lanes.run(lanes)
        return verify(acked: acked, operation: operationResult, failedWriters: failedWriters)
    }

    func verify(acked: [Writer: Set<Int>], operation result: ChildResult?, failedWriters: [String]) -> [String] {
        var checks = Checks()
        guard let result else { return ["the command never ran"] }
        checks.expect(result, in: operation.removes ? [0] : [0, 74], "\(operation.arguments.prefix(2).joined(separator: " ")) racing the writers")
        checks.expectNoCrashReport(result, operation.name)
        for failure in failedWriters where failure.contains("signal") || failure.contains("timed out") || failure.contains("exit 1:") {
            checks.add("a writer ended badly: \(failure)")
        }
        let places = [operation.from] + (operation.to.map { [$0] } ?? [])
        for writer in writers {
            var found: [Set<Int>] = []
            for place in places {
                let (tags, problems) = FolderRace.tags(of: writer, in: folder(place))
                found.append(Set(tags))
                checks.problems += problems.map { "\(place): \($0)" }
                if tags.count != Set(tags).count { checks.add("\(place): a \(writer) item is there twice") }
            }
            let all = found.reduce(Set<Int>()) { $0.union($1) }
            if !operation.keepsSource && result.status == 0 && found.count == 2 && !found[0].isDisjoint(with: found[1]) {
                checks.add("\(writer) items in both the source and the destination after a move that exited 0")
            }
            let mine = acked[writer] ?? []
            if operation.keepsSource {
                let lost = mine.subtracting(found[0])
                checks.expect(lost.isEmpty, "\(lost.count) acknowledged \(writer) writes missing from the source \(operation.from) (e.g. \(lost.sorted().prefix(3)))")
            } else if !operation.removes {
                let lost = mine.subtracting(all)
                checks.expect(lost.isEmpty, "\(lost.count) of \(mine.count) acknowledged \(writer) writes (exit 0) are in neither the source nor the destination (e.g. \(lost.sorted().prefix(3)))")
            }
        }
        return checks.problems
    }

    /// The command and input of one tagged write.
    static func write(_ writer: Writer, _ tag: Int, in directory: String) -> ([String], [UInt8]) {
        switch writer {
        case .array: return (["append", directory, "d/log.json"], Array("{\"run\":\(tag)}".utf8))
        case .raw: return (["append", directory, "d/raw.log"], Array("raw-\(tag)\n".utf8))
        case .inbox: return (["append", directory, "d/inbox/"], Array("inbox-\(tag)".utf8))
        case .save: return (["save", directory, "d/s-\(tag).txt"], Array("save-\(tag)".utf8))
        }
    }

    /// The tags of `writer` found in the folder at `root`, and what is torn there.
    static func tags(of writer: Writer, in root: String) -> ([Int], [String]) {
        var tags: [Int] = [], problems: [String] = []
        switch writer {
        case .array:
            guard let bytes = Sandbox.readFile(root + "/log.json") else { break }
            guard let array = Content.parseJSON(bytes) as? [Any] else { problems.append("log.json is not a valid array"); break }
            tags = array.compactMap(Content.runNumber)
        case .raw:
            guard let bytes = Sandbox.readFile(root + "/raw.log") else { break }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                if let tag = line.hasPrefix("raw-") ? Int(line.dropFirst(4)) : nil { tags.append(tag) } else { problems.append("raw.log has a torn line '\(line.prefix(20))'") }
            }
            if !bytes.isEmpty && bytes.last != 10 { problems.append("raw.log ends in a torn line") }
        case .inbox:
            for name in Sandbox.entries(of: root + "/inbox") where !name.hasPrefix(".") {
                let text = String(decoding: Sandbox.readFile(root + "/inbox/" + name) ?? [], as: UTF8.self)
                if text == "seed" { continue }
                if let tag = text.hasPrefix("inbox-") ? Int(text.dropFirst(6)) : nil { tags.append(tag) } else { problems.append("inbox/\(name) holds '\(text.prefix(20))'") }
            }
        case .save:
            for name in Sandbox.entries(of: root) where name.hasPrefix("s-") && name.hasSuffix(".txt") {
                let tag = Int(name.dropFirst(2).dropLast(4)) ?? -1
                if Sandbox.readFile(root + "/" + name) == Array("save-\(tag)".utf8) { tags.append(tag) } else { problems.append("\(name) is not what was saved") }
            }
        }
        return (tags, problems)
    }
}
