import Testing
@testable import Shelf

/// Every entry of the table `JSONTape.nearestDouble` multiplies by, checked with exact integers:
/// 5^q's top 128 bits for q >= 0; for q < 0, floor(2^b / 5^-q) + 1 cut to 128 bits. (A wrong
/// entry a few units off changes few conversions, so the conversion tests alone could miss it.)
@Suite struct PowersOfFiveTests {
    /// A non-negative integer as 32-bit limbs, least significant first.
    struct Big: Equatable {
        var limbs: [UInt32]

        init(_ high: UInt64, _ low: UInt64) {
            limbs = [UInt32(truncatingIfNeeded: low), UInt32(truncatingIfNeeded: low >> 32),
                     UInt32(truncatingIfNeeded: high), UInt32(truncatingIfNeeded: high >> 32)]
            trim()
        }

        mutating func trim() { while limbs.last == 0 { limbs.removeLast() } }

        var bitLength: Int { limbs.isEmpty ? 0 : limbs.count * 32 - limbs.last!.leadingZeroBitCount }

        func bit(_ i: Int) -> Bool { i >= 0 && i / 32 < limbs.count && limbs[i / 32] >> UInt32(i % 32) & 1 == 1 }

        func times(_ factor: UInt32) -> Big {
            var result = self, carry: UInt64 = 0
            for i in result.limbs.indices {
                let product = UInt64(result.limbs[i]) * UInt64(factor) + carry
                result.limbs[i] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry != 0 { result.limbs.append(UInt32(carry)) }
            return result
        }

        func shifted(left bits: Int) -> Big {
            var result = Big(0, 0)
            for i in stride(from: bitLength - 1, through: 0, by: -1) where bit(i) {
                let at = i + bits
                while result.limbs.count <= at / 32 { result.limbs.append(0) }
                result.limbs[at / 32] |= 1 << UInt32(at % 32)
            }
            return result
        }

        /// This minus one (not zero).
        func decremented() -> Big {
            var result = self, i = 0
            while result.limbs[i] == 0 { result.limbs[i] = .max; i += 1 }
            result.limbs[i] -= 1
            result.trim()
            return result
        }

        /// -1, 0 or 1 as this is below, at or above 2^power.
        func compared(toPowerOfTwo power: Int) -> Int {
            if bitLength != power + 1 { return bitLength < power + 1 ? -1 : 1 }
            for i in 0..<power where bit(i) { return 1 }
            return 0
        }

        /// The top 128 bits, cut, as a high and a low word (shifted up when shorter).
        var top128: (UInt64, UInt64) {
            let shift = bitLength - 128
            var words = (UInt64(0), UInt64(0))
            for i in 0..<128 where bit(i + shift) {
                if i >= 64 { words.0 |= 1 << UInt64(i - 64) } else { words.1 |= 1 << UInt64(i) }
            }
            return words
        }
    }

    @Test func positivePowersAreTheTopBitsOfFiveToTheQ() {
        var power = Big(0, 1)
        for q in 0...PowersOfFive.largest {
            let entry = PowersOfFive.words(q), exact = power.top128
            #expect(entry.high == exact.0 && entry.low == exact.1, "5^\(q)")
            power = power.times(5)
        }
    }

    @Test func negativePowersAreTheReciprocalsCutTo128Bits() {
        var power = Big(0, 5) // 5^n for q = -n
        for n in 1...(-PowersOfFive.smallest) {
            // z: the smallest with 2^z >= 5^n; b as the table was made; s: the bits cut.
            let z = power.bitLength
            let b = n <= 27 ? z + 127 : 2 * z + 128
            let s = b - z + 1 - 128
            let entry = PowersOfFive.words(-n), c = Big(entry.high, entry.low)
            // c = floor((floor(2^b / p) + 1) / 2^s) exactly when
            // (c * 2^s - 1) * p <= 2^b < ((c + 1) * 2^s - 1) * p.
            var below = c.shifted(left: s).decremented()
            var above = c.shifted(left: s).adding(Big(0, 1).shifted(left: s)).decremented()
            for _ in 0..<n { below = below.times(5); above = above.times(5) }
            #expect(below.compared(toPowerOfTwo: b) <= 0 && above.compared(toPowerOfTwo: b) > 0, "5^-\(n)")
            power = power.times(5)
        }
    }
}

extension PowersOfFiveTests.Big {
    func adding(_ other: Self) -> Self {
        var result = self, carry: UInt64 = 0, i = 0
        while i < Swift.max(result.limbs.count, other.limbs.count) || carry != 0 {
            if i == result.limbs.count { result.limbs.append(0) }
            let sum = UInt64(result.limbs[i]) + UInt64(i < other.limbs.count ? other.limbs[i] : 0) + carry
            result.limbs[i] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
            i += 1
        }
        return result
    }
}
