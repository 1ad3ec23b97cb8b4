import Foundation
import Glibc
import Testing

/// Special files someone plants inside a namespace must be refused, never waited on.
@Suite struct PlantedFileTests {
    final class Outcome: @unchecked Sendable {
        var result: CLIResult?
    }

    /// Found by the reliability battery: a blocking open(2) of a FIFO waits for a writer forever.
    /// The call runs on a thread so that, should it block again, the test can be that writer and
    /// report the hang instead of hanging itself.
    @Test func retrieveRefusesAFIFOInsteadOfWaitingOnIt() throws {
        let home = TestHome()
        #expect(home.run(["save", "caches", "keep.txt"], stdin: "k").status == 0)
        let fifo = home.path("cache/shelf/pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome.result = home.run(["retrieve", "caches", "pipe"])
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 30) == .timedOut {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            close(writer)
            done.wait()
            Issue.record("retrieve waited for a writer on the FIFO")
        }
        #expect(outcome.result?.status == 66)
        #expect(outcome.result?.stderr.contains("is a FIFO (named pipe), not a regular file") == true)
        #expect(outcome.result?.stdout.isEmpty == true)
    }
}
