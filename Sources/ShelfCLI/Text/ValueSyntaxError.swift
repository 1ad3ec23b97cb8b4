import ShelfCore

/// Text that should spell a duration, a size or a time but does not. The command line turns it
/// into a usage error (exit 64); the message says what was expected.
struct ValueSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    let text: String
    /// What is wrong, with the accepted forms.
    let message: String

    init(_ text: String, _ message: String) {
        self.text = text
        self.message = message
    }

    var description: String { "'\(printable(text))': \(message)" }
}

/// Reads an unsigned decimal number at `index`, advancing past it; nil when there is no digit
/// or the value does not fit in Int64.
func readDecimal(_ bytes: [UInt8], _ index: inout Int) -> Int64? {
    var value: Int64 = 0
    let start = index
    while index < bytes.count, isDecimalDigit(bytes[index]) {
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(Int64(bytes[index] - UInt8(ascii: "0")))
        if o1 || o2 { return nil }
        value = sum
        index += 1
    }
    return index > start ? value : nil
}

func isDecimalDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}
