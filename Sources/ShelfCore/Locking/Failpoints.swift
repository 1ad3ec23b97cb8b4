/// Crash points for the crash-safety tests: with `SHELF_TEST_CRASH_AT=<point>` in the store's
/// environment, the process kills itself with SIGKILL at that step of an append, exactly as a
/// `kill -9` landing there would. Unset (always, outside the tests), every check is one compare.
struct Failpoints: Sendable {
    /// None armed: for callers outside an append (readers recovering a crashed append).
    static let none = Failpoints(environment: Environment(variables: [:]))

    enum Point: String, Sendable {
        /// Half-way through writing the journal record (the data file is untouched).
        case tornJournal = "torn-journal"
        /// The journal record is durable; no data byte has changed yet.
        case journal
        /// Half the new bytes are written, and not the old tail (the closing bracket).
        case partialData = "partial-data"
        /// All data is written and synced; the journal is not yet emptied (the append is complete,
        /// as after a power failure that lost the emptying).
        case data
        /// Recovery has written the old tail back but not yet cut the file to its old length.
        case rollback
        /// A whole-file rewrite's temporary file is complete, not yet renamed over the file.
        case rewrite
        /// A folder append's file is complete, not yet linked under its number.
        case folder
    }

    static let variable = "SHELF_TEST_CRASH_AT"
    let armed: Point?

    init(environment: Environment) {
        armed = environment[Failpoints.variable].flatMap(Point.init(rawValue:))
    }

    func contains(_ point: Point) -> Bool { armed == point }

    /// Dies here when `point` is armed.
    func check(_ point: Point) {
        if armed == point { crash() }
    }

    func crash() -> Never {
        ProcessState.killNow()
    }
}
