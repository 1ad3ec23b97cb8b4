import FoundationEssentials
import ShelfCore

/// Scalars read from tape nodes, accepting exactly what Foundation's decoder accepts on its
/// fast paths; anything else (an integer written `1.0` or `1e2`, more than 18 digits, a
/// number out of range) fails, and Foundation decides.
extension TapeDecoder {
    @inline(__always) func text(_ at: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + tape.payload(at), count: Int(truncatingIfNeeded: tape.aux(at)))
    }

    func bool(_ at: Int) throws -> Bool {
        switch tape.kind(at) {
        case .true: return true
        case .false: return false
        default: throw fail("not a Bool", Bool.self)
        }
    }

    func string(_ at: Int) throws -> String {
        switch tape.kind(at) {
        case .asciiString, .utf8String:
            return String(decoding: text(at), as: UTF8.self)
        case .escapedString:
            return JSONTape.unescapedString(text(at))
        default:
            throw fail("not a String", String.self)
        }
    }

    func integer<T: FixedWidthInteger>(_ at: Int) throws -> T {
        guard tape.kind(at) == .integer, let value = T(exactly: Int64(bitPattern: tape.aux(at))) else {
            throw fail("not an integer this decoder reads", T.self)
        }
        return value
    }

    func double(_ at: Int) throws -> Double {
        switch tape.kind(at) {
        case .integer:
            return Double(Int64(bitPattern: tape.aux(at)))
        case .number:
            let text = text(at)
            let value = JSONTape.double(text)
            guard value.isFinite, value != 0 || JSONTape.isZero(text) else { throw fail("not representable", Double.self) }
            return value
        default:
            throw fail("not a number", Double.self)
        }
    }

    func float(_ at: Int) throws -> Float {
        switch tape.kind(at) {
        case .integer:
            return Float(Int64(bitPattern: tape.aux(at)))
        case .number:
            let text = text(at)
            let value = JSONTape.float(text)
            guard value.isFinite, value != 0 || JSONTape.isZero(text) else { throw fail("not representable", Float.self) }
            return value
        default:
            throw fail("not a number", Float.self)
        }
    }

    /// Whether two buffers of one length hold the same bytes (eight at a time). Under eight
    /// bytes, the most common length of a key, two loads of four, two or one byte from each
    /// end, overlapping, compare all of them without a loop and without reading past either
    /// buffer (a byte-by-byte loop was most of a key look-up's compare).
    @inline(__always) static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        let n = a.count
        let p = UnsafeRawPointer(x), q = UnsafeRawPointer(y)
        if n < 8 {
            if n >= 4 {
                return p.loadUnaligned(as: UInt32.self) == q.loadUnaligned(as: UInt32.self)
                    && p.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self) == q.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            }
            if n >= 2 {
                return p.loadUnaligned(as: UInt16.self) == q.loadUnaligned(as: UInt16.self)
                    && p.loadUnaligned(fromByteOffset: n &- 2, as: UInt16.self) == q.loadUnaligned(fromByteOffset: n &- 2, as: UInt16.self)
            }
            return n == 0 || x[0] == y[0]
        }
        var i = 0
        while n - i >= 8 {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != q.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        // The last bytes, as one word ending at the end (overlapping the words compared).
        return i == n || p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) == q.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
    }

    /// Whether the key node `at` names `key`: equal bytes; or, where either is not ASCII,
    /// equal as Swift strings (canonical equivalence, as Foundation's dictionary of keys compares).
    func keyMatches(_ at: Int, _ key: UnsafeBufferPointer<UInt8>, keyIsASCII: Bool, _ keyString: String) -> Bool {
        let kind = tape.kind(at)
        if kind == .asciiString || kind == .utf8String {
            let stored = text(at)
            if stored.count == key.count && Self.same(stored, key) { return true }
            if kind == .asciiString && keyIsASCII { return false }
        }
        return (try? string(at)) == keyString
    }
}
