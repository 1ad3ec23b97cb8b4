import CShelfLinux

/// The processor's register states the operating system saves across context switches (XCR0):
/// a vector unit whose registers it does not save must not be used, even where `cpuid` lists it
/// (BlockKernel). Read by `xgetbv` through the C shim, which is why it lives in this layer; no
/// system call, so a save's budget of them does not grow (SystemCallBudgetTests).
enum RegisterStates {
    /// XCR0's bits; nil where `xgetbv` may not run (OSXSAVE, bit 27 of `leaf1`, cpuid leaf 1's
    /// ECX, clear: the instruction would fault) or off x86_64.
    static func saved(leaf1: UInt32) -> UInt64? {
        #if arch(x86_64)
        guard leaf1 & 1 << 27 != 0 else { return nil }
        return UInt64(shelf_saved_register_states())
        #else
        return nil
        #endif
    }
}
