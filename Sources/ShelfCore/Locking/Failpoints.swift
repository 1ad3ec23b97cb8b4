/// Crash points for the crash-safety tests: in a debug build, `SHELF_TEST_CRASH_AT=<point>` in the
/// store's environment makes an append kill its process with SIGKILL at that step, exactly as a
/// `kill -9` landing there would. The release build (`make release`, the binary users run) has
/// none of it: every check compiles to nothing there and the variable's name is not in the binary
/// (`make release` checks). The point is armed for the length of one append (`armed(by:)`), for
/// that append alone (a task-local value), so no production signature carries it.
enum Failpoints {
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

    /// Whether `point` is armed (a step that does part of its work before dying asks this).
    @inline(__always)
    static func contains(_ point: Point) -> Bool {
        #if DEBUG
        return armed == point
        #else
        return false
        #endif
    }

    /// Dies here when `point` is armed.
    @inline(__always)
    static func check(_ point: Point) {
        if contains(point) { crash() }
    }

    static func crash() -> Never {
        ProcessState.killNow()
    }

    #if DEBUG
    static let variable = "SHELF_TEST_CRASH_AT"
    @TaskLocal private static var armed: Point?
    #endif

    /// Runs one append with the crash point `environment` names, if any, armed (a release build
    /// has none: it runs `body`).
    @inline(__always)
    static func armed<R>(by environment: Environment, _ body: () throws -> R) rethrows -> R {
        #if DEBUG
        if let point = environment[variable].flatMap(Point.init(rawValue:)) { return try $armed.withValue(point) { try body() } }
        #endif
        return try body()
    }
}
