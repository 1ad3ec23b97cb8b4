import Glibc
import ShelfTestSupport

/// "No temp, lock or journal file is shown": what a user sees of a namespace folder must be
/// exactly what they stored. `shelf list` is asked, and the folder itself is read, ignoring only shelf's reserved `.shelf-` names (which listings never show).
enum Visibility {
    /// Visible entries (relative paths) below `folder`, skipping anything under a reserved name.
    static func visibleEntries(_ folder: String) -> Set<String> {
        Set(RawFiles.tree(folder).keys.map { String(decoding: $0, as: UTF8.self) }.filter { path in
            !path.split(separator: "/").contains { $0.hasPrefix(".shelf-") || $0 == "CACHEDIR.TAG" }
        })
    }

    /// Problems if anything but `expected` is visible in `directory` (checked with `shelf list` too).
    static func problems(_ battery: Battery, _ sandbox: Sandbox, directory: String, expected: Set<String>,
                         environment: [String: String] = [:], namespace: String? = nil) -> [String] {
        var problems: [String] = []
        let seen = visibleEntries(namespace ?? sandbox.namespace(directory))
        let extra = seen.subtracting(expected)
        let missing = expected.subtracting(seen)
        if !extra.isEmpty { problems.append("unexpected entries in \(directory): \(extra.sorted().prefix(5))") }
        if !missing.isEmpty { problems.append("missing entries in \(directory): \(missing.sorted().prefix(5))") }
        do {
            let listed = try battery.shelf.run(["list", directory, "--recursive"], in: sandbox, environment: environment)
            if listed.status != 0 && !(listed.status == 66 && expected.isEmpty) {
                problems.append("list \(directory): \(listed.summary)")
            }
            if listed.out.contains(".shelf-") { problems.append("list \(directory) shows a reserved .shelf- name") }
        } catch {
            problems.append("list: \(error)")
        }
        return problems
    }
}
