import Runtime

/// Where in the engine a sync was called: the first frame of the call stack that is neither the
/// simulator nor the system-call layer (nor the helper that syncs a folder), as `File.swift:line`.
/// Found from a backtrace with its debug information, so it needs the debug build.
enum SyncSites {
    /// Frames from these files are plumbing, not the place that decided to sync.
    private static let plumbing = ["/shelf-crashsim/", "/ShelfCore/System/", "AtomicReplace.swift"]

    static func current() -> String {
        guard let backtrace = try? Backtrace.capture(algorithm: .fast, limit: 40, top: 0), let symbols = backtrace.symbolicated() else { return "unknown" }
        for frame in symbols.frames {
            guard let symbol = frame.symbol, let location = symbol.sourceLocation else { continue }
            let path = location.path
            if plumbing.contains(where: { path.contains($0) }) && !isFolderSyncCaller(symbol.name, path) { continue }
            guard path.contains("/Sources/") else { continue }
            let file = path.split(separator: "/").last.map(String.init) ?? path
            return "\(file):\(location.line)"
        }
        return "unknown"
    }

    /// `AtomicReplace.swift` holds both the folder-sync helper (plumbing) and `write`, which
    /// syncs the temp file itself: only the helper is skipped.
    private static func isFolderSyncCaller(_ name: String, _ path: String) -> Bool {
        path.hasSuffix("AtomicReplace.swift") && !name.contains("syncFolder")
    }
}
