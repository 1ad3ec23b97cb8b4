/// A name's bytes read as UTF-8 where they are: what every way of showing a name walks over
/// (`EscapedText`, and the command line's shell quoting).
package enum UTF8Pieces {
    /// Calls `body` for each piece of `bytes`, in order: a valid character (its scalar, and the
    /// range of its bytes), or a single byte that is not part of valid UTF-8 (nil, and its range).
    package static func forEach(_ bytes: [UInt8], _ body: (Unicode.Scalar?, Range<Int>) -> Void) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                body(UTF8.decode(encoded), offset..<(offset + encoded.count))
                offset += encoded.count
            case .error(let length):
                for index in offset..<(offset + length) { body(nil, index..<(index + 1)) }
                offset += length
            case .emptyInput:
                return
            }
        }
    }
}
