import ShelfCore

/// `shelf capacity`: the space of the volume that holds a directory, under Disk's four names.
enum CapacityCommand {
    static let spec = CommandSpec(
        name: "capacity",
        summary: "print the total and available space of the volume holding <directory> (default documents)",
        arguments: [
            ArgumentSpec(name: "directory", help: CommandTable.directoryArgument.help + " (default: documents)",
                         optional: true, kind: .directory),
        ],
        options: [
            PathCommand.jsonOption,
            OptionSpec(name: "human", help: "sizes in binary units with one decimal (1.5 GiB) instead of bytes"),
        ],
        discussion: """
            Four lines, 'name<TAB>bytes': totalCapacity, availableCapacity,
            availableCapacityForImportantUsage and availableCapacityForOpportunisticUsage (Disk's names).
            Read with statvfs on the directory's folder, or on its nearest existing parent when it does
            not exist yet; nothing is created. Important usage may take all the available space;
            opportunistic usage leaves a reserve of 5% of the volume, at most 1 GiB (docs/directories.md).
            --json prints one object with exactly these four keys, in bytes; --human cannot be combined with it.
            """,
        examples: ["shelf capacity", "shelf capacity temporary --human", "shelf capacity caches --json | jq .availableCapacity"],
        run: run)

    static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
        if invocation.flag("json") && invocation.flag("human") {
            throw UsageError("--human and --json cannot be combined (--json always gives bytes)", command: spec)
        }
        let directory = invocation.argument(0) == nil ? Directory.documents : try invocation.directory(at: 0)
        let capacity = try context.store().capacity(of: directory)
        let values: [(String, Int64)] = [
            ("totalCapacity", capacity.totalCapacity),
            ("availableCapacity", capacity.availableCapacity),
            ("availableCapacityForImportantUsage", capacity.availableCapacityForImportantUsage),
            ("availableCapacityForOpportunisticUsage", capacity.availableCapacityForOpportunisticUsage),
        ]
        if invocation.flag("json") {
            context.stdout.line(JSONText.object(values.map { ($0.0, .integer($0.1)) }))
        } else {
            let human = invocation.flag("human")
            for (name, bytes) in values { context.stdout.line(name + "\t" + (human ? HumanSize.format(bytes) : String(bytes))) }
        }
        return ExitCode.success
    }
}
