/// `Data` under `.base64`, written straight into the output.
extension JSONByteWriter {
    static let base64Digits: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// The bytes as the JSON string of their Base64 text, as `Data.base64EncodedString()` spells
    /// it (padded, one line) and as `string` escapes it (`/` as `\/` when slashes are escaped):
    /// no `String` in between.
    mutating func base64(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        // Four digits for each three bytes, each digit at most two bytes (`\/`), and the quotes.
        var p = room((n &+ 2) / 3 &* 8 &+ 2)
        p.pointee = UInt8(ascii: "\"")
        p += 1
        let digits = Self.base64Digits.utf8Start, slashes = escapeSlashes
        @inline(__always) func put(_ bits: UInt32, _ p: inout UnsafeMutablePointer<UInt8>) {
            let digit = digits[Int(bits & 63)]
            if digit == UInt8(ascii: "/") && slashes {
                p.pointee = UInt8(ascii: "\\")
                p += 1
            }
            p.pointee = digit
            p += 1
        }
        var i = 0
        while n &- i >= 3 {
            let group = UInt32(bytes[i]) << 16 | UInt32(bytes[i &+ 1]) << 8 | UInt32(bytes[i &+ 2])
            put(group >> 18, &p)
            put(group >> 12, &p)
            put(group >> 6, &p)
            put(group, &p)
            i &+= 3
        }
        if n &- i > 0 {
            let two = n &- i == 2
            let group = UInt32(bytes[i]) << 16 | (two ? UInt32(bytes[i &+ 1]) << 8 : 0)
            put(group >> 18, &p)
            put(group >> 12, &p)
            if two { put(group >> 6, &p) } else {
                p.pointee = UInt8(ascii: "=")
                p += 1
            }
            p.pointee = UInt8(ascii: "=")
            p += 1
        }
        p.pointee = UInt8(ascii: "\"")
        commit(p + 1)
    }
}
