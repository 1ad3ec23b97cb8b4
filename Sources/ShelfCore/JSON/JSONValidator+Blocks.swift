#if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
import ShelfKernelsAVX2
import ShelfKernelsAVX512
#endif

/// Token-dense JSON 64 bytes at a time: `JSONBlock` finds the tokens and checks what masks can
/// check, `BlockLevels` the grammar (JSONBlockGrammar.swift). Token by token, a branch on what the
/// next token is mispredicts every few tokens on numbers, records and nesting, and that cost more
/// than everything else. Each block is kept only up to its last bracket, comma or colon outside
/// strings, so no token is carried from one block to the next. At any doubt (an error, a long
/// string not plain, a close that leaves no container open, the nesting limit reached) the block is
/// dropped whole and `scan` or `step` reads it: errors keep their one source.
extension JSONValidator {
    /// Runs blocks from `start` (between tokens, state `.value` to `.afterValue`) and returns where
    /// the block path stopped: `start` when it took nothing.
    mutating func blocks(_ window: Window, from start: Int, countsOnly: Bool) -> Int {
        // At one open, a value begins or ends in the top-level array: that is an event, which only a
        // caller that keeps counts alone does without (the save's check); the count is kept here.
        let topArray = mode == .single && containers.outermostIsArray
        let minimum = topArray && !countsOnly ? 2 : 1
        // The blocks see 64 levels in one word (`topLevels`, the innermost at bit 63), and must know
        // the container every depth they reach stands in: from `lowest` (in level lowest − 1) to
        // `lowest + 63`. At `lowest + 64` the word holds levels from `lowest` up, the one under it
        // pushed out; closed back to `lowest`, that level would read as the 0 shifted in for it, an
        // object. So `floor` (the lowest depth allowed, at first 32 under the depth) is at least
        // depth − 63: level floor − 1 is one of the 64 `topLevels` reads.
        var floor = Swift.max(0, containers.depth &- 32), index = start, refitAt = -1
        while true {
            let lowest = Swift.max(floor, minimum), highest = Swift.min(lowest &+ 63, maxDepth)
            guard index >= 3, containers.depth >= lowest else { break }
            guard let stop = blockRun(window, from: index, lowest: lowest, highest: highest, topArray: topArray) else { break }
            index = stop.index
            // A block left the levels the word held (a close below them, or an open pushing out the
            // lowest): the same levels re-based where it fits, unless it fits nowhere or was just fitted.
            guard let outside = stop.outside, outside.low >= minimum, outside.high <= maxDepth, index != refitAt else { break }
            let depth = containers.depth
            refitAt = index
            // A block of 64 opens or 64 closes spans 65 depths, but reads no container the 64 levels
            // miss (the one under its lowest only after its last byte, a bracket): run it alone,
            // so that no later block reads that level, then the rest with levels around the new depth.
            if outside.high &- outside.low == 64 {
                // A window ending 72 bytes on holds just that block (BlockRun.run takes a block
                // only while 72 bytes are left); they exist, as the run that stopped there had them.
                let one = Window(raw: window.raw, bytes: window.bytes, count: index &+ 72, last: window.last, base: window.base)
                guard let alone = blockRun(one, from: index, lowest: outside.low, highest: outside.high, topArray: topArray),
                      alone.index > index else { break }
                index = alone.index
                floor = Swift.max(0, containers.depth &- 32)
                continue
            }
            floor = Swift.max(0, depth &- 63, Swift.min(outside.low, Swift.max(outside.high &- 63, depth &- 32)))
        }
        // Where the block path stopped, the token path reads on for at least a block.
        blockResume = window.base &+ index &+ 64
        return index
    }

    /// One run of blocks from `start` while their depths keep to `lowest...highest`, its changes
    /// kept: where it stopped and, when it stopped because a block's depths left those, the lowest
    /// and highest that block reached (nil when it stopped for anything else). Nil when not between tokens.
    private mutating func blockRun(_ window: Window, from start: Int, lowest: Int, highest: Int, topArray: Bool)
        -> (index: Int, outside: (low: Int, high: Int)?)? {
        // Only between tokens (no trap should a caller ever come in another state: the token path reads on).
        guard let between = BlockState(rawValue: state.rawValue) else { return nil }
        var run = BlockRun(from: start, levels: BlockLevels(state: between, stack: containers.topLevels, depth: containers.depth),
                           continuations: continuations)
        // The wide kernels run the whole loop in their own code (Blocks/BlockRun.swift, compiled there too).
        switch blockChoice.kernel {
        #if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
        case .avx512:
            run.take(ShelfKernelsAVX512.runBlocks(window.raw, count: window.count, from: start, state: run.levels.state.rawValue,
                                                  stack: run.levels.stack, depth: run.levels.depth, continuations: continuations,
                                                  lowest: lowest, highest: highest, topArray: topArray, single: mode == .single))
        case .avx2:
            run.take(ShelfKernelsAVX2.runBlocks(window.raw, count: window.count, from: start, state: run.levels.state.rawValue,
                                                stack: run.levels.stack, depth: run.levels.depth, continuations: continuations,
                                                lowest: lowest, highest: highest, topArray: topArray, single: mode == .single))
        #endif
        default:
            run.run(window.raw, count: window.count, lowest: lowest, highest: highest, topArray: topArray, single: mode == .single)
        }
        let index = run.index
        if index > start {
            state = State(rawValue: run.levels.state.rawValue)!
            containers.setLevels(from: run.lowestReached, to: run.levels.depth, top: run.levels.stack)
            topLevelElementCount &+= run.topValues
            line &+= run.lines
            if run.lineStart >= 0 { lineStart = window.base &+ run.lineStart }
            continuations = run.continuations
        }
        return (index, run.outside)
    }

