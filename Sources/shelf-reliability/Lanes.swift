import Glibc
import ShelfTestSupport

/// Runs processes side by side: each lane starts its next process as soon as its previous one
/// has ended, until it has no more. Readers are lanes whose `next` stops once the writers are done.
final class Lanes {
    final class Lane {
        let next: () throws -> Child?
        let finished: (ChildResult) -> Void
        fileprivate var running: Child?

        init(next: @escaping () throws -> Child?, finished: @escaping (ChildResult) -> Void) {
            self.next = next
            self.finished = finished
        }

        /// A lane of `count` processes, the `n`th (from 1) started by `start(n)`; `finished`
        /// gets each one's number with its result, and `done` runs once the last has ended.
        convenience init(count: Int, start: @escaping (Int) throws -> Child, finished: @escaping (Int, ChildResult) -> Void,
                         done: (() -> Void)? = nil) {
            var n = 0
            self.init(next: {
                n += 1
                guard n <= count else { done?(); return nil }
                return try start(n)
            }, finished: { finished(n, $0) })
        }
    }

    /// Runs every lane to its end (the caller decides when a lane stops by returning nil).
    static func run(_ lanes: [Lane]) throws {
        for lane in lanes { lane.running = try lane.next() }
        while lanes.contains(where: { $0.running != nil }) {
            var progressed = false
            for lane in lanes {
                guard let child = lane.running, child.hasEnded() else { continue }
                progressed = true
                lane.finished(child.wait())
                lane.running = try lane.next()
            }
            if !progressed { usleep(200) }  // polling waitpid, as Child.wait does
        }
    }
}
