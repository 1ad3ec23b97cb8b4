import Foundation
import ShelfTestSupport

/// Access rights, as an unprivileged user (root may read and write anything, so these run the
/// binary as `nobody` through setpriv): refusals are exit 77 naming the path, new files are 0600
/// and folders 0700 whatever the umask, and the shared /tmp fallback must be a private folder.
enum PermissionScenarios {
    static func run(_ battery: Battery) -> [ScenarioReport] {
        [refusals(battery), modes(battery), temporaryFallback(battery)]
    }

    static func refusals(_ battery: Battery) -> ScenarioReport {
        battery.scenario("permissions: refusals", checked: "as an unprivileged user: unreadable/unwritable files and folders give exit 77 naming the path; nothing changes", sandbox: "permissions") { report, sandbox in
            guard ShelfBinary.canRunUnprivileged else { report.skipped = ShelfBinary.unprivilegedMissing; return }
            for path in ["locked.txt", "closed/inner.txt", "readonly/keep.txt", "frozen.txt", "rootfile.txt"] {
                try battery.shelf.setUp("caches", path, Array(path.utf8), in: sandbox)
            }
            Sandbox.chownTree(sandbox.root, to: ShelfBinary.unprivilegedUID)
            let ns = sandbox.namespace("caches")
            let rootOwned = getuid() == 0 && lchown(ns + "/rootfile.txt", 0, 0) == 0
            chmod(ns + "/locked.txt", 0)
            chmod(ns + "/closed", 0)
            chmod(ns + "/readonly", 0o555)
            chmod(ns + "/frozen.txt", 0o444)
            var cases: [(label: String, arguments: [String], input: [UInt8]?, path: String)] = [
                ("retrieve an unreadable (0000) file", ["retrieve", "caches", "locked.txt"], nil, ns + "/locked.txt"),
                ("retrieve a file owned by root (0600)", ["retrieve", "caches", "rootfile.txt"], nil, ns + "/rootfile.txt"),
                ("retrieve inside an unreadable (0000) folder", ["retrieve", "caches", "closed/inner.txt"], nil, ns + "/closed"),
                ("exists inside an unreadable (0000) folder", ["exists", "caches", "closed/inner.txt"], nil, ns + "/closed"),
                ("save inside an unreadable (0000) folder", ["save", "caches", "closed/new.txt"], [1], ns + "/closed"),
                ("save into a read-only (0555) folder", ["save", "caches", "readonly/new.txt"], [1], ns + "/readonly"),
                ("replace a file in a read-only (0555) folder", ["save", "caches", "readonly/keep.txt"], [1], ns + "/readonly"),
                ("remove from a read-only (0555) folder", ["remove", "caches", "readonly/keep.txt"], nil, ns + "/readonly"),
                ("rename in a read-only (0555) folder", ["rename", "caches", "readonly/keep.txt", "readonly/k2.txt"], nil, ns + "/readonly"),
                ("copy into a read-only (0555) folder", ["copy", "caches", "frozen.txt", "caches", "readonly/f.txt"], nil, ns + "/readonly"),
                ("replace a read-only (0444) file", ["save", "caches", "frozen.txt"], [1], ns + "/frozen.txt"),
                ("append to a read-only (0444) file", ["append", "caches", "frozen.txt"], [1], ns + "/frozen.txt"),
            ]
            if !rootOwned { cases.removeAll { $0.label.contains("owned by root") } }
            let before = Sandbox.snapshot(sandbox.root)
            for c in cases {
                var checks = Checks()
                let result = try battery.shelf.runUnprivileged(c.arguments, in: sandbox, input: c.input.map(ChildInput.bytes) ?? .none)!
                checks.expect(result, in: [77], c.label)
                checks.expect(result.err.contains(c.path), "the message does not name \(c.path): \(result.err.prefix(200))")
                checks.expect(result.stdout.isEmpty, "something was written to stdout")
                let after = Sandbox.snapshot(sandbox.root)
                checks.expect(after == before, "files changed: \(Set(after).symmetricDifference(before).sorted().prefix(3))")
                report.record(checks.problems, run: c.label)
            }
        }
    }

    static func modes(_ battery: Battery) -> ScenarioReport {
        battery.scenario("permissions: modes", checked: "new files 0600, new folders 0700 (base, namespace, subfolders) under umask 000, 022, 077; as nobody and as root") { report in
            let unprivileged = getuid() == 0 ? "nobody" : "uid \(getuid())"
            var runs: [(String, mode_t)] = [(unprivileged, 0o000), (unprivileged, 0o022), (unprivileged, 0o077)]
            if getuid() == 0 { runs += [("root", 0o000), ("root", 0o022)] }
            for (user, mask) in runs {
                if user != "root" && !ShelfBinary.canRunUnprivileged {
                    report.skipped = ShelfBinary.unprivilegedMissing
                    continue
                }
                let sandbox = try Sandbox(label: "modes")
                defer { sandbox.destroy() }
                Sandbox.chownTree(sandbox.root, to: user == "root" ? 0 : ShelfBinary.unprivilegedUID)
                var written = ["cache/shelf/new/a/b.txt", "cache/shelf/list.json", "cache/shelf/log.jsonl"]
                let commands = [["save", "caches", "new/a/b.txt"], ["append", "caches", "list.json"], ["append", "caches", "log.jsonl"],
                                ["append", "caches", "inbox/"]]
                var checks = Checks()
                for arguments in commands {
                    let input = ChildInput.bytes(Array("{\"a\":1}\n".utf8))
                    let result = user != "root"
                        ? try battery.shelf.runUnprivileged(arguments, in: sandbox, input: input, umask: mask)!
                        : try battery.shelf.run(arguments, in: sandbox, input: input, limits: ChildLimits(umask: mask))
                    checks.expect(result, in: [0], arguments.joined(separator: " "))
                }
                let inbox = Sandbox.entries(of: sandbox.path("cache/shelf/inbox")).filter { !$0.hasPrefix(".") }
                written += inbox.map { "cache/shelf/inbox/" + $0 }
                for file in written { checks.problems += mode(of: sandbox.path(file), is: 0o600) }
                for folder in ["cache", "cache/shelf", "cache/shelf/new", "cache/shelf/new/a", "cache/shelf/inbox"] {
                    checks.problems += mode(of: sandbox.path(folder), is: 0o700)
                }
                report.record(checks.problems, run: "\(user), umask \(String(mask, radix: 8))")
            }
        }
    }

    static func mode(of path: String, is expected: mode_t) -> [String] {
        guard let st = RawFiles.status(Array(path.utf8)) else { return ["\(path) does not exist"] }
        let mode = st.st_mode & 0o7777
        return mode == expected ? [] : ["\(path) has mode \(String(mode, radix: 8)), expected \(String(expected, radix: 8))"]
    }
}