    /// The continuation bytes of the settled part, or nil when its UTF-8 is broken.
    @inline(never)
    static func checkUTF8(_ raw: UnsafeRawPointer, at index: Int, settled: UInt64, strings: UInt64, kernel: BlockKernel) -> UInt64? {
        var errors: UInt64 = 0, continuations: UInt64 = 0, nonASCII: UInt64 = 0
        #if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
        switch kernel {
        case .avx512: (errors, continuations, nonASCII) = ShelfKernelsAVX512.checkBlockUTF8(raw, at: index)
        case .avx2: (errors, continuations, nonASCII) = ShelfKernelsAVX2.checkBlockUTF8(raw, at: index)
        case .sse2: break
        }
        #endif
        if kernel == .sse2 { (errors, continuations, nonASCII) = blockUTF8(raw, at: index) }
        // Outside strings only ASCII may stand.
        return (errors | (nonASCII & ~strings)) & settled == 0 ? continuations & settled : nil
    }
}

/// The SSE2 classifier of a block, for the block loop compiled into ShelfCore (Blocks/BlockRun.swift).
@inline(__always)
func classifiedBlock(_ raw: UnsafeRawPointer, at index: Int) -> JSONBlock { JSONBlock(raw, at: index) }

/// The classes inside a string of the 64 bytes from `raw + index` with SSE2: quotes, backslashes,
/// bytes below 0x20, bytes that are not ASCII (Blocks/BlockRun+Strings.swift).
@inline(__always)
func stringClasses(_ raw: UnsafeRawPointer, at index: Int) -> (UInt64, UInt64, UInt64, UInt64) {
    let v0 = ByteVector.load(raw, index), v1 = ByteVector.load(raw, index &+ 16)
    let v2 = ByteVector.load(raw, index &+ 32), v3 = ByteVector.load(raw, index &+ 48)
    @inline(__always) func mask(_ test: (ByteVector) -> ByteMask) -> UInt64 { JSONBlock.bits(test(v0), test(v1), test(v2), test(v3)) }
    return (mask { $0 .== .all(Byte.quote) }, mask { $0 .== .all(Byte.backslash) }, mask { $0 .< .all(0x20) },
            mask { $0.signed .< .all(0) })
}

/// UTF-8 of the 64 bytes from `raw + index` with SSE2: the lanes that break it, the continuation
/// bytes, the bytes that are not ASCII (as the wide kernels' `checkBlockUTF8`).
@inline(never)
func blockUTF8(_ raw: UnsafeRawPointer, at index: Int) -> (errors: UInt64, continuations: UInt64, nonASCII: UInt64) {
    var errors: UInt64 = 0, continuations: UInt64 = 0, nonASCII: UInt64 = 0
    for part in 0..<4 {
        let at = index &+ part &* 16
        let bytes = ByteVector.load(raw, at)
        let found = UTF8Vector.errors(bytes, back1: .load(raw, at &- 1), back2: .load(raw, at &- 2), back3: .load(raw, at &- 3))
        errors |= UInt64(found.bits) &<< UInt64(part &* 16)
        continuations |= UInt64((bytes.signed .< .all(-64)).bits) &<< UInt64(part &* 16)
        nonASCII |= UInt64((bytes.signed .< .all(0)).bits) &<< UInt64(part &* 16)
    }
    return (errors, continuations, nonASCII)
}

extension BlockRun {
    /// What a wide kernel's `runBlocks` answered (a tuple: a kernel module hands over no type of its own).
    @inline(__always)
    mutating func take(_ answer: (index: Int, state: UInt8, stack: UInt64, depth: Int, lowestReached: Int, topValues: Int,
                                  lines: Int, lineStart: Int, continuations: Int, outsideLow: Int, outsideHigh: Int)) {
        index = answer.index
        levels = BlockLevels(state: BlockState(rawValue: answer.state)!, stack: answer.stack, depth: answer.depth)
        lowestReached = answer.lowestReached
        topValues = answer.topValues
        lines = answer.lines
        lineStart = answer.lineStart
        continuations = answer.continuations
        outside = answer.outsideLow != .min ? (answer.outsideLow, answer.outsideHigh) : nil
    }
}
