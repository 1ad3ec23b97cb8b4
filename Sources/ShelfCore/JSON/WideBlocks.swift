#if arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel.cpuid
import CShelfLinux
import ShelfWideKernels
#endif

/// Whether the block path classifies bytes with the wide kernel (ShelfWideKernels, built for
/// AVX-512BW processors) or with SSE2, which every x86_64 processor has. Decided once per process,
/// from what the processor says it has and what the kernel says it saves across context switches:
/// a binary built here must run on any x86_64, and the wide kernel's instructions fault on one
/// without them.
enum WideBlocks {
    static let available = supported()

    /// What `-target-cpu skylake-avx512` lets the compiler use that a kernel of plain Swift
    /// compiles to: AVX-512 F/BW/CD/DQ/VL, AVX2, FMA, F16C, BMI1/2, LZCNT, MOVBE, POPCNT,
    /// PCLMUL; and the AVX and AVX-512 register states (XCR0 bits 1, 2, 5, 6, 7) saved by the
    /// kernel. Where the kernel cannot be asked (Linux before 5.16), no.
    static func supported() -> Bool {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
        var eax: UInt32 = 0, ebx: UInt32 = 0, ecx: UInt32 = 0, edx: UInt32 = 0
        guard __get_cpuid_max(0, nil) >= 7, __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 else { return false }
        // OSXSAVE 27, AVX 28, F16C 29, FMA 12, MOVBE 22, POPCNT 23, PCLMUL 1.
        let leaf1: UInt32 = 1 << 27 | 1 << 28 | 1 << 29 | 1 << 12 | 1 << 22 | 1 << 23 | 1 << 1
        guard ecx & leaf1 == leaf1 else { return false }
        guard __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 else { return false }
        // AVX2 5, BMI1 3, BMI2 8, AVX512F 16, DQ 17, CD 28, BW 30, VL 31.
        let leaf7: UInt32 = 1 << 5 | 1 << 3 | 1 << 8 | 1 << 16 | 1 << 17 | 1 << 28 | 1 << 30 | 1 << 31
        guard ebx & leaf7 == leaf7 else { return false }
        guard __get_cpuid_max(0x8000_0000, nil) >= 0x8000_0001,
              __get_cpuid(0x8000_0001, &eax, &ebx, &ecx, &edx) != 0, ecx & 1 << 5 != 0 else { return false }
        var states: UInt64 = 0
        let needed: UInt64 = 1 << 1 | 1 << 2 | 1 << 5 | 1 << 6 | 1 << 7
        return shelf_supported_register_states(&states) == 0 && states & needed == needed
        #else
        return false
        #endif
    }
}
