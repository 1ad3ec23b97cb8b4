import Foundation
import Testing
@testable import Shelf

/// A validated save of a regular file or a pipe lets the kernel copy the bytes (`copy_file_range`,
/// `splice`) and checks them by reading the written file back (`WrittenJSONCheck.copied`): the
/// file saved is the input byte for byte, errors keep their position wherever they fall (also
/// past the distance the copy may run ahead of the check), an invalid input stops the copy within
/// that distance, and a file the kernel copies nothing from (`/proc`) is still read.
@Suite struct KernelCopiedSaveTests {
    let home = TestHome()

    func writeSource(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: home.path("src.json")))
    }

    @Test(arguments: [2, (1 << 20) - 1, (1 << 20) + 1, 20 << 20])
    func validInputLandsWholeFromAFileAndAPipe(_ size: Int) throws {
        try writeSource(size == 2 ? Array("[]".utf8) : ValidatedSaveTests.records(size))
        let result = try home.sh("""
            "$S" save caches file.json < src.json || exit 10
            cat src.json | "$S" save caches pipe.json || exit 11
            cmp src.json "$XDG_CACHE_HOME/shelf/file.json" || exit 12
            cmp src.json "$XDG_CACHE_HOME/shelf/pipe.json" || exit 13
            """)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [10, (3 << 20) + 5, (18 << 20) + 5])
    func errorsKeepTheirPositionFromAFileAndAPipe(_ at: Int) throws {
        var bytes = ValidatedSaveTests.records(20 << 20)
        bytes[try #require(bytes[at...].firstIndex(of: UInt8(ascii: ",")))] = UInt8(ascii: ";")
        var expected: JSONSyntaxError?
        do throws(JSONSyntaxError) { try JSONValidator.validate(bytes) } catch { expected = error }
        let error = try #require(expected)
        try writeSource(bytes)
        let result = try home.sh("""
            printf '[1]' | "$S" save caches a.json || exit 10
            "$S" save caches a.json < src.json 2> file.err; test $? -eq 65 || exit 11
            cat src.json | "$S" save caches a.json 2> pipe.err; test $? -eq 65 || exit 12
            grep -q 'line \(error.line), column \(error.column):' file.err || exit 13
            grep -q 'line \(error.line), column \(error.column):' pipe.err || exit 14
            test "$(cat "$XDG_CACHE_HOME/shelf/a.json")" = '[1]' || exit 15
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(home.shelfLeftovers().isEmpty)
    }

    @Test func anInvalidFileStopsTheCopyWithinItsLead() throws {
        // Found 8 MiB in: the copy, many times faster than the check, would be at the end by then.
        var bytes = ValidatedSaveTests.records(48 << 20)
        let position = try #require(bytes[(8 << 20)...].firstIndex(of: UInt8(ascii: ",")))
        bytes[position] = UInt8(ascii: "!")
        try writeSource(bytes)
        // The shell's descriptor 3 shares its offset with shelf's standard input: where the copy
        // stopped is where the shell's offset is afterwards.
        let result = try home.sh("""
            exec 3< src.json
            "$S" save caches big.json <&3 2>/dev/null; test $? -eq 65 || exit 10
            sed -n 's/^pos:[[:space:]]*//p' /proc/$$/fdinfo/3
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let copied = try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        // The lead, plus the pieces in flight while the check found the error.
        #expect(copied <= position + WrittenJSONCheck.aheadLimit + (4 << 20), "copied \(copied) bytes")
        #expect(!home.exists("cache/shelf/big.json"))
    }

    /// The copy runs up to `aheadLimit` ahead of the check: where it meets a file size limit (or
    /// a full disk) first, the invalid input is still what the save reports, as when it checked
    /// one buffer behind.
    @Test(arguments: [false, true])
    func anInvalidInputThatAlsoMeetsASizeLimitIsReportedAsInvalid(fromPipe: Bool) throws {
        var bytes = ValidatedSaveTests.records(10 << 20)
        let position = try #require(bytes[1_200_000...].firstIndex(of: UInt8(ascii: ",")))
        bytes[position] = UInt8(ascii: "!")
        var expected: JSONSyntaxError?
        do throws(JSONSyntaxError) { try JSONValidator.validate(bytes) } catch { expected = error }
        let error = try #require(expected)
        try writeSource(bytes)
        let command = fromPipe ? #"cat src.json | "$S" save caches x.json"# : #""$S" save caches x.json < src.json"#
        let result = try home.sh("""
            (ulimit -f 5120; \(command)) 2> err; test $? -eq 65 || { cat err >&2; exit 10; }
            grep -q 'line \(error.line), column \(error.column):' err || exit 11
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!home.exists("cache/shelf/x.json"))
    }

    /// /proc files report no size: `copy_file_range` copies nothing from them, and that 0 must
    /// not be taken for the end.
    @Test func aFileTheKernelCopiesNothingFromIsStillRead() throws {
        let result = try home.sh("""
            "$S" save caches max.json --file /proc/sys/kernel/pid_max || exit 10
            "$S" save caches max.bin < /proc/sys/kernel/pid_max || exit 11
            cmp /proc/sys/kernel/pid_max "$XDG_CACHE_HOME/shelf/max.json" || exit 12
            cmp /proc/sys/kernel/pid_max "$XDG_CACHE_HOME/shelf/max.bin" || exit 13
            """)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
