import ShelfCore

/// The progress line of long work (`shelf: save: 1.2 GiB of 4.0 GiB (30%), 210.5 MiB/s`) on
/// standard error. It appears only when standard error is a terminal, only once the work has
/// taken `delay`, is redrawn at most every `interval`, and is erased when the work ends, so that
/// what remains on the screen is the same as without it. Never under --quiet, in a pipe or
/// under cron (there standard error is no terminal).
final class ProgressLine: @unchecked Sendable {
    /// What is counted.
    enum Unit {
        case bytes
        /// Whole items, named in the plural (`files`).
        case items(String)
    }

    static let delay: UInt64 = 1_000_000_000
    static let interval: UInt64 = 250_000_000

    let enabled: Bool
    private let output: Output
    private let label: String
    private let unit: Unit
    private let clock: @Sendable () -> UInt64
    private let start: UInt64
    private var lastDraw: UInt64 = 0
    private(set) var total: Int64?
    private(set) var done: Int64 = 0
    private(set) var drawn = false

    init(label: String, unit: Unit, enabled: Bool, output: Output, clock: @escaping @Sendable () -> UInt64) {
        self.label = label
        self.unit = unit
        self.enabled = enabled
        self.output = output
        self.clock = clock
        start = enabled ? clock() : 0
    }

    /// Takes a report of the library's work (`WorkProgress`).
    func take(_ event: WorkProgress.Event) {
        switch event {
        case .total(let count): expect(count)
        case .advanced(let count): advance(by: count)
        }
    }

    func expect(_ count: Int64) { total = count }

    func advance(by count: Int64) {
        done = done.addingSaturated(count)
        guard enabled else { return }
        let now = clock()
        guard now &- start >= ProgressLine.delay, !drawn || now &- lastDraw >= ProgressLine.interval else { return }
        lastDraw = now
        drawn = true
        output.write("\r" + text(elapsed: now &- start) + "\u{1B}[K")
        output.flush()
    }

    /// Erases the line, if one was drawn.
    func finish() {
        guard drawn else { return }
        output.write("\r\u{1B}[K")
        output.flush()
        drawn = false
    }

    func text(elapsed: UInt64) -> String {
        var text = "shelf: \(label): " + amount(done)
        if let total, total > 0 {
            // A sparse file's size may be near Int64.max: the product must not overflow.
            text += " of " + amount(total) + " (\(min(100, Int128(done) * 100 / Int128(total)))%)"
        }
        if case .bytes = unit, elapsed > 0 {
            let perSecond = Double(done) / (Double(elapsed) / 1e9)
            text += ", " + HumanSize.format(Int64(saturating: perSecond)) + "/s"
        }
        return text
    }

    private func amount(_ count: Int64) -> String {
        switch unit {
        case .bytes: return HumanSize.format(count)
        case .items(let name): return "\(count) \(name)"
        }
    }
}

/// Nanoseconds of CLOCK_MONOTONIC: not moved by changes of the wall clock.
enum MonotonicClock {
    @Sendable static func now() -> UInt64 {
        ProcessState.monotonicNanoseconds()
    }
}

/// A byte source that tells a progress line how much it has read.
struct CountingSource<Base: ByteSource>: ByteSource {
    var base: Base
    let progress: ProgressLine

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = try base.read(into: buffer)
        if n > 0 { progress.advance(by: Int64(n)) }
        return n
    }
}
