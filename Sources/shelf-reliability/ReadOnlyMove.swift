import Foundation

/// A move across file systems that cannot finish (a read-only sub-folder, as an unprivileged
/// user, so its files cannot be removed from the source) must not start: afterwards the source
/// is whole and the target absent, or the move succeeded completely. Never a target installed
/// and a source half deleted.
enum ReadOnlyMove {
    static func check(_ battery: Battery) throws -> [String] {
        guard ShelfBinary.canRunUnprivileged else { return [] }
        let sandbox = try Sandbox(label: "ro-move")
        defer { sandbox.destroy() }
        let second = SecondFileSystem(beside: sandbox)
        defer { second.release() }
        guard let runtime = second.path else { return [] }
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let source = sandbox.namespace("documents") + "/tree"
        var files: [String: [UInt8]] = [:]
        for i in 0..<12 { files[(i % 2 == 0 ? "locked/" : "") + "f\(i)"] = Array("file \(i)\n".utf8) }
        for (name, bytes) in files { try Sandbox.writeFile(source + "/" + name, bytes) }
        Sandbox.chownTree(sandbox.root, to: ShelfBinary.unprivilegedUID)
        Sandbox.chownTree(runtime, to: ShelfBinary.unprivilegedUID)
        chmod(source + "/locked", 0o555)
        guard let result = try battery.shelf.runUnprivileged(["move", "documents", "tree", "temporary"], in: sandbox, environment: environment) else { return [] }
        var checks = Checks()
        checks.expect(result, in: [0, 77], "move of a folder holding a read-only sub-folder")
        let target = runtime + "/shelf/tree"
        let left = files.keys.filter { Sandbox.readFile(source + "/" + $0) == files[$0] }
        let arrived = files.keys.filter { Sandbox.readFile(target + "/" + $0) == files[$0] }
        if result.status == 0 {
            checks.expect(arrived.count == files.count, "move exited 0 but only \(arrived.count) of \(files.count) files are at the target")
        } else {
            checks.expect(left.count == files.count, "the failed move deleted \(files.count - left.count) of \(files.count) source files")
            checks.expect(!FileManager.default.fileExists(atPath: target), "the failed move left the target installed (\(arrived.count) files): a retry now fails with 'exists'")
        }
        return checks.problems
    }
}
