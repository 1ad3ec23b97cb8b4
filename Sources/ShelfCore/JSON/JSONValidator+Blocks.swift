#if arch(x86_64) && canImport(_Builtin_intrinsics)
import ShelfKernelsAVX2
import ShelfKernelsAVX512
#endif

/// Token-dense JSON 64 bytes at a time: `JSONBlock` finds the tokens and checks what masks can
/// check, `BlockLevels` the grammar (JSONBlockGrammar.swift). Token by token, a branch on what the
/// next token is mispredicts every few tokens on numbers, records and nesting, and that cost more
/// than everything else. Each block is kept only up to its last bracket, comma or colon outside
/// strings, so no token is carried from one block to the next. At any doubt (an error, a long
/// string, a close the block cannot see the container of, the nesting limit near) the block is
/// dropped whole and `scan` or `step` reads it: errors keep their one source.
extension JSONValidator {
    /// Runs blocks from `start` (between tokens, state `.value` to `.afterValue`) and returns where
    /// the block path stopped: `start` when it took nothing.
    mutating func blocks(_ window: Window, from start: Int, countsOnly: Bool) -> Int {
        let floor = containers.innermostFloor
        // The levels a block may touch: all in the innermost word, and one or more open. At one
        // open, a value begins or ends in the top-level array: that is an event, which only a
        // caller that keeps counts alone does without (the save's check); the count is kept here.
        let topArray = mode == .single && containers.outermostIsArray
        let lowest = floor != 0 ? floor &+ 1 : topArray && !countsOnly ? 2 : 1, highest = floor &+ 64
        guard start >= 3, containers.depth >= lowest, maxDepth &- containers.depth >= 64 else {
            blockResume = window.base &+ start &+ 64
            return start
        }
        var index = start
        var levels = BlockLevels(state: state, stack: containers.topLevels, depth: containers.depth)
        var lowestReached = levels.depth
        let kernel = blockChoice.kernel
        while index &+ 72 <= window.count {
            let block = JSONBlock(window.raw, at: index, kernel: kernel)
            let settled = block.settled
            guard settled != 0, block.errors & settled == 0 else { break }
            var continuationMarks: UInt64 = 0
            if block.hasNonASCII {
                guard let marks = Self.checkUTF8(window.raw, at: index, settled: settled, strings: block.strings, kernel: kernel) else { break }
                continuationMarks = marks
            }
            var newlines: UInt64 = 0
            if block.controls & settled != 0 {
                guard let lines = Self.lineFeeds(window.bytes, at: index, block.controls & settled),
                      mode == .single || lines == 0 else { break }
                newlines = lines
            }
            guard Self.escapesAreValid(window.bytes, at: index, block.escaped & block.strings & settled),
                  Self.literalsAreValid(window.raw, at: index, block.literals & settled, scalars: block.scalars),
                  let after = levels.after(block, window.bytes, at: index, topArray: topArray),
                  after.lowest >= lowest, after.highest <= highest
            else { break }
            levels = after.levels
            lowestReached = Swift.min(lowestReached, after.lowest)
            topLevelElementCount &+= after.topValues
            noteLines(newlines, continuations: continuationMarks, blockStart: window.base &+ index)
            // The settled bytes are the block's first ones (no population count on baseline x86_64).
            index &+= 64 &- settled.leadingZeroBitCount
        }
        // Where the block path stopped, the token path reads on for at least a block.
        blockResume = window.base &+ index &+ 64
        guard index > start else { return start }
        state = levels.state
        containers.setLevels(from: lowestReached, to: levels.depth, top: levels.stack)
        return index
    }

    /// The line feeds among control bytes outside strings, or nil when one is not a blank.
    @inline(never)
    static func lineFeeds(_ bytes: UnsafePointer<UInt8>, at index: Int, _ controls: UInt64) -> UInt64? {
        var marks = controls, lines: UInt64 = 0
        while marks != 0 {
            let at = marks.trailingZeroBitCount
            marks &= marks &- 1
            switch bytes[index &+ at] {
            case Byte.newline: lines |= 1 &<< UInt64(at)
            case 0x09, 0x0D: break
            default: return nil
            }
        }
        return lines
    }

    /// Lines and continuation bytes (for columns) of a block kept.
    @inline(always)
    mutating func noteLines(_ newlines: UInt64, continuations marks: UInt64, blockStart: Int) {
        guard newlines != 0 else {
            continuations &+= marks.nonzeroBitCount
            return
        }
        let last = 63 &- newlines.leadingZeroBitCount
        line &+= newlines.nonzeroBitCount
        lineStart = blockStart &+ last &+ 1
        continuations = (marks &>> UInt64(last)).nonzeroBitCount
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
        for part in 0..<4 where kernel == .sse2 {
            let at = index &+ part &* 16
            let bytes = ByteVector.load(raw, at)
            let found = UTF8Vector.errors(bytes, back1: .load(raw, at &- 1), back2: .load(raw, at &- 2), back3: .load(raw, at &- 3))
            errors |= UInt64(found.bits) &<< UInt64(part &* 16)
            continuations |= UInt64((bytes.signed .< .all(-64)).bits) &<< UInt64(part &* 16)
            nonASCII |= UInt64((bytes.signed .< .all(0)).bits) &<< UInt64(part &* 16)
        }
        // Outside strings only ASCII may stand.
        return (errors | (nonASCII & ~strings)) & settled == 0 ? continuations & settled : nil
    }

    /// Whether each marked byte (one after an escaping backslash) makes a valid escape.
    @inline(always)
    static func escapesAreValid(_ bytes: UnsafePointer<UInt8>, at index: Int, _ marks: UInt64) -> Bool {
        var marks = marks
        while marks != 0 {
            let at = index &+ marks.trailingZeroBitCount
            marks &= marks &- 1
            guard escapeLength(bytes, at: at &- 1) != nil else { return false }
        }
        return true
    }

    /// Whether each marked scalar spells true, false or null and ends there.
    @inline(always)
    static func literalsAreValid(_ raw: UnsafeRawPointer, at index: Int, _ marks: UInt64, scalars: UInt64) -> Bool {
        var marks = marks
        while marks != 0 {
            let at = marks.trailingZeroBitCount
            marks &= marks &- 1
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ at, as: UInt64.self))
            let four = word & 0xFFFF_FFFF
            let length = four == 0x6575_7274 || four == 0x6C6C_756E ? 4 : word & 0xFF_FFFF_FFFF == 0x65_736C_6166 ? 5 : 64
            guard at &+ length < 64, scalars &>> UInt64(at &+ length) & 1 == 0 else { return false }
        }
        return true
    }
}

