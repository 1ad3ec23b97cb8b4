import ShelfCore

/// The process environment as a dictionary, for `main`. The library does the reading, so the
/// command line and the Swift API resolve directories from the same variables.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        Locations.processEnvironment()
    }
}
