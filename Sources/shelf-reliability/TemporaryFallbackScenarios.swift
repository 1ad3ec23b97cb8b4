import Glibc
import ShelfTestSupport

/// `temporary` without XDG_RUNTIME_DIR falls back to $TMPDIR/<app>-<uid>, in a folder every user
/// can write: shelf must refuse that path when it is a link or not privately its user's.
extension PermissionScenarios {
    static func temporaryFallback(_ battery: Battery) -> ScenarioReport {
        battery.scenario("permissions: temporary fallback", checked: "$TMPDIR/shelf-<uid> that is a symlink, another user's, or not 0700 is refused (77) and nothing is written; a fresh one is made 0700") { report in
            var users: [(String, uid_t)] = [("root", 0)]
            if ShelfBinary.canRunUnprivileged { users.append(("nobody", Unprivileged.nobody)) } else {
                report.skipped = ShelfBinary.unprivilegedMissing
            }
            if getuid() != 0 { users = [("self", getuid())] }
            for (user, uid) in users {
                let other: uid_t = uid == 0 ? Unprivileged.nobody : 0
                for setup in ["symlink to a private folder", "another user's folder", "mode 0755", "mode 0700, own (accepted)", "missing (created)"] {
                    let sandbox = try Sandbox(label: "tmp-fallback")
                    defer { sandbox.destroy() }
                    let tmp = sandbox.path("tmp")
                    mkdir(tmp, 0o777)
                    chmod(tmp, 0o1777)
                    let folder = tmp + "/shelf-\(uid)"
                    let decoy = sandbox.path("decoy")
                    mkdir(decoy, 0o700)
                    lchown(decoy, uid, uid)
                    switch setup {
                    case "symlink to a private folder": symlink(decoy, folder)
                    case "another user's folder":
                        mkdir(folder, 0o777)
                        chmod(folder, 0o777)
                        guard lchown(folder, other, other) == 0 else { continue }  // only root can give a folder away
                    case "mode 0755": mkdir(folder, 0o755); chmod(folder, 0o755); lchown(folder, uid, uid)
                    case "mode 0700, own (accepted)": mkdir(folder, 0o700); lchown(folder, uid, uid)
                    default: break
                    }
                    let environment = ["XDG_RUNTIME_DIR": "", "TMPDIR": tmp]
                    let arguments = ["save", "temporary", "x.txt"]
                    let input = ChildInput.bytes([1])
                    let result = user == "nobody"
                        ? try battery.shelf.runUnprivileged(arguments, in: sandbox, input: input, environment: environment)!
                        : try battery.shelf.run(arguments, in: sandbox, input: input, environment: environment)
                    var checks = Checks()
                    let accepted = setup.contains("accepted") || setup.contains("created")
                    checks.expect(result, in: accepted ? [0] : [77], "save temporary with \(setup)")
                    if accepted {
                        checks.problems += PermissionScenarios.mode(of: folder, is: 0o700)
                        checks.expect(RawFiles.status(Array(folder.utf8))?.st_uid == uid, "the folder is not owned by uid \(uid)")
                    } else {
                        checks.expect(result.err.contains(folder), "the message does not name \(folder): \(result.err.prefix(200))")
                        checks.expect(Sandbox.entries(of: decoy).isEmpty && Sandbox.entries(of: folder).isEmpty, "something was written")
                    }
                    report.record(checks.problems, run: "as \(user): \(setup)")
                }
            }
        }
    }
}
