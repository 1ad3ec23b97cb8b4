#if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel

/// A 64-lane mask as 64 bits: one `vpmovmskb` per 32-lane half.
@inline(__always)
func bits(_ mask: SIMDMask<SIMD64<Int8>>) -> UInt64 {
    let halves = unsafeBitCast(mask, to: (__m256i, __m256i).self)
    let low = UInt32(bitPattern: _mm256_movemask_epi8(halves.0)), high = UInt32(bitPattern: _mm256_movemask_epi8(halves.1))
    return UInt64(low) | UInt64(high) &<< 32
}
#endif
