import FoundationEssentials
import ShelfCore

extension TapeDecoder {
    /// A string node's Base64 text as bytes, decoded straight from the tape, when the text is
    /// spelt canonically (whole groups of four, at most two `=` at the end, unused bits zero): the
    /// only spelling `JSONEncoder` writes, and one `Data(base64Encoded:)` decodes the same way.
    /// Nil for anything else, which `Data(base64Encoded:)` then decides on.
    func base64(_ at: Int) -> Data? {
        switch tape.kind(at) {
        case .asciiString:
            return Base64Text.decode(text(at))
        case .escapedString:  // `/` is written `\/`
            let raw = text(at)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
                let count = JSONTape.unescape(raw, into: buffer.baseAddress.unsafelyUnwrapped)
                return Base64Text.decode(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
        default:
            return nil
        }
    }
}

enum Base64Text {
    /// Each byte's six bits, or 0xFF for a byte outside the alphabet (`=` included).
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    /// The bytes of canonical Base64 text, or nil (empty text too: Foundation decides on it).
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        let n = text.count
        guard n > 0, n % 4 == 0 else { return nil }
        let padding = text[n - 1] != UInt8(ascii: "=") ? 0 : text[n - 2] != UInt8(ascii: "=") ? 1 : 2
        // Decoded on the stack and copied into the Data once: `Data(count:)` (zero-filled) and its
        // `withUnsafeMutableBytes` cost twenty times the decoding of a short payload.
        let count = n / 4 * 3 - padding
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer -> Data? in
            let out = buffer.baseAddress.unsafelyUnwrapped
            let valid = values.withUnsafeBufferPointer { table -> Bool in
                @inline(__always) func value(_ i: Int) -> UInt32 { UInt32(table[Int(text[i])]) }
                let whole = padding == 0 ? n : n - 4
                var i = 0, o = 0, seen: UInt32 = 0
                while i < whole {
                    let a = value(i), b = value(i + 1), c = value(i + 2), d = value(i + 3)
                    seen |= a | b | c | d
                    let bits = a << 18 | b << 12 | c << 6 | d
                    out[o] = UInt8(truncatingIfNeeded: bits >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: bits)
                    i += 4
                    o += 3
                }
                if padding > 0 {
                    let a = value(i), b = value(i + 1), c = padding == 1 ? value(i + 2) : 0
                    seen |= a | b | c
                    // Bits the padding drops must be zero, or the text is not the canonical one.
                    guard (padding == 2 ? b & 0x0F : c & 0x03) == 0 else { return false }
                    let bits = a << 18 | b << 12 | c << 6
                    out[o] = UInt8(truncatingIfNeeded: bits >> 16)
                    if padding == 1 { out[o + 1] = UInt8(truncatingIfNeeded: bits >> 8) }
                }
                return seen & 0xC0 == 0
            }
            return valid ? Data(bytes: out, count: count) : nil
        }
    }
}
