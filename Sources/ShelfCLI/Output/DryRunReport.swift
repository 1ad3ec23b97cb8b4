import ShelfCore

/// The one shape of `--dry-run` output (clear, remove, move, copy, rename, sync): the paths the
/// command would remove or replace, relative to the folder of the directory they are in, one per
/// line in byte order, escaped as `list` escapes names; with --json, one object whose
/// "removedPaths" holds them as [{"name":…,"path":…},…] (relative, absolute) and whose "dryRun" is true. Nothing is changed and
/// the status is 0, unless the real run would have been refused before changing anything: then
/// the dry run is refused the same way.
enum DryRunReport {
    /// - Parameters:
    ///   - members: the command's own members of the JSON object, before the two above.
    ///   - folder: the absolute folder the paths are relative to (each entry gives both, `JSONText.place`).
    static func print(_ paths: [[UInt8]], json: Bool, members: [(String, JSONText.Value)] = [], folder: [UInt8], to output: Output) {
        guard json else {
            let style = NameStyle(null: false, output: output)
            for path in paths { output.entry(path, style: style) }
            return
        }
        output.line(JSONText.object(members + [
            ("dryRun", .bool(true)), ("removedPaths", .array(paths.map { .object(JSONText.place($0, in: folder)) })),
        ]))
    }
}
