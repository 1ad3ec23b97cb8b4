#if SHELF_WIDE_KERNELS && arch(x86_64) && canImport(_Builtin_intrinsics)
// The block path's loop compiled for this kernel's processor level (ShelfCore's
// JSONValidator+Blocks.swift calls it only after BlockKernel checked the processor). The loop, the
// block and the grammar are ShelfCore's own source (the links in this folder), so that the
// classification is inlined into the loop and the mask arithmetic gets BMI code, with no call per
// block: about a sixth faster than calling a kernel per block in the eighth round.

/// A block classified by this kernel, for BlockRun.
@inline(__always)
func classifiedBlock(_ raw: UnsafeRawPointer, at index: Int) -> JSONBlock {
    JSONBlock(ByteClasses(classes(raw, at: index))) { _ in }
}

/// The classes inside a string of the 64 bytes from `raw + index`: quotes, backslashes, bytes
/// below 0x20, bytes that are not ASCII.
@inline(__always)
func stringClasses(_ raw: UnsafeRawPointer, at index: Int) -> (UInt64, UInt64, UInt64, UInt64) {
    let all = classes(raw, at: index)
    return (all.0, all.1, all.5, all.7)
}

/// `BlockRun.run` from `start` in `raw[0..<count]`, on plain values in and out (BlockRun's fields).
@inline(never)
package func runBlocks(_ raw: UnsafeRawPointer, count: Int, from start: Int, state: UInt8, stack: UInt64, depth: Int,
                       continuations: Int, lowest: Int, highest: Int, topArray: Bool, single: Bool)
    -> (index: Int, state: UInt8, stack: UInt64, depth: Int, lowestReached: Int, topValues: Int,
        lines: Int, lineStart: Int, continuations: Int, outsideLow: Int, outsideHigh: Int) {
    var run = BlockRun(from: start, levels: BlockLevels(state: BlockState(rawValue: state) ?? .afterValue, stack: stack, depth: depth),
                       continuations: continuations)
    run.run(raw, count: count, lowest: lowest, highest: highest, topArray: topArray, single: single)
    return (run.index, run.levels.state.rawValue, run.levels.stack, run.levels.depth, run.lowestReached, run.topValues,
            run.lines, run.lineStart, run.continuations, run.outside?.low ?? .min, run.outside?.high ?? .min)
}
#endif
