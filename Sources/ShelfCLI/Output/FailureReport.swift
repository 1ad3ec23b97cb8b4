import ShelfCore

/// A failure as a script reads it: the two lines every failure prints on standard error (what
/// failed, what to do), and, with `--json`, one error object on standard output in place of the
/// document the command would have printed (docs/json-output.md, "Errors"). Standard output
/// keeps a pipe simple: `shelf … --json | jq` always gets one JSON document, and `jq -e .error`
/// tells a failure from a result without reading standard error.
struct FailureReport {
    /// What failed, with the path (the first line, without `shelf: <command>: `).
    let message: String
    /// What to do about it (the second line).
    let hint: String
    /// Members of the command's own: `program` for a program that failed (`ProgramRun`).
    var details: [(String, JSONText.Value)] = []

    /// Prints the two lines on `err` and keeps the first failure for the error object.
    static func report(_ message: String, hint: String, command: String?, details: [(String, JSONText.Value)] = [], to err: Output) {
        let prefix = command.map { "shelf: \($0): " } ?? "shelf: "
        err.line(prefix + printable(message))
        err.line(prefix + printable(hint))
        keep(FailureReport(message: message, hint: hint, details: details), on: err)
    }

    /// Keeps `report` as the failure of the run unless one came before (the first one caused the status).
    static func keep(_ report: FailureReport, on err: Output) {
        if err.reported == nil { err.reported = report }
    }

    /// `{"error":{"command":…,"status":N,"message":…,"hint":…,…}}`: every key always there
    /// (`command` is null before a command was named; `message` falls back to the status).
    static func errorObject(_ report: FailureReport?, command: String?, status: Int32) -> String {
        let members: [(String, JSONText.Value)] = [
            ("command", command.map { .string($0) } ?? .null), ("status", .integer(Int64(status))),
            ("message", .string(report?.message ?? "failed with status \(status)")), ("hint", .string(report?.hint ?? "")),
        ]
        return JSONText.object([("error", .object(members + (report?.details ?? [])))])
    }

    /// `{"status":N,"message":…}`: one failure among others (a path of `remove`).
    static func object(_ message: String, status: Int32) -> JSONText.Value {
        .object([("status", .integer(Int64(status))), ("message", .string(message))])
    }

    /// Whether `--json` was asked for in words that did not parse: the word itself before a `--`
    /// (after it, the words are a program's or a name).
    static func asksForJSON(_ arguments: [Argument]) -> Bool {
        arguments.prefix { $0.bytes != Array("--".utf8) }.contains { $0.bytes == Array("--json".utf8) }
    }
}
