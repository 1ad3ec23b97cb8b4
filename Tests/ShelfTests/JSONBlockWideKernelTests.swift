import Testing
@testable import ShelfCore
@testable import shelf_bench

/// The wide kernels (ShelfKernelsAVX2, ShelfKernelsAVX512) byte by byte against what each class
/// means, and the blocks and UTF-8 verdicts they make against SSE2's, on random bytes of every
/// value, JSON-like bytes and UTF-8 of every shape. Only the kernels this processor runs are run;
/// the others cannot be (their instructions would fault).
@Suite struct JSONBlockWideKernelTests {
    static let wideKernels = [BlockKernel.avx2, .avx512].filter(BlockKernel.runs)

    /// 64 + 16 bytes: random over all 256 values, or over JSON's own bytes.
    static func block(_ random: inout JSONText, jsonLike: Bool) -> [UInt8] {
        let alphabet = Array("\"\\{}[],:  \t\n\r0123456789-+.eEtrufalsn".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        return (0..<80).map { _ in jsonLike ? alphabet[random.next(alphabet.count)] : UInt8(random.next(256)) }
    }

    @Test func shippedChoiceTakesTheWidestKernelThatRuns() {
        #expect(BlockPathChoice().kernel == BlockKernel.widest)
        #expect(BlockKernel.runs(.sse2) && BlockKernel.runs(BlockKernel.widest))
        #expect(BlockPathChoice(fixed: true, kernel: .sse2).kernel == .sse2)
        if !BlockKernel.wideKernelsBuilt { #expect(BlockKernel.widest == .sse2) }
    }

    /// The choice from `cpuid` and the saved register states: a processor or a kernel that lacks
    /// any one thing a level's code may use gets the level below, down to SSE2.
    @Test func kernelLevelNeedsEveryFeatureAndSavedState() {
        let leaf1: UInt32 = 1 << 27 | 1 << 28 | 1 << 29 | 1 << 12 | 1 << 22 | 1 << 23 | 1 << 1
        let avx2Leaf7: UInt32 = 1 << 5 | 1 << 3 | 1 << 8
        let avx512Leaf7: UInt32 = avx2Leaf7 | 1 << 16 | 1 << 17 | 1 << 28 | 1 << 30 | 1 << 31
        let lzcnt: UInt32 = 1 << 5, avxStates: UInt64 = 0b111, avx512States: UInt64 = 0b1110_0111
        #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx512Leaf7, extended: lzcnt, states: avx512States) == .avx512)
        #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx2Leaf7, extended: lzcnt, states: avx512States) == .avx2)
        // The kernel does not save the AVX-512 registers: AVX2 at most.
        #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx512Leaf7, extended: lzcnt, states: avxStates) == .avx2)
        // Nor the AVX ones: SSE2.
        #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx512Leaf7, extended: lzcnt, states: 0b11) == .sse2)
        // A processor without LZCNT, without BMI2, or without any one leaf-1 feature: SSE2.
        #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx512Leaf7, extended: 0, states: avx512States) == .sse2)
        #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx512Leaf7 & ~(1 << 8), extended: lzcnt, states: avx512States) == .sse2)
        for bit in 0..<32 where leaf1 >> bit & 1 == 1 {
            #expect(BlockKernel.widest(leaf1: leaf1 & ~(1 << bit), leaf7: avx512Leaf7, extended: lzcnt, states: avx512States) == .sse2)
        }
        // AVX-512 without BW (or any of F, DQ, CD, VL): AVX2.
        for bit in [16, 17, 28, 30, 31] {
            #expect(BlockKernel.widest(leaf1: leaf1, leaf7: avx512Leaf7 & ~(1 << bit), extended: lzcnt, states: avx512States) == .avx2)
        }
        // Nothing at all (a baseline x86_64 processor): SSE2.
        #expect(BlockKernel.widest(leaf1: 0, leaf7: 0, extended: 0, states: 0) == .sse2)
    }

    @Test func kernelsClassEveryByteAsItsClassSays() {
        var random = JSONText(seed: 0x3D1E)
        for round in 0..<4000 {
            let bytes = Self.block(&random, jsonLike: round % 2 == 0), start = round % 16
            for kernel in Self.wideKernels {
                let classes = bytes.withUnsafeBytes { ByteClasses.classify($0.baseAddress!, at: start, kernel: kernel) }
                for lane in 0..<64 {
                    let byte = bytes[start + lane], bit = { (mask: UInt64) in mask >> UInt64(lane) & 1 == 1 }
                    let expected: [(String, UInt64, Bool)] = [
                        ("quote", classes.quotes, byte == 0x22), ("backslash", classes.backslashes, byte == 0x5C),
                        ("bracket", classes.brackets, [0x5B, 0x5D, 0x7B, 0x7D].contains(byte)),
                        ("comma", classes.commas, byte == 0x2C), ("colon", classes.colons, byte == 0x3A),
                        ("low", classes.lows, byte < 0x20), ("space", classes.spaces, byte == 0x20),
                        ("non-ASCII", classes.nonASCII, byte >= 0x80), ("digit", classes.digits, (0x30...0x39).contains(byte)),
                        ("zero", classes.zeros, byte == 0x30), ("minus", classes.minus, byte == 0x2D),
                        ("plus", classes.plus, byte == 0x2B), ("dot", classes.dots, byte == 0x2E),
                        ("exponent", classes.exponents, byte == 0x65 || byte == 0x45),
                    ]
                    for (name, mask, want) in expected where bit(mask) != want {
                        Issue.record("\(kernel): byte \(byte) in lane \(lane): \(name) \(bit(mask)), expected \(want)")
                        return
                    }
                }
            }
        }
    }

    @Test func wideBlocksEqualSSE2Blocks() {
        var random = JSONText(seed: 0xB10C)
        for round in 0..<20_000 {
            let bytes = Self.block(&random, jsonLike: round % 4 != 0)
            for kernel in Self.wideKernels {
                let (wide, sse2) = bytes.withUnsafeBytes { raw in
                    (JSONBlock(raw.baseAddress!, at: 8, kernel: kernel), JSONBlock(raw.baseAddress!, at: 8))
                }
                if "\(wide)" != "\(sse2)" {
                    Issue.record("\(kernel), \(bytes[8..<72]):\n  wide \(wide)\n  SSE2 \(sse2)")
                    return
                }
            }
        }
    }

    /// Bytes with many UTF-8 sequences, valid and broken: lead bytes of every length, the
    /// narrowed first continuations, C0/C1, F5...FF.
    static func utf8Bytes(_ random: inout JSONText) -> [UInt8] {
        let pieces: [[UInt8]] = [[0x61], [0x22], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xE0, 0xA0, 0x80],
                                 [0xE0, 0x9F, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0x80, 0x80],
                                 [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xC1], [0xF5], [0xFF],
                                 [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F]]
        var bytes: [UInt8] = []
        while bytes.count < 80 { bytes += pieces[random.next(pieces.count)] }
        return Array(bytes.prefix(80))
    }

    @Test func wideUTF8ChecksEqualSSE2() {
        var random = JSONText(seed: 0x0F8)
        for round in 0..<20_000 {
            let bytes = Self.utf8Bytes(&random)
            let settled = UInt64.max >> UInt64(random.next(64)), strings = UInt64(random.next(1 << 30)) &* 0x9E37_79B9_7F4A_7C15
            for kernel in Self.wideKernels {
                let (wide, sse2) = bytes.withUnsafeBytes { raw in
                    (JSONValidator.checkUTF8(raw.baseAddress!, at: 8, settled: settled, strings: strings, kernel: kernel),
                     JSONValidator.checkUTF8(raw.baseAddress!, at: 8, settled: settled, strings: strings, kernel: .sse2))
                }
                if wide != sse2 {
                    Issue.record("\(kernel), round \(round), \(bytes): wide \(String(describing: wide)), SSE2 \(String(describing: sse2))")
                    return
                }
            }
        }
    }
}
