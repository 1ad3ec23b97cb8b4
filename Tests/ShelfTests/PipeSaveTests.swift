import Foundation
import Testing

/// A save from a pipe is moved into the file by splice(2) with a larger pipe buffer: the bytes must
/// arrive exact whatever pieces the producer writes them in (a failing move loses nothing:
/// EndToEndTests.fileSizeLimitIsAnIOErrorThatLeavesNothing).
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
}
