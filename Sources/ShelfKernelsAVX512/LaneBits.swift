#if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel

/// A 64-lane mask as 64 bits: `vpmovb2m`, which the compiler folds into the compare's own mask
/// register.
@inline(__always)
func bits(_ mask: SIMDMask<SIMD64<Int8>>) -> UInt64 {
    _mm512_movepi8_mask(unsafeBitCast(mask, to: __m512i.self))
}
#endif
