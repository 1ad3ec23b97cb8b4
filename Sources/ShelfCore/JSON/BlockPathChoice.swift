#if arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel
#endif

/// Whether `scan` takes the block path (JSONValidator+Blocks.swift) or goes token by token. Neither
/// wins everywhere: classifying 64 bytes costs about as much as the token path spends on 64 bytes
/// of records with predictable shapes, while on numbers of mixed spellings (Python's `repr` floats)
/// the token path mispredicts a branch per number and blocks run 1.5× faster. So the validator times
/// pieces of `timedBytes` on each path, alternating (the data and the processor's state drift less
/// between neighbours), keeps each path's fastest piece (an interrupt or a context switch only ever
/// adds time), and takes the block path only when it wins by `margin`: a wrong choice of blocks
/// cost the records corpora 11-19% in the eighth round, a wrong choice of tokens loses less than
/// the margin. Again every `retrial` bytes. Both paths give the same verdicts, errors and events,
/// so the choice changes only the speed.
struct BlockPathChoice: Sendable {
    /// Whether the block path is on.
    private(set) var enabled: Bool
    /// Whether the choice is measured (else it stays as made).
    let measured: Bool
    /// What classifies the blocks (BlockKernel.swift).
    let kernel: BlockKernel
    /// Processor ticks per byte (scaled by 256) of each path's fastest piece in the current trial.
    private var blockCost = UInt64.max
    private var tokenCost = UInt64.max
    /// The pieces of the current trial timed so far.
    private var piecesTimed = 0
    /// The stream offset from which the next trial runs.
    private var nextTrial = 0

    /// Chunks shorter than this are not timed (their time is mostly the hand-over at their ends);
    /// of longer ones, pieces of `timedBytes` are, `piecesPerTrial` of them, alternating paths.
    static let shortestTimed = 16 << 10
    static let timedBytes = 16 << 10
    static let piecesPerTrial = 6
    static let retrial = 8 << 20
    /// How much faster the block path must be to be taken, in sixteenths of the token path's time.
    static let margin: UInt64 = 1

    /// A choice that is measured, where the processor has a tick counter to measure it with.
    init() {
        kernel = BlockKernel.widest
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        enabled = false
        measured = true
        #else
        enabled = false
        measured = false
        #endif
    }

    /// A fixed choice (for tests, which hold each path to the byte-at-a-time one): blocks
    /// classified as shipped unless `kernel` says otherwise (a wide kernel only where it runs).
    init(fixed enabled: Bool, kernel: BlockKernel = BlockKernel.widest) {
        self.enabled = enabled
        self.kernel = BlockKernel.runs(kernel) ? kernel : .sse2
        measured = false
    }

    /// Whether a chunk of `count` bytes at stream offset `offset` is to be timed; if so, the path
    /// to time is switched on (the block path first, then every other piece).
    mutating func startsTrial(count: Int, at offset: Int) -> Bool {
        guard measured, count >= Self.shortestTimed, offset >= nextTrial else { return false }
        enabled = piecesTimed & 1 == 0
        return true
    }

    /// Records a timed piece; once the trial's pieces are timed, takes the faster path until the
    /// next trial.
    mutating func finishTrial(ticks: UInt64, count: Int, at offset: Int) {
        let cost = ticks &* 256 / UInt64(max(count, 1))
        if enabled { blockCost = min(blockCost, cost) } else { tokenCost = min(tokenCost, cost) }
        piecesTimed &+= 1
        guard piecesTimed == Self.piecesPerTrial else { return }
        enabled = blockCost &* 16 < tokenCost &* (16 &- Self.margin)
        blockCost = .max
        tokenCost = .max
        piecesTimed = 0
        nextTrial = offset &+ count &+ Self.retrial
    }

    /// The processor's tick counter (0 where there is none: then nothing is measured).
    @inline(always)
    static func ticks() -> UInt64 {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        var processor: UInt32 = 0
        return __rdtscp(&processor)
        #else
        return 0
        #endif
    }
}
