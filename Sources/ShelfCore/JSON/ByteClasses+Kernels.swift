#if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
import ShelfKernelsAVX2
import ShelfKernelsAVX512
#endif

extension ByteClasses {
    /// The classes of the 64 bytes from `raw + index` by a wide kernel (one that
    /// `BlockKernel.runs`; SSE2 classifies in JSONBlock's own init).
    @inline(__always)
    static func classify(_ raw: UnsafeRawPointer, at index: Int, kernel: BlockKernel) -> ByteClasses {
        #if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
        switch kernel {
        case .avx512: return ByteClasses(ShelfKernelsAVX512.classifyBlock(raw, at: index))
        case .avx2: return ByteClasses(ShelfKernelsAVX2.classifyBlock(raw, at: index))
        case .sse2: preconditionFailure("SSE2 classifies in JSONBlock.init(_:at:)")
        }
        #else
        preconditionFailure("no wide kernel on this architecture")
        #endif
    }

}
