#if arch(x86_64) && canImport(_Builtin_intrinsics)
// Clang's own intrinsics module, which the compiler ships: pure computation on registers (no C
// library, no file call), here only SSE2, which every x86_64 processor has.
import _Builtin_intrinsics.intel
#endif

/// A lane mask read as bits. On x86_64 one `pmovmskb` turns sixteen lanes into sixteen bits;
/// Swift's SIMD types cannot name that instruction, and without it a mask costs about eleven
/// (two words, multiplies, shifts). Every other architecture takes the portable path, which the
/// tests also run on x86_64 by calling it directly.
extension SIMDMask where Storage == SIMD16<Int8> {
    #if arch(x86_64) && canImport(_Builtin_intrinsics)
    /// Bit `i` set when lane `i` is (bits 16 and up clear).
    @inline(always)
    var bits: UInt32 { UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(self, to: __m128i.self))) }

    /// The first set lane, or 16.
    @inline(always)
    var first: Int { (bits | 0x1_0000).trailingZeroBitCount }

    @inline(always)
    var isEmpty: Bool { bits == 0 }
    #else
    @inline(always)
    var bits: UInt32 { portableBits }

    @inline(always)
    var first: Int { portableFirst }

    @inline(always)
    var isEmpty: Bool { portableIsEmpty }
    #endif

    /// The mask as two words, eight bits per lane (all ones where set).
    @inline(always)
    var words: SIMD2<UInt64> { unsafeBitCast(self, to: SIMD2<UInt64>.self) }

    /// `bits` from the two words: one bit per byte, which a multiply gathers into the top byte
    /// (byte `i`'s bit lands on bit 56 + `i`; no two partial products share a bit, so none carries).
    @inline(always)
    var portableBits: UInt32 {
        let words = self.words, ones: UInt64 = 0x0101_0101_0101_0101, gather: UInt64 = 0x0102_0408_1020_4080
        let low = ((words[0] & ones) &* gather) &>> 56, high = ((words[1] & ones) &* gather) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
    }

    @inline(always)
    var portableFirst: Int {
        let words = self.words
        // Without a branch, not even a conditional one the compiler might choose (where the first
        // special byte falls is data, and a mispredicted jump here cost 7% of the validator): the
        // low word's zeros count 64 when it is empty, and only then do the high word's count.
        let low = words[0].trailingZeroBitCount, high = words[1].trailingZeroBitCount
        return (low &+ (high & (0 &- (low &>> 6)))) &>> 3
    }

    @inline(always)
    var portableIsEmpty: Bool {
        let words = self.words
        return words[0] | words[1] == 0
    }
}
