import Foundation
import Testing

/// A save from a pipe is moved into the file by splice(2) with a larger pipe buffer: the bytes must
/// arrive exact whatever pieces the producer writes them in, and a failing move must lose nothing.
@Suite struct PipeSaveTests {
    let home = TestHome()

    @Test func bytesArriveExactInAnyPieces() throws {
        // 3 MiB and an odd tail from one writer, then pieces with pauses between them (the reader
        // meets an empty pipe mid-way), then a pipe that brings nothing at all.
        let result = try home.sh("""
            head -c 3146249 /dev/urandom > src.bin
            cat src.bin | "$S" save caches big.bin && cmp src.bin "$XDG_CACHE_HOME/shelf/big.bin" || exit 10
            (printf 'one '; sleep 0.2; head -c 70000 src.bin; sleep 0.2; printf ' end') > parts.bin
            (printf 'one '; sleep 0.2; head -c 70000 src.bin; sleep 0.2; printf ' end') | "$S" save caches parts.bin || exit 11
            cmp parts.bin "$XDG_CACHE_HOME/shelf/parts.bin" || exit 12
            : | "$S" save caches empty.bin && test ! -s "$XDG_CACHE_HOME/shelf/empty.bin" || exit 13
            """)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func fullDiskKeepsTheOldFile() throws {
        // /dev/full cannot be a target; a file size limit makes the kernel refuse the write instead
        // (SIGXFSZ ignored, so EFBIG comes back): the old content stays and no temp is left.
        let result = try home.sh("""
            printf 'old' | "$S" save caches kept.bin || exit 10
            trap '' XFSZ
            (ulimit -f 1024; head -c 3000000 /dev/zero | "$S" save caches kept.bin) 2> err.txt
            status=$?
            test "$status" -ne 0 || exit 11
            test "$(cat "$XDG_CACHE_HOME/shelf/kept.bin")" = old || exit 12
            ls -A "$XDG_CACHE_HOME/shelf" | grep -q shelf-tmp && exit 13
            exit 0
            """)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
