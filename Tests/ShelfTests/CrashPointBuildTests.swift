import Foundation
import Testing

/// Issue 23: the tests' crash points (`Failpoints`, `SHELF_TEST_CRASH_AT`) are compiled into debug
/// builds only. The release binary is not built by `swift test`, so its check is `make release`'s
/// (`check-no-crash-points`, a grep of the binary); here, the source and the Makefile are checked.
@Suite struct CrashPointBuildTests {
    static let variable = "SHELF_TEST_CRASH_AT"
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every line of code in the shipped modules that names the variable or reads the armed point
    /// lies inside `#if DEBUG` (before its `#else`).
    @Test func theVariableIsReadInDebugBuildsOnly() throws {
        var mentions = 0
        for module in ["ShelfCore", "ShelfCLI", "shelf"] {
            let folder = CrashPointBuildTests.root.appendingPathComponent("Sources/" + module)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                // The conditions of the `#if` blocks around each line, innermost last.
                var conditions: [String] = []
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("#if ") { conditions.append(String(code.dropFirst(4))) }
                    if code.hasPrefix("#else") || code.hasPrefix("#elseif"), !conditions.isEmpty { conditions[conditions.count - 1] = "else" }
                    if code.hasPrefix("#endif") { _ = conditions.popLast() }
                    // Comments may name it; code may not, outside the guard.
                    guard !code.hasPrefix("//"),
                          line.contains(CrashPointBuildTests.variable) || line.contains("$armed") || line.contains("armed ==") else { continue }
                    mentions += 1
                    #expect(conditions.contains("DEBUG"), "Sources/\(module)/\(file):\(number + 1) reads the crash points outside #if DEBUG")
                }
            }
        }
        #expect(mentions >= 2, "the crash points moved: update this test")
    }

    /// `make release` (and so `make dist`, `make install`, `make bench`) greps its binary.
    @Test func makeReleaseChecksItsBinary() throws {
        let makefile = try String(contentsOf: CrashPointBuildTests.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let release = try #require(makefile.components(separatedBy: "\nrelease:").dropFirst().first?.components(separatedBy: "\n\n").first)
        #expect(release.contains("check-no-crash-points"))
        #expect(makefile.contains("grep -a -q -F -e '\(CrashPointBuildTests.variable)' $(BIN)"))
    }

    /// The debug build the tests run has them; were this wrong, every crash test would be cancelled.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHELF_BIN"] == nil && FileManager.default.isReadableFile(atPath: BuiltBinary.path)))
    func theDebugBuildHasThem() {
        #expect(BuiltBinary.honoursCrashPoints)
    }
}
