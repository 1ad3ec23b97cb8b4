import Foundation

/// Where the `shelf` binary under test lives: `$SHELF_BIN` when set (builds with another scratch
/// path, or an installed copy), else where a plain `swift build` puts it.
enum BuiltBinary {
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["SHELF_BIN"], !path.isEmpty { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/shelf").path
    }
}
