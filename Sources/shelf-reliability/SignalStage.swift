import Foundation
import ShelfTestSupport

/// One command of `SignalScenarios`, set up in a fresh sandbox (caches on the sandbox's file
/// system, temporary on a second one): what it is given, what it may leave, how to judge it.
final class SignalStage {
    let battery: Battery
    let sandbox: Sandbox
    let second: SecondFileSystem
    let command: String
    var input: [UInt8] = []
    var old: [UInt8] = []
    var files: [String: [UInt8]] = [:]
    var elements = 0

    var unavailable: Bool { second.path == nil && command.hasPrefix("move") }
    var environment: [String: String] { second.path.map { ["XDG_RUNTIME_DIR": $0] } ?? [:] }
    var temporary: String { (second.path ?? sandbox.root + "/run") + "/shelf" }
    var namespaces: [String: String] {
        ["caches": sandbox.namespace("caches"), "documents": sandbox.namespace("documents"), "temporary": temporary]
    }

    init(_ battery: Battery, command: String, _ rng: inout SeededRandom) throws {
        self.battery = battery
        self.command = command
        sandbox = try Sandbox(label: "signal")
        second = SecondFileSystem(beside: sandbox, size: 64 << 20)
        for directory in ["caches", "documents", "temporary"] { _ = try shelf(["save", directory, "keep.txt"], [1]) }
        let caches = sandbox.namespace("caches")
        switch command {
        case "save":
            old = rng.bytes(64 << 10)
            _ = try shelf(["save", "caches", "s.bin"], old)
            input = rng.bytes(rng.int((2 << 20)...(6 << 20)))
        case "copy", "move-file-cross-fs":
            old = rng.bytes(8 << 20)
            _ = try shelf(["save", "caches", "big.bin"], old)
        case "move-cross-fs", "copy-folder":
            for i in 0..<20 { files[(i % 3 == 0 ? "sub/" : "") + "f\(i)"] = rng.bytes(256 << 10) }
            for (name, bytes) in files { try Sandbox.writeFile(caches + "/tree/" + name, bytes) }
        case "folder-append", "folder-each-append":
            for _ in 0..<2 { _ = try shelf(["append", "caches", "inbox/"], [7]) }
            if command == "folder-append" {
                input = rng.bytes(4 << 20)
            } else {
                elements = 200
                input = Array(("[" + (0..<elements).map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)
            }
        case "each-append":
            _ = try shelf(["save", "caches", "list.json"], Array("[1]".utf8))
            _ = try shelf(["append", "caches", "list.json"], Array("2".utf8))  // the journal exists from now on
            elements = 100_000
            input = Array(("[" + (0..<elements).map { "{\"n\":\($0)}" }.joined(separator: ",") + "]").utf8)
        default:
            for i in 0..<300 { files["c\(i).txt"] = Array("file \(i)".utf8) }
            for (name, bytes) in files { try Sandbox.writeFile(caches + "/" + name, bytes) }
        }
    }

    func destroy() {
        second.release()
        sandbox.destroy()
    }

    func shelf(_ arguments: [String], _ input: [UInt8]? = nil) throws -> ChildResult {
        try battery.shelf.run(arguments, in: sandbox, input: input.map { .bytes($0) } ?? .none, environment: environment)
    }

    var arguments: [String] {
        switch command {
        case "save": return ["save", "caches", "s.bin"]
        case "copy": return ["copy", "caches", "big.bin", "documents"]
        case "copy-folder": return ["copy", "caches", "tree", "documents"]
        case "move-cross-fs": return ["move", "caches", "tree", "temporary"]
        case "move-file-cross-fs": return ["move", "caches", "big.bin", "temporary"]
        case "folder-append": return ["append", "caches", "inbox/"]
        case "folder-each-append": return ["append", "caches", "inbox/", "--each"]
        case "each-append": return ["append", "caches", "list.json", "--each"]
        default: return ["clear", "caches"]
        }
    }

    /// Paths (relative to each namespace) the command may create.
    var allowed: [String: [String]] {
        ["caches": ["s.bin", "inbox"], "documents": ["big.bin", "tree"], "temporary": ["tree", "big.bin"]]
    }

    /// How long the command takes when left alone (a stage of its own, thrown away afterwards).
    func calibrate(_ rng: inout SeededRandom) throws -> Double {
        let result = try shelf(arguments, input.isEmpty ? nil : input)
        guard result.exited && result.status == 0 else { throw HarnessError("\(command) failed when left alone: \(result.summary)") }
        return result.seconds
    }

    func interrupt(_ signal: Int32, window: Double, _ rng: inout SeededRandom) throws -> ([String], Int) {
        let before = namespaces.mapValues { RawFiles.tree($0) }
        let child = try battery.shelf.start(arguments, in: sandbox, input: input.isEmpty ? .none : .pipe, environment: environment)
        let cut = !input.isEmpty && rng.chance(0.4)
        if input.isEmpty {
            usleep(UInt32(Double.random(in: (battery.shelf.startupSeconds * 0.7)...max(window * 1.2, battery.shelf.startupSeconds), using: &rng) * 1_000_000))
        } else {
            Content.feedBeforeKill(child, input, cut: cut, wholeDelay: window, &rng)
        }
        child.kill(signal)
        let result = child.wait(timeout: 20)
        var checks = Checks()
        if result.timedOut { checks.add("hung after the signal (killed after 20 s)") }
        checks.expectNoCrashReport(result, command)
        let finished = result.exited && result.status == 0
        // The exit status says which signal ended it (the handler re-raises it), unless the
        // command had finished first.
        if !finished && !result.timedOut {
            checks.expect(result.signal == signal, "\(command) ended by \(result.summary), not by the signal sent (\(signal))")
        }
        checks.problems += try judge(finished: finished, cut: cut, killed: signal == SIGKILL)
        var left = 0
        for (directory, root) in namespaces {
            let added = RawFiles.added(before[directory]!, RawFiles.tree(root), allowing: allowed[directory]!)
            guard !added.isEmpty else { continue }
            left += added.count
            if signal != SIGKILL { checks.add("left \(added.prefix(3)) in \(directory) (ls -A) after the signal") ; continue }
            _ = try shelf(["clear", directory, "--all"])
            let kept = RawFiles.added(before[directory]!, RawFiles.tree(root), allowing: [])
            checks.expect(kept.isEmpty, "clear \(directory) kept what the killed \(command) left: \(kept.prefix(3))")
        }
        return (checks.problems, left)
    }

    /// Old or whole new content, by command.
    func judge(finished: Bool, cut: Bool, killed: Bool) throws -> [String] {
        var checks = Checks()
        func whole(_ root: String) -> Bool { files.allSatisfy { Sandbox.readFile(root + "/tree/" + $0.key) == $0.value } }
        let new = Sandbox.entries(of: namespaces["caches"]! + "/inbox").filter { !$0.hasPrefix(".") && $0 != "0" && $0 != "1" }
        switch command {
        case "save":
            let read = try shelf(["retrieve", "caches", "s.bin"]).stdout
            checks.expect(read == old || (read == input && !cut), "s.bin holds \(read.count) bytes: neither the old \(old.count) nor the whole new input\(cut ? " (the input was cut)" : "")")
            checks.expect(!finished || read == input, "save exited 0 but the old content remains")
        case "copy":
            checks.expect(try shelf(["retrieve", "caches", "big.bin"]).stdout == old, "the copy's source changed")
            let copy = Sandbox.readFile(namespaces["documents"]! + "/big.bin")
            checks.expect(copy == nil || copy == old, "the copy holds \(copy?.count ?? 0) of \(old.count) bytes")
            checks.expect(!finished || copy == old, "copy exited 0 but there is no copy")
        case "copy-folder":
            checks.expect(whole(namespaces["caches"]!), "the copy's source folder changed")
            let copied = FileManager.default.fileExists(atPath: namespaces["documents"]! + "/tree")
            checks.expect(!copied || whole(namespaces["documents"]!), "the copied folder is there but not whole")
            checks.expect(!finished || copied, "copy exited 0 but there is no copy")
        case "move-cross-fs":
            let source = whole(namespaces["caches"]!), target = whole(temporary)
            checks.expect(source || target, "neither the source nor the target folder is whole")
            checks.expect(!finished || (target && !source), "move exited 0 but the target is \(target ? "whole and the source still there" : "not whole")")
            // A signal (not SIGKILL) after the copy is in place lets the source removal finish.
            let sourceLeft = FileManager.default.fileExists(atPath: namespaces["caches"]! + "/tree")
            checks.expect(!target || !sourceLeft || source, "the target is whole but the source is half removed")
        case "move-file-cross-fs":
            let source = Sandbox.readFile(namespaces["caches"]! + "/big.bin"), target = Sandbox.readFile(temporary + "/big.bin")
            checks.expect(source == old || target == old, "neither the source nor the target file is whole")
            checks.expect(target == nil || target == old, "the target holds \(target?.count ?? 0) of \(old.count) bytes")
            checks.expect(!finished || (target == old && source == nil), "move exited 0 but the target is not whole or the source is still there")
        case "folder-append":
            checks.expect(new.count <= 1, "\(new.count) new files for one append")
            if let name = new.first { checks.expect(Sandbox.readFile(namespaces["caches"]! + "/inbox/" + name) == input && !cut, "the new file \(name) is not the whole item") }
            checks.expect(!finished || new.count == 1, "append exited 0 but no new file")
        case "folder-each-append":
            // All elements or none (a SIGKILL may stop between two; any other signal rolls back).
            checks.expect(new.isEmpty || (new.count == elements && !cut) || killed, "\(new.count) of \(elements) elements landed")
            checks.expect(!finished || new.count == elements, "append exited 0 but \(new.count) of \(elements) files are there")
        case "each-append":
            let count = (Content.parseJSON(try shelf(["retrieve", "caches", "list.json"]).stdout) as? [Any])?.count
            checks.expect(count == 2 || (count == 2 + elements && !cut), "list.json holds \(count.map(String.init) ?? "no valid array"): neither 2 nor \(2 + elements) elements")
            checks.expect(!finished || count == 2 + elements, "append exited 0 but the elements are missing")
        default:
            for (name, bytes) in files {
                let now = Sandbox.readFile(namespaces["caches"]! + "/" + name)
                checks.expect(now == nil || now == bytes, "\(name) changed instead of being kept or removed")
                checks.expect(!finished || now == nil, "clear exited 0 but \(name) is still there")
            }
        }
        return checks.problems
    }
}
