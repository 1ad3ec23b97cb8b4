import Glibc

/// Crash points for the crash-safety tests: with `SHELF_TEST_CRASH_AT=<point>` in the store's
/// environment, the process kills itself with SIGKILL at that step of an append, exactly as a
/// `kill -9` landing there would. Unset (always, outside the tests), every check is one compare.
struct Failpoints: Sendable {
    enum Point: String, Sendable {
        /// Half-way through writing the journal (the data file is untouched).
        case tornJournal = "torn-journal"
        /// The journal is durable; no data byte has changed yet.
        case journal
        /// The new items are written but the old tail (the closing bracket) is not.
        case partialData = "partial-data"
        /// All data is written and fsynced; the journal is not yet deleted.
        case data
        /// A whole-file rewrite's temporary file is complete, not yet renamed over the file.
        case rewrite
        /// A folder append's file is complete, not yet linked under its number.
        case folder
    }

    static let variable = "SHELF_TEST_CRASH_AT"
    let armed: Point?

    init(environment: [String: String]) {
        armed = environment[Failpoints.variable].flatMap(Point.init(rawValue:))
    }

    func contains(_ point: Point) -> Bool { armed == point }

    /// Dies here when `point` is armed.
    func check(_ point: Point) {
        if armed == point { crash() }
    }

    func crash() -> Never {
        kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not end the process")
    }
}
