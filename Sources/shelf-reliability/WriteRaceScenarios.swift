import Foundation

/// Writes racing every multi-step command, within one file system and across two: appenders to
/// an array, a byte file and a numbered folder, and savers, all inside a folder that is moved,
/// renamed, copied, removed, cleared or synced meanwhile. An acknowledged write (exit 0) must be
/// found afterwards, exactly once, in the source or the destination; a copy must be a consistent
/// snapshot; remove and clear must not fail for entries that a writer added or that vanished.
enum WriteRaceScenarios {
    /// The command raced, and the directories it goes from and to.
    struct Operation {
        let name: String
        let arguments: [String]
        let from: String
        let to: String?
        /// Acknowledged items must stay in the source (copy, sync) rather than move.
        var keepsSource = false
        /// Acknowledged items may legitimately be gone afterwards (remove, clear).
        var removes = false
    }

    static var operations: [Operation] {
        [
            Operation(name: "move across file systems", arguments: ["move", "documents", "d", "temporary"], from: "documents", to: "temporary"),
            Operation(name: "move back across file systems", arguments: ["move", "temporary", "d", "documents"], from: "temporary", to: "documents"),
            Operation(name: "move within a file system", arguments: ["move", "documents", "d", "caches"], from: "documents", to: "caches"),
            Operation(name: "rename", arguments: ["rename", "documents", "d", "e/d"], from: "documents", to: "documents:e/d"),
            Operation(name: "copy within a file system", arguments: ["copy", "documents", "d", "caches"], from: "documents", to: "caches", keepsSource: true),
            Operation(name: "copy across file systems", arguments: ["copy", "documents", "d", "temporary"], from: "documents", to: "temporary", keepsSource: true),
            Operation(name: "sync of the folder", arguments: ["sync", "documents", "d"], from: "documents", to: nil, keepsSource: true),
            Operation(name: "remove of the folder", arguments: ["remove", "-r", "documents", "d"], from: "documents", to: nil, removes: true),
            Operation(name: "clear", arguments: ["clear", "documents", "--all"], from: "documents", to: nil, removes: true),
            Operation(name: "clear --keep-newest of the folder", arguments: ["clear", "documents", "d", "--keep-newest", "2"],
                      from: "documents", to: nil, removes: true),
            Operation(name: "clear --keep-newest --older-than of the folder",
                      arguments: ["clear", "documents", "d", "--keep-newest", "1", "--older-than", "0s"], from: "documents", to: nil, removes: true),
            Operation(name: "remove of several paths", arguments: ["remove", "-rf", "documents", "d/log.json", "d/raw.log", "d/inbox", "d/s-1.txt", "d/s-2.txt"],
                      from: "documents", to: nil, removes: true),
        ]
    }

    static func run(_ battery: Battery) -> [ScenarioReport] {
        [battery.scenario("write races", checked: "append/save into a folder while it is moved (same and across file systems), renamed, copied, synced, removed (also several paths at once), cleared (also one folder, --keep-newest): every acknowledged write found once; no false 'already exists'") { report in
            var rng = battery.random(for: "write-races")
            for round in 0..<(battery.full ? 8 : 2) {
                for operation in operations {
                    let sandbox = try Sandbox(label: "race")
                    defer { sandbox.destroy() }
                    let second = SecondFileSystem(beside: sandbox)
                    defer { second.release() }
                    if operation.arguments.contains("temporary"), let reason = second.unavailable {
                        report.skipped = reason
                        continue
                    }
                    let race = FolderRace(battery: battery, sandbox: sandbox, runtime: second.path, operation: operation)
                    report.record(try race.run(&rng), run: "round \(round): \(operation.name)")
                }
            }
        }]
    }
}
