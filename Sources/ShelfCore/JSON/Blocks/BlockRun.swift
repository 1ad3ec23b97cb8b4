#if !SHELF_KERNEL_TARGET || (SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics))
// One source for ShelfCore and the wide kernel targets (their copies are links to this file):
// compiled for the processor level of each, so that the block engine runs there with the wide
// kernel's classification inlined and the mask arithmetic in BMI code (JSONValidator+Blocks.swift).

/// The block path's loop over one window (JSONValidator+Blocks.swift says what it keeps and why),
/// on plain values: what it needs of the validator going in, what it changed coming out. Each
/// module classifies with its own `classifiedBlock` and `blockUTF8` (SSE2 in ShelfCore, the wide
/// kernels' vectors in theirs).
struct BlockRun {
    /// Where the next block starts (the first byte no kept block holds).
    var index: Int
    var levels: BlockLevels
    /// The lowest depth any kept block reached.
    var lowestReached: Int
    /// Values begun directly inside the top-level array, lines ended, the offset in the window
    /// after the last line feed (-1 while none), and continuation bytes since the line's start.
    var topValues = 0
    var lines = 0
    var lineStart = -1
    var continuations: Int
    /// The lowest and highest depth of the block the run stopped at because its depths left the
    /// levels allowed (nil when it stopped for anything else).
    var outside: (low: Int, high: Int)? = nil

    init(from index: Int, levels: BlockLevels, continuations: Int) {
        self.index = index
        self.levels = levels
        lowestReached = levels.depth
        self.continuations = continuations
    }

    /// Runs blocks of `raw[0..<count]` from `index` while each keeps to the depths `lowest...highest`
    /// and every check passes; `single`: one JSON text (else JSON Lines: no line feed in a block).
    @inline(__always)
    mutating func run(_ raw: UnsafeRawPointer, count: Int, lowest: Int, highest: Int, topArray: Bool, single: Bool) {
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        while index &+ 72 <= count {
            let block = classifiedBlock(raw, at: index)
            let settled = block.settled
            guard settled != 0 else {
                // A string that runs past the block (BlockRun+Strings.swift).
                guard let end = longString(raw, count: count, block, topArray: topArray) else { break }
                index = end
                continue
            }
            guard block.errors & settled == 0 else { break }
            var continuationMarks: UInt64 = 0
            if block.hasNonASCII {
                let (errors, continuations, nonASCII) = blockUTF8(raw, at: index)
                // Outside strings only ASCII may stand.
                guard (errors | (nonASCII & ~block.strings)) & settled == 0 else { break }
                continuationMarks = continuations & settled
            }
            var newlines: UInt64 = 0
            if block.controls & settled != 0 {
                guard let found = Self.lineFeeds(bytes, at: index, block.controls & settled), single || found == 0 else { break }
                newlines = found
            }
            guard Self.escapesAreValid(bytes, at: index, block.escaped & block.strings & settled),
                  Self.literalsAreValid(raw, at: index, block.literals & settled, scalars: block.scalars),
                  let after = levels.after(block, bytes, at: index, topArray: topArray, lowest: lowest, highest: highest,
                                           outside: &outside)
            else { break }
            levels = after.levels
            lowestReached = Swift.min(lowestReached, after.lowest)
            topValues &+= after.topValues
            noteLines(newlines, continuations: continuationMarks)
            index &+= 64 &- settled.leadingZeroBitCount
        }
    }

    /// Lines and continuation bytes (for columns) of the block at `index`, kept.
    @inline(__always)
    mutating func noteLines(_ newlines: UInt64, continuations marks: UInt64) {
        guard newlines != 0 else {
            continuations &+= marks.nonzeroBitCount
            return
        }
        let last = 63 &- newlines.leadingZeroBitCount
        lines &+= newlines.nonzeroBitCount
        lineStart = index &+ last &+ 1
        continuations = (marks &>> UInt64(last)).nonzeroBitCount
    }

    /// The line feeds among control bytes outside strings, or nil when one is not a blank.
    @inline(never)
    static func lineFeeds(_ bytes: UnsafePointer<UInt8>, at index: Int, _ controls: UInt64) -> UInt64? {
        var marks = controls, lines: UInt64 = 0
        while marks != 0 {
            let at = marks.trailingZeroBitCount
            marks &= marks &- 1
            switch bytes[index &+ at] {
            case 0x0A: lines |= 1 &<< UInt64(at)
            case 0x09, 0x0D: break
            default: return nil
            }
        }
        return lines
    }

    /// Whether each marked byte (one after an escaping backslash) makes a valid escape: the same
    /// rule as JSONValidator.escapeLength, which the kernel targets cannot call (ShelfCore is
    /// built on them, not they on it).
    @inline(__always)
    static func escapesAreValid(_ bytes: UnsafePointer<UInt8>, at index: Int, _ marks: UInt64) -> Bool {
        var marks = marks
        while marks != 0 {
            let at = index &+ marks.trailingZeroBitCount
            marks &= marks &- 1
            switch bytes[at] {
            case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: continue
            case 0x75:
                for offset in 1...4 {
                    let byte = bytes[at &+ offset], folded = byte | 0x20
                    guard (byte >= 0x30 && byte <= 0x39) || (folded >= 0x61 && folded <= 0x66) else { return false }
                }
            default: return false
            }
        }
        return true
    }

    /// Whether each marked scalar spells true, false or null and ends there.
    @inline(__always)
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
#endif
