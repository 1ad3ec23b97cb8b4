#if arch(x86_64) && canImport(_Builtin_intrinsics)
import _Builtin_intrinsics.intel.cpuid
#endif

/// Which classifier the block path uses: SSE2, which every x86_64 processor has, or a wide kernel
/// (ShelfKernelsAVX2, ShelfKernelsAVX512), built for a newer processor. Decided once per process
/// from what the processor says it has and what the operating system saves across context
/// switches: a binary built anywhere must run on any x86_64, and a wide kernel's instructions
/// fault on a processor without them.
enum BlockKernel: Sendable, CaseIterable {
    case sse2, avx2, avx512

    /// The widest this processor runs.
    static let widest = supported()

    /// Whether this build has the wide kernels at all (SHELF_WIDE_KERNELS, Package.swift).
    static var wideKernelsBuilt: Bool {
        #if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
        true
        #else
        false
        #endif
    }

    /// Whether this processor runs `kernel`.
    static func runs(_ kernel: BlockKernel) -> Bool {
        switch kernel {
        case .sse2: true
        case .avx2: widest != .sse2
        case .avx512: widest == .avx512
        }
    }

    /// What the processor and the kernel say, read once: `cpuid` leaves 1 (ECX), 7 (EBX) and
    /// 0x80000001 (ECX), and the register states the operating system saves (XCR0's bits,
    /// `RegisterStates`). Where the build has no wide kernels (SHELF_WIDE_KERNELS unset,
    /// Package.swift) or the states cannot be read (no OSXSAVE), SSE2.
    static func supported() -> BlockKernel {
        #if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
        var eax: UInt32 = 0, ebx: UInt32 = 0, ecx: UInt32 = 0, edx: UInt32 = 0
        guard __get_cpuid_max(0, nil) >= 7, __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 else { return .sse2 }
        let leaf1 = ecx
        guard __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 else { return .sse2 }
        let leaf7 = ebx
        guard __get_cpuid_max(0x8000_0000, nil) >= 0x8000_0001, __get_cpuid(0x8000_0001, &eax, &ebx, &ecx, &edx) != 0 else { return .sse2 }
        let extended = ecx
        guard let states = RegisterStates.saved(leaf1: leaf1) else { return .sse2 }
        return widest(leaf1: leaf1, leaf7: leaf7, extended: extended, states: states)
        #else
        return .sse2
        #endif
    }

    /// The widest kernel that what `-target-cpu haswell` or `skylake-avx512` lets the compiler use
    /// in plain Swift and vector compares is all there for: AVX, AVX2, FMA, F16C, BMI1/2, LZCNT,
    /// MOVBE, POPCNT, PCLMUL, and for the second AVX-512 F/BW/CD/DQ/VL; with the AVX (XCR0 bits
    /// 1, 2) and AVX-512 (5, 6, 7) register states saved by the kernel.
    static func widest(leaf1: UInt32, leaf7: UInt32, extended: UInt32, states: UInt64) -> BlockKernel {
        // OSXSAVE 27, AVX 28, F16C 29, FMA 12, MOVBE 22, POPCNT 23, PCLMUL 1; LZCNT: bit 5 of 0x80000001.
        let leaf1Needs: UInt32 = 1 << 27 | 1 << 28 | 1 << 29 | 1 << 12 | 1 << 22 | 1 << 23 | 1 << 1
        // AVX2 5, BMI1 3, BMI2 8.
        let avx2: UInt32 = 1 << 5 | 1 << 3 | 1 << 8, avxStates: UInt64 = 1 << 1 | 1 << 2
        guard leaf1 & leaf1Needs == leaf1Needs, extended & 1 << 5 != 0, leaf7 & avx2 == avx2,
              states & avxStates == avxStates else { return .sse2 }
        // AVX512F 16, DQ 17, CD 28, BW 30, VL 31.
        let avx512: UInt32 = 1 << 16 | 1 << 17 | 1 << 28 | 1 << 30 | 1 << 31, avx512States: UInt64 = 1 << 5 | 1 << 6 | 1 << 7
        guard leaf7 & avx512 == avx512, states & avx512States == avx512States else { return .avx2 }
        return .avx512
    }
}
